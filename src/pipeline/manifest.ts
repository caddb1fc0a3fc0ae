// The no-change check. `prebuild` runs `toolform build` before every build of a
// project, and most of the time nothing changed: this file decides that with
// almost nothing loaded (src/cli/fast.ts runs it before the CLI's modules, the
// config, the glob library or the compiler load).
//
// A successful build of JSON sources (and MCP snapshots) leaves a manifest beside
// the build cache: the stamps (io/stamps.ts) of every file it read (toolform's own
// code, the config, the sources) and wrote (the outputs), the listing of every
// folder whose contents decided what was read (toolform's code folders, the
// folders the source globs walk), the folder it wrote to, and what it reported.
// The next build is a no-op when all of these are as recorded and:
//   - from the command line without loading the config: the flags and cwd are the
//     same and the config file is plain data (configIsPlain: no import but
//     toolform's, no environment, clock or file system), so its bytes stand for its value;
//   - after loading the config: the resolved config hashes the same.
// Anything else, or any doubt (a stamp that cannot be trusted and a hash that
// differs, a folder listed differently, a symlinked folder), runs the build.
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { Diagnostic } from "../diagnostics/types.js";
import { fnv1a } from "../io/fnv.js";
import { recheck, type Stamp } from "../io/stamps.js";
import { writeAtomic } from "../io/write.js";
import { isLockFile } from "./lock.js";

/** Bumped when the manifest's meaning changes: an older one is then no match. */
const MANIFEST_VERSION = 3;

/** This file: a manifest written by another toolform install is not trusted. */
const SELF = fileURLToPath(import.meta.url);

export interface Manifest {
  v: number;
  toolform: string;
  /** cwd and the flags that change what is built (argsKey). */
  args: string;
  configFile: string;
  /** The config file's text is plain data (configIsPlain): its bytes stand for its value. */
  configPlain: boolean;
  /**
   * That value (the config's default export, before the flags) as JSON, when JSON holds it
   * exactly (configJson): a build that finds the config file as stamped takes it from here
   * instead of loading the file (a TypeScript config loads tsx: ~200 ms of a one-tool rebuild).
   */
  configJson?: string;
  /** Hash of the resolved config, the flags applied. */
  configKey: string;
  /** Where toolform's packages resolved (resolutions()). */
  resolved: string;
  /** Files read (toolform's code, the config, the sources), each with its stamp. */
  files: [string, Stamp][];
  /** Folders whose listing decided what was read, each with its listing (listing()). */
  dirs: [string, string][];
  /** toolform's part of the cache namespace (src/pipeline/cache.ts toolformIdentity), and how many of the first `files` and `dirs` are its code's. */
  fingerprint: string;
  code: number;
  codeDirs: number;
  /** Each source glob's patterns (JSON) with the files it matched. */
  globs: [string, string[]][];
  outDir: string;
  /** outDir's entries when the build ended. */
  outList: string[];
  /** Generated files (name in outDir), each with its stamp (the sha256 of what was written). */
  outputs: [string, Stamp][];
  /** What the build reported, to report it again. */
  root: string;
  emit: string;
  /** {tools, inputs, diagnostics} as JSON text: parsed only to report, not to check. */
  result: string;
  /** `toolform build --json`'s report of this build found up to date, from the cwd in `args`, without its times (src/cli/fast.ts adds them). */
  json: string;
}

/** What a build reported (Manifest.result). */
export interface BuildResult {
  tools: string[];
  inputs: string[];
  diagnostics: Diagnostic[];
}

/** The default cache folder for a project root. */
export function defaultCacheDir(root: string): string {
  const env = process.env.TOOLFORM_CACHE_DIR;
  if (env) return resolve(env);
  return join(root, "node_modules", ".cache", "toolform");
}

/** The manifest of a config's builds. Named by a hash that needs no crypto (a clash is harmless: the manifest names its config file). */
export function manifestPath(cacheBase: string, configFile: string): string {
  return join(cacheBase, `build-${fnv1a(resolve(configFile)).toString(16).padStart(8, "0")}.json`);
}

