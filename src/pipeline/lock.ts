// One build at a time per output folder (issue 29.4). Two builds writing one folder at
// once each removed the files of the other's generation, leaving an index that imported
// chunks that were gone. A build (and each rebuild of `watch`) holds `<outDir>/.toolform.lock`
// from before it reads the folder until after it has written it.
//
// The lock is a file created with O_EXCL (`wx`): exactly one process creates it. It holds
// the owner's pid, host and process start (so a reused pid is not taken for the owner).
// A lock whose owner is gone (same host, pid not running or started at another time: a
// build killed with SIGKILL) is stale and taken over, and only one waiter can do that:
// the right to remove a stale lock is itself a file created with O_EXCL, named after the
// dead owner, so two waiters never both remove it (the second would remove the first's
// fresh lock). A lock held on another host (a shared folder) is never judged stale.
import { closeSync, openSync, readFileSync, rmSync, rmdirSync, statSync, writeSync, existsSync, mkdirSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export const LOCK_FILE = ".toolform.lock";

/** The lock file, or a takeover marker beside it. */
export function isLockFile(name: string): boolean {
  return name === LOCK_FILE || (name.startsWith(LOCK_FILE + ".") && name.endsWith(".takeover"));
}

export interface LockOwner {
  pid: number;
  host: string;
  /** The process's start, as the system tells it (Linux: clock ticks after boot), when known. */
  start?: string;
  /** The command that holds it ("build", "watch"). */
  command: string;
}

/** This process's start time as /proc tells it (field 22 of /proc/<pid>/stat), or undefined off Linux. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

const me = (command: string): LockOwner => {
  const start = processStart(process.pid);
  return { pid: process.pid, host: hostname(), ...(start ? { start } : {}), command };
};

function readOwner(path: string): LockOwner | undefined {
  try {
    const o = JSON.parse(readFileSync(path, "utf8")) as LockOwner;
    return typeof o?.pid === "number" && typeof o.host === "string" ? o : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the owner recorded in a lock is surely gone: same host, and its pid is not running or is another process now. */
export function ownerGone(o: LockOwner): boolean {
  if (o.host !== hostname()) return false;
  if (o.pid === process.pid) return false;
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return true;
  }
  const now = processStart(o.pid);
  return o.start !== undefined && now !== undefined && now !== o.start;
}

/** Creates `path` with O_EXCL holding `text`; false when it exists. */
function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function olderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

/** A takeover marker older than this was left by a waiter that died in the few microseconds it holds one. */
const MARKER_STALE_MS = 10_000;

/**
 * Removes the lock at `path` if it is still the stale one `owner` read from it. The right
 * to do so is the marker `<path>.<pid>-<start>` created with O_EXCL: one waiter gets it.
 */
function takeOver(path: string, owner: LockOwner, raw: string): boolean {
  const marker = `${path}.${owner.pid}-${owner.start ?? "x"}.takeover`;
  if (!createExclusive(marker, String(process.pid))) {
    if (olderThan(marker, MARKER_STALE_MS)) rmSync(marker, { force: true });
    return false;
  }
  try {
    // Only the holder of this marker removes this owner's lock: if it still reads the same, it is the stale one.
    let now: string | undefined;
    try {
      now = readFileSync(path, "utf8");
    } catch {
      now = undefined;
    }
    if (now === raw) rmSync(path, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
  return true;
}

export interface OutputLock {
  release(): void;
}

export class LockBusyError extends Error {
  constructor(
    readonly outDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(`another toolform ${owner?.command ?? "build"} ${describeOwner(owner)} is writing ${outDir}`);
  }
}

export function describeOwner(o: LockOwner | undefined): string {
  return o ? `(pid ${o.pid}${o.host !== hostname() ? ` on ${o.host}` : ""})` : "(its lock file is being written)";
}

export interface LockOptions {
  /** "build" or "watch": recorded in the lock, for the message of the process that waits. */
  command: string;
  /** Fail at once (LockBusyError) instead of waiting. */
  noWait?: boolean;
  /** Called once when the lock is held by another process and this one starts waiting. */
  onWait?: (owner: LockOwner | undefined) => void;
  /** Poll interval while waiting (ms). */
  pollMs?: number;
}

/**
 * Takes the lock on `outDir` (created if missing; removed again on release if this build
 * created it and left it empty). Waits while another live process holds it, or throws
 * LockBusyError with `noWait`.
 */
export async function lockOutput(outDir: string, opts: LockOptions): Promise<OutputLock> {
  const made = !existsSync(outDir);
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, LOCK_FILE);
  const text = JSON.stringify(me(opts.command));
  let told = false;
  for (;;) {
    if (createExclusive(path, text)) break;
    let raw: string | undefined;
    try {
      raw = readFileSync(path, "utf8");
    } catch {
      continue; // released in between: try again at once
    }
    const owner = readOwner(path);
    // Stale (its owner is gone), or ownerless for long (its writer died between creating and writing it): taken over.
    const stale = owner ? ownerGone(owner) : olderThan(path, MARKER_STALE_MS);
    if (stale && takeOver(path, owner ?? { pid: 0, host: hostname(), command: "build" }, raw)) continue;
    if (opts.noWait) throw new LockBusyError(outDir, owner);
    if (!told) {
      told = true;
      opts.onWait?.(owner);
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 100));
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    // Only our own lock is removed (a takeover of a lock we lost track of would be someone else's).
    try {
      if (readFileSync(path, "utf8") === text) rmSync(path, { force: true });
    } catch {
      /* already gone */
    }
    if (made)
      try {
        rmdirSync(outDir); // only when empty: a build that wrote nothing leaves no folder behind
      } catch {
        /* it holds the output */
      }
  };
  process.on("exit", release);
  return { release };
}
