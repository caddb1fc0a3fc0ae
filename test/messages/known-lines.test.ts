// The feedback's list line per object with unknown keys ("Parameters of t: …"), against its
// reference, [...new Set([...meant, ...near, ...known])] cut to 12 names (or 5 and the count past
// 12), on long declared lists too, and on lists that repeat a name (the line then falls back to
// the general way of writing it).
import { describe, expect, it } from "vitest";
import type { ValidationError } from "../../packages/runtime/src/rt/report.js";
import { knownLines, unknownKey } from "../../packages/runtime/src/rt/unknown-keys.js";

type UK = ValidationError & { known: readonly string[]; whose: string; near: readonly string[] };

function reference(s: readonly ValidationError[]): string[] {
  const want: string[] = [];
  const done = new Set<unknown>();
  for (const e of s as UK[]) {
    if (e.known.length === 0 || done.has(e.known)) continue;
    done.add(e.known);
    const mine = (s as UK[]).filter((o) => o.known === e.known);
    const names = [...new Set([...mine.flatMap((o) => (o.suggestion === undefined ? [] : [o.suggestion])), ...mine.flatMap((o) => o.near), ...e.known])];
    const max = names.length > 12 ? 5 : 12;
    want.push(`${e.whose}: ${names.slice(0, max).join(", ")}${names.length > max ? `, … (${names.length} in all)` : ""}`);
  }
  return want;
}

describe("knownLines", () => {
  it("matches the reference on long and repeating declared lists", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pool = ["query", "queries", "url", "link", "path", "file_path", "filePath", "limit", "max_results", "source", "from", "dest", "to", "repo", "repository", "owner", "title", "subject", "body", "content", "text", "labels", "tags", "dryRun", "dry_run", "page", "per_page", "perPage", "id", "name"];
    const pick = () => pool[Math.floor(rnd() * pool.length)]!;
    let long = 0, repeating = 0;
    for (let t = 0; t < 3000; t++) {
      const lists = [0, 1].map(() => {
        const n = Math.floor(rnd() * 20);
        // One list in eight keeps a repeated name (a hand-written `known` could).
        const l = rnd() < 0.125 ? Array.from({ length: n }, pick) : [...new Set(Array.from({ length: n }, pick))];
        if (l.length > 12) long++;
        if (new Set(l).size < l.length) repeating++;
        return l;
      });
      const s: ValidationError[] = [];
      for (let m = 1 + Math.floor(rnd() * 4); m > 0; m--) unknownKey(s, rnd() < 0.6 ? "" : "a[0]", pick() + (rnd() < 0.5 ? "s" : ""), lists[Math.floor(rnd() * 2)]!, "t");
      expect(knownLines(s)).toEqual(reference(s));
    }
    // The draw reached both the cut list and the fallback.
    expect(long).toBeGreaterThan(100);
    expect(repeating).toBeGreaterThan(100);
  });
});
