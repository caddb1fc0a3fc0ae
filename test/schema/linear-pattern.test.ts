// The linear-time matcher (src/schema/linear/compile.ts at build time, @toolform/runtime's
// rt/linear.ts at run time) against V8's RegExp with the "u" flag: the same verdict on
// every pattern of the real-tool corpus and of the JSON Schema Test Suite (with the
// suite's own strings), on random strings, and on random patterns from a grammar.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linearRegex } from "../../packages/runtime/src/rt/linear.js";
import { compileSchema } from "../../src/compile-schema.js";
import { compileLinear, MAX_NODES, type LinearProgram } from "../../src/schema/linear/compile.js";
import { collectPatterns } from "../../src/schema/lint/redos.js";
import { patternCompileError } from "../../src/schema/pattern.js";

function program(pattern: string): LinearProgram {
  const c = compileLinear(pattern);
  if (!("program" in c)) throw new Error(`${pattern}: ${c.unsupported}`);
  return c.program;
}
const matcher = (p: LinearProgram) => linearRegex(p.bounds, p.nodes, p.sets);

/** Characters that tell the pattern's classes apart: each class's first and last code point, and some that test decoding (astral, lone surrogates). */
function alphabet(p: LinearProgram): string[] {
  const cps = new Set<number>([0, 0x10ffff, 0x1f600, 0xd800, 0xdc00, 0x0a, 0x20]);
  for (const b of p.bounds) cps.add(b).add(b - 1);
  return [...cps].filter((c) => c >= 0).map((c) => String.fromCodePoint(c));
}

/** Random strings over the pattern's alphabet, strings the pattern matches (fast-check's generator, where it reads the pattern), and those edited by one character. */
function stringsFor(pattern: string, p: LinearProgram, maxLength: number): fc.Arbitrary<string> {
  const chars = alphabet(p);
  const random = fc.array(fc.constantFrom(...chars), { maxLength }).map((a) => a.join(""));
  let matching: fc.Arbitrary<string> | undefined;
  try {
    const m = fc.stringMatching(new RegExp(pattern, "u"), { size: "xsmall" });
    fc.sample(m, 1);
    matching = m.filter((s) => s.length <= maxLength);
  } catch {
    matching = undefined; // a construct fast-check does not generate from (\b, lookaround…)
  }
  if (!matching) return random;
  const edited = fc.tuple(matching, fc.nat(), fc.constantFrom(...chars), fc.boolean()).map(([s, i, c, insert]) => {
    const at = s.length ? i % (s.length + 1) : 0;
    return insert ? s.slice(0, at) + c + s.slice(at) : s.slice(0, at) + s.slice(at + 1);
  });
  return fc.oneof(random, matching, edited);
}

function agreesOn(pattern: string, maxLength: number, runs: number, extra: readonly string[] = []): void {
  const p = program(pattern);
  const m = matcher(p);
  const re = new RegExp(pattern, "u");
  for (const s of extra) expect(m.test(s), `${JSON.stringify(pattern)} on ${JSON.stringify(s)}`).toBe(re.test(s));
  fc.assert(fc.property(stringsFor(pattern, p, maxLength), (s) => m.test(s) === re.test(s)), { numRuns: runs, seed: 29 });
}

/** Every pattern (and patternProperties key) of every tool in the real-tool corpus. */
function corpusPatterns(): string[] {
  const out = new Set<string>();
  for (const f of readdirSync("test/corpus").filter((f) => f.endsWith(".json") && f !== "sources.json")) {
    const doc = JSON.parse(readFileSync(join("test/corpus", f), "utf8")) as { tools?: { inputSchema?: unknown }[] };
    for (const t of doc.tools ?? []) for (const { pattern } of collectPatterns(t.inputSchema)) out.add(pattern);
  }
  return [...out];
}

