// Issue 9, point 3 (seed 003: the validator never throws). For any JS value — not
// only what JSON.parse can make — `is`, `validate`, `~standard.validate` and
// `normalize` return a verdict: no exception, no stack overflow, no hang. Recursive
// schemas on deep (or cyclic) input stop at the configurable depth bound, reported
// as a constraint error with keyword "maxDepth".
import fc from "fast-check";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import * as H from "../../packages/runtime/src/harness/index.js";
import type { Message, ParsedReply, ToolResult } from "../../packages/runtime/src/harness/index.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Tool, ValidationReport } from "../../packages/runtime/src/rt/index.js";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";

// ---------------------------------------------------------------- tools

const def = (name: string, inputSchema: unknown): ToolDefinition => ({ name, inputSchema: inputSchema as ToolDefinition["inputSchema"], origin: { file: "totality.json", pointer: "/" + name } });

const RECURSIVE: ToolDefinition[] = [
  def("tree", { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } }, required: ["name"] }),
  def("linked", { $defs: { node: { type: "object", properties: { v: { type: "integer" }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }, required: ["v"] } }, $ref: "#/$defs/node" }),
  def("mutual", {
    $defs: { a: { type: "object", properties: { b: { $ref: "#/$defs/b" } } }, b: { type: "array", items: { $ref: "#/$defs/a" }, uniqueItems: true } },
    type: "object",
    properties: { root: { $ref: "#/$defs/a" } },
  }),
  def("json", {
    type: "object",
    properties: { doc: { $ref: "#/$defs/json" } },
    $defs: { json: { anyOf: [{ type: ["string", "number", "boolean", "null"] }, { type: "array", items: { $ref: "#/$defs/json" } }, { type: "object", additionalProperties: { $ref: "#/$defs/json" } }] } },
  }),
];

interface Judge {
  label: string;
  is(v: unknown): boolean;
  validate(v: unknown): ValidationReport;
  std?(v: unknown): unknown;
  normalize?(v: unknown, mode: string): unknown;
  /** Under coerce, validate may accept what is() refuses (the coerced value fits). */
  coerced?: boolean;
  /** The top-level properties its schema declares: each hostile value is also tried there. */
  props: string[];
}

const judges: Judge[] = [];
let plain: LoadedToolset;
let shallow: LoadedToolset;
let huge: LoadedToolset;

function fromTool(label: string, t: Tool, coerced = false): Judge {
  return {
    label,
    is: (v) => t.is(v),
    validate: (v) => t.validate(v),
    std: (v) => t["~standard"].validate(v),
    normalize: typeof t.normalize === "function" ? (v, m) => t.normalize(v, m as never) : undefined,
    coerced,
    props: propsOf(t.inputSchema),
  };
}

beforeAll(async () => {
  const all = [...exampleTools(), ...RECURSIVE];
  plain = await loadToolset(all);
  const coerced = await loadToolset(all, { coerce: "normalized" } as never);
  shallow = await loadToolset(RECURSIVE, { maxDepth: 10 });
  // Deeper than the call stack allows: the verdict must still come (as a refusal).
  huge = await loadToolset(RECURSIVE, { maxDepth: 1_000_000 });
  for (const [name, t] of Object.entries(plain.toolset)) judges.push(fromTool(name, t));
  for (const [name, t] of Object.entries(coerced.toolset)) judges.push(fromTool(name + " (coerce: normalized)", t, true));
  for (const [name, t] of Object.entries(huge.toolset)) judges.push(fromTool(name + " (maxDepth 1e6)", t));
  for (const d of RECURSIVE.slice(0, 2)) {
    const c = await compileSchema(d.inputSchema, { format: false });
    const m = (await import("data:text/javascript;base64," + Buffer.from(c.code).toString("base64"))) as { is(v: unknown): boolean; validate(v: unknown): ValidationReport };
    judges.push({ label: d.name + " (compileSchema)", is: m.is, validate: m.validate, props: propsOf(d.inputSchema) });
  }
});

// ---------------------------------------------------------------- the check

const MODES = ["compare", "normalized", "lenient", "none"];

/** Every entry point on `v`: a verdict each, never an exception; reports that serialise and messages of bounded size. */
function total(j: Judge, v: unknown, modes = MODES, std = true): ValidationReport {
  let is: unknown;
  let r: ValidationReport;
  try {
    is = j.is(v);
    r = j.validate(v);
    if (j.std && std) {
      const s = j.std(v) as { issues?: unknown[] };
      expect(s.issues === undefined).toBe(r.ok); // under coerce, both judge the coerced value
    }
    if (j.normalize) for (const m of modes) j.normalize(v, m);
    JSON.stringify(r);
    void r.feedback;
  } catch (e) {
    throw new Error(`${j.label} threw: ${(e as Error).stack ?? e}`);
  }
  expect(typeof is).toBe("boolean");
  expect(typeof r.ok).toBe("boolean");
  if (!j.coerced) expect(r.ok).toBe(is);
  if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
  for (const e of r.errors.slice(0, 50)) {
    expect(typeof e.message).toBe("string");
    // A 10 MB value is shown clipped; what is long is only the path (128 levels of "children[0]").
    expect(e.message.length).toBeLessThan(20_000);
  }
  return r;
}

