// A large toolset's index in chunk files (src/pipeline/chunks.ts): where the chunks end
// follows from the tools' names alone, so adding or removing a tool changes one chunk,
// and every chunk keeps to its bounds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK_FROM, chunkRanges } from "../../src/pipeline/chunks.js";

const names = (n: number, tag = "") => Array.from({ length: n }, (_, i) => `tool_${tag}${String(i).padStart(5, "0")}`);
/** The chunks as lists of names. */
const chunksOf = (list: string[]) => chunkRanges(list)!.map(([a, b]) => list.slice(a, b));

describe("chunk ranges", () => {
  it("none below CHUNK_FROM tools (one index file); from it, ranges that cover every tool in order, 20 to 400 tools each (the last may be shorter)", () => {
    expect(chunkRanges(names(CHUNK_FROM - 1))).toBeUndefined();
    expect(chunkRanges([])).toBeUndefined();
    for (const n of [CHUNK_FROM, 1000, 5000]) {
      const r = chunkRanges(names(n))!;
      expect(r.length).toBeGreaterThan(1);
      expect(r[0]![0]).toBe(0);
      expect(r[r.length - 1]![1]).toBe(n);
      for (let i = 1; i < r.length; i++) expect(r[i]![0]).toBe(r[i - 1]![1]);
      for (const [i, [a, b]] of r.entries()) {
        expect(b - a).toBeLessThanOrEqual(400);
        if (i < r.length - 1) expect(b - a).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it("adding a tool changes the chunk it joins (rarely one or two beside it); every other chunk keeps its tools", () => {
    const base = names(2000).sort();
    const before = chunksOf(base);
    const key = (c: string[]) => c.join("\n");
    const had = new Set(before.map(key));
    let changedTotal = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (extra) => {
        const name = "tool_" + extra;
        fc.pre(!base.includes(name));
        const after = chunksOf([...base, name].sort());
        const changed = after.filter((c) => !had.has(key(c)));
        changedTotal += changed.length;
        expect(changed.length).toBeGreaterThanOrEqual(1);
        // More than one only where a cut moves with the names: the new name is a boundary, or a cut near it was skipped (under 20 tools) or forced (at 400).
        expect(changed.length).toBeLessThanOrEqual(3);
        expect(changed.some((c) => c.includes(name))).toBe(true);
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(changedTotal / 200).toBeLessThan(1.3);
  });
});
