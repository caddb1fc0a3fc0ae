// The source glob, without silent drops. The glob library lists regular files
// only: a FIFO, a dangling symlink, a symlink loop and a directory named `d.json`
// vanish from its answer, and with them a tool. Here its directory reader shows
// each of those as a file, so the glob's own matching decides whether the path
// is matched; every matched path that is not a readable regular file comes back
// as a problem naming it.
import * as fs from "node:fs";
import { join } from "node:path";
import type { FileSystemAdapter } from "tinyglobby";
import { kindOf } from "./text.js";

export interface Matched {
  /** Absolute paths of matched regular files (or symlinks to them), sorted. */
  files: string[];
  /** Matched paths that are not regular files, each with what it is. */
  problems: { path: string; what: string }[];
}

type Dirent = fs.Dirent;

/** A directory entry that is neither a directory nor a symlink the glob can follow: shown to the glob as a file. */
function asFile(d: Dirent): Dirent {
  return Object.assign(Object.create(Object.getPrototypeOf(d) as object) as Dirent, d, {
    isFile: () => true,
    isDirectory: () => false,
    isSymbolicLink: () => false,
  });
}

/** Paths whose directory entry said "regular file" (the rest is stat'ed to say what it is). */
let regular: Set<string> | undefined;

function surface(dir: string, entries: Dirent[]): Dirent[] {
  return entries.map((d) => {
    if (d.isFile()) regular?.add(join(dir, d.name));
    if (d.isFile() || d.isDirectory()) return d;
    if (d.isSymbolicLink()) {
      try {
        fs.statSync(join(dir, d.name));
        return d; // resolves: the glob follows it as usual
      } catch {
        return asFile(d); // dangling or a loop
      }
    }
    return asFile(d); // FIFO, socket, device
  });
}

const adapter: FileSystemAdapter = {
  readdir: ((path: string, options: { withFileTypes: true }, cb: (e: NodeJS.ErrnoException | null, entries: Dirent[]) => void) =>
    fs.readdir(path, options, (e, entries) => cb(e, e ? entries : surface(path, entries)))) as unknown as FileSystemAdapter["readdir"],
  readdirSync: ((path: string, options: { withFileTypes: true }) => surface(path, fs.readdirSync(path, options))) as unknown as FileSystemAdapter["readdirSync"],
};

/** What a matched path that is not a regular file is, or undefined for a regular file (or a symlink to one). */
function problemOf(abs: string): string | undefined {
  try {
    const st = fs.statSync(abs);
    return st.isFile() ? undefined : kindOf(st);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "a symlink loop";
    if (code === "ENOENT") {
      let target = "";
      try {
        target = ` (to ${JSON.stringify(fs.readlinkSync(abs))})`;
      } catch {
        /* not a symlink after all: gone since the listing */
      }
      return `a dangling symlink${target}`;
    }
    return `unreadable (${(e as Error).message})`;
  }
}

/** The paths `patterns` match under `root` whose names pass `wanted` (by extension). */
export async function matchSources(patterns: string[], root: string, wanted: (path: string) => boolean): Promise<Matched> {
  const seen = new Set<string>();
  regular = seen;
  let found: string[];
  try {
    // The glob library loads here: a build whose folders are as the last one found them does not glob (src/sources/read.ts).
    const { glob } = await import("tinyglobby");
    found = await glob(patterns, { cwd: root, absolute: true, onlyFiles: false, ignore: ["**/node_modules/**"], fs: adapter });
  } finally {
    regular = undefined;
  }
  const out: Matched = { files: [], problems: [] };
  for (const p of found.sort()) {
    const isDir = p.endsWith("/");
    const path = isDir ? p.slice(0, -1) : p;
    if (!wanted(path)) continue; // a folder on the way ("tools/"), or a file of another kind
    // Listed as a regular file: one (a file replaced since is read as what it is then, and reported there).
    const what = isDir ? "a directory" : seen.has(path) ? undefined : problemOf(path);
    if (what === undefined) out.files.push(path);
    else out.problems.push({ path, what });
  }
  return out;
}
