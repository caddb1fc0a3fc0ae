// generated/_runtime.<hash>.ts: the shared helpers, imported by the index module as `rt`.
// Its source is @toolform/runtime's src/rt/ (real modules, which the harness imports
// too), joined into one file that imports nothing by runtime-build.ts. That loads
// TypeScript (~1-2 s): `npm run build` joins them once (scripts/build-runtime.mjs) into
// dist/runtime.json, and a build uses that while it was made from the same sources
// (hashed here without TypeScript), else joins them itself, once per process.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { hashOf } from "../io/hash.js";
import { sha256 } from "../io/stamps.js";
import { declarationsOf, esbuild } from "./finish.js";
import { buildRuntime, type BuiltRuntime, type RuntimeSources } from "./runtime-build.js";
import { packageRoot, VERSION } from "./templates.js";

/** Where the runtime's modules are: @toolform/runtime's src/rt (the workspace folder in this repo, node_modules for a user). */
function runtimeSources(): RuntimeSources {
  const src = join(dirname(createRequire(import.meta.url).resolve("@toolform/runtime/package.json")), "src");
  return { dir: join(src, "rt"), src };
}

/**
 * The sha256 (hex) of a file's bytes: read, or by the build cache's stamps (src/io/stamps.ts:
 * a file whose stat is as stamped is not read; the runtime's sources are among toolform's
 * stamped files), which the build passes to runtimeSource/runtimeHash.
 */
export type FileSha = (path: string) => string;

const readSha: FileSha = (path) => sha256(readFileSync(path));

/** A hash of every source the runtime may be joined from (rt/*.ts and suggest.ts, each by its bytes' sha256): what a prebuilt runtime must match. */
function sourcesHash(where: RuntimeSources, fileSha: FileSha = readSha): string {
  const files: Record<string, string> = {};
  try {
    for (const f of readdirSync(where.dir).sort()) if (f.endsWith(".ts")) files[`rt/${f}`] = fileSha(join(where.dir, f));
    files["suggest.ts"] = fileSha(join(where.src, "suggest.ts"));
  } catch {
    throw new Error(`toolform: the runtime's sources are missing from ${where.src} (rt/ and suggest.ts): install a @toolform/runtime of the same version as toolform`);
  }
  return hashOf(files);
}

/** Where `npm run build` leaves the joined runtime: {sources: hash, ...BuiltRuntime}. */
export const PREBUILT_RUNTIME = join(packageRoot, "dist", "runtime.json");

// The runtime joined once per process (its sources do not change under a running toolform): a pure cache.
let cached: (BuiltRuntime & { hash?: string }) | undefined;

/** The runtime, joined: prebuilt when it matches the sources (hashed by `fileSha`), else joined now. */
function runtime(fileSha?: FileSha): BuiltRuntime & { hash?: string } {
  if (cached) return cached;
  const where = runtimeSources();
  const sources = sourcesHash(where, fileSha);
  try {
    const pre = JSON.parse(readFileSync(PREBUILT_RUNTIME, "utf8")) as Partial<BuiltRuntime> & { sources?: string; hash?: string; version?: string };
    if (pre.sources === sources && typeof pre.ts === "string" && typeof pre.dts === "string" && Array.isArray(pre.exports)) {
      return (cached = { ts: pre.ts, dts: pre.dts, exports: pre.exports, ...(pre.version === VERSION && typeof pre.hash === "string" ? { hash: pre.hash } : {}) });
    }
  } catch {
    /* none prebuilt: joined below */
  }
  return (cached = buildRuntime(where));
}

/** The runtime file's hash (its name and header: src/pipeline/generate.ts): of its text and toolform's version. Prebuilt with the text. */
export function runtimeHash(fileSha?: FileSha): string {
  const rt = runtime(fileSha);
  return (rt.hash ??= hashOf({ rtTs: rt.ts, VERSION }));
}

/** The runtime as one TypeScript file (without the header). */
export function runtimeSource(fileSha?: FileSha): string {
  return runtime(fileSha).ts;
}

/** The runtime's .d.ts text (for `source` other than the runtime's own, made by TypeScript). */
export function runtimeDeclarations(source: string): string {
  const rt = runtime();
  return source === rt.ts ? rt.dts : declarationsOf(source);
}

/** What `npm run build` writes to PREBUILT_RUNTIME (with the runtime file's hash for this version). */
export function prebuiltRuntime(): BuiltRuntime & { sources: string; version: string; hash: string } {
  const where = runtimeSources();
  const built = buildRuntime(where);
  return { sources: sourcesHash(where), ...built, version: VERSION, hash: hashOf({ rtTs: built.ts, VERSION }) };
}

const inlined = new Map<string, string>();
let offered: Set<string> | undefined;

/** Bundles the runtime's modules from an entry (esbuild: no TypeScript). */
async function bundle(where: RuntimeSources, contents: string, format: "esm" | "iife"): Promise<import("esbuild").BuildResult & { outputFiles: import("esbuild").OutputFile[] }> {
  return esbuild().build({
    stdin: { contents, loader: "ts", resolveDir: where.dir },
    // Paths (in esbuild's module comments) relative to the package's src/: the same text wherever it is installed.
    absWorkingDir: where.src,
    bundle: true,
    write: false,
    metafile: true,
    format,
    target: "es2022",
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
    // The runtime calls these only to build constants (the format table, frozen lists): one no name reaches can go.
    pure: ["Object.freeze", "Object.assign", "Object.create"],
  });
}

/**
 * The part of the runtime that `names` need, as JavaScript that sets an outer `rt`
 * (`rt = { a, b }`) from a block of its own, so the runtime's internal names never meet
 * the caller's (`toolform compile`). esbuild's tree shaking keeps what those names
 * reach: @toolform/runtime declares no side effects, so a module none of them uses is
 * left out whole (a one-field schema needs the report and the messages, not the formats).
 * Names the runtime does not export are left out. Cached by the set of names.
 */
export async function runtimeSubset(names: Iterable<string>): Promise<string> {
  const where = runtimeSources();
  if (!offered) {
    const all = await bundle(where, `export * from "./index.js";`, "esm");
    offered = new Set(Object.values(all.metafile!.outputs)[0]!.exports);
  }
  const wanted = [...new Set(names)].filter((n) => offered!.has(n)).sort();
  const key = wanted.join(",");
  let js = inlined.get(key);
  if (js === undefined) {
    const list = wanted.join(", ");
    js = (await bundle(where, `import { ${list} } from "./index.js";\nrt = { ${list} };\n`, "iife")).outputFiles[0]!.text;
    inlined.set(key, js);
  }
  return js;
}
