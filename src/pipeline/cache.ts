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
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "../diagnostics/types.js";
import type { CompiledTool, ToolParts } from "./compiled.js";
import { FileStamps, sha256 } from "./stamps.js";
import type { GeneratedFile } from "./generate.js";
import { SourceMemo } from "../sources/memo.js";
import { outputBytes, readJsonRecord, writeAtomic } from "./write.js";
import { defaultCacheDir, TOOLFORM_PACKAGES } from "./manifest.js";
import { bundleDir } from "./bundle.js";
import { hashRuntimeSourcesWith } from "../emit/runtime-file.js";

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
  /** Tools not in the cache whose parts were (a description-only edit): assembled without the compiler. */
  fromParts?: number;
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
  /** toolform's fingerprint when already known (the no-change check found its code as a build recorded it: src/cli/fast.ts). */
  fingerprint?: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/** A short hash of a config file's path: part of its cache namespace. */
function configTag(configFile: string): string {
  return createHash("sha256").update(resolve(configFile)).digest("hex").slice(0, 8);
}

/** toolform as the build sees it: the hash of its code, and the files and folders that hash covers (the manifest stamps them). */
export interface ToolformIdentity {
  fingerprint: string;
  files: string[];
  dirs: string[];
}

let own: ToolformIdentity | undefined;

/**
 * A hash of toolform's own code and the libraries whose output ends up in generated files,
 * with the files and folders it read. `stamps` remembers each file's hash by its stat
 * (src/pipeline/stamps.ts), so an unchanged toolform is not read again.
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
function depVersion(req: NodeJS.Require, name: string): { version: string; file?: string } {
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

/**
 * The compiled tools of a namespace in one file, `tools.pack`, read in one go: a
 * one-tool rebuild of 1,000 tools reads one file instead of 1,000. A build appends
 * the tools it compiled; the file is rewritten (atomically) with only the entries in
 * use once the others are most of it. The sections stay bytes: the index is written
 * and hashed from them without decoding (GeneratedFile.chunks).
 *
 * A record is `<meta JSON>\n<ts><dts><js>\u0001<key>\n`: the meta is the tool without
 * its definition and texts (the definition is the caller's: it is in the key) plus the
 * texts' lengths in UTF-8 bytes. A record that does not end with its key (a torn
 * append) ends the read: what follows is a miss, never a wrong hit.
 */
class ToolPack {
  readonly path: string;
  /** Records by key (meta parsed, texts as slices of the file's bytes). */
  private entries: Map<string, StoredTool> | undefined;
  /** Bytes in the file (live and dead records). */
  private fileBytes = 0;
  private torn = false;
  /** Records made in this process, not yet on disk. */
  private pending = new Map<string, Buffer>();
  constructor(dir: string) {
    this.path = join(dir, "tools.pack");
  }
  private load(): Map<string, StoredTool> {
    if (this.entries) return this.entries;
    const m = new Map<string, StoredTool>();
    let buf = Buffer.alloc(0);
    try {
      buf = readFileSync(this.path);
    } catch {
      /* no pack yet */
    }
    this.fileBytes = buf.length;
    let at = 0;
    while (at < buf.length) {
      const nl = buf.indexOf(10, at);
      if (nl < 0) break;
      let meta: PackMeta;
      try {
        meta = JSON.parse(buf.toString("utf8", at, nl)) as PackMeta;
      } catch {
        break;
      }
      const [lt, ld, lj] = Array.isArray(meta?.len) ? meta.len : [NaN, NaN, NaN];
      const body = nl + 1;
      const end = body + lt + ld + lj;
      const mark = "\u0001" + meta.key + "\n";
      if (!(end + mark.length <= buf.length) || buf.toString("latin1", end, end + mark.length) !== mark) break;
      m.set(meta.key, { meta, size: end + mark.length - at, ts: buf.subarray(body, body + lt), dts: buf.subarray(body + lt, body + lt + ld), js: lj ? buf.subarray(body + lt + ld, end) : undefined });
      at = end + mark.length;
    }
    this.torn = at < buf.length;
    return (this.entries = m);
  }
  get(key: string): CompiledTool | undefined {
    const e = this.load().get(key);
    if (!e) return undefined;
    return new PackedTool(e) as unknown as CompiledTool;
  }
  set(key: string, t: CompiledTool): void {
    const { def: _def, ts, dts, js, bytes: _b, ...rest } = t;
    const texts = [Buffer.from(ts, "utf8"), Buffer.from(dts, "utf8"), Buffer.from(js ?? "", "utf8")] as const;
    const meta: PackMeta = { key, len: [texts[0].length, texts[1].length, texts[2].length], tool: rest };
    const record = Buffer.concat([Buffer.from(JSON.stringify(meta) + "\n", "utf8"), ...texts, Buffer.from("\u0001" + key + "\n", "latin1")]);
    this.pending.set(key, record);
    this.load().set(key, { meta, size: record.length, ts: texts[0], dts: texts[1], js: js === undefined ? undefined : texts[2] });
  }
  /** Writes what this build added: appended, or the whole file rewritten with `keep` only when most of it is dead. */
  flush(keep: Set<string>): void {
    const entries = this.load();
    let live = 0;
    for (const k of keep) live += entries.get(k)?.size ?? 0;
    let added = 0;
    for (const r of this.pending.values()) added += r.length;
    if (this.torn || this.fileBytes + added > 2 * live + (1 << 20)) {
      // Rewrite: the records in use, from memory (the pending ones included).
      const parts: Buffer[] = [];
      for (const k of keep) {
        const e = entries.get(k);
        if (e) parts.push(this.pending.get(k) ?? recordOf(k, e));
      }
      const bytes = Buffer.concat(parts);
      writeAtomic(this.path, bytes);
      for (const k of [...entries.keys()]) if (!keep.has(k)) entries.delete(k);
      this.fileBytes = bytes.length;
      this.torn = false;
    } else if (added) {
      appendFileSync(this.path, Buffer.concat([...this.pending.values()]));
      this.fileBytes += added;
    }
    this.pending.clear();
  }
}

