// The build cache across processes. generate() already reuses compiled tools
// from a Map keyed by each tool's input hash (definition, names, options,
// toolform version) and formatted texts from a store keyed by a hash of what
// went into prettier; this file backs both with files under
// node_modules/.cache/toolform/ (or $TOOLFORM_CACHE_DIR), so a rebuild of
// 1,000 tools with one changed compiles and formats one tool and the index.
//
// Layout: <base>/<fingerprint>/t/<key>.json (a CompiledTool) and
// <base>/<fingerprint>/f/<key>.txt (a formatted text). The fingerprint covers
// toolform's own code (every file's contents), its version, the versions of
// the libraries whose output lands in generated code, and the config file, so a
// changed toolform never serves stale output. Entries are written atomically;
// an unreadable entry is a miss; any disk error turns the disk layer off.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig, SourceSpec } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { CompiledTool } from "./compile-tool.js";
import { canonicalJson } from "./hash.js";

export interface CacheStats {
  /** Tools asked for (one per tool per build). */
  tools: number;
  /** Tools compiled (not found in memory or on disk). */
  compiled: number;
  /** Tools found on disk (not in memory). */
  fromDisk: number;
  /** Files asked for formatting. */
  formats: number;
  /** Files prettier actually formatted. */
  formatted: number;
}

export interface BuildCacheOptions {
  /** Project root (the config file's folder): the default cache lives in <root>/node_modules/.cache/toolform. */
  root: string;
  /** Cache folder; false keeps the cache in memory only (`--no-cache`). Default: $TOOLFORM_CACHE_DIR or the root's node_modules/.cache/toolform. */
  dir?: string | false;
  /** Config file: part of the namespace, so two configs sharing a folder do not prune each other's entries. */
  configFile?: string;
  /** Called on every cache access (the progress line hooks in here). */
  onActivity?: (stats: CacheStats) => void;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The default cache folder for a project root. */
export function defaultCacheDir(root: string): string {
  const env = process.env.TOOLFORM_CACHE_DIR;
  if (env) return resolve(env);
  return join(root, "node_modules", ".cache", "toolform");
}

let ownFingerprint: string | undefined;

/** A hash of toolform's own code and the libraries whose output ends up in generated files. */
export function toolformFingerprint(): string {
  if (ownFingerprint) return ownFingerprint;
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
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, `${label}/${e.name}`);
      else if (/\.(m?[jt]s|json|txt)$/.test(e.name) && !e.name.endsWith(".d.ts")) {
        // Contents, not mtimes: recompiling toolform to identical files keeps the cache.
        h.update(`${label}/${e.name}\0`);
        h.update(readFileSync(p));
      }
    }
  };
  walk(codeRoot, "code");
  if (pkgRoot) {
    walk(join(pkgRoot, "templates"), "templates");
    try {
      h.update(readFileSync(join(pkgRoot, "package.json")));
    } catch {
      /* no package.json: the code stamps are enough */
    }
  }
  const req = createRequire(import.meta.url);
  for (const dep of ["prettier", "json-schema-to-typescript", "typescript", "ajv", "esbuild"]) h.update(`${dep}@${depVersion(req, dep)}\n`);
  return (ownFingerprint = h.digest("hex").slice(0, 16));
}