/** The Test Suite's patterns (draft 2020-12, optional files included), each with the strings its tests give. */
function suitePatterns(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const dir = "test/json-schema-test-suite/tests/draft2020-12";
  const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, "optional")).map((f) => join(dir, "optional", f))].filter((f) => f.endsWith(".json"));
  for (const f of files) {
    for (const group of JSON.parse(readFileSync(f, "utf8")) as { schema: unknown; tests: { data: unknown }[] }[]) {
      const data = group.tests.flatMap((t) => (typeof t.data === "string" ? [t.data] : typeof t.data === "object" && t.data !== null && !Array.isArray(t.data) ? Object.keys(t.data) : []));
      for (const { pattern } of collectPatterns(group.schema)) {
        if (patternCompileError(pattern) !== undefined) continue;
        out.set(pattern, [...(out.get(pattern) ?? []), ...data]);
      }
    }
  }
  return out;
}

describe("linear matcher = V8 RegExp (u flag)", () => {
  it("on every pattern of the real-tool corpus, on random and matching strings", () => {
    const patterns = corpusPatterns();
    expect(patterns.length).toBeGreaterThanOrEqual(8);
    for (const pattern of patterns) agreesOn(pattern, 24, 150);
  });

  it("on every pattern of the JSON Schema Test Suite, on its own strings and random ones", () => {
    const patterns = suitePatterns();
    expect(patterns.size).toBeGreaterThan(20);
    for (const [pattern, data] of patterns) {
      // Lookaround is refused, never run (see below); the rest must agree.
      if ("unsupported" in compileLinear(pattern)) continue;
      agreesOn(pattern, 16, 100, data);
    }
  });

  it("on ECMAScript corners: classes, escapes, anchors, word boundaries, surrogates, counted and empty repetition", () => {
    const corners = [
      "", "^$", "^", "$", "a|", "(?:)*x", "(?:a*)*b", "(a|aa)*$", "^(?:a|a|a|a)*$", "\\bfoo\\b", "\\Ba\\B", "^\\b", "\\b$", "x\\b|^\\B",
      "^\\d{3}-\\d{2,4}$", "^.{2,5}$", "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$", "[\\s\\S]", "[^]", "[]", "\\S+\\s", "\\W\\D", "[\\w-]{1,3}",
      "\\p{L}+\\p{Nd}", "\\P{L}", "[\\p{Lu}\\d]", "\\p{Script=Greek}", "[\\u{1F600}-\\u{1F64F}]", "😀+", "^.$", "\\uD83D", "[\\uD800-\\uDFFF]",
      "a{0}", "a{0,0}b", "(?:ab){2,3}c", "(?:a?){3}a{3}", "(?:(?:a{1,3}){1,3}){1,2}$", "^(?<name>x)+$", "\\cJ", "\\0", "[\\b]", "\\x41\\u0042",
      "\\/\\.\\*", "[-a]", "[a-]", "^(?:[a-z0-9-]+\\.)+[a-z]{2,}$", "\\n\\r\\t\\v\\f",
    ];
    for (const pattern of corners) agreesOn(pattern, 10, 300);
  });

  it("on random patterns from a grammar", () => {
    const { expr } = fc.letrec<{ atom: string; piece: string; seq: string; expr: string }>((tie) => ({
      atom: fc.oneof(
        { depthSize: "small" },
        { weight: 6, arbitrary: fc.constantFrom("a", "b", "-", ".", "\\d", "\\w", "\\s", "\\W", "[ab]", "[^a]", "[a-c1]", "\\p{L}", "😀", "é", "\\u{1F600}") },
        { weight: 2, arbitrary: tie("expr").map((e) => `(${e})`) },
        { weight: 2, arbitrary: tie("expr").map((e) => `(?:${e})`) },
      ),
      piece: fc.tuple(tie("atom"), fc.constantFrom("", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "??", "{1,3}")).map(([a, q]) => a + q),
      // Assertions stand unquantified (a quantified one is a syntax error under "u").
      seq: fc.array(fc.oneof({ weight: 5, arbitrary: tie("piece") }, { weight: 1, arbitrary: fc.constantFrom("^", "$", "\\b", "\\B") }), { minLength: 0, maxLength: 4 }).map((a) => a.join("")),
      expr: fc.array(tie("seq"), { minLength: 1, maxLength: 3 }).map((a) => a.join("|")),
    }));
    const chars = ["a", "b", "c", "-", " ", "1", "_", "é", "\n", "😀", "\uD800", "A"];
    const strings = fc.array(fc.constantFrom(...chars), { maxLength: 8 }).map((a) => a.join(""));
    let compared = 0;
    fc.assert(
      fc.property(expr, fc.array(strings, { minLength: 20, maxLength: 20 }), (pattern, inputs) => {
        if (patternCompileError(pattern) !== undefined) return true; // a quantified assertion: not a pattern
        const c = compileLinear(pattern);
        if (!("program" in c)) return true; // over MAX_NODES
        const m = matcher(c.program);
        const re = new RegExp(pattern, "u");
        compared++;
        for (const s of inputs) if (m.test(s) !== re.test(s)) return false;
        return true;
      }),
      { numRuns: 400, seed: 2929 },
    );
    expect(compared).toBeGreaterThan(200);
  });
});

