// A tool's `is` runs its error path without a sink (issue 15, size): the error helpers
// count failures (rt.probing) and make nothing, and the code returns at the first; `validate`
// runs `is`, then the error path with an array. The normaliser asks a place's error function
// the same way whether a repaired value fits (rt.fitsPlace, which `is` uses too: the count is
// put back after each question). What this must keep: `is` and `validate` agree
// on every construct whose error code does more than call a helper (anyOf/oneOf branches,
// errorMessage, an optional field given null, x-compare, recursion and its budgets), a
// check started inside another (passing, failing or throwing) cannot change the outer one's
// answer, and a report keeps its errors whatever the calls after it.
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const def = (name: string, inputSchema: JsonSchema): ToolDefinition => ({ name, description: `The ${name} tool.`, inputSchema, origin: { file: "test/emit/is-and-validate.test.ts", pointer: "" } });

const COMBINATORS = def("combinators", {
  type: "object",
  properties: {
    nullable: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] },
    either: { anyOf: [{ type: "string", minLength: 2 }, { type: "array", items: { type: "integer" } }] },
    one: { oneOf: [{ type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 3 }] },
    tagged: {
      oneOf: [
        { type: "object", properties: { kind: { const: "a" }, n: { type: "integer" } }, required: ["kind", "n"] },
        { type: "object", properties: { kind: { const: "b" }, s: { type: "string" } }, required: ["kind", "s"] },
      ],
    },
    not5: { not: { const: 5 } },
    cond: { type: "object", if: { properties: { k: { const: 1 } } }, then: { required: ["x"] }, else: { required: ["y"] } },
  },
});

const MESSAGES = def("messages", {
  type: "object",
  properties: {
    code: { type: "string", pattern: "^[A-Z]{3}$", errorMessage: "must be three capital letters" },
    opt: { enum: ["x", "y"] },
    start: { type: "string", format: "date" },
    end: { type: "string", format: "date" },
  },
  "x-compare": [{ left: "end", op: ">", right: "start" }],
});

const TREE = def("tree", {
  type: "object",
  properties: { items: { type: "array", items: { $ref: "#/$defs/node" } } },
  $defs: { node: { type: "object", properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["v"] } },
});

/** A place the normaliser tests alone that is also a $ref target: called from two places, with two paths. */
const SHARED = def("shared", {
  type: "object",
  properties: { a: { type: "object", properties: { x: { type: "integer" } } }, b: { $ref: "#/properties/a" } },
});

/** A list of objects: a bare object is wrapped into a one-element list when the result fits (the normaliser asks the list's error function). */
const WRAP = def("wrap", {
  type: "object",
  properties: { list: { type: "array", items: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } } } },
});

const FLAT = def("flat", { type: "object", properties: { n: { type: "integer" }, s: { type: "string" } }, required: ["n"], additionalProperties: false });

let ts: LoadedToolset;
beforeAll(async () => {
  ts = await loadToolset([COMBINATORS, MESSAGES, TREE, FLAT, SHARED, WRAP], { unknownArgs: "schema", maxDepth: 8, coerce: "none" });
});

/** `is`, `validate` and the number of errors, for a value. */
function verdicts(tool: string, v: unknown): { is: boolean; ok: boolean; errors: number } {
  const t = ts.toolset[tool]!;
  const r = t.validate(v);
  return { is: t.is(v), ok: r.ok, errors: r.errors.length };
}

function agree(tool: string, v: unknown, expected: boolean): void {
  const got = verdicts(tool, v);
  expect(got, `${tool} ${JSON.stringify(v)}`).toEqual({ is: expected, ok: expected, errors: got.errors });
  expect(got.errors > 0, `${tool} ${JSON.stringify(v)}: errors`).toBe(!expected);
}

