// The name matcher's parts written for speed answer as their plain definitions do: the edit
// distance (packages/runtime/src/rt/edit-distance.ts, on what lies between the two names' common
// head and tail) as the full table, over random names and every allowed number of edits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sgDistance } from "../../packages/runtime/src/rt/edit-distance.js";

/** Optimal string alignment over the whole table: the definition the fast one must match. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe("sgDistance (without the common head and tail)", () => {
  it("is the full table's distance when within max, else max + 1", () => {
    // A small alphabet, so that near names (and transpositions) are common.
    const name = fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e", "_"), maxLength: 14 });
    fc.assert(
      fc.property(name, name, fc.integer({ min: 0, max: 4 }), (a, b, max) => {
        const d = osa(a, b);
        expect(sgDistance(a, b, max)).toBe(d <= max ? d : max + 1);
      }),
      { numRuns: 4000 },
    );
  });

  it("holds on names longer than its reusable rows and on real near misses", () => {
    const long = "x".repeat(70) + "abc";
    expect(sgDistance(long, "x".repeat(70) + "acb", 3)).toBe(1);
    expect(sgDistance("durationmins", "durationmin", 3)).toBe(1);
    expect(sgDistance("launchoptions", "launchoptoins", 3)).toBe(1);
    expect(sgDistance("starttarget", "startelement", 3)).toBe(4);
    expect(sgDistance("", "abc", 3)).toBe(3);
  });
});
