// The build cache across processes. generate() already reuses compiled tools
// from a Map keyed by each tool's input hash (definition, names, options,
// toolform version) and formatted texts from a store keyed by a hash of what
// went into prettier; this file backs both with files under
// node_modules/.cache/toolform/ (or $TOOLFORM_CACHE_DIR), so a rebuild of
// 1,000 tools with one changed compiles and formats one tool and the index.
//
// Layout: <base>/stamps.json (file stamps) and build-<config>.json (the manifests, manifest.ts), and a
// namespace per toolform and config file, <base>/<fingerprint>-<config>/, holding
// tools.pack (the compiled tools), p/<key>.json (a tool's parts, for a description-only
// edit), f/<key>.txt (a formatted text), sources.json (the sources as last read) and
// redos.json (ReDoS verdicts); the two latest other namespaces are kept. The fingerprint
// covers toolform's own code (every file's contents), its version and the versions of the
// libraries whose output lands in generated code, so a changed toolform never serves
// stale output. Entries are written atomically and
// carry the hash of their content, checked on read: an unreadable entry, or one whose
// bytes are not what was written (cache-store.ts, cache-pack.ts), is a miss; any disk
// error turns the disk layer off. The jobs: toolform's identity (cache-identity.ts),
// the compiled-tool pack (cache-pack.ts), sealed entries (cache-store.ts), and here the
// caches generate() takes and the namespace that holds them.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/types.js";
import type { CompiledTool, ToolParts } from "./compiled.js";
import { FileStamps, sha256 } from "../io/stamps.js";
import type { GeneratedFile } from "../io/generated-file.js";
import { SourceMemo } from "../sources/memo.js";
import { outputBytes, readJsonRecord, writeAtomic } from "../io/write.js";
import { defaultCacheDir } from "./manifest.js";
import { redosAnalyser, toolformIdentity } from "./cache-identity.js";
import { ToolPack } from "./cache-pack.js";
import { contentHash, DiskStore } from "./cache-store.js";

export { toolformIdentity, type ToolformIdentity } from "./cache-identity.js";

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

/** A short hash of a config file's path: part of its cache namespace. */
function configTag(configFile: string): string {
  return createHash("sha256").update(resolve(configFile)).digest("hex").slice(0, 8);
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
  /** How the build hashes the runtime's sources (runtime-file.ts FileSha): by their stamps, with a cache folder. */
  runtimeFileSha: ((path: string) => string) | undefined;
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
    this.runtimeFileSha = (path) => stamps.hash(path);
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

  /**
   * ReDoS verdicts of earlier builds (pattern → verdict), for seedRedosVerdicts: each stored
   * under the analyser and the pattern, with the hash of the three (redosEntry). An entry of
   * another analyser, or one whose verdict is not what was written (a poisoned redos.json
   * that drops a pattern's bound), is left out: the pattern is analysed again.
   */
  redosVerdicts(): [string, unknown][] {
    if (!this.dir) return [];
    this.redos ??= readJsonRecord<unknown>(join(this.dir, "redos.json"));
    const analyser = redosAnalyser();
    const out: [string, unknown][] = [];
    for (const [key, entry] of Object.entries(this.redos)) {
      const v = openRedosEntry(analyser, key, entry);
      if (v) out.push(v);
    }
    return out;
  }

  /** Adds verdicts this build decided to redos.json. */
  saveRedosVerdicts(fresh: readonly (readonly [string, unknown])[]): void {
    if (!this.dir || fresh.length === 0) return;
    this.redosVerdicts();
    const analyser = redosAnalyser();
    const all: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, this.redos);
    for (const [p, v] of fresh) all[analyser + "\u0000" + p] = redosEntry(analyser, p, v);
    this.redos = all;
    this.guard(() => writeAtomic(join(this.dir!, "redos.json"), JSON.stringify(all)));
  }
}

/** A stored ReDoS verdict: the verdict and the hash of analyser, pattern and verdict. */
function redosEntry(analyser: string, pattern: string, verdict: unknown): { verdict: unknown; sha: string } {
  return { verdict, sha: contentHash(JSON.stringify([analyser, pattern, verdict])) };
}

/** [pattern, verdict] of a stored entry, when it is this analyser's and verifies; else undefined (a miss). */
function openRedosEntry(analyser: string, key: string, entry: unknown): [string, unknown] | undefined {
  const cut = key.indexOf("\u0000");
  if (cut < 0 || key.slice(0, cut) !== analyser || typeof entry !== "object" || entry === null) return undefined;
  const pattern = key.slice(cut + 1);
  const { verdict, sha } = entry as { verdict?: unknown; sha?: unknown };
  return sha === redosEntry(analyser, pattern, verdict).sha ? [pattern, verdict] : undefined;
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