// ---------------------------------------------------------------- values

class Thing {
  name = "thing";
  get computed(): number {
    return 1;
  }
}

function cyclicObject(): unknown {
  const o: Record<string, unknown> = { name: "c", v: 1 };
  o.children = [o];
  o.next = o;
  o.self = o;
  o.doc = o;
  o.root = { b: [o] };
  return o;
}

function cyclicArray(): unknown {
  const a: unknown[] = [1];
  a.push(a, [a]);
  return a;
}

function exotic(): [string, unknown][] {
  const args = (function (..._a: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  })(1, "a");
  const nullProto = Object.assign(Object.create(null), { name: "n", query: "q" });
  const symbolKeyed = { [Symbol("k")]: 1, name: "s" };
  const arrayWithProps = Object.assign([1, 2], { name: "x", extra: true });
  return [
    ["undefined", undefined],
    ["null", null],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["-Infinity", -Infinity],
    ["-0", -0],
    ["MAX_VALUE", Number.MAX_VALUE],
    ["bigint", 10n],
    ["huge bigint", 10n ** 400n],
    ["symbol", Symbol("s")],
    ["registered symbol", Symbol.for("s")],
    ["function", () => 1],
    ["class", Thing],
    ["async function", async () => 1],
    ["generator", (function* () {})()],
    ["Date", new Date(0)],
    ["invalid Date", new Date(NaN)],
    ["Map", new Map<unknown, unknown>([["name", "x"], [{}, 1]])],
    ["Set", new Set([1, "a"])],
    ["WeakMap", new WeakMap()],
    ["class instance", new Thing()],
    ["Uint8Array", new Uint8Array([1, 2, 3])],
    ["Float64Array", new Float64Array([NaN, -0, Infinity])],
    ["BigInt64Array", new BigInt64Array(4)],
    ["ArrayBuffer", new ArrayBuffer(16)],
    ["DataView", new DataView(new ArrayBuffer(4))],
    ["RegExp", /x/g],
    ["Error", new Error("boom")],
    ["Promise", Promise.resolve(1)],
    ["boxed string", Object("str")],
    ["boxed number", Object(1)],
    ["boxed boolean", Object(false)],
    ["arguments", args],
    ["null prototype", nullProto],
    ["symbol keys", symbolKeyed],
    ["array with props", arrayWithProps],
    ["frozen", Object.freeze({ name: "f", children: Object.freeze([]) })],
    ["benign Proxy", new Proxy({ name: "p" }, {})],
    ["throwing Proxy", new Proxy({}, { ownKeys: () => { throw new Error("trap"); }, get: () => { throw new Error("trap"); }, has: () => { throw new Error("trap"); }, getOwnPropertyDescriptor: () => { throw new Error("trap"); } })],
    ["throwing getter", Object.defineProperty({ name: "g" }, "query", { enumerable: true, get: () => { throw new Error("getter"); } })],
    ["cyclic object", cyclicObject()],
    ["cyclic array", cyclicArray()],
    ["sparse array", [, , 1]],
    ["lone surrogates", "\uD800\uDC00\uDFFF\uD800"],
  ];
}

function deepArray(n: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}
function deepObject(n: number): unknown {
  let v: Record<string, unknown> = { v: 1, name: "leaf" };
  for (let i = 0; i < n; i++) v = { v: 1, name: "n", next: v, children: [v], doc: v, a: v };
  return v;
}

/** Property names the tools declare: each value is also tried in each of them. */
function propsOf(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  return Object.keys(((schema as Record<string, unknown>).properties ?? {}) as object);
}

// ---------------------------------------------------------------- tests

describe("totality on exotic JS values (seed 003)", () => {
  it("every exotic value, at the root and in every declared property, through every entry point", () => {
    const values = exotic();
    let calls = 0;
    for (const j of judges) {
      for (const [, v] of values) {
        total(j, v);
        for (const k of j.props) total(j, { [k]: v }, ["compare"]);
        total(j, { edits: [v], labels: [v, v], filters: { labels: [v] }, children: [v], doc: [v] }, ["compare"]);
        calls += 2 + j.props.length;
      }
    }
    expect(calls).toBeGreaterThan(3000);
  });

  it("fast-check anything (boxed values, maps, sets, typed arrays, sparse arrays, null prototypes, bigint, dates) plus the exotic values", () => {
    // Not the throwing Proxy and getter: fast-check itself reads values (to clone and print them); they are in the test above.
    const extras = exotic().filter(([label]) => !label.startsWith("throwing")).map(([, v]) => v);
    const anything = fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withObjectString: true,
      withNullPrototype: true,
      withTypedArray: true,
      withSparseArray: true,
      withUnicodeString: true,
    });
    const leaf = fc.oneof(anything, fc.constantFrom(...extras));
    const props = ["query", "name", "children", "edits", "value", "term_months", "filters", "doc", "root", "next", "v", "path"];
    const value = fc.oneof(leaf, fc.dictionary(fc.constantFrom(...props), leaf, { maxKeys: 4 }), fc.array(leaf, { maxLength: 4 }));
    fc.assert(
      fc.property(value, (v) => {
        for (const j of judges) total(j, v, ["compare", "normalized"]);
      }),
      { seed: 3003, numRuns: 300 },
    );
  });
});