/** What of the command line decides the build: cwd (flags' paths are relative to it) and the flags other than output ones. */
export function argsKey(cwd: string, values: Record<string, string | boolean | undefined>): string {
  return JSON.stringify([cwd, ...["config", "out", "emit", "unknown-args", "strict", "no-lint"].map((k) => values[k] ?? null)]);
}

/**
 * A folder's entries (kind and name), one per line; undefined when it cannot be listed. In the
 * order the system lists them (not sorted: an unchanged folder lists the same way; a
 * reordered one is only a needless rebuild).
 */
export function listing(dir: string): string | undefined {
  try {
    return listingOf(readdirSync(dir, { withFileTypes: true }));
  } catch {
    return undefined;
  }
}

/** The listing text of entries already read (one line per entry: its kind and name). */
function listingOf(entries: readonly Dirent[]): string {
  let text = "";
  for (const e of entries) text += (e.isDirectory() ? "d" : e.isFile() ? "f" : e.isSymbolicLink() ? "l" : "o") + e.name + "\n";
  return text;
}

/**
 * The manifest file: one line of JSON (the manifest without its two report texts, and their
 * lengths as `texts`), then the texts `json` and `result` as they are. The check parses
 * only the line; the texts (two thirds of the file at 1,000 tools) are neither escaped
 * when written nor parsed when read.
 */
export function readManifest(path: string): Manifest | undefined {
  try {
    const text = readFileSync(path, "utf8");
    const nl = text.indexOf("\n");
    if (nl < 0) return undefined;
    const m = JSON.parse(text.slice(0, nl)) as Manifest & { texts?: [number, number] };
    if (!m || m.v !== MANIFEST_VERSION || m.toolform !== SELF || !Array.isArray(m.texts)) return undefined;
    const [json, result] = m.texts;
    if (nl + 1 + json + result !== text.length) return undefined;
    delete m.texts;
    m.json = text.slice(nl + 1, nl + 1 + json);
    m.result = text.slice(nl + 1 + json);
    return m;
  } catch {
    return undefined;
  }
}

export function writeManifest(path: string, m: Omit<Manifest, "v" | "toolform" | "resolved"> & { resolved?: string }): void {
  const { json, result, ...rest } = m;
  writeAtomic(path, JSON.stringify({ v: MANIFEST_VERSION, toolform: SELF, resolved: resolutions(), ...rest, texts: [json.length, result.length] }) + "\n" + json + result);
}

/** The packages toolform's code loads or drives while it builds: its runtime first, then the tools it runs (their versions are part of the cache's namespace). */
export const TOOLFORM_PACKAGES = ["@toolform/runtime", "prettier", "json-schema-to-typescript", "typescript", "ajv", "esbuild", "recheck"] as const;

/**
 * Where each of TOOLFORM_PACKAGES is found from toolform's code, now: the nearest
 * node_modules/<name> up from this file (where node's resolution finds the package) and
 * its real path. Their files are stamped at their real paths, so a reinstall that relinks
 * or moves one (a symlink retargeted, a workspace link swapped for a copy, a nearer copy
 * installed) leaves those stamps as they were: where the packages are must match too.
 * Stats and a realpath per package, no package.json read (this runs before every no-change answer).
 */
export function resolutions(): string {
  let out = "";
  for (const name of TOOLFORM_PACKAGES) {
    let found = "-";
    for (let dir = dirname(SELF); ; dir = dirname(dir)) {
      const at = join(dir, "node_modules", name);
      if (statSync(at, { throwIfNoEntry: false })?.isDirectory()) {
        // The system's realpath (one call), not node's JavaScript walk of each path component.
        found = `${at}\0${realpathSync.native(at)}`;
        break;
      }
      if (dirname(dir) === dir) break;
    }
    out += `${name}\0${found}\n`;
  }
  return out;
}

/**
 * Whether the build `m` records would be a no-op now. `expect.configKey`: the config was
 * loaded (its resolved hash decides); else `expect.args` (the config's bytes decide, when plain).
 * A stamp that could not be trusted but whose file hashed the same is refreshed in `m`
 * (`refreshed` says so: the caller saves it).
 */