describe("is runs the error path without a sink", () => {
  it("anyOf (nullable and plain), oneOf (counted and tagged), not, if/then/else: is and validate agree", () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{}, true],
      [{ nullable: null }, true],
      [{ nullable: 3 }, true],
      [{ nullable: 0 }, false],
      [{ nullable: "3" }, false],
      [{ either: "ab" }, true],
      [{ either: [1, 2] }, true],
      [{ either: "a" }, false],
      [{ either: [1, "2"] }, false],
      [{ one: 4 }, true],
      [{ one: 9 }, true],
      [{ one: 6 }, false],
      [{ one: 5 }, false],
      [{ tagged: { kind: "a", n: 1 } }, true],
      [{ tagged: { kind: "b", s: "x" } }, true],
      [{ tagged: { kind: "b", n: 1 } }, false],
      [{ tagged: { kind: "c" } }, false],
      [{ not5: 4 }, true],
      [{ not5: 5 }, false],
      [{ cond: { k: 1, x: 0 } }, true],
      [{ cond: { k: 1, y: 0 } }, false],
      [{ cond: { k: 2, y: 0 } }, true],
      [{ cond: { k: 2 } }, false],
    ];
    for (const [v, expected] of cases) agree("combinators", v, expected);
  });

  it("errorMessage, an optional field given null, x-compare: is and validate agree, and the messages are the error path's", () => {
    agree("messages", { code: "ABC" }, true);
    agree("messages", { code: "abc" }, false);
    agree("messages", { opt: null }, false);
    agree("messages", { opt: "x" }, true);
    agree("messages", { start: "2026-01-01", end: "2026-02-01" }, true);
    agree("messages", { start: "2026-02-01", end: "2026-01-01" }, false);
    const r = ts.toolset.messages!.validate({ code: "abc", opt: null });
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringContaining('"opt" is optional: omit it'), "must be three capital letters"]);
  });

  it("recursion: past maxDepth is refused by both; the probe counts a call 1, as the fast path did (the error path counts 4), so a wide value still fits", () => {
    let deep: Record<string, unknown> = { v: 0 };
    for (let i = 0; i < 12; i++) deep = { v: i, kids: [deep] };
    agree("tree", { items: [deep] }, false);
    agree("tree", { items: [{ v: 1, kids: [{ v: 2 }] }] }, true);
    agree("tree", { items: [{ v: 1, kids: [{ v: "2" }] }] }, false);
    // 300,000 items: 300k calls for the probe (under the 1,000,000 budget), 1.2M for the error path.
    const wide = { items: Array.from({ length: 300_000 }, (_, i) => ({ v: i })) };
    expect(ts.toolset.tree!.is(wide)).toBe(true);
    expect(ts.toolset.tree!.validate(wide).ok).toBe(true);
    (wide.items[299_999] as Record<string, unknown>).v = "x";
    expect(ts.toolset.tree!.is(wide)).toBe(false);
    expect(ts.toolset.tree!.validate(wide).ok).toBe(false);
  });

  it("a place called from two places (a $ref target) names each caller's path; the normaliser asks it too", () => {
    const t = ts.toolset.shared!;
    const r = t.validate({ a: { x: "1" }, b: { x: "2" } });
    expect(r.errors.map((e) => e.path)).toEqual(["a.x", "b.x"]);
    agree("shared", { a: { x: 1 }, b: { x: 2 } }, true);
    const n = t.normalize({ a: '{"x": "1"}', b: { x: "2" } }, "normalized");
    expect(n.value).toEqual({ a: { x: 1 }, b: { x: 2 } });
    expect(t.normalize({ a: '{"x": "one"}' }, "normalized").value).toEqual({ a: '{"x": "one"}' });
  });

  it("a check started inside another (a getter calling a tool) neither clears the outer one's failures nor adds its own", () => {
    const flat = ts.toolset.flat!;
    const inner = () => {
      expect(flat.is({ n: 1 })).toBe(true);
      expect(flat.validate({ n: 1 }).ok).toBe(true);
      return "fine";
    };
    // n fails before s is read; reading s runs a whole (valid) check inside.
    const args = Object.defineProperty({ n: "1" } as Record<string, unknown>, "s", { get: inner, enumerable: true });
    expect(flat.is(args)).toBe(false);
    const r = flat.validate(args);
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.path)).toEqual(["n"]);
    // A valid value whose getter runs a failing check: still valid.
    const failingInside = Object.defineProperty({ n: 1 } as Record<string, unknown>, "s", {
      get: () => {
        expect(flat.is({ n: "x" })).toBe(false);
        expect(flat.validate({ n: "x" }).ok).toBe(false);
        return "fine";
      },
      enumerable: true,
    });
    expect(flat.is(failingInside)).toBe(true);
    expect(flat.validate(failingInside).ok).toBe(true);
  });

  it("a value that throws while the normaliser asks whether it fits leaves no failure counted for the check around it", () => {
    const flat = ts.toolset.flat!;
    const wrap = ts.toolset.wrap!;
    // Wrapped into a list, this fails at x (counted), then throws at y: the question is put back either way.
    const hostile = Object.defineProperty({ x: "bad" } as Record<string, unknown>, "y", { get: () => { throw new Error("boom"); }, enumerable: true });
    const args = Object.defineProperty({ n: 1 } as Record<string, unknown>, "s", {
      get: () => {
        expect(wrap.normalize({ list: hostile }, "normalized").value).toEqual({ list: hostile });
        return "fine";
      },
      enumerable: true,
    });
    expect(flat.is(args)).toBe(true);
    expect(flat.validate(args).ok).toBe(true);
  });

  it("a report keeps its errors whatever the calls after it", () => {
    const flat = ts.toolset.flat!;
    const bad = flat.validate({ n: "x", extra: 1 });
    const before = bad.errors.map((e) => e.message);
    expect(before.length).toBe(2);
    for (let i = 0; i < 3; i++) expect(flat.validate({ n: i }).ok).toBe(true);
    const bad2 = flat.validate({ s: 1 });
    expect(bad.errors.map((e) => e.message)).toEqual(before);
    expect(bad.feedback).toContain('"n" must be an integer');
    expect(bad2.errors.map((e) => e.path).sort()).toEqual(["n", "s"]);
  });

  it("a value that throws when read: is says false, validate reports it", () => {
    const flat = ts.toolset.flat!;
    const args = new Proxy({}, { ownKeys: () => { throw new Error("boom"); }, get: () => { throw new Error("boom"); } });
    expect(flat.is(args)).toBe(false);
    const r = flat.validate(args);
    expect(r.ok).toBe(false);
    expect(r.errors[0]!.message).toContain("could not be read");
    expect(flat.validate({ n: 1 }).ok).toBe(true);
  });
});
