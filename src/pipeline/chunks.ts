// A large toolset's index is split into chunk files (`_tools.<hash>.ts`, each holding the
// sections of a run of tools and their schema tables), so a build that changes one tool
// writes, hashes and reads back one chunk instead of the whole index (12 MB at 1,000 tools).
// A toolset under CHUNK_FROM tools keeps its one index file: one module loads fastest, and
// it is what nearly every project has.
//
// Chunks end after a tool whose name hashes to a boundary (content-defined chunking, as rsync
// and backup tools cut files): adding, removing or renaming a tool changes its own chunk and
// no other, where fixed runs of N tools would shift every chunk after it.
import { fnv1a } from "../io/fnv.js";

/** From this many tools the index is chunked. */
export const CHUNK_FROM = 256;
/** Average tools per chunk (a boundary is one name in this many), and the bounds kept around it. */
const AVERAGE = 100;
const MIN = 20;
const MAX = 400;

/** The chunks of tools named `names` (in the index's order), as [start, end) index ranges; undefined below CHUNK_FROM (one index file). */
export function chunkRanges(names: readonly string[]): [number, number][] | undefined {
  if (names.length < CHUNK_FROM) return undefined;
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < names.length; i++) {
    const n = i + 1 - start;
    if (n >= MAX || (n >= MIN && isBoundary(names[i]!))) {
      out.push([start, i + 1]);
      start = i + 1;
    }
  }
  if (start < names.length) out.push([start, names.length]);
  return out;
}

function isBoundary(name: string): boolean {
  return fnv1a(name) % AVERAGE === 0;
}

/** A chunk's file name (without extension), from the keys of what it holds: new contents, new name. */
export function chunkFileName(key: string): string {
  return `_tools.${key.slice(0, 10)}`;
}