describe("totality on huge input", () => {
  it("100,000-deep arrays and objects: a verdict, no stack overflow", () => {
    const values = [deepArray(100_000), deepObject(100_000), { doc: deepArray(100_000) }, { root: { b: [deepObject(100_000)] } }, { filters: deepObject(100_000) }, { edits: deepArray(100_000) }];
    for (const j of judges) for (const v of values) total(j, v, ["compare"]);
  });

  it("a 10 MB string, at the root and in every property (patterns see at most maxPatternInput, formats are linear)", () => {
    const big = "x".repeat(10 * 1024 * 1024);
    const mixed = "é\uD83D\uDE00 \u2028\uD800".repeat(2 * 1024 * 1024);
    for (const j of judges.filter((x) => !x.label.includes("maxDepth"))) {
      total(j, big, ["compare"]);
      for (const k of j.props) total(j, { [k]: big }, [], false); // normalize and ~standard on it: once, at the root
      total(j, { query: mixed, name: mixed, path: mixed }, ["compare"]);
    }
    // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
  });

  it("an array of a million items, at the root and in every property; uniqueItems on it is not quadratic", () => {
    const ints = Array.from({ length: 1_000_000 }, (_, i) => i);
    const objects = Array.from({ length: 1_000_000 }, (_, i) => ({ id: i }));
    for (const j of judges.filter((x) => !x.label.includes("maxDepth") && !x.label.includes("compileSchema"))) {
      total(j, ints, ["compare"]);
      // In every property: the plain tools (the coerced ones read the same code after normalising).
      // normalize and ~standard (a second error path) on it: once, at the root.
      if (!j.coerced) for (const k of j.props) total(j, { [k]: ints }, [], false);
    }
    // uniqueItems over a million items: linear (canonical keys), not 5·10^11 comparisons.
    const search = plain.toolset.search_issues!;
    const r = search.validate({ query: "q", filters: { labels: ints.map(String) } });
    expect(r.constraint_errors.some((e) => e.includes("maxItems"))).toBe(true);
    expect(r.constraint_errors.some((e) => e.includes("uniqueItems"))).toBe(false);
    const dup = search.validate({ query: "q", filters: { labels: [...ints.map(String), "5"] } });
    expect(dup.constraint_errors.some((e) => e.includes("items 5 and 1000000 are equal"))).toBe(true);
    const mutual = plain.toolset.mutual!;
    // A million items through a recursive $ref is more than the work budget (1,000,000 recursive calls): refused, keyword maxSteps.
    const big = mutual.validate({ root: { b: objects } });
    expect(big.ok).toBe(false);
    expect(big.errors.map((e) => e.keyword)).toContain("maxSteps");
    expect(mutual.validate({ root: { b: [...objects, { id: 999_999 }] } }).constraint_errors.join("\n")).toMatch(/items 999999 and 1000000 are equal/);
    // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
  });

  it("a oneOf branch with 300,000 errors is reported, not lost to a stack overflow", async () => {
    const ts = await loadToolset([def("branches", { type: "object", properties: { ys: { oneOf: [{ type: "array", items: { type: "integer" } }, { type: "array", items: { type: "boolean" } }] } } })]);
    const r = ts.toolset.branches!.validate({ ys: Array.from({ length: 300_000 }, (_, i) => "s" + i) });
    expect(r.ok).toBe(false);
    expect(r.errors).toHaveLength(300_000);
    expect(r.errors[0]!.keyword).toBe("type");
    expect(r.errors[299_999]!.path).toBe("ys[299999]");
  });
});