export interface Verdict {
  ok: boolean;
  /** Stamps refreshed in the manifest: the caller saves it. */
  refreshed: boolean;
  /** What differs may be only the config's text or the flags (the config, loaded, may still hash the same). */
  configOnly?: boolean;
  /** Found as recorded (when not ok): every folder listing; toolform's code (the first `m.code` files). */
  dirsSame?: boolean;
  codeSame?: boolean;
}

/**
 * `verified`: when given, every file is checked (not only up to the first that changed), and
 * those found as stamped are put there with their stamp: the build of this process reads
 * them without a second stat (FileStamps.adopt).
 */
export function upToDate(m: Manifest, expect: { args: string } | { configKey: string }, verified?: Map<string, Stamp>): Verdict {
  const no = { ok: false, refreshed: false };
  let refreshed = false;
  const loaded = "configKey" in expect;
  if (loaded ? m.configKey !== expect.configKey : !m.configPlain || m.args !== expect.args) return { ...no, configOnly: !loaded };
  if (m.resolved !== resolutions()) return no;
  for (const [dir, text] of m.dirs) if (listing(dir) !== text) return no;
  let changed: Verdict | undefined;
  for (let i = 0; i < m.files.length; i++) {
    const f = m.files[i]!;
    if (loaded && f[0] === m.configFile) continue;
    const now = recheck(f[0], f[1]);
    if (!now) {
      changed ??= { ...no, configOnly: f[0] === m.configFile, dirsSame: true, codeSame: i >= m.code };
      if (!verified) return changed;
      continue;
    }
    if (now !== f[1]) (f[1] = now), (refreshed = true);
    verified?.set(f[0], now);
  }
  if (changed) return changed;
  let list: string[];
  try {
    // Without the build lock: a build asks this while it holds it (src/pipeline/lock.ts).
    list = readdirSync(m.outDir)
      .filter((f) => !isLockFile(f))
      .sort();
  } catch {
    return { ...no, dirsSame: true, codeSame: true };
  }
  const same = { ...no, dirsSame: true, codeSame: true };
  if (list.length !== m.outList.length || list.some((n, i) => n !== m.outList[i])) return same;
  for (const f of m.outputs) {
    const now = recheck(join(m.outDir, f[0]), f[1]);
    if (!now) return same;
    if (now !== f[1]) (f[1] = now), (refreshed = true);
  }
  return { ok: true, refreshed };
}

/** Beyond this many folders under the source globs, no manifest (the check would cost more than it saves). */
const MAX_DIRS = 2000;

/**
 * The folders a JSON source glob can walk, each with its listing: the glob's static base and
 * every folder below it (not node_modules, which the glob skips; not dot-folders unless a
 * pattern names one; not `skip`, the cache). A base that does not exist is seen from the
 * nearest folder that does. Undefined when that cannot be known: a symlinked folder (its
 * target may change under an unchanged listing), too many folders.
 */
