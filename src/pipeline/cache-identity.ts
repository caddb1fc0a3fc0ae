// The build cache's identity of toolform (src/pipeline/cache.ts): a hash of its own code
// and of the libraries whose output lands in generated files. The cache's namespace is
// this fingerprint, so a changed toolform never serves what an older one made. Also the
// ReDoS analyser's name and version, which the cache stores its verdicts under.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { REDOS_ANALYSIS } from "../schema/lint/recheck-params.js";
import { FileStamps } from "../io/stamps.js";
import { TOOLFORM_PACKAGES } from "./manifest.js";
import { bundleDir } from "./bundle.js";

const here = dirname(fileURLToPath(import.meta.url));

/** toolform as the build sees it: the hash of its code, and the files and folders that hash covers (the manifest stamps them). */
export interface ToolformIdentity {
  fingerprint: string;
  files: string[];
  dirs: string[];
}

/** A memo, not state: the code this process runs does not change under it. */
let own: ToolformIdentity | undefined;

/**
 * A hash of toolform's own code and the libraries whose output ends up in generated files,
 * with the files and folders it read. `stamps` remembers each file's hash by its stat
 * (src/io/stamps.ts), so an unchanged toolform is not read again.
 *
 * The code: the bundle's files when this runs from the bundled CLI (bundle.ts; they hold
 * every module the command and its compile workers run, @toolform/runtime's included: a
 * few stamps where the modules are ~200, checked before every no-change answer), else
 * every module of toolform and of @toolform/runtime. Either way, the files read at build
 * time: templates/, the prebuilt runtime, and the runtime's sources the generated runtime
 * is joined from (src/rt/ and suggest.ts: runtime-file.ts).
 */
export function toolformIdentity(stamps: FileStamps = new FileStamps(undefined)): ToolformIdentity {
  if (own) return own;
  const files: string[] = [];
  const dirs: string[] = [];
  const h = createHash("sha256");
  // src/build → the compiled (or source) tree of toolform, and templates/ beside it.
  const codeRoot = resolve(here, "..");
  const pkgRoot = [resolve(codeRoot, ".."), resolve(codeRoot, "../..")].find((d) => existsSync(join(d, "templates")) && existsSync(join(d, "package.json")));
  const walk = (dir: string, label: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      return;
    }
    dirs.push(dir);
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, `${label}/${e.name}`);
      else if (/\.([cm]?[jt]s|json|txt)$/.test(e.name) && !e.name.endsWith(".d.ts")) {
        // Contents, not mtimes: recompiling toolform to identical files keeps the cache.
        h.update(`${label}/${e.name}\0${stamps.hash(p)}\n`);
        files.push(p);
      }
    }
  };
  walk(bundleDir ?? codeRoot, bundleDir ? "bundle" : "code");
  if (bundleDir) {
    // Not code the bundle runs but text it writes: the ajv engine inlines map-error's source
    // (src/emit/ajv/errors.ts mapperFile reads it from disk) into every ajv-engine tool.
    const mapper = join(codeRoot, "emit", "ajv", "map-error.js");
    if (existsSync(mapper)) {
      h.update(`code/emit/ajv/map-error.js\0${stamps.hash(mapper)}\n`);
      files.push(mapper);
    }
  }
  if (pkgRoot) {
    walk(join(pkgRoot, "templates"), "templates");
    try {
      h.update(`package.json\0${stamps.hash(join(pkgRoot, "package.json"))}\n`);
      files.push(join(pkgRoot, "package.json"));
    } catch {
      /* no package.json: the code stamps are enough */
    }
    // The runtime file prebuilt by `npm run build` (src/emit/runtime-file.ts reads it).
    const prebuilt = join(codeRoot, "..", "runtime.json");
    if (existsSync(prebuilt)) {
      h.update(`runtime.json\0${stamps.hash(prebuilt)}\n`);
      files.push(prebuilt);
    }
  }
  const req = createRequire(import.meta.url);
  // @toolform/runtime: the emitters import its constants and helpers (rt/budget, rt/text, suggest), and the runtime file is made from its rt/ sources.
  try {
    const rtRoot = dirname(req.resolve("@toolform/runtime/package.json"));
    if (bundleDir) {
      walk(join(rtRoot, "src", "rt"), "runtime/src/rt");
      const suggest = join(rtRoot, "src", "suggest.ts");
      h.update(`runtime/src/suggest.ts\0${stamps.hash(suggest)}\n`);
      files.push(suggest);
    } else {
      walk(join(rtRoot, "dist"), "runtime/dist");
      walk(join(rtRoot, "src"), "runtime/src");
    }
    h.update(`runtime/package.json\0${stamps.hash(join(rtRoot, "package.json"))}\n`);
    files.push(join(rtRoot, "package.json"));
  } catch {
    h.update("runtime: not found\n");
  }
  // recheck: its ReDoS verdicts are cached on disk (redos.json) and bound patterns in generated code.
  for (const dep of TOOLFORM_PACKAGES.slice(1)) {
    const { version, file } = depVersion(req, dep);
    h.update(`${dep}@${version}\n`);
    if (file) {
      stamps.hash(file);
      files.push(file);
    }
  }
  return (own = { fingerprint: h.digest("hex").slice(0, 16), files, dirs });
}

/** A dependency's version, and the package.json it was read from. */
export function depVersion(req: NodeJS.Require, name: string): { version: string; file?: string } {
  try {
    const file = req.resolve(`${name}/package.json`);
    return { version: (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version, file };
  } catch {
    try {
      let dir = dirname(req.resolve(name));
      for (let i = 0; i < 6; i++, dir = dirname(dir)) {
        const p = join(dir, "package.json");
        if (existsSync(p)) {
          const pkg = JSON.parse(readFileSync(p, "utf8")) as { name?: string; version?: string };
          if (pkg.name === name) return { version: pkg.version ?? "?", file: p };
        }
      }
    } catch {
      /* not installed */
    }
    return { version: "none" };
  }
}

/** The ReDoS analyser as the cache keys its verdicts: recheck's version and how toolform asks it (schema/lint/recheck-params.ts REDOS_ANALYSIS). */
export function redosAnalyser(): string {
  return `recheck@${depVersion(createRequire(import.meta.url), "recheck").version}+${REDOS_ANALYSIS}`;
}
