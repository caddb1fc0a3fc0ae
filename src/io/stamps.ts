// Content hashes of files, remembered across processes by each file's stat, so a
// build that finds nothing changed reads no file twice: toolform's own code (the
// cache's namespace), the sources, the outputs (the no-change check, manifest.ts).
//
// What is relied on: a file whose size, mtime, ctime and inode are those recorded
// has the recorded contents. An edit changes the mtime and ctime (ctime cannot be
// set back by a program, as `touch -d` sets mtime), a replacement by rename changes
// the inode. The one way to fool a stat is an edit within the file system's
// timestamp granularity of the moment it was hashed (same size, same mtime): so a
// stamp is trusted only when the file's mtime and ctime are older than the moment
// the stamp was taken by more than that granularity (git's "racily clean" rule). A
// file edited that recently is hashed again. The margin is 2 s (FAT's granularity)
// unless the file system is one known to keep fine timestamps (Linux ext4, xfs,
// btrfs, tmpfs, overlayfs...: the kernel's clock tick, at most 10 ms; 100 ms is
// taken). The clock of the file system is taken to be this machine's (a network
// file system with a skewed clock falls outside this).
import { readFileSync, statfsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { readJsonRecord, writeAtomic } from "./write.js";

/** [size, mtimeMs, ctimeMs, ino, sha256 hex, when the stat was taken (ms)]. */
export type Stamp = [number, number, number, number, string, number];

const RACY_MS = 2000;
/** Margin on a file system whose timestamps follow the kernel clock (nanosecond fields, updated every tick). */
const FINE_RACY_MS = 100;
/** statfs f_type of Linux file systems with fine timestamps: ext2/3/4, xfs, btrfs, tmpfs, overlayfs, f2fs, zfs, bcachefs. */
const FINE_FS = new Set([0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x794c7630, 0xf2f52010, 0x2fc12fc1, 0xca451a4e]);
const marginByDev = new Map<number, number>();

/** The racy margin for a file on device `dev` (one statfs per device and process). */
export function racyMargin(path: string, dev: number): number {
  let m = marginByDev.get(dev);
  if (m === undefined) {
    m = RACY_MS;
    if (process.platform === "linux") {
      try {
        if (FINE_FS.has(statfsSync(path).type)) m = FINE_RACY_MS;
      } catch {
        /* unknown: the wide margin */
      }
    }
    marginByDev.set(dev, m);
  }
  return m;
}

/** The parts of a stat a stamp compares: size, mtime, ctime, inode. */
export type StatKey = [number, number, number, number];

export function statKey(st: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): StatKey {
  return [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}

/** Whether a file whose stat was `was` when read at `takenAt` still holds what was read, by its stat `now` (the rule above). */
export function unchangedSince(was: StatKey, takenAt: number, now: StatKey, marginMs = RACY_MS): boolean {
  return was[0] === now[0] && was[1] === now[1] && was[2] === now[2] && was[3] === now[3] && Math.max(now[1], now[2]) < takenAt - marginMs;
}

// node:crypto loads on the first hash (the no-change check mostly hashes nothing).
let crypto: typeof import("node:crypto") | undefined;
/** sha256 (hex) of bytes, or of pieces of bytes in order (as if joined). */
export function sha256(b: Uint8Array | readonly Uint8Array[]): string {
  const h = (crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto")).createHash("sha256");
  if (Array.isArray(b)) for (const piece of b) h.update(piece);
  else h.update(b as Uint8Array);
  return h.digest("hex");
}

/** A fresh stamp of a file, and the bytes it was taken of (stat first: an edit after it makes the stamp stale, never wrong). */
export function takeStamp(path: string): { stamp: Stamp; bytes: Buffer } {
  const takenAt = Date.now();
  const st = statSync(path);
  const bytes = readFileSync(path);
  return { stamp: [st.size, st.mtimeMs, st.ctimeMs, st.ino, sha256(bytes), takenAt], bytes };
}

/**
 * Whether the file at `path` still holds what `was` stamped: by its stat when the stamp can
 * be trusted, else by hashing it (an edit that kept the bytes is no change). Returns the stamp
 * to keep (a fresh one when the file was hashed again), or undefined when the file is gone or
 * differs. `reread` false: a stamp that cannot be trusted is an answer of undefined (no read).
 */
const QUIET = { throwIfNoEntry: false } as const;

export function recheck(path: string, was: Stamp, reread = true): Stamp | undefined {
  const takenAt = Date.now();
  let st;
  try {
    st = statSync(path, QUIET);
  } catch {
    return undefined;
  }
  if (!st || !st.isFile()) return undefined;
  if (st.size === was[0] && st.mtimeMs === was[1] && st.ctimeMs === was[2] && st.ino === was[3] && Math.max(st.mtimeMs, st.ctimeMs) < was[5] - racyMargin(path, st.dev)) return was;
  if (!reread || st.size !== was[0]) return undefined;
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  return sha256(bytes) === was[4] ? [st.size, st.mtimeMs, st.ctimeMs, st.ino, was[4], takenAt] : undefined;
}

export class FileStamps {
  private old: Record<string, Stamp> | undefined;
  private readonly seen: Record<string, Stamp> = Object.create(null) as Record<string, Stamp>;
  private dirty = false;
  /** Files read and hashed (stamps that could not be trusted). */
  hashed = 0;

  /** `memo`: the JSON file the stamps are kept in (none: in memory only). */
  constructor(private readonly memo: string | undefined) {}

  private load(): Record<string, Stamp> {
    return (this.old ??= readJsonRecord<Stamp>(this.memo));
  }

  /** Stamps checked by a stat in this process (the no-change check, src/cli/fast.ts): each taken once, without a second stat. */
  private adopted: Map<string, Stamp> | undefined;
  /** The stamps the last build recorded in its manifest (its files and outputs): looked up before the memo file, which is then not read. */
  private recorded: Map<string, Stamp> | undefined;

  /**
   * Takes stamps this process has just found true by a stat (manifest.ts upToDate): the next
   * hash() of each file uses its stamp as that stat. `recorded`: the stamps of the manifest
   * they were checked against, for the files found changed (what they were, without the memo).
   */
  adopt(stamps: Map<string, Stamp>, recorded?: Map<string, Stamp>): void {
    this.adopted = stamps;
    this.recorded = recorded;
  }

  /** The stamp known for `path`: this process's, the manifest's, else the memo file's (read then). */
  private known(path: string): Stamp | undefined {
    return this.seen[path] ?? this.recorded?.get(path) ?? (Object.hasOwn(this.load(), path) ? this.old![path] : undefined);
  }

  /** sha256 (hex) of the file's bytes; throws as readFileSync does when it cannot be read. */
  hash(path: string): string {
    const adopted = this.adopted?.get(path);
    if (adopted) {
      // Once: a later hash of the file stats it again.
      this.adopted!.delete(path);
      this.seen[path] = adopted;
      return adopted[4];
    }
    // Stat every time, also for a file seen before in this process (watch runs for hours).
    const st = statSync(path);
    const was = this.known(path);
    if (Array.isArray(was) && was.length === 6 && unchangedSince([was[0], was[1], was[2], was[3]], was[5], statKey(st), racyMargin(path, st.dev))) {
      this.seen[path] = was;
      return was[4];
    }
    const { stamp } = takeStamp(path);
    this.seen[path] = stamp;
    this.hashed++;
    this.dirty = true;
    return stamp[4];
  }

  /**
   * True when the file is known to differ from `sha` without reading it: its stat is the
   * one stamped (however recent) with another hash. (A file edited since to hold exactly
   * `sha` would be written again: harmless. Only "unchanged" needs certainty.)
   */
  differs(path: string, sha: string): boolean {
    let st;
    try {
      st = statSync(path);
    } catch {
      return true;
    }
    const was = this.known(path);
    return Array.isArray(was) && was.length === 6 && was[0] === st.size && was[1] === st.mtimeMs && was[2] === st.ctimeMs && was[3] === st.ino && was[4] !== sha;
  }

  /** The stamp this process took or trusted for `path` (the manifest keeps it). */
  stampOf(path: string): Stamp | undefined {
    return this.seen[path];
  }

  /** Records the hash of a file this process has just written (its bytes are known: not read back). */
  record(path: string, sha: string): void {
    const takenAt = Date.now();
    try {
      const st = statSync(path);
      // Just written, so racy: trusted only after a later build has hashed it again.
      this.seen[path] = [st.size, st.mtimeMs, st.ctimeMs, st.ino, sha, takenAt];
      this.dirty = true;
    } catch {
      delete this.seen[path];
    }
  }

  /** Writes the stamps of the files hashed in this process (and keeps the others'), when any was new. */
  save(): void {
    if (!this.memo || !this.dirty) return;
    // Every stamp this build needed was the manifest's, and the build records its own in the next
    // manifest: the memo is left as it is (a stamp there of a file changed since is only a hash again).
    if (this.old === undefined && this.recorded) return;
    const all = Object.assign(Object.create(null) as Record<string, Stamp>, this.load(), this.seen);
    // Bounded: stamps of files not seen by this process go first when there are many.
    const keys = Object.keys(all);
    const out = keys.length > 50_000 ? Object.fromEntries(Object.entries(this.seen)) : all;
    try {
      writeAtomic(this.memo, JSON.stringify(out));
      this.dirty = false;
    } catch {
      /* only a memo: the next build hashes again */
    }
  }
}