/**
 * A tool read from the pack: its meta's fields, and its texts as bytes, decoded only if
 * something reads `ts`, `dts` or `js` (the build writes the bytes). The accessors are the
 * prototype's (one shape for every tool, no closures); a text read or set becomes an own field.
 */
class PackedTool {
  bytes: { ts: Buffer; dts: Buffer; js?: Buffer };
  constructor(e: StoredTool) {
    Object.assign(this, e.meta.tool);
    this.bytes = e.js ? { ts: e.ts, dts: e.dts, js: e.js } : { ts: e.ts, dts: e.dts };
  }
}
for (const key of ["ts", "dts", "js"] as const) {
  const own = (o: PackedTool, value: unknown) => Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(PackedTool.prototype, key, {
    get(this: PackedTool) {
      const b = this.bytes[key];
      if (!b) return undefined;
      const text = b.toString("utf8");
      own(this, text);
      return text;
    },
    set(this: PackedTool, value: unknown) {
      own(this, value);
    },
  });
}

interface PackMeta {
  key: string;
  /** UTF-8 lengths of ts, dts and js. */
  len: [number, number, number];
  tool: Omit<CompiledTool, "def" | "ts" | "dts" | "js" | "bytes">;
}

interface StoredTool {
  meta: PackMeta;
  /** The record's length in the file. */
  size: number;
  ts: Buffer;
  dts: Buffer;
  js: Buffer | undefined;
}

function recordOf(key: string, e: StoredTool): Buffer {
  return Buffer.concat([Buffer.from(JSON.stringify(e.meta) + "\n", "utf8"), e.ts, e.dts, e.js ?? Buffer.alloc(0), Buffer.from("\u0001" + key + "\n", "latin1")]);
}

/** The compiled-tool cache generate() takes as `cache`: memory first, then the pack on disk. Entries come without `def` (the caller has it). */
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
      t = o.guard(() => o.toolDisk!.get(key));
      if (t) {
        super.set(key, t);
        this.pristine.set(key, t.diagnostics.map((d) => ({ ...d })));
        o.stats.fromDisk++;
      }
    }
    if (!t) o.stats.compiled++;
    o.activity();
    // Fresh diagnostics every time (generate() may change them in place).
    if (t) t.diagnostics = (this.pristine.get(key) ?? []).map((d) => ({ ...d }));
    return t;
  }
  override set(key: string, t: CompiledTool): this {
    const o = this.owner;
    super.set(key, t);
    this.pristine.set(key, t.diagnostics.map((d) => ({ ...d })));
    o.usedTools.add(key);
    if (o.toolDisk) o.guard(() => o.toolDisk!.set(key, t));
    return this;
  }
  /** The entry in memory, without counting a use. */
  peek(key: string): CompiledTool | undefined {
    return super.get(key);
  }
  override delete(key: string): boolean {
    this.pristine.delete(key);
    return super.delete(key);
  }
}