describe("recursion is bounded by maxDepth and reported as a constraint error", () => {
  const tree = (n: number): unknown => {
    let v: Record<string, unknown> = { name: "leaf" };
    for (let i = 0; i < n; i++) v = { name: "n" + i, children: [v] };
    return v;
  };
  const list = (n: number): unknown => {
    let v: Record<string, unknown> = { v: 0, next: null };
    for (let i = 0; i < n; i++) v = { v: i, next: v };
    return v;
  };

  const mutualDeep = (n: number): unknown => {
    let v: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) v = { b: [v] };
    return v;
  };

  it("maxDepth: 10 — depth 9 is fine, depth 12 is refused with keyword maxDepth", () => {
    const t = shallow.toolset.tree!;
    expect(t.validate(tree(9)).ok).toBe(true);
    const r = t.validate(tree(12));
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.keyword)).toContain("maxDepth");
    expect(r.constraint_errors.join("\n")).toContain("nested deeper than 10 levels");
    expect(shallow.toolset.linked!.validate(list(8)).ok).toBe(true);
    expect(shallow.toolset.linked!.validate(list(30)).errors.map((e) => e.keyword)).toContain("maxDepth");
  });

  it("compileSchema's maxDepth option bounds the standalone module the same way", async () => {
    const c = await compileSchema(RECURSIVE[0]!.inputSchema, { maxDepth: 10, format: false });
    const m = (await import("data:text/javascript;base64," + Buffer.from(c.code).toString("base64"))) as { is(v: unknown): boolean; validate(v: unknown): ValidationReport };
    expect(m.is(tree(9))).toBe(true);
    const r = m.validate(tree(12));
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.keyword)).toContain("maxDepth");
    expect(m.validate(tree(100_000)).errors.map((e) => e.keyword)).toContain("maxDepth");
  });

  it("the default bound (128) on 100,000-deep and cyclic input", () => {
    for (const name of ["tree", "linked", "json", "mutual"]) {
      const t = plain.toolset[name]!;
      const deep = name === "tree" ? tree(100_000) : name === "linked" ? list(100_000) : name === "json" ? { doc: deepArray(100_000) } : { root: mutualDeep(100_000) };
      for (const v of [deep, cyclicObject()]) {
        const r = total(fromTool(name, t), v);
        expect(r.ok).toBe(false);
        if (v === deep) expect(r.errors.map((e) => e.keyword)).toContain("maxDepth");
      }
    }
    expect(plain.toolset.json!.validate({ doc: deepArray(100) }).ok).toBe(true);
  });

  it("anyOf branches that recurse into the same value: bounded work (maxSteps), not exponential time", async () => {
    // Both branches accept a node with "name" and "id" and recurse into its children: each level
    // doubles the work of the fast path and more than quadruples the error path's (ajv alike).
    const node = {
      anyOf: [
        { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } }, name: { type: "string" } }, required: ["name"] },
        { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } }, id: { type: "integer" } }, required: ["id"] },
      ],
    };
    const ts = await loadToolset([def("overlap", { type: "object", properties: { root: { $ref: "#/$defs/node" } }, $defs: { node } })]);
    const t = ts.toolset.overlap!;
    const nest = (n: number): unknown => {
      let v: unknown = { name: "x", id: 1, children: [{ name: 5 }] }; // the leaf fits neither branch
      for (let i = 0; i < n; i++) v = { name: "x", id: 1, children: [v] };
      return { root: v };
    };
    expect(t.validate(nest(5)).errors.map((e) => e.keyword)).not.toContain("maxSteps");
    for (const depth of [40, 100]) {
      const v = nest(depth); // about 2 KB of JSON: 2^100 branch visits without a bound
      expect(JSON.stringify(v).length).toBeLessThan(5000);
      expect(t.is(v)).toBe(false);
      const r = total(fromTool("overlap", t), v);
      expect(r.ok).toBe(false);
      expect(r.errors.map((e) => e.keyword)).toContain("maxSteps");
    }
    // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
    // A valid deep value of the same shape is still accepted (the work is linear when branches succeed).
    const ok = (n: number): unknown => {
      let v: unknown = { name: "x", id: 1, children: [] };
      for (let i = 0; i < n; i++) v = { name: "x", id: 1, children: [v] };
      return { root: v };
    };
    expect(t.is(ok(100))).toBe(true);
  });

  it("a bound deeper than the call stack (maxDepth 1e6) still gives a verdict: a maxDepth refusal, not a RangeError", () => {
    for (const [name, v] of [["tree", tree(200_000)], ["linked", list(200_000)], ["json", { doc: deepArray(200_000) }]] as const) {
      const t = huge.toolset[name]!;
      expect(t.is(v)).toBe(false);
      const r = t.validate(v);
      expect(r.ok).toBe(false);
      expect(r.errors.map((e) => e.keyword)).toContain("maxDepth");
    }
    expect(huge.toolset.tree!.validate(tree(500)).ok).toBe(true);
  });
});