function depVersion(req: NodeJS.Require, name: string): string {
  try {
    return (JSON.parse(readFileSync(req.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
  } catch {
    try {
      let dir = dirname(req.resolve(name));
      for (let i = 0; i < 6; i++, dir = dirname(dir)) {
        const p = join(dir, "package.json");
        if (existsSync(p)) {
          const pkg = JSON.parse(readFileSync(p, "utf8")) as { name?: string; version?: string };
          if (pkg.name === name) return pkg.version ?? "?";
        }
      }
    } catch {
      /* not installed */
    }
    return "none";
  }
}

/** Files named by a hex key, written atomically, read leniently. */
class DiskStore {
  constructor(
    readonly dir: string,
    private readonly ext: string,
  ) {}
  read(key: string): string | undefined {
    try {
      return readFileSync(join(this.dir, key + this.ext), "utf8");
    } catch {
      return undefined;
    }
  }
  write(key: string, text: string): void {
    const path = join(this.dir, key + this.ext);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  }
  /** Removes entries not in `keep` once there are many more entries than kept ones. */
  prune(keep: Set<string>): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    if (names.length <= 2 * keep.size + 200) return;
    for (const n of names) {
      const key = n.endsWith(this.ext) ? n.slice(0, -this.ext.length) : undefined;
      if (key === undefined || !keep.has(key)) rmSync(join(this.dir, n), { force: true });
    }
  }
}

/** The compiled-tool cache generate() takes as `cache`: memory first, then disk. */
export class ToolCache extends Map<string, CompiledTool> {
  /** Each entry's diagnostics as compiled: generate() may turn a warning into an error in place (strict). */
  private readonly pristine = new Map<string, Diagnostic[]>();
  constructor(private readonly owner: BuildCache) {
    super();
  }
  override get(key: string): CompiledTool | undefined {
    const o = this.owner;
    o.usedTools.add(key);
    o.stats.tools++;
    let t = super.get(key);
    if (!t && o.toolDisk) {
      const text = o.guard(() => o.toolDisk!.read(key));
      if (text !== undefined) {
        try {
          t = JSON.parse(text) as CompiledTool;
          super.set(key, t);
          this.pristine.set(key, t.diagnostics.map((d) => ({ ...d })));
          o.stats.fromDisk++;
        } catch {
          t = undefined;
        }
      }
    }
    if (!t) o.stats.compiled++;
    o.activity();
    // The same object every time (generate() keeps its formatted text by identity), with fresh diagnostics.
    if (t) t.diagnostics = (this.pristine.get(key) ?? []).map((d) => ({ ...d }));
    return t;
  }
  override set(key: string, t: CompiledTool): this {
    const o = this.owner;
    super.set(key, t);
    this.pristine.set(key, t.diagnostics.map((d) => ({ ...d })));
    o.usedTools.add(key);
    if (o.toolDisk) {
      const { locate: _locate, ...def } = t.def;
      o.guard(() => o.toolDisk!.write(key, JSON.stringify({ ...t, def })));
    }
    return this;
  }
  override delete(key: string): boolean {
    this.pristine.delete(key);
    return super.delete(key);
  }
}

/** The formatted-text cache generate() takes as `formatCache`. */
export class FormatCache {
  private readonly mem = new Map<string, string>();
  constructor(private readonly owner: BuildCache) {}
  get(key: string): string | undefined {
    const o = this.owner;
    o.usedFormats.add(key);
    o.stats.formats++;
    let v = this.mem.get(key);
    if (v === undefined && o.formatDisk) {
      v = o.guard(() => o.formatDisk!.read(key));
      if (v !== undefined) this.mem.set(key, v);
    }
    if (v === undefined) o.stats.formatted++;
    o.activity();
    return v;
  }
  set(key: string, value: string): void {
    const o = this.owner;
    this.mem.set(key, value);
    o.usedFormats.add(key);
    if (o.formatDisk) o.guard(() => o.formatDisk!.write(key, value));
    o.activity();
  }
  /** Drops entries the last build did not use. */
  retain(keep: Set<string>): void {
    for (const k of this.mem.keys()) if (!keep.has(k)) this.mem.delete(k);
  }
}

/** Both caches of one project, for one process (a build, or a whole watch session). */
export class BuildCache {
  readonly tools: ToolCache;
  readonly formats: FormatCache;
  /** The folder entries are written to; undefined when the cache is in memory only. */
  readonly dir: string | undefined;
  toolDisk: DiskStore | undefined;
  formatDisk: DiskStore | undefined;
  stats: CacheStats = { tools: 0, compiled: 0, fromDisk: 0, formats: 0, formatted: 0 };
  usedTools = new Set<string>();
  usedFormats = new Set<string>();
  /** The first disk error, when the disk layer was turned off. */
  diskError: string | undefined;
  onActivity: ((stats: CacheStats) => void) | undefined;

  constructor(opts: BuildCacheOptions) {
    this.onActivity = opts.onActivity;
    this.tools = new ToolCache(this);
    this.formats = new FormatCache(this);
    if (opts.dir === false) return;
    const base = opts.dir ?? defaultCacheDir(opts.root);
    const ns = toolformFingerprint() + (opts.configFile ? "-" + createHash("sha256").update(resolve(opts.configFile)).digest("hex").slice(0, 8) : "");
    const dir = join(base, ns);
    try {
      mkdirSync(join(dir, "t"), { recursive: true });
      mkdirSync(join(dir, "f"), { recursive: true });
      const now = new Date();
      utimesSync(dir, now, now);
      this.dir = dir;
      this.toolDisk = new DiskStore(join(dir, "t"), ".json");
      this.formatDisk = new DiskStore(join(dir, "f"), ".txt");
      pruneSiblings(base, ns);
    } catch (e) {
      this.diskError = (e as Error).message;
    }
  }

  /** Runs a disk operation; the first failure turns the disk layer off (the build goes on in memory). */
  guard<T>(op: () => T): T | undefined {
    try {
      return op();
    } catch (e) {
      this.diskError ??= (e as Error).message;
      this.toolDisk = this.formatDisk = undefined;
      return undefined;
    }
  }

  activity(): void {
    this.onActivity?.(this.stats);
  }

  /** Call before each generate(): resets the counters and the set of entries in use. */
  beginBuild(): void {
    this.stats = { tools: 0, compiled: 0, fromDisk: 0, formats: 0, formatted: 0 };
    this.usedTools = new Set();
    this.usedFormats = new Set();
  }

  /** Call after a generate() that succeeded: forgets entries that build did not use (memory always, disk when it holds many more). */
  endBuild(): void {
    for (const k of [...this.tools.keys()]) if (!this.usedTools.has(k)) this.tools.delete(k);
    this.formats.retain(this.usedFormats);
    this.guard(() => {
      this.toolDisk?.prune(this.usedTools);
      this.formatDisk?.prune(this.usedFormats);
    });
  }
}

/** Keeps the three most recently used namespaces of a cache folder (older toolform builds go). */
function pruneSiblings(base: string, current: string): void {
  const dirs = readdirSync(base, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== current)
    .map((e) => ({ name: e.name, t: statSync(join(base, e.name)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const d of dirs.slice(2)) rmSync(join(base, d.name), { recursive: true, force: true });
}

// ------------------------------------------------------------ no-change builds
//
// `prebuild` runs `toolform build` before every build of the project, and most
// of the time nothing changed. When every source is a JSON file, the inputs of a
// build are known without running the pipeline: the config, the files the globs
// match, toolform itself. If they hash to what the last successful build
// recorded, and outDir still holds exactly the files it wrote, the build is a
// no-op and the compiler is never loaded. Anything else (TypeScript sources,
// MCP sources, a file that is not JSON, an edited output) runs the pipeline.

export interface BuildRecord {
  key: string;
  /** Generated path → sha256 of its contents. */
  files: Record<string, string>;
  /** Generated path → [size, mtime in ms] as written: an unchanged file is not read again to hash it. */
  stats?: Record<string, [number, number]>;
  tools: string[];
  inputs: string[];
  diagnostics: Diagnostic[];
}

const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** The hash of everything a JSON-only build reads; undefined when that cannot be known up front. */
export async function inputsKey(config: ResolvedConfig): Promise<{ key: string; inputs: string[] } | undefined> {
  const { glob } = await import("tinyglobby");
  const h = createHash("sha256");
  h.update(toolformFingerprint());
  const { cache: _c, formatCache: _f, ...plain } = config as ResolvedConfig & { cache?: unknown; formatCache?: unknown };
  h.update(canonicalJson(plain));
  const inputs: string[] = [];
  for (const spec of config.sources as SourceSpec[]) {
    if (typeof spec === "object" && !("files" in spec)) return undefined;
    const patterns = typeof spec === "string" ? [spec] : Array.isArray(spec.files) ? spec.files : [spec.files];
    if (typeof spec === "object" && spec.load !== undefined && spec.load !== "static") return undefined;
    const files = (await glob(patterns, { cwd: config.root, absolute: true, ignore: ["**/node_modules/**"] })).sort();
    for (const f of files) {
      if (!f.endsWith(".json")) return undefined;
      inputs.push(f);
      h.update(`${f}\0`);
      h.update(readFileSync(f));
      h.update("\0");
    }
  }
  return { key: h.digest("hex"), inputs };
}

export function hashOutputs(files: readonly { path: string; contents: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) out[f.path] = sha(f.contents);
  return out;
}

export function readRecord(cache: BuildCache): BuildRecord | undefined {
  if (!cache.dir) return undefined;
  try {
    return JSON.parse(readFileSync(join(cache.dir, "last-build.json"), "utf8")) as BuildRecord;
  } catch {
    return undefined;
  }
}

export function writeRecord(cache: BuildCache, record: BuildRecord): void {
  if (!cache.dir) return;
  cache.guard(() => new DiskStore(cache.dir!, ".json").write("last-build", JSON.stringify(record)));
}

export function forgetRecord(cache: BuildCache): void {
  if (cache.dir) rmSync(join(cache.dir, "last-build.json"), { force: true });
}

/** Size and mtime of each output as it is now (recorded after a write). */
export function statOutputs(outDir: string, paths: string[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const p of paths) {
    try {
      const st = statSync(join(outDir, p));
      out[p] = [st.size, st.mtimeMs];
    } catch {
      /* not there: hashed (and found missing) next time */
    }
  }
  return out;
}

/**
 * True when outDir holds exactly the recorded files, byte for byte (and no other generated
 * file). A file whose size and mtime are those recorded after the write is taken as
 * unchanged (as make and git do); any other is read and hashed.
 */
export function outputsMatch(outDir: string, record: BuildRecord, existing: string[]): boolean {
  const paths = Object.keys(record.files);
  if (existing.some((f) => !(f in record.files))) return false;
  for (const p of paths) {
    const path = join(outDir, p);
    const was = record.stats?.[p];
    try {
      if (was) {
        const st = statSync(path);
        if (st.size === was[0] && st.mtimeMs === was[1]) continue;
      }
      if (sha(readFileSync(path)) !== record.files[p]) return false;
    } catch {
      return false;
    }
  }
  return true;
}
