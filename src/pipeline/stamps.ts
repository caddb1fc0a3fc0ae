// Content hashes of files, remembered across processes by each file's stat, so a
// build that finds nothing changed reads no file twice: toolform's own code (the
// cache's namespace) and the JSON sources (the no-change check).
//
// What is relied on: a file whose size, mtime, ctime and inode are those recorded
// has the recorded contents. An edit changes the mtime and ctime (ctime cannot be
// set back by a program, as `touch -d` sets mtime), a replacement by rename changes
// the inode. The one way to fool a stat is an edit within the file system's
// timestamp granularity of the moment it was hashed (same size, same mtime): so a
// stamp is trusted only when the file's mtime and ctime are more than RACY_MS
// older than the moment the stamp was taken (git's "racily clean" rule, with a
// margin above the coarsest common granularity, 2 s on FAT). A file edited that
// recently is hashed again. The clock of the file system is taken to be this
// machine's (a network file system with a skewed clock falls outside this).
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { writeAtomic } from "./write.js";

/** [size, mtimeMs, ctimeMs, ino, sha256 hex, when the stat was taken (ms)]. */
type Stamp = [number, number, number, number, string, number];

const RACY_MS = 2000;

/** The parts of a stat a stamp compares: size, mtime, ctime, inode. */
export type StatKey = [number, number, number, number];

export function statKey(st: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): StatKey {
  return [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}

/** Whether a file whose stat was `was` when read at `takenAt` still holds what was read, by its stat `now` (the rule above). */
export function unchangedSince(was: StatKey, takenAt: number, now: StatKey): boolean {
  return was[0] === now[0] && was[1] === now[1] && was[2] === now[2] && was[3] === now[3] && Math.max(now[1], now[2]) < takenAt - RACY_MS;
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
    if (this.old) return this.old;
    let v: unknown;
    try {
      v = this.memo ? JSON.parse(readFileSync(this.memo, "utf8")) : undefined;
    } catch {
      v = undefined;
    }
    return (this.old = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, Stamp>) : (Object.create(null) as Record<string, Stamp>));
  }

  /** sha256 (hex) of the file's bytes; throws as readFileSync does when it cannot be read. */
  hash(path: string): string {
    // Stat every time, also for a file seen before in this process (watch runs for hours).
    const takenAt = Date.now();
    const st = statSync(path);
    const was = this.seen[path] ?? (Object.hasOwn(this.load(), path) ? this.old![path] : undefined);
    if (Array.isArray(was) && was.length === 6 && unchangedSince([was[0], was[1], was[2], was[3]], was[5], statKey(st))) {
      this.seen[path] = was;
      return was[4];
    }
    const sha = createHash("sha256").update(readFileSync(path)).digest("hex");
    this.seen[path] = [st.size, st.mtimeMs, st.ctimeMs, st.ino, sha, takenAt];
    this.hashed++;
    this.dirty = true;
    return sha;
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
    const was = this.seen[path] ?? (Object.hasOwn(this.load(), path) ? this.old![path] : undefined);
    return Array.isArray(was) && was.length === 6 && was[0] === st.size && was[1] === st.mtimeMs && was[2] === st.ctimeMs && was[3] === st.ino && was[4] !== sha;
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