export function sourceDirs(patterns: readonly string[], root: string, skip: readonly string[]): [string, string][] | undefined {
  const out: [string, string][] = [];
  const skipped = skip.map((s) => resolve(s));
  let count = 0;
  const walk = (dir: string, dots: boolean): boolean => {
    if (skipped.some((s) => dir === s || dir.startsWith(s + sep))) return true;
    if (++count > MAX_DIRS) return false;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    out.push([dir, listingOf(entries)]);
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isSymbolicLink()) {
        try {
          if (statSync(p).isDirectory()) return false;
        } catch {
          /* dangling: listed, and the glob reports it */
        }
        continue;
      }
      if (!e.isDirectory() || e.name === "node_modules" || (e.name.startsWith(".") && !dots)) continue;
      if (!walk(p, dots)) return false;
    }
    return true;
  };
  for (const pattern of patterns) {
    if (pattern.startsWith("!")) continue;
    // A dot-folder named anywhere in the pattern: a path segment, a brace or extglob alternative ("{.hidden,sub}", "@(.a|b)").
    const dots = /(^|[/{,(|])\./.test(pattern);
    let base = resolve(root, globBase(pattern));
    let st = statSync(base, { throwIfNoEntry: false });
    if (st?.isDirectory()) {
      if (!walk(base, dots)) return undefined;
      continue;
    }
    // A file named by the pattern, or a folder not there yet: the listing of the nearest folder holding it.
    while (!st && dirname(base) !== base) {
      base = dirname(base);
      st = statSync(base, { throwIfNoEntry: false });
    }
    if (st && !st.isDirectory()) base = dirname(base);
    const text = listing(base);
    if (text === undefined) return undefined;
    out.push([base, text]);
  }
  return out;
}

/** The static folder a glob starts from: "tools/**\/*.json" → "tools"; a pattern without glob characters names a file. */
export function globBase(pattern: string): string {
  const out: string[] = [];
  for (const s of pattern.split("/")) {
    if (/[*?[\]{}()!]/.test(s)) break;
    out.push(s);
  }
  return out.join("/") || ".";
}

/** A plain config's value as JSON text, when parsing it gives back the same value (no function, undefined, -0, class instance…); else undefined. */
export function configJson(value: unknown): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return undefined;
  }
  return text !== undefined && isDeepStrictEqual(JSON.parse(text), value) ? text : undefined;
}

/** Globals through which a config could read the environment, the clock, the file system or other modules. */
const IMPURE = new Set(
  "process globalThis global window self require module exports __dirname __filename eval Function Date Math fetch Deno Bun performance crypto Buffer setTimeout setInterval setImmediate queueMicrotask Reflect Proxy Symbol WebAssembly Atomics SharedArrayBuffer constructor prototype __proto__ arguments Intl navigator location document XMLHttpRequest WebSocket Worker await with".split(" "),
);

/** Keywords after which `[` opens an array literal, not a computed member. */
const ARRAY_AFTER = new Set("return default in of typeof void yield case else do throw new delete instanceof".split(" "));

/**
 * Whether a config file's text is plain data: its value depends on nothing but its bytes.
 * It may import from toolform (defineConfig) and nothing else, and names none of the
 * globals through which it could see the environment, the clock, the file system or
 * another module (IMPURE), no dynamic import, no regular expression or division, no computed member (x["a" + "b"]), no
 * template with substitutions. A false answer only means the config is evaluated.
 */
export function configIsPlain(text: string): boolean {
  let i = 0;
  let prev = "";
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === "/" && text[i + 1] === "/") {
      const e = text.indexOf("\n", i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const e = text.indexOf("*/", i + 2);
      if (e < 0) return false;
      i = e + 2;
      continue;
    }
    if (c === "/") return false;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < n && text[j] !== c) {
        if (text[j] === "\\") j++;
        else if (c === "`" && text[j] === "$" && text[j + 1] === "{") return false;
        else if (c !== "`" && text[j] === "\n") return false;
        j++;
      }
      if (j >= n) return false;
      // A module specifier: after `from`, or right after `import`/`export` (a side-effect import).
      if (prev === "from" || prev === "import") {
        const spec = text.slice(i + 1, j);
        if (spec !== "toolform" && !spec.startsWith("toolform/")) return false;
      }
      prev = "'";
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\\]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(text[j]!)) j++;
      const word = text.slice(i, j);
      if (c === "\\" || IMPURE.has(word)) return false;
      // import(…) and import.meta: a module or a path the bytes do not show.
      if (word === "import" && /^\s*[(.]/.test(text.slice(j, j + 40))) return false;
      prev = word;
      i = j;
      continue;
    }
    // A computed member (x["constr" + "uctor"], "a"[0], f()[0]) reaches what no name shows; an array literal follows an operator or punctuation.
    if (c === "[" && (prev === "'" || prev === ")" || prev === "]" || (/^[\w$]/.test(prev) && !ARRAY_AFTER.has(prev)))) return false;
    if (!/\s/.test(c)) prev = c;
    i++;
  }
  return true;
}
