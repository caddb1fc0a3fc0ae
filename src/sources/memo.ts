// JSON source files as read, by the hash of their bytes, so a build parses only the
// files that changed. The file's hash comes from its stamp (src/io/stamps.ts:
// a file whose stat has not moved is not read). Kept on disk by the build cache: a
// new process starts with each file's tools as names, places and definition keys
// (what a cached tool needs: src/pipeline/generate.ts) and reads a file's schemas
// only when one of its tools is compiled or linked again (materialize).
import type { Diagnostic } from "../diagnostics/types.js";
import { defKey, seedDefKey } from "../io/hash.js";
import { sha256, type FileStamps } from "../io/stamps.js";
import { readJsonRecord, writeAtomic } from "../io/write.js";
import type { Origin, ToolDefinition } from "./types.js";

export interface SourceRead {
  tools: ToolDefinition[];
  diagnostics: Diagnostic[];
}

/** The file changed while this build read it (between its stamp and the reading of its schemas): the build starts again. */
export class SourceChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed during the build`);
    this.name = "SourceChangedError";
  }
}

interface Stored {
  sha: string;
  tools: { name: string; origin: Origin; key: string }[];
  diagnostics: Diagnostic[];
  /** sha256 of the file's path and the fields above, as written: an entry that does not verify is a miss (a tool's key would pick its compiled code). */
  seal?: string;
}

function sealOf(abs: string, s: Stored): string {
  return sha256(Buffer.from(JSON.stringify([abs, s.sha, s.tools, s.diagnostics]), "utf8"));
}

/**
 * A definition known by name, place and key; its description and schema are read from its
 * file on first use (prototype getters: one shape for all, no per-object accessors). Only
 * name and origin are own properties: what needs more gets materialize()'s full definition.
 */
class LightDefinition {
  readonly #full: () => ToolDefinition;
  constructor(
    readonly name: string,
    readonly origin: Origin,
    full: () => ToolDefinition,
  ) {
    this.#full = full;
  }
  /** The full definition (read from the file when first asked). */
  full(): ToolDefinition {
    return this.#full();
  }
  get description(): string | undefined {
    return this.#full().description;
  }
  get inputSchema(): ToolDefinition["inputSchema"] {
    return this.#full().inputSchema;
  }
}


/** The definition with its description and schema (a light one is read from its file: SourceChangedError when the file is no longer what it was). */
export function materialize(def: ToolDefinition): ToolDefinition {
  return def instanceof LightDefinition ? def.full() : def;
}

export class SourceMemo {
  private readonly mem = new Map<string, { sha: string; read: SourceRead }>();
  /** Each source glob's patterns (JSON) → the files it matched, when its folders are known to be as then (set per build: src/cli/commands/build.ts). */
  knownMatches: Map<string, string[]> | undefined;
  /** What the globs of the last build matched (JSON-only builds keep it in their manifest). */
  matches: [string, string[]][] = [];
  private stored: Record<string, Stored> | undefined;
  private dirty = false;

  /** `file`: where the memo is kept between processes (none: this process only). */
  constructor(
    private readonly stamps: FileStamps,
    private readonly file?: string,
  ) {}

  private load(): Record<string, Stored> {
    return (this.stored ??= readJsonRecord<Stored>(this.file));
  }

  /**
   * The tools of the JSON file `abs` (named relative to `root`), from memory or the disk
   * when its bytes hash as when they were read, else read by `readNow` (which returns the
   * bytes it parsed: they, not a second read, key what is kept).
   */
  read(abs: string, readNow: () => { read: SourceRead; bytes?: Uint8Array }): SourceRead {
    let sha: string | undefined;
    try {
      sha = this.stamps.hash(abs);
    } catch {
      sha = undefined;
    }
    if (sha !== undefined) {
      const m = this.mem.get(abs);
      if (m && m.sha === sha) return m.read;
      const s = this.load()[abs];
      if (s && s.sha === sha && s.seal === sealOf(abs, s)) {
        const read = this.light(abs, s, readNow);
        this.mem.set(abs, { sha, read });
        return read;
      }
    }
    const { read, bytes } = readNow();
    if (!bytes) {
      this.mem.delete(abs);
      return read;
    }
    const got = sha256(bytes);
    this.mem.set(abs, { sha: got, read });
    const entry: Stored = { sha: got, tools: read.tools.map((t) => ({ name: t.name, origin: t.origin, key: defKey(t) })), diagnostics: read.diagnostics };
    entry.seal = sealOf(abs, entry);
    this.load()[abs] = entry;
    this.dirty = true;
    return read;
  }

  /** The tools of a stored entry as light definitions: reading them in full reads the file once, and checks it is still what was stored. */
  private light(abs: string, s: Stored, readNow: () => { read: SourceRead; bytes?: Uint8Array }): SourceRead {
    let full: ToolDefinition[] | undefined;
    const fullTools = (): ToolDefinition[] => {
      if (full) return full;
      const { read, bytes } = readNow();
      if (!bytes || sha256(bytes) !== s.sha || read.tools.length !== s.tools.length || read.tools.some((t, i) => t.name !== s.tools[i]!.name)) throw new SourceChangedError(abs);
      full = read.tools;
      // The entry now holds the full definitions (a watch session keeps them).
      this.mem.set(abs, { sha: s.sha, read: { tools: full, diagnostics: read.diagnostics } });
      return full;
    };
    const tools = s.tools.map((t, i) => {
      const def = new LightDefinition(t.name, t.origin, () => fullTools()[i]!);
      seedDefKey(def, t.key);
      return def as ToolDefinition;
    });
    return { tools, diagnostics: s.diagnostics.map((d) => ({ ...d })) };
  }

  /** Forgets a file (it changed during a build). */
  forget(abs: string): void {
    this.mem.delete(abs);
    if (this.load()[abs]) {
      delete this.stored![abs];
      this.dirty = true;
    }
  }

  /** Keeps only the files of the last build, and writes the memo when it changed. */
  save(keep: readonly string[] | undefined): void {
    if (!this.file) return;
    const all = this.load();
    if (keep) {
      const k = new Set(keep);
      for (const f of Object.keys(all)) {
        if (!k.has(f)) {
          delete all[f];
          this.dirty = true;
        }
      }
      for (const f of this.mem.keys()) if (!k.has(f)) this.mem.delete(f);
    }
    if (!this.dirty) return;
    try {
      writeAtomic(this.file, JSON.stringify(all));
      this.dirty = false;
    } catch {
      /* only a memo: the next build parses again */
    }
  }
}