describe("patterns never see more than maxPatternInput characters", () => {
  it("values, property names (patternProperties, propertyNames, unevaluatedProperties) — longer is refused, fail-closed", async () => {
    const ts = await loadToolset(
      [
        def("value", { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } }),
        def("keys", { type: "object", patternProperties: { "^x": { type: "integer" } } }),
        def("names", { type: "object", propertyNames: { pattern: "^(a|aa)+$" } }),
        def("uneval", { type: "object", patternProperties: { "^x": { type: "integer" } }, unevaluatedProperties: false }),
      ],
      { unknownArgs: "schema", maxPatternInput: 24, lint: false },
    );
    const evil = "a".repeat(40) + "!"; // 2^40 steps for ^(a+)+$ if it ever reached the regex
    const v = ts.toolset.value!.validate({ s: evil });
    expect(v.errors.map((e) => [e.path, e.keyword])).toEqual([["s", "maxPatternInput"]]);
    expect(ts.toolset.value!.is({ s: "a".repeat(16) })).toBe(true); // ^(a+)+$ is exponential: its own bound (16) is below 24
    // A long key matching ^x must not slip past the integer schema it would be held to.
    const longKey = "x" + "y".repeat(30);
    const k = ts.toolset.keys!.validate({ [longKey]: "not an integer" });
    expect(k.ok).toBe(false);
    expect(k.errors.map((e) => e.keyword)).toEqual(["maxPatternInput"]);
    expect(ts.toolset.keys!.is({ xy: 1, [longKey.slice(0, 20)]: 2 })).toBe(true);
    expect(ts.toolset.names!.validate({ [evil]: 1 }).errors.map((e) => e.keyword)).toEqual(["maxPatternInput"]);
    expect(ts.toolset.uneval!.is({ [longKey]: 1 })).toBe(false);
    expect(ts.toolset.uneval!.validate({ [longKey]: 1 }).errors.map((e) => e.keyword)).toEqual(["maxPatternInput"]);
    expect(ts.toolset.uneval!.is({ x1: 1 })).toBe(true);
    // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
  });
});

// ---------------------------------------------------------------- every export (issue 18.2)

/** Call objects aimed at validateCall and the harness's call readers. */
function hostileCalls(): [string, unknown][] {
  const throwingToString = { toString: () => { throw new Error("toString"); }, valueOf: () => { throw new Error("valueOf"); } };
  const getter = (key: string, rest: Record<string, unknown>) => Object.defineProperty({ ...rest }, key, { enumerable: true, get: () => { throw new Error("getter " + key); } });
  const trap = () => { throw new Error("trap"); };
  return [
    ["name: null-prototype object", { name: Object.create(null), arguments: {} }],
    ["name: toString throws", { name: throwingToString, arguments: {} }],
    ["name: symbol", { name: Symbol("n"), arguments: {} }],
    ["name getter throws", getter("name", { arguments: {} })],
    ["arguments getter throws", getter("arguments", { name: "book_room" })],
    ["input getter throws", getter("input", { name: "book_room" })],
    ["throwing Proxy call", new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap })],
    ["Proxy with a valid name, throwing arguments", new Proxy({ name: "book_room" }, { get: (t, k) => (k === "name" ? "book_room" : trap()) })],
    ["arguments: throwing Proxy", { name: "book_room", arguments: new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap }) }],
    ["arguments: malformed JSON text", { name: "book_room", arguments: '{"room_id": "1"' }],
  ];
}

/** Every hostile value: the exotic ones and the hostile call objects. */
const anyValues = (): unknown[] => [...exotic().map(([, v]) => v), ...hostileCalls().map(([, v]) => v)];

function noThrow(label: string, f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    throw new Error(`${label} threw: ${(e as Error)?.stack ?? "(a value that is not an Error)"}`);
  }
}

function isReport(r: unknown): void {
  const rep = r as ValidationReport;
  expect(typeof rep.ok).toBe("boolean");
  expect(typeof rep.feedback).toBe("string");
  JSON.stringify(rep.toDict());
}

describe("every export of the generated code is total (issue 18.2)", () => {
  it("validateCall: hostile call objects are reports (unknown tool or refused), never exceptions", () => {
    const toolNames = new Set(Object.keys(plain.toolset));
    for (const [label, call] of [...hostileCalls(), ...exotic()]) {
      const r = noThrow(`validateCall(${label})`, () => plain.validateCall(call as never)) as ValidationReport;
      isReport(r);
      if (!r.ok) expect(r.feedback.length).toBeGreaterThan(0);
    }
    const unreadable = plain.validateCall(hostileCalls()[6]![1] as never);
    expect([unreadable.ok, unreadable.unknown_tool, unreadable.errors.map((e) => e.keyword)]).toEqual([false, true, ["type"]]);
    expect(unreadable.feedback).toMatch(/could not be read as plain JSON data/);
    const args = plain.validateCall(hostileCalls()[4]![1] as never);
    expect([args.ok, args.unknown_tool, args.tool, args.errors.map((e) => e.keyword)]).toEqual([false, false, "book_room", ["type"]]);
    expect(plain.validateCall({ name: Object.create(null) } as never).unknown_tool).toBe(true);
    expect(toolNames.has("book_room")).toBe(true);
  });

  it("each module's exports have a totality case (a new export without one fails here)", async () => {
    const index = (await import(pathToFileURL(join(plain.dir, "index.js")).href)) as Record<string, unknown>;
    const toolIdents = new Set(Object.values(plain.toolset).map((t) => Object.entries(index).find(([, v]) => v === t)?.[0]));
    const cases: Record<string, (v: unknown) => void> = {
      validateCall: (v) => isReport((index.validateCall as (c: unknown) => ValidationReport)(v)),
      // Data, not functions: frozen, so no caller can change what the others see.
      toolset: () => expect(Object.isFrozen(index.toolset)).toBe(true),
      toolNames: () => expect(Object.isFrozen(index.toolNames)).toBe(true),
      toolsBySchemaHash: () => expect(Object.isFrozen(index.toolsBySchemaHash)).toBe(true),
    };
    for (const name of Object.keys(index)) {
      if (toolIdents.has(name)) {
        // A tool: is, validate, ~standard.validate, normalize (the judges above run them on every value too).
        const t = index[name] as Tool;
        expect(Object.isFrozen(t)).toBe(true);
        for (const v of anyValues()) total(fromTool(name, t), v, ["compare"]);
        continue;
      }
      expect(cases, `generated index export ${name} has no totality case`).toHaveProperty(name);
      for (const v of anyValues()) noThrow(`${name}(value)`, () => cases[name]!(v));
    }
    // compileSchema's module: is, validate (and validate as the default export).
    const c = await compileSchema(RECURSIVE[0]!.inputSchema, { format: false });
    const m = (await import("data:text/javascript;base64," + Buffer.from(c.code).toString("base64"))) as Record<string, (v: unknown) => unknown>;
    expect(Object.keys(m).sort()).toEqual(["default", "is", "validate"]);
    for (const v of anyValues()) {
      expect(typeof noThrow("is", () => m.is!(v))).toBe("boolean");
      isReport(noThrow("validate", () => m.validate!(v)));
    }
  });
});

