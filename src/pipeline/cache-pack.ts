// The compiled-tool store of the build cache (src/pipeline/cache.ts): one file per
// namespace, every record carrying the hash of its bytes (issue 29.7).
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CompiledTool } from "./compiled.js";
import { contentHash } from "./cache-store.js";
import { writeAtomic } from "../io/write.js";

/**
 * The compiled tools of a namespace in one file, `tools.pack`, read in one go: a
 * one-tool rebuild of 1,000 tools reads one file instead of 1,000. A build appends
 * the tools it compiled; the file is rewritten (atomically) with only the entries in
 * use once the others are most of it. The sections stay bytes: the index is written
 * and hashed from them without decoding (GeneratedFile.chunks).
 *
 * A record is `<meta JSON>\n<ts><dts><js>\u0001<key> <sha256>\n`: the meta is the tool
 * without its definition and texts (the definition is the caller's: it is in the key)
 * plus the texts' lengths in UTF-8 bytes; the sha256 is of everything before the
 * \u0001. A record that does not end with its key (a torn append) ends the read: what
 * follows is a miss, never a wrong hit. A record whose bytes do not hash to its sha256
 * (a same-length edit) is checked when it is asked for (only the tools a build uses
 * are hashed): a miss, compiled again, and left out when the pack is next written.
 */
export class ToolPack {
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
      const mark = "\u0001" + meta.key + " ";
      const close = end + mark.length + 64;
      if (!(close < buf.length) || buf.toString("latin1", end, end + mark.length) !== mark || buf[close] !== 10) break;
      const sha = buf.toString("latin1", end + mark.length, close);
      m.set(meta.key, { meta, size: close + 1 - at, ts: buf.subarray(body, body + lt), dts: buf.subarray(body + lt, body + lt + ld), js: lj ? buf.subarray(body + lt + ld, end) : undefined, head: buf.subarray(at, body), sha, verified: false });
      at = close + 1;
    }
    this.torn = at < buf.length;
    return (this.entries = m);
  }
  get(key: string): CompiledTool | undefined {
    const entries = this.load();
    const e = entries.get(key);
    if (!e) return undefined;
    if (!e.verified) {
      if (contentHash(e.head, e.ts, e.dts, e.js ?? new Uint8Array(0)) !== e.sha) {
        // Not what was written: a miss, and the pack is rewritten without it.
        entries.delete(key);
        this.torn = true;
        return undefined;
      }
      e.verified = true;
    }
    return new PackedTool(e) as unknown as CompiledTool;
  }
  set(key: string, t: CompiledTool): void {
    const { def: _def, ts, dts, js, bytes: _b, ...rest } = t;
    const texts = [Buffer.from(ts, "utf8"), Buffer.from(dts, "utf8"), Buffer.from(js ?? "", "utf8")] as const;
    const meta: PackMeta = { key, len: [texts[0].length, texts[1].length, texts[2].length], tool: rest };
    const head = Buffer.from(JSON.stringify(meta) + "\n", "utf8");
    const sha = contentHash(head, ...texts);
    const record = Buffer.concat([head, ...texts, Buffer.from("\u0001" + key + " " + sha + "\n", "latin1")]);
    this.pending.set(key, record);
    this.load().set(key, { meta, size: record.length, ts: texts[0], dts: texts[1], js: js === undefined ? undefined : texts[2], head, sha, verified: true });
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
  /** The meta line as stored (hashed with the texts). */
  head: Buffer;
  /** sha256 of head and texts, as written. */
  sha: string;
  /** Whether the bytes were found to hash to `sha` (checked on first use). */
  verified: boolean;
  /** The record's length in the file. */
  size: number;
  ts: Buffer;
  dts: Buffer;
  js: Buffer | undefined;
}

/** A record again from its parts (a rewrite of the pack): the same bytes it was read from. */
function recordOf(key: string, e: StoredTool): Buffer {
  return Buffer.concat([e.head, e.ts, e.dts, e.js ?? Buffer.alloc(0), Buffer.from("\u0001" + key + " " + e.sha + "\n", "latin1")]);
}