describe("what the linear matcher refuses", () => {
  it("backreferences and lookaround (no linear-time matcher decides them), and programs over MAX_NODES, each with the reason", () => {
    const reason = (p: string) => {
      const c = compileLinear(p);
      return "unsupported" in c ? c.unsupported : "";
    };
    expect(reason("(a)\\1")).toMatch(/backreference \(\\1\)/);
    expect(reason("(?<x>a)\\k<x>")).toMatch(/backreference/);
    expect(reason("a(?=b)")).toMatch(/lookahead/);
    expect(reason("(?<!a)b")).toMatch(/lookbehind/);
    expect(reason(`a{1,${MAX_NODES}}`)).toMatch(new RegExp(`more than ${MAX_NODES} states`));
    expect(reason("(?:(?:a{1,20}){1,20}){1,20}")).toMatch(/counted repetitions multiply/);
    // Within the cap: a program grows with the counts, never past MAX_NODES.
    expect(program("(?:a{1,15}){1,15}").nodes.length / 3).toBeLessThanOrEqual(MAX_NODES);
  });

  it("long inputs that V8 would backtrack on for ages are judged, and a cache that overflows stays right", () => {
    const four = matcher(program("^(?:a|a|a|a)*$"));
    expect(four.test("a".repeat(100_000))).toBe(true);
    expect(four.test("a".repeat(100_000) + "!")).toBe(false);
    // [ab]*a[ab]{11}$ has a DFA of 4,096 states, which random a/b text visits; \p{Lu} splits the
    // code points into over a thousand classes, so the cache keeps 2^20 / classes (under 1,000)
    // states: it is dropped and rebuilt many times in one call, and the verdicts stay V8's.
    const pattern = "(?:[ab]|\\p{Lu})*a[ab]{11}$";
    const p = program(pattern);
    expect(p.bounds.length).toBeGreaterThan(1_000);
    const m = matcher(p);
    const re = new RegExp(pattern, "u");
    let x = 7;
    for (let run = 0; run < 10; run++) {
      let s = "";
      for (let i = 0; i < 2_000; i++) s += (x = (x * 1103515245 + 12345) & 0x7fffffff) & 0x100 ? "a" : "b";
      expect(m.test(s)).toBe(re.test(s));
    }
  });
});

describe("only tools that use the linear matcher carry it", () => {
  it("toolform compile inlines rt.linearRegex for a flagged pattern, and not for a safe one", async () => {
    const withPattern = (pattern: string) => ({ type: "object", properties: { v: { type: "string", pattern } } });
    const flagged = await compileSchema(withPattern("^(?:a|a|a|a)*$"), { name: "t" });
    const safe = await compileSchema(withPattern("^[a-z]+$"), { name: "t" });
    expect(flagged.code).toContain("linearRegex");
    expect(safe.code).not.toContain("linearRegex");
    expect(safe.code).toContain('new RegExp("^[a-z]+$", "u")');
  });
});