describe("every export of the harness is total on the data it reads (issue 18.2)", () => {
  // Data positions — what a model, a provider's response or an executor hands over — must
  // give a result for any JS value. Arguments the developer writes (the toolset, options,
  // a message list the harness built) are typed; a wrong one there is a TypeError at once.
  const isParsed = (r: unknown) => {
    const p = r as ParsedReply;
    expect(Array.isArray(p.calls) && Array.isArray(p.errors) && typeof p.text === "string").toBe(true);
    for (const c of p.calls) isReport(c.report);
  };
  const isMessage = (m: unknown) => expect((m as Message).role).toBe("assistant");
  const isMessages = (ms: unknown) => expect(Array.isArray(ms)).toBe(true);
  const isResult = (r: unknown) => expect(typeof (r as ToolResult).content).toBe("string");
  const ts = () => plain.toolset;
  const data: Record<string, (v: unknown) => unknown> = {
    validateArguments: (v) => isReport(H.validateArguments(v as never, ts(), { repair: true, resolveName: true })),
    resolveToolName: (v) => H.resolveToolName(ts(), v as never),
    readArguments: (v) => (H.readArguments(v, true), H.readArguments(v, false)),
    findTool: (v) => H.findTool(ts(), v),
    parseReply: (v) => {
      for (const f of ["auto", "json_object", "openai", "anthropic", "mcp"] as const) isParsed(H.parseReply(v, ts(), f));
      isParsed(H.parseReply({ type: "tool_use", id: "x", name: "book_room", input: v }, ts()));
      isParsed(H.parseReply({ tool_calls: [{ id: "x", type: "function", function: { name: v, arguments: v } }] }, ts()));
    },
    detectFormat: (v) => expect(typeof H.detectFormat(v)).toBe("string"),
    readJson: (v) => H.readJson(v as string, "arguments", true),
    describeRepairs: (v) => expect(Array.isArray(H.describeRepairs(v as string, "arguments"))).toBe(true),
    notApproved: (v) => expect(typeof H.notApproved(v as string)).toBe("string"),
    toToolResult: (v) => isResult(H.toToolResult(v)),
    errorResult: (v) => isResult(H.errorResult("book_room", v)),
    executionArgs: (v) => H.executionArgs(H.parseReply({ name: "book_room", arguments: v }, ts(), "json_object").calls[0]!),
    fromAnthropicResponse: (v) => (isMessage(H.fromAnthropicResponse(v)), isMessage(H.fromAnthropicResponse({ content: [v, { type: "tool_use", id: v, name: v, input: v }] }))),
    fromAnthropicMessages: (v) => (isMessages(H.fromAnthropicMessages(v as never)), isMessages(H.fromAnthropicMessages({ system: v, messages: [v, { role: "user", content: [v, { type: "tool_result", tool_use_id: v, content: v }] }] }))),
    fromOpenAIChatResponse: (v) => (isMessage(H.fromOpenAIChatResponse(v)), isMessage(H.fromOpenAIChatResponse({ choices: [{ message: { content: v, tool_calls: [v, { id: v, function: { name: v, arguments: v } }] } }] }))),
    fromOpenAIChatMessages: (v) => (isMessages(H.fromOpenAIChatMessages(v as never)), isMessages(H.fromOpenAIChatMessages([v, { role: "tool", tool_call_id: v, content: v }]))),
    fromOpenAIResponsesResponse: (v) => (isMessage(H.fromOpenAIResponsesResponse(v)), isMessage(H.fromOpenAIResponsesResponse({ output: [v, { type: "function_call", call_id: v, name: v, arguments: v }] }))),
    fromOpenAIResponsesInput: (v) => (isMessages(H.fromOpenAIResponsesInput(v as never)), isMessages(H.fromOpenAIResponsesInput([v, { type: "function_call_output", call_id: v, output: v }, { role: "user", content: v }]))),
  };
  // Exports whose every argument is the developer's (typed; run once here so the entry is real).
  const developer: Record<string, () => unknown> = {
    feedback: () => H.feedback(H.validateArguments({ name: "book_room", arguments: {} }, ts())),
    redactedLine: () => H.redactedLine(H.validateArguments({ name: "book_room", arguments: {} }, ts()).errors[0]!),
    redactedDict: () => H.redactedDict(H.validateArguments({ name: "book_room", arguments: {} }, ts())),
    NOT_RUN: () => expect(typeof H.NOT_RUN).toBe("string"),
    unreadableFeedback: () => H.unreadableFeedback([{ message: "x" }]),
    scriptedModel: () => H.scriptedModel([]),
    bindExecutors: () => H.bindExecutors(ts(), {}),
    anthropicTools: () => H.anthropicTools(ts()),
    toAnthropicMessages: () => H.toAnthropicMessages([{ role: "user", content: "hi" }]),
    toAnthropicRequest: () => H.toAnthropicRequest([{ role: "user", content: "hi" }], ts(), { model: "m" }),
    openaiChatTools: () => H.openaiChatTools(ts()),
    toOpenAIChatMessages: () => H.toOpenAIChatMessages([{ role: "user", content: "hi" }]),
    toOpenAIChatRequest: () => H.toOpenAIChatRequest([{ role: "user", content: "hi" }], ts(), { model: "m" }),
    openaiResponsesTools: () => H.openaiResponsesTools(ts()),
    toOpenAIResponsesInput: () => H.toOpenAIResponsesInput([{ role: "user", content: "hi" }]),
    toOpenAIResponsesRequest: () => H.toOpenAIResponsesRequest([{ role: "user", content: "hi" }], ts(), { model: "m" }),
    jsonObjectInstructions: () => H.jsonObjectInstructions(ts()),
    toTextMessages: () => H.toTextMessages([{ role: "user", content: "hi" }]),
    CallLoop: () => new H.CallLoop({ toolset: ts(), model: () => "", tools: {} }), // its data positions: the test below
  };

  it("each export is listed, and each data position gives a result for every hostile value", () => {
    const threw: string[] = [];
    for (const name of Object.keys(H)) {
      const listed = name in data || name in developer;
      expect(listed, `harness export ${name} has no totality case (add it to \`data\` or \`developer\`)`).toBe(true);
      if (name in developer) noThrow(name, developer[name]!);
      else
        for (const [label, v] of [...exotic(), ...hostileCalls()]) {
          try {
            noThrow(`${name}(${label})`, () => data[name]!(v));
          } catch (e) {
            threw.push((e as Error).message.split("\n").slice(0, 2).join(" "));
          }
        }
    }
    expect(threw).toEqual([]);
  });

  it("the call loop: a model reply, an executor's result, a value it throws and an approval answer, each any value", async () => {
    const values = anyValues();
    for (const v of values) {
      const loop = new H.CallLoop({
        toolset: ts(),
        model: H.scriptedModel([{ name: "book_room", arguments: { room_id: "A1", start: "2025-01-01T10:00:00Z", duration_min: 30 } }, () => v, { tool_calls: [{ id: "1", function: { name: "book_room", arguments: v } }] }, "done"]),
        tools: { book_room: () => v, edit_file: () => { throw v; } },
        approve: () => v as never,
        maxTurns: 4,
      });
      const r = (await noThrow("CallLoop.run", () => loop.run("go"))) as Awaited<ReturnType<typeof loop.run>>;
      for (const m of r.messages) expect(typeof m.content).toBe("string");
      const thrower = new H.CallLoop({ toolset: ts(), model: H.scriptedModel([{ name: "edit_file", arguments: { path: "a", edits: [] } }, "done"]), tools: { edit_file: () => { throw v; } } });
      const t = await thrower.run("go");
      for (const m of t.messages) expect(typeof m.content).toBe("string");
      const bound = H.bindExecutors(ts(), { book_room: () => v });
      const out = (await bound.call("book_room", v)) as { result: ToolResult };
      isResult(out.result);
    }
  });
});