/** A tool's parts (src/pipeline/compiled.ts) by partsKey: memory, then one file per entry (read only for a tool to compile). */
export class PartsCache {
  private readonly mem = new Map<string, ToolParts>();
  constructor(private readonly owner: BuildCache) {}
  get(key: string): ToolParts | undefined {
    const o = this.owner;
    o.usedParts.add(key);
    let v = this.mem.get(key);
    if (v === undefined && o.partsDisk) {
      const text = o.guard(() => o.partsDisk!.read(key));
      try {
        v = text === undefined ? undefined : (JSON.parse(text) as ToolParts);
      } catch {
        v = undefined;
      }
      if (v) this.mem.set(key, v);
    }
    if (v) o.stats.fromParts = (o.stats.fromParts ?? 0) + 1;
    return v;
  }
  set(key: string, parts: ToolParts): void {
    const o = this.owner;
    this.mem.set(key, parts);
    o.usedParts.add(key);
    if (o.partsDisk) o.guard(() => o.partsDisk!.write(key, JSON.stringify(parts)));
  }
  retain(keep: Set<string>): void {
    for (const k of this.mem.keys()) if (!keep.has(k)) this.mem.delete(k);
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
  readonly parts: PartsCache;
  /** The folder entries are written to; undefined when the cache is in memory only. */
  readonly dir: string | undefined;
  /** The cache folder (the namespaces, stamps.json and the build manifests); undefined in memory only. */
  readonly base: string | undefined;
  toolDisk: ToolPack | undefined;
  formatDisk: DiskStore | undefined;
  partsDisk: DiskStore | undefined;
  stats: CacheStats = { tools: 0, compiled: 0, fromDisk: 0, formats: 0, formatted: 0, fromParts: 0 };
  usedTools = new Set<string>();
  usedFormats = new Set<string>();
  usedParts = new Set<string>();
  /** The first disk error, when the disk layer was turned off. */
  diskError: string | undefined;
  onActivity: ((stats: CacheStats) => void) | undefined;
  /** Files' hashes by their stat (toolform's code, the sources, the outputs), kept beside the namespaces. */
  stamps: FileStamps = new FileStamps(undefined);
  /** JSON sources as read, by their bytes' hash (src/sources/memo.ts): kept in the namespace, and for the next build of this process (watch). */
  sources: SourceMemo = new SourceMemo(this.stamps);
  /** ReDoS verdicts on disk (redos.json), once read. */
  private redos: Record<string, unknown> | undefined;

  constructor(opts: BuildCacheOptions) {
    this.onActivity = opts.onActivity;
    this.tools = new ToolCache(this);
    this.formats = new FormatCache(this);
    this.parts = new PartsCache(this);
    if (opts.dir === false) return;
    const base = opts.dir ?? defaultCacheDir(opts.root);
    const stamps = (this.stamps = new FileStamps(join(base, "stamps.json")));
    // The runtime's sources are among toolform's stamped files: hashed by their stamps (not read) to find the prebuilt runtime.
    hashRuntimeSourcesWith((path) => stamps.hash(path));
    const ns = (opts.fingerprint ?? toolformIdentity(this.stamps).fingerprint) + (opts.configFile ? "-" + configTag(opts.configFile) : "");
    const dir = join(base, ns);
    try {
      mkdirSync(join(dir, "p"), { recursive: true });
      mkdirSync(join(dir, "f"), { recursive: true });
      const now = new Date();
      utimesSync(dir, now, now);
      this.dir = dir;
      this.base = base;
      this.toolDisk = new ToolPack(dir);
      this.formatDisk = new DiskStore(join(dir, "f"), ".txt");
      this.partsDisk = new DiskStore(join(dir, "p"), ".json");
      this.sources = new SourceMemo(this.stamps, join(dir, "sources.json"));
      this.stamps.save();
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
      this.toolDisk = undefined;
      this.formatDisk = this.partsDisk = undefined;
      return undefined;
    }
  }

  activity(): void {
    this.onActivity?.(this.stats);
  }

  /** Call before each generate(): resets the counters and the set of entries in use. */
  beginBuild(): void {
    this.stats = { tools: 0, compiled: 0, fromDisk: 0, formats: 0, formatted: 0, fromParts: 0 };
    this.usedTools = new Set();
    this.usedFormats = new Set();
    this.usedParts = new Set();
  }

  /**
   * Call after each generate(). After one that succeeded, entries that build did not use
   * are forgotten (memory always, disk when it holds many more); after a failed one the
   * tools it compiled are still kept, and nothing is dropped.
   */
  endBuild(ok = true): void {
    if (!ok) {
      this.guard(() => this.toolDisk?.flush(new Set([...this.usedTools, ...this.tools.keys()])));
      return;
    }
    for (const k of [...this.tools.keys()]) if (!this.usedTools.has(k)) this.tools.delete(k);
    // The parts of every tool in use stay (a later description-only edit of any of them needs them).
    for (const k of this.usedTools) {
      const pk = this.tools.peek(k)?.partsKey;
      if (pk) this.usedParts.add(pk);
    }
    this.formats.retain(this.usedFormats);
    this.parts.retain(this.usedParts);
    this.guard(() => {
      this.toolDisk?.flush(this.usedTools);
      this.formatDisk?.prune(this.usedFormats);
      this.partsDisk?.prune(this.usedParts);
    });
  }

  /** ReDoS verdicts of earlier builds (pattern → verdict), for seedRedosVerdicts. */
  redosVerdicts(): [string, unknown][] {
    if (!this.dir) return [];
    this.redos ??= readJsonRecord<unknown>(join(this.dir, "redos.json"));
    return Object.entries(this.redos);
  }

  /** Adds verdicts this build decided to redos.json. */
  saveRedosVerdicts(fresh: readonly (readonly [string, unknown])[]): void {
    if (!this.dir || fresh.length === 0) return;
    this.redosVerdicts();
    const all: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, this.redos);
    for (const [p, v] of fresh) all[p] = v;
    this.redos = all;
    this.guard(() => writeAtomic(join(this.dir!, "redos.json"), JSON.stringify(all)));
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

/** sha256 (hex) of each generated file's bytes as written, by path (encoded once: writing reuses them; a chunk's is known without them). */
export function hashOutputs(files: readonly GeneratedFile[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) out[f.path] = f.sha ?? sha256(outputBytes(f));
  return out;
}