describe("no pattern can stall a call (issues 18.5, 29.1)", () => {
  const flaggedPatterns = ["^(\\w+\\s?)*$", "(a|aa)+$", "^\\d*\\d*x$", "\\s*#?\\s*$", "^(?:a|a|a|a)*$"];

  it("a pattern recheck flags runs on the linear matcher at the full maxPatternInput; a safe one stays a RegExp", async () => {
    const { patternInputBound, linearProgram } = await import("../../src/schema/lint/redos.js");
    for (const p of flaggedPatterns) {
      expect(linearProgram(p), p).toBeDefined();
      expect(patternInputBound(p, 10_000), p).toEqual({ limit: 10_000 });
    }
    expect(linearProgram("^[a-z]+(-[a-z]+)*$")).toBeUndefined();

    const ts = await loadToolset([def("words", { type: "object", properties: { words: { type: "string", pattern: "^(\\w+\\s?)*$" }, as: { type: "string", pattern: "(a|aa)+$" }, four: { type: "string", pattern: "^(?:a|a|a|a)*$" } } })]);
    const t = ts.toolset.words!;
    expect(t.validate({ words: "hello world abcd", as: "ba", four: "aaaa" }).ok).toBe(true);
    // recheck's worst inputs at 10,000 characters, which V8 would not finish: judged.
    const worst = t.validate({ words: "0".repeat(9_999) + "\u0000", as: "a".repeat(9_999) + "\u0000", four: "a".repeat(9_999) + "!" });
    expect(worst.errors.map((e) => [e.path, e.keyword])).toEqual([["words", "pattern"], ["as", "pattern"], ["four", "pattern"]]);
    expect(t.is({ words: "ab ".repeat(3_333), as: "b" + "a".repeat(9_000), four: "a".repeat(10_000) })).toBe(true);
    expect(t.validate({ four: "a".repeat(10_001) }).errors.map((e) => e.keyword)).toEqual(["maxPatternInput"]);
  });

  it("patternProperties keys run on the linear matcher too: unevaluatedProperties and the normaliser agree", async () => {
    const { keyPatternBound } = await import("../../src/schema/lint/redos.js");
    expect(keyPatternBound(["^x-", "^(a|aa)+$"], 10_000)).toEqual({ limit: 10_000 });
    const schema = { type: "object", patternProperties: { "^(a|aa)+$": { type: "integer" } }, additionalProperties: false };
    const ts = await loadToolset([def("keys", schema), def("keys_unevaluated", { type: "object", patternProperties: schema.patternProperties, unevaluatedProperties: false })], { coerce: "normalized" });
    for (const name of ["keys", "keys_unevaluated"]) {
      const t = ts.toolset[name]!;
      expect(t.validate({ ["a".repeat(5_000)]: 1 }).ok, name).toBe(true);
      expect(t.validate({ ["a".repeat(5_000)]: "x" }).errors.map((e) => e.keyword), name).toEqual(["type"]);
      const worst = { ["a".repeat(9_999) + "!"]: 1 };
      expect(t.is(worst), name).toBe(false);
      expect(t.validate(worst).ok, name).toBe(false);
    }
  });

  it("a flagged pattern the linear matcher cannot run is a build error naming the tool and pointer; allowUnchecked \"pattern\" bounds it by a measured worst case", async () => {
    const { generate } = await import("../../src/pipeline/generate.js");
    const { patternInputBound } = await import("../../src/schema/lint/redos.js");
    const backref = "^(a+)+\\1$";
    const schema = { type: "object", properties: { twice: { type: "string", pattern: backref } } };
    const r = await generate({ tools: [def("echo", schema)], options: { lint: false } });
    const e = r.diagnostics.find((d) => d.code === "schema/redos-unbounded")!;
    expect(e).toMatchObject({ severity: "error", tool: "echo", pointer: "/echo/inputSchema/properties/twice/pattern" });
    expect(e.message).toMatch(/backreference \(\\1\)/);
    expect(e.hint).toMatch(/allowUnchecked: \["pattern"\]/);

    const { limit, redos } = patternInputBound(backref, 10_000);
    // Measured (a power of two at which recheck's attack took at most 1 ms), never the full input.
    expect(limit & (limit - 1)).toBe(0);
    expect(limit).toBeLessThanOrEqual(256);
    expect(redos).toMatch(/exponential/);
    const ts = await loadToolset([def("echo", schema)], { allowUnchecked: ["pattern"] });
    const t = ts.toolset.echo!;
    expect(t.validate({ twice: "aa" }).ok).toBe(true);
    const long = t.validate({ twice: "a".repeat(limit + 1) });
    expect(long.errors.map((x) => x.keyword)).toEqual(["maxPatternInput"]);
    expect(long.errors[0]!.message).toBe(`"twice" must be at most ${limit} characters long (its pattern is too costly to check on longer text); got "${"a".repeat(limit + 1)}"`);
  });

  it("the ReDoS finding says what the generated check does", async () => {
    const { lintTool } = await import("../../src/schema/lint/index.js");
    const ds = lintTool(def("w", { type: "object", properties: { w: { type: "string", pattern: "^(\\w+\\s?)*$" } } }), {});
    expect(ds.find((d) => d.code === "schema/redos")?.message).toMatch(/runs it with a linear-time matcher instead of a RegExp/);
  });
});
