// Normalisation and coercion (issue 7, docs/normalize.md): every rule in both
// directions (what it repairs, and the look-alikes it must refuse), the modes,
// `validate` under a coerce mode, prototype safety, immutability, and
// properties: a valid value comes back as itself; normalising is idempotent;
// no input makes a normaliser throw.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { NormalizeMode, Repair, Tool } from "../../packages/runtime/src/rt/index.js";
import * as rtN from "../../packages/runtime/src/rt/normalize.js";
import { SEED_000_ARGS, SEED_000_REPORT } from "../fixtures/seed-report.js";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";

const def = (name: string, inputSchema: ToolDefinition["inputSchema"]): ToolDefinition => ({ name, inputSchema, origin: { file: "test/runtime/normalize.test.ts", pointer: "" } });

/** One property per rule and per look-alike. */
const KINDS = def("kinds", {
  type: "object",
  properties: {
    req: { type: "integer" },
    n: { type: "integer", minimum: -100 },
    x: { type: "number" },
    b: { type: "boolean" },
    s: { type: "string" },
    city: { type: "string", enum: ["denver", "New York"] },
    level: { enum: [1, 2, 3] },
    mode: { const: "fast" },
    amb: { enum: ["A", "a", "b"] },
    tags: { type: "array", items: { type: "string" } },
    ids: { type: "array", items: { type: "integer" } },
    opt: { type: "object", properties: { k: { type: "integer" } }, additionalProperties: false },
    nullable: { type: ["string", "null"] },
    either: { type: ["integer", "string"] },
    union: { anyOf: [{ type: "integer" }, { type: "boolean" }] },
    pick: { oneOf: [{ type: "integer", minimum: 10 }, { type: "string", enum: ["low", "high"] }] },
    map: { type: "object", additionalProperties: { type: "integer" } },
    pat: { type: "object", patternProperties: { "^n_": { type: "integer" } }, additionalProperties: { type: "boolean" } },
    pair: { type: "array", prefixItems: [{ type: "integer" }, { type: "boolean" }], items: false },
    any: {},
    ["__proto__"]: { type: "integer" },
    constructor: { type: "boolean" },
  },
  required: ["req"],
});

/** Applicators: $ref, allOf, if/then/else, dependentSchemas. */
const COND = def("cond", {
  type: "object",
  properties: { kind: { enum: ["a", "b"] }, size: {}, count: {}, flag: {}, level: {}, ref: { $ref: "#/$defs/num" } },
  if: { properties: { kind: { const: "a" } }, required: ["kind"] },
  then: { properties: { size: { type: "integer" } } },
  else: { properties: { size: { type: "boolean" } } },
  allOf: [{ properties: { count: { type: "integer" } } }],
  dependentSchemas: { flag: { properties: { level: { type: "integer" } } } },
  $defs: { num: { type: "integer" } },
});

/** A tool the generator hands to ajv ($dynamicRef): it repairs nothing, but compare mode still folds. */
const TREE = def("tree", {
  $id: "https://example.com/tree",
  $dynamicAnchor: "node",
  type: "object",
  properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
});

const ALL = (): ToolDefinition[] => [...exampleTools(), KINDS, COND];

let none: LoadedToolset;
let lenient: LoadedToolset;
let normalized: LoadedToolset;
let mixed: LoadedToolset;
let fallback: LoadedToolset | undefined;

beforeAll(async () => {
  [none, lenient, normalized, mixed] = await Promise.all([
    loadToolset(ALL(), { coerce: "none" }),
    loadToolset(ALL(), { coerce: "lenient" }),
    loadToolset(ALL(), { coerce: "normalized" }),
    loadToolset(exampleTools(), { coerce: "none", tools: { legal_draft_v3: { coerce: "lenient" }, book_room: { coerce: "normalized" } } }),
  ]);
  try {
    fallback = await loadToolset([TREE], {});
  } catch {
    fallback = undefined; // a toolform that refuses $dynamicRef has no fallback tool to test
  }
});

// ---------------------------------------------------------------- helpers

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** A deep-frozen copy made from JSON text (so `__proto__` keys are own data). */
function frozen<T>(v: T): T {
  return deepFreeze(JSON.parse(JSON.stringify(v)) as T);
}

function tool(ts: LoadedToolset, name: string): Tool {
  const t = ts.toolset[name];
  if (!t) throw new Error(`no tool ${name}`);
  return t;
}

/** normalize `{req: 1, [key]: value}` with `kinds` and return the property (or "absent"). */
function kinds(mode: NormalizeMode, key: string, value: unknown): unknown {
  const input = deepFreeze(JSON.parse(JSON.stringify({ req: 1, [key]: value })) as Record<string, unknown>);
  const { value: out } = tool(normalized, "kinds").normalize(input, mode);
  const o = out as Record<string, unknown>;
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : "absent";
}

/** What a rule makes of `value` at `key`, for each mode. */
const L = (key: string, value: unknown) => kinds("lenient", key, value);
const N = (key: string, value: unknown) => kinds("normalized", key, value);

/** Reference fold for compare mode: every string trimmed and lower-cased. */
function fold(v: unknown): unknown {
  if (typeof v === "string") return v.trim().toLowerCase();
  if (Array.isArray(v)) return v.map(fold);
  if (typeof v === "object" && v !== null) {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v)) Object.defineProperty(o, k, { value: fold((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return v;
}

// ---------------------------------------------------------------- lenient

describe("lenient: what a tool reads after a cast", () => {
  it('casts "5" and "-3" to integers, "2.5" to a number, "true"/"false" to booleans', () => {
    expect(L("n", "5")).toBe(5);
    expect(L("n", "-3")).toBe(-3);
    expect(L("n", "0")).toBe(0);
    expect(L("n", "-0")).toBe(0);
    expect(L("x", "2.5")).toBe(2.5);
    expect(L("x", "-0.25")).toBe(-0.25);
    expect(L("x", "7")).toBe(7);
    expect(L("b", "true")).toBe(true);
    expect(L("b", "false")).toBe(false);
    expect(L("level", "2")).toBe(2); // an enum of integers wants an integer
  });

  it.each(["0x10", "1e999", " 12 ", "12 ", "", "12abc", "+5", "05", "5.0", "1e3", "2.5", "9007199254740993", "Infinity", "NaN", "-", "1_000", "١٢"])(
    "refuses %j for an integer",
    (s) => {
      expect(L("n", s)).toBe(s);
    },
  );

  it.each([".5", "5.", "1e3", " 2.5", "0x10", "1e999", "2,5", "--1"])("refuses %j for a number", (s) => {
    expect(L("x", s)).toBe(s);
  });

  it.each(["True", "TRUE", "yes", "no", "1", "0", "thing", " true", "on"])("refuses %j for a boolean", (s) => {
    expect(L("b", s)).toBe(s);
  });

  it("does nothing of normalized mode: no unwrap, no enum spelling, no JSON, no wrap, no null drop", () => {
    expect(L("n", ["5"])).toEqual(["5"]);
    expect(L("city", "Denver")).toBe("Denver");
    expect(L("opt", '{"k":1}')).toBe('{"k":1}');
    expect(L("tags", "bug")).toBe("bug");
    expect(L("n", null)).toBe(null);
    expect(L("b", "yes")).toBe("yes");
  });

  it("never casts away from a type the schema accepts, nor between non-strings", () => {
    expect(L("s", "5")).toBe("5");
    expect(L("either", "5")).toBe("5");
    expect(L("s", 5)).toBe(5); // no number → string
    expect(L("n", true)).toBe(true); // true never becomes 1
    expect(L("b", 1)).toBe(1); // 1 never becomes true
    expect(L("any", "5")).toBe("5"); // no type: no cast
  });
});

// ---------------------------------------------------------------- normalized

describe("normalized: numeric strings", () => {
  it("trims and reads a number: integers, decimals, exponents, a sign", () => {
    expect(N("n", " 12 ")).toBe(12);
    expect(N("n", "1e2")).toBe(100);
    expect(N("n", "+5")).toBe(5);
    expect(N("n", "5.0")).toBe(5);
    expect(N("n", "007")).toBe(7);
    expect(N("x", "2.50")).toBe(2.5);
    expect(N("x", ".5")).toBe(0.5);
    expect(N("x", "\t-1.5e-3\n")).toBe(-0.0015);
  });

  it.each(["1e999", "-1e999", "0x10", "0b1", "12abc", "", "   ", "Infinity", "NaN", "9007199254740993", "1,000", "1 000", "ten"])("refuses %j for an integer", (s) => {
    expect(N("n", s)).toBe(s);
  });

  it("refuses a fraction for an integer", () => {
    expect(N("n", "2.5")).toBe("2.5");
    expect(N("n", "1e-1")).toBe("1e-1");
  });
});

describe("normalized: booleans", () => {
  it('reads "true"/"yes" and "false"/"no", any case, trimmed', () => {
    for (const s of ["true", "TRUE", "True", " yes ", "YES"]) expect(N("b", s)).toBe(true);
    for (const s of ["false", "FALSE", "no", " No\n"]) expect(N("b", s)).toBe(false);
  });

  it.each(["thing", "y", "n", "1", "0", "on", "off", "truthy", "yes!", "null"])("refuses %j", (s) => {
    expect(N("b", s)).toBe(s);
  });

  it("never turns a number into a boolean or a boolean into a number", () => {
    expect(N("b", 1)).toBe(1);
    expect(N("n", true)).toBe(true);
    expect(N("x", false)).toBe(false);
  });
});

describe("normalized: enum and const spelling", () => {
  it("gives the schema's spelling for another case or surrounding space", () => {
    expect(N("city", "Denver")).toBe("denver");
    expect(N("city", " DENVER ")).toBe("denver");
    expect(N("city", "new york")).toBe("New York");
    expect(N("mode", "FAST")).toBe("fast");
    expect(N("level", " 3 ")).toBe(3);
  });

  it.each(["Denvr", "den ver", "Denver!", "new-york", "newyork", "New  York", "denvér"])("refuses the near miss %j (not just case)", (s) => {
    expect(N("city", s)).toBe(s);
  });

  it("never chooses between spellings the schema itself folds together", () => {
    expect(N("amb", "A")).toBe("A"); // valid as written
    expect(N("amb", " a")).toBe(" a"); // "A" or "a"? refused
    expect(N("amb", "B")).toBe("b");
  });

  it("leaves a free string alone (only compare mode folds it)", () => {
    expect(N("s", " Mixed Case ")).toBe(" Mixed Case ");
  });
});

describe("normalized: one-element list ↔ scalar", () => {
  it("unwraps a one-element list where a scalar is wanted, casting the element too", () => {
    expect(N("n", [5])).toBe(5);
    expect(N("n", ["5"])).toBe(5);
    expect(N("b", ["yes"])).toBe(true);
    expect(N("city", ["Denver"])).toBe("denver");
    expect(N("s", ["x"])).toBe("x");
    expect(N("nullable", [null])).toBe(null);
  });

  it("refuses lists that are not one scalar of the wanted type", () => {
    expect(N("n", [1, 2])).toEqual([1, 2]);
    expect(N("n", [])).toEqual([]);
    expect(N("n", [[5]])).toEqual([[5]]);
    expect(N("n", [{}])).toEqual([{}]);
    expect(N("n", ["ten"])).toEqual(["ten"]);
    expect(N("b", ["thing"])).toEqual(["thing"]);
  });

  it("wraps a bare value where a list is wanted, items normalised", () => {
    expect(N("tags", "bug")).toEqual(["bug"]);
    expect(N("ids", 5)).toEqual([5]);
    expect(N("ids", "5")).toEqual([5]);
    expect(N("pair", 1)).toEqual([1]);
    expect(N("tags", { a: 1 })).toEqual({ a: 1 });
  });

  it("does not wrap what would not fit, nor null", () => {
    expect(N("tags", 5)).toBe(5);
    expect(N("ids", "five")).toBe("five");
    expect(N("tags", null)).toBe("absent"); // null for an optional list: dropped, not wrapped
  });
});

describe("normalized: JSON-encoded strings", () => {
  it("parses an object or array the schema wants, when it fits (after its own repairs)", () => {
    expect(N("opt", '{"k": 1}')).toEqual({ k: 1 });
    expect(N("opt", ' {"k": "2"} ')).toEqual({ k: 2 });
    expect(N("ids", "[1, 2]")).toEqual([1, 2]);
    expect(N("tags", '["a", "b"]')).toEqual(["a", "b"]);
  });

  it("refuses a JSON text that parses but does not fit, and does not wrap it either", () => {
    expect(N("opt", '{"k": "x"}')).toBe('{"k": "x"}');
    expect(N("opt", '{"other": 1}')).toBe('{"other": 1}');
    expect(N("tags", "[1, 2]")).toBe("[1, 2]");
    expect(N("opt", "[1]")).toBe("[1]");
  });

  it("refuses what is not JSON, or not the container wanted", () => {
    expect(N("opt", "{k: 1}")).toBe("{k: 1}");
    expect(N("opt", '"{}"')).toBe('"{}"');
    expect(N("ids", "[1,")).toBe("[1,");
    expect(N("s", '{"a": 1}')).toBe('{"a": 1}'); // a string is wanted: left as is
    expect(N("tags", "[wip]")).toEqual(["[wip]"]); // not JSON: wrapped as a label
  });
});

describe("normalized: null for an optional argument", () => {
  it("removes null where the schema does not allow it and the property is optional", () => {
    expect(N("n", null)).toBe("absent");
    expect(N("opt", null)).toBe("absent");
    expect(N("city", null)).toBe("absent");
  });

  it("keeps null where the schema allows it, where it says nothing, or where the property is required", () => {
    expect(N("nullable", null)).toBe(null);
    expect(N("any", null)).toBe(null);
    const { value, repairs } = tool(normalized, "kinds").normalize(frozen({ req: null }), "normalized");
    expect(value).toEqual({ req: null });
    expect(repairs).toEqual([]);
  });
});

describe("normalized: through applicators", () => {
  it("anyOf/oneOf: repairs only toward a branch the result fits; leaves a value a branch accepts", () => {
    expect(N("union", "5")).toBe(5);
    expect(N("union", "yes")).toBe(true);
    expect(N("union", "x")).toBe("x");
    expect(N("pick", "15")).toBe(15);
    expect(N("pick", "LOW")).toBe("low");
    expect(N("pick", "5")).toBe("5"); // 5 fits no branch (minimum 10)
    expect(N("either", "5")).toBe("5");
  });

  it("maps, pattern properties and prefixItems", () => {
    expect(N("map", { a: "1", b: 2 })).toEqual({ a: 1, b: 2 });
    expect(N("pat", { n_x: "2", other: "yes" })).toEqual({ n_x: 2, other: true });
    expect(N("pair", ["1", "true"])).toEqual([1, true]);
  });

  it("$ref, allOf, if/then/else, dependentSchemas", () => {
    const t = tool(normalized, "cond");
    const n = (v: unknown) => t.normalize(frozen(v), "normalized").value;
    expect(n({ ref: "7" })).toEqual({ ref: 7 });
    expect(n({ count: "3" })).toEqual({ count: 3 });
    expect(n({ kind: "a", size: "5" })).toEqual({ kind: "a", size: 5 });
    expect(n({ kind: "b", size: "yes" })).toEqual({ kind: "b", size: true });
    expect(n({ flag: 1, level: "4" })).toEqual({ flag: 1, level: 4 });
    expect(n({ level: "4", count: "x" })).toEqual({ level: "4", count: "x" });
  });

  it("recursive schemas, and JSON inside JSON positions", () => {
    const t = tool(normalized, "create_outline");
    const { value, repairs } = t.normalize(frozen({ title: "T", sections: [{ heading: "A", kind: "Chapter", children: '[{"heading":"B","kind":"APPENDIX"}]' }] }), "normalized");
    expect(value).toEqual({ title: "T", sections: [{ heading: "A", kind: "chapter", children: [{ heading: "B", kind: "appendix" }] }] });
    expect(repairs.map((r) => [r.path, r.rule])).toEqual([
      ["sections[0].kind", "enum_spelling"],
      ["sections[0].children", "json_string"],
      ["sections[0].children[0].kind", "enum_spelling"],
    ]);
    expect(t.is(value)).toBe(true);
  });

  it("gives up (value as it was, no repairs) past maxDepth, on cyclic input too", () => {
    const t = tool(normalized, "create_outline");
    const node: Record<string, unknown> = { heading: "x", kind: "Chapter", children: [] };
    (node.children as unknown[]).push(node);
    const input = { title: "T", sections: [node] };
    const { value, repairs } = t.normalize(input, "normalized");
    expect(value).toBe(input);
    expect(repairs).toEqual([]);
    const folded = t.normalize(input).value as { sections: { kind: string }[] };
    expect(folded.sections[0]!.kind).toBe("chapter");
    expect(t.validate(input).ok).toBe(false);
  });
});

// ---------------------------------------------------------------- repairs, modes, compare

describe("repairs are listed: path, from, to, rule", () => {
  it("lists each repair in order, nested repairs after the one that made their place", () => {
    const { value, repairs } = tool(normalized, "search_issues").normalize(
      frozen({ query: "x", filters: '{"state":"OPEN","labels":"bug"}', sort: "Created ", order: null, limit: ["20"] }),
      "normalized",
    );
    expect(value).toEqual({ query: "x", filters: { state: "open", labels: ["bug"] }, sort: "created", limit: 20 });
    expect(repairs).toEqual([
      { path: "filters", from: '{"state":"OPEN","labels":"bug"}', to: { state: "OPEN", labels: "bug" }, rule: "json_string" },
      { path: "filters.state", from: "OPEN", to: "open", rule: "enum_spelling" },
      { path: "filters.labels", from: "bug", to: ["bug"], rule: "wrap_list" },
      { path: "sort", from: "Created ", to: "created", rule: "enum_spelling" },
      { path: "order", from: null, to: undefined, rule: "drop_null" },
      { path: "limit", from: ["20"], to: "20", rule: "unwrap_list" },
      { path: "limit", from: "20", to: 20, rule: "number_string" },
    ]);
  });

  it("lenient lists its casts too", () => {
    const { repairs } = tool(lenient, "legal_draft_v3").normalize(frozen({ counterparty: "A", value: "2.5", term_months: "12" }), "lenient");
    expect(repairs).toEqual([
      { path: "value", from: "2.5", to: 2.5, rule: "number_string" },
      { path: "term_months", from: "12", to: 12, rule: "number_string" },
    ]);
  });
});

describe("modes", () => {
  it('"compare" (the default) is normalized, then every string trimmed and lower-cased; folding is not a repair', () => {
    const t = tool(normalized, "search_issues");
    const input = frozen({ query: "  Find ME ", sort: "Created", filters: { labels: ["Bug ", "UI"] } });
    const a = t.normalize(input);
    const b = t.normalize(input, "compare");
    expect(a).toEqual(b);
    expect(a.value).toEqual({ query: "find me", sort: "created", filters: { labels: ["bug", "ui"] } });
    expect(a.repairs).toEqual([{ path: "sort", from: "Created", to: "created", rule: "enum_spelling" }]);
  });

  it("compare folds a valid value too, and copies only what it folds", () => {
    const t = tool(normalized, "legal_draft_v3");
    const input = frozen({ counterparty: "ACME", value: 5, term_months: 12 });
    expect(t.normalize(input).value).toEqual({ counterparty: "acme", value: 5, term_months: 12 });
    const lower = frozen({ counterparty: "acme", value: 5, term_months: 12 });
    expect(t.normalize(lower).value).toBe(lower);
  });

  it('"none" returns the input; an unknown mode is a TypeError', () => {
    const t = tool(normalized, "legal_draft_v3");
    const input = frozen({ counterparty: "A", value: "5", term_months: 12 });
    expect(t.normalize(input, "none")).toEqual({ value: input, repairs: [] });
    expect(t.normalize(input, "none").value).toBe(input);
    expect(() => t.normalize(input, "strict" as NormalizeMode)).toThrow(TypeError);
    expect(() => t.normalize(input, "__proto__" as NormalizeMode)).toThrow(TypeError);
  });

  it("normalize is the same whatever the tool's coerce mode", () => {
    const input = frozen({ counterparty: "A", value: "5", term_months: [" 7 "] });
    const want = tool(normalized, "legal_draft_v3").normalize(input, "normalized");
    expect(tool(none, "legal_draft_v3").normalize(input, "normalized")).toEqual(want);
    expect(tool(lenient, "legal_draft_v3").normalize(input, "normalized")).toEqual(want);
  });

  it("a tool on the ajv fallback repairs nothing, but compare mode still folds", () => {
    if (!fallback) return;
    const t = tool(fallback, "tree");
    const input = frozen({ data: "X", children: [{ data: " Y " }] });
    expect(t.normalize(input, "normalized").value).toBe(input);
    expect(t.normalize(input).value).toEqual({ data: "x", children: [{ data: "y" }] });
  });
});

// ---------------------------------------------------------------- validate under a coerce mode

describe("validate under a coerce mode", () => {
  const SEED = SEED_000_ARGS;

  it('"none": nothing changes; the valid path returns the shared frozen report, without value', () => {
    const t = tool(none, "legal_draft_v3");
    expect(t.coerce).toBe("none");
    const a = t.validate({ counterparty: "A", value: 1, term_months: 1 });
    const b = t.validate({ counterparty: "B", value: 2, term_months: 2 });
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect("value" in a).toBe(false);
    const r = t.validate({ counterparty: "A", value: 1, term_months: "12" });
    expect(r.type_errors).toEqual(["term_months: expected integer, got string"]);
    expect(r.value).toBeUndefined();
  });

  it("a repaired call is ok, carries the coerced value and its repairs; toDict stays seed 000's", () => {
    const t = tool(lenient, "legal_draft_v3");
    expect(t.coerce).toBe("lenient");
    const input = frozen({ counterparty: "Acme", value: "5", term_months: "12" });
    const r = t.validate(input);
    expect(r.ok).toBe(true);
    expect(r.value).toEqual({ counterparty: "Acme", value: 5, term_months: 12 });
    expect(r.repairs).toHaveLength(2);
    expect(r.toDict()).toEqual({ ok: true, unknown_tool: false, missing_required: [], unknown_args: [], type_errors: [], enum_errors: [], constraint_errors: [], n_errors: 0 });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r.toDict());
    expect(r.feedback).toBe("");
  });

  it("a valid call comes back as itself: value is the input, no repairs", () => {
    const input = frozen({ counterparty: "Acme", value: 5, term_months: 12 });
    for (const ts of [lenient, normalized]) {
      const r = tool(ts, "legal_draft_v3").validate(input);
      expect(r.ok).toBe(true);
      expect(r.value).toBe(input);
      expect(r.repairs).toEqual([]);
    }
  });

  it("an invalid call is reported on the coerced value: the model is not told about what was repaired", () => {
    const r = tool(lenient, "legal_draft_v3").validate(frozen({ ...SEED, value: "-5", term_months: "ten" }));
    expect(r.toDict()).toEqual(SEED_000_REPORT);
    expect(r.value).toEqual({ ...SEED, value: -5 });
    expect(r.repairs).toEqual([{ path: "value", from: "-5", to: -5, rule: "number_string" }]);
    const n = tool(normalized, "search_issues").validate(frozen({ query: "x", sort: "Created", order: "up" }));
    expect(n.enum_errors).toEqual(['order: "up" not in ["asc", "desc"]']);
    expect(n.repairs!.map((x) => x.rule)).toEqual(["enum_spelling"]);
  });

  it("validateCall and Standard Schema use the coerce mode; per-tool overrides apply", () => {
    expect(lenient.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "A", value: "1", term_months: "2" } }).ok).toBe(true);
    const std = tool(normalized, "book_room")["~standard"].validate({ room_id: "r1", start_iso: "2026-01-31T09:00:00Z", duration_min: " 30 " });
    expect(std).toEqual({ value: { room_id: "r1", start_iso: "2026-01-31T09:00:00Z", duration_min: 30 } });
    const bad = tool(normalized, "book_room")["~standard"].validate({ room_id: "r1", start_iso: "2026-01-31T09:00:00Z", duration_min: "5" });
    expect("issues" in bad && bad.issues?.[0]?.message).toMatch(/^"duration_min" must be at least 15; got 5/);
    const same = { room_id: "r1", start_iso: "2026-01-31T09:00:00Z" };
    expect((tool(normalized, "book_room")["~standard"].validate(same) as { value: unknown }).value).toBe(same);
    expect(tool(mixed, "legal_draft_v3").coerce).toBe("lenient");
    expect(tool(mixed, "book_room").coerce).toBe("normalized");
    expect(tool(mixed, "edit_file").coerce).toBe("none");
    expect(mixed.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "A", value: "1", term_months: "2" } }).ok).toBe(true);
    expect(mixed.validateCall({ name: "edit_file", arguments: { path: "/a", edits: [{ oldText: "a", newText: "b" }], dryRun: "true" } }).ok).toBe(false);
  });
});

// ---------------------------------------------------------------- safety

describe("never mutates, never touches a prototype", () => {
  it("keeps __proto__ and constructor as data, returns plain objects, leaves Object.prototype alone", () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const input = deepFreeze(JSON.parse('{"req": 1, "__proto__": "5", "constructor": "yes", "map": {"__proto__": "7", "constructor": "8"}}') as Record<string, unknown>);
    const { value, repairs } = tool(normalized, "kinds").normalize(input, "normalized");
    const out = value as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe(5);
    expect(Object.getOwnPropertyDescriptor(out, "constructor")?.value).toBe(true);
    const map = out.map as Record<string, unknown>;
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(map, "__proto__")?.value).toBe(7);
    expect(Object.getOwnPropertyDescriptor(map, "constructor")?.value).toBe(8);
    // Schema order: map is declared before __proto__ and constructor.
    expect(repairs.map((r) => [r.path, r.rule])).toEqual([
      ["map.__proto__", "number_string"],
      ["map.constructor", "number_string"],
      ["__proto__", "number_string"],
      ["constructor", "boolean_string"],
    ]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(tool(normalized, "kinds").is(out)).toBe(true);
  });

  it("null drop of a __proto__ property removes only the own property", () => {
    const input = deepFreeze(JSON.parse('{"req": 1, "__proto__": null}') as Record<string, unknown>);
    const out = tool(normalized, "kinds").normalize(input, "normalized").value as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(false);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it("a JSON string with __proto__ stays data", () => {
    const out = tool(normalized, "kinds").normalize(frozen({ req: 1, map: '{"__proto__": 1, "a": "2"}' }), "normalized").value as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(out.map)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.map, "__proto__")?.value).toBe(1);
    expect(out.map.a).toBe(2);
  });

  it("compare mode keeps __proto__ as data too", () => {
    const input = deepFreeze(JSON.parse('{"req": 1, "s": "X", "map": {"__proto__": 1}, "tags": ["A"]}') as Record<string, unknown>);
    const out = tool(normalized, "kinds").normalize(input).value as Record<string, unknown>;
    expect(out.s).toBe("x");
    expect(Object.getOwnPropertyDescriptor(out.map, "__proto__")?.value).toBe(1);
  });
});

// ---------------------------------------------------------------- properties

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom("5", " 12 ", "-3", "2.5", "true", "yes", "False", "[1]", '["a"]', '{"a":1}', "Denver", "null", " ", "1e999", "0x10", "Ünïcödé", "__proto__"),
);
const nonEmpty = tricky.filter((s) => s.length > 0);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const record = (fields: Record<string, fc.Arbitrary<unknown>>, required: string[]) =>
  fc.record(fields, { requiredKeys: required as never[] }).map((o) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) if (v !== undefined) out[k] = v;
    return out;
  });
const isoDate = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2090-01-01T00:00:00Z"), noInvalidDate: true });

/** Valid values per example tool (hand-written from examples/tools/*.json). */
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  legal_draft_v3: record({ counterparty: nonEmpty, value: fc.double({ min: 0, max: 1e12, noNaN: true }), term_months: fc.integer({ min: 1, max: 120 }) }, ["counterparty", "value", "term_months"]),
  book_room: record({ room_id: tricky, start_iso: isoDate.map((d) => d.toISOString()), duration_min: opt(fc.integer({ min: 15, max: 480 })) }, ["room_id", "start_iso"]),
  edit_file: record(
    { path: tricky.map((s) => "/" + s), edits: fc.array(record({ oldText: tricky, newText: tricky }, ["oldText", "newText"]), { minLength: 1, maxLength: 4 }), dryRun: opt(fc.boolean()) },
    ["path", "edits"],
  ),
  search_issues: record(
    {
      query: nonEmpty.filter((s) => [...s].length <= 256),
      filters: opt(
        record(
          {
            state: opt(fc.constantFrom("open", "closed", "all")),
            labels: opt(fc.uniqueArray(tricky, { maxLength: 10 })),
            assignee_id: opt(fc.oneof(fc.constant(null), fc.stringMatching(/^u_[0-9a-z]{6}$/))),
            created: opt(
              fc.tuple(isoDate, isoDate).map(([a, b]) => {
                const [lo, hi] = a < b ? [a, b] : [b, a];
                return lo.getTime() === hi.getTime() ? { after: lo.toISOString().slice(0, 10) } : { after: lo.toISOString().slice(0, 10), before: new Date(hi.getTime() + 86_400_000).toISOString().slice(0, 10) };
              }),
            ),
          },
          [],
        ),
      ),
      sort: opt(fc.constantFrom("created", "updated", "comments")),
      order: opt(fc.constantFrom("asc", "desc")),
      limit: opt(fc.integer({ min: 1, max: 100 })),
    },
    ["query"],
  ),
  create_outline: fc.letrec<{ section: unknown; outline: unknown }>((tie) => ({
    section: record(
      { heading: nonEmpty, kind: opt(fc.constantFrom("chapter", "section", "appendix")), children: opt(fc.array(tie("section"), { maxLength: 2, depthIdentifier: "outline" })) },
      ["heading"],
    ),
    outline: record({ title: nonEmpty, sections: fc.array(tie("section"), { maxLength: 3, depthIdentifier: "outline" }) }, ["title", "sections"]),
  })).outline,
  kinds: record(
    {
      req: fc.integer(),
      n: opt(fc.integer({ min: -100 })),
      x: opt(fc.double({ noNaN: true, noDefaultInfinity: true })),
      b: opt(fc.boolean()),
      s: opt(tricky),
      city: opt(fc.constantFrom("denver", "New York")),
      level: opt(fc.constantFrom(1, 2, 3)),
      mode: opt(fc.constant("fast")),
      amb: opt(fc.constantFrom("A", "a", "b")),
      tags: opt(fc.array(tricky, { maxLength: 3 })),
      ids: opt(fc.array(fc.integer(), { maxLength: 3 })),
      opt: opt(record({ k: opt(fc.integer()) }, [])),
      nullable: opt(fc.oneof(fc.constant(null), tricky)),
      either: opt(fc.oneof(fc.integer(), tricky)),
      union: opt(fc.oneof(fc.integer(), fc.boolean())),
      pick: opt(fc.oneof(fc.integer({ min: 10 }), fc.constantFrom("low", "high"))),
      map: opt(fc.dictionary(tricky, fc.integer(), { maxKeys: 3 })),
      pat: opt(fc.dictionary(fc.string().map((s) => "n_" + s), fc.integer(), { maxKeys: 2 })),
      pair: opt(fc.oneof(fc.constant([]), fc.tuple(fc.integer()), fc.tuple(fc.integer(), fc.boolean()))),
      any: opt(fc.jsonValue()),
    },
    ["req"],
  ),
};

/** Almost-right values: a valid value with some leaves written the way models write them. */
function mutate(v: unknown, pick: () => number): unknown {
  const r = pick() % 8;
  if (typeof v === "number") return r === 0 ? String(v) : r === 1 ? [v] : r === 2 ? ` ${v} ` : v;
  if (typeof v === "boolean") return r === 0 ? (v ? "YES" : "no") : r === 1 ? [String(v)] : v;
  if (typeof v === "string") return r === 0 ? v.toUpperCase() : r === 1 ? [v] : r === 2 ? ` ${v}` : v;
  if (Array.isArray(v)) {
    if (r === 0) return JSON.stringify(v);
    if (r === 1 && v.length === 1) return v[0];
    return v.map((x) => mutate(x, pick));
  }
  if (typeof v === "object" && v !== null) {
    if (r === 0) return JSON.stringify(v);
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(o, k, { value: r === 1 && pick() % 3 === 0 ? null : mutate(x, pick), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return v;
}

describe("properties", () => {
  const MODES: NormalizeMode[] = ["lenient", "normalized"];

  for (const [name, arb] of Object.entries(VALID)) {
    it(`${name}: a valid value is valid after normalisation and is the same value (the same object); compare mode is its case-fold`, () => {
      const t = tool(normalized, name);
      fc.assert(
        fc.property(arb, (raw) => {
          const v = deepFreeze(raw);
          if (!t.is(v)) throw new Error("the arbitrary made an invalid value: " + JSON.stringify(v));
          for (const mode of MODES) {
            const { value, repairs } = t.normalize(v, mode);
            expect(value).toBe(v);
            expect(repairs).toEqual([]);
          }
          expect(t.normalize(v).value).toEqual(fold(v));
          const r = tool(lenient, name).validate(v);
          expect(r.ok).toBe(true);
          expect(r.value).toBe(v);
        }),
        { numRuns: 150 },
      );
    });

    it(`${name}: normalising is idempotent and never mutates; a repaired value is what validate reports on`, () => {
      const t = tool(normalized, name);
      fc.assert(
        fc.property(arb, fc.array(fc.nat(), { minLength: 1, maxLength: 64 }), (raw, choices) => {
          let i = 0;
          const pick = () => choices[i++ % choices.length]!;
          const input = deepFreeze(mutate(raw, pick));
          const snapshot = JSON.stringify(input);
          for (const mode of MODES) {
            const once = t.normalize(input, mode);
            const twice = t.normalize(deepFreeze(once.value), mode);
            expect(twice.value).toEqual(once.value);
            expect(twice.repairs).toEqual([]);
          }
          const r = t.validate(input);
          expect(r.value).toEqual(t.normalize(input, "normalized").value);
          expect(r.ok).toBe(t.is(r.value));
          expect(JSON.stringify(input)).toBe(snapshot);
        }),
        { numRuns: 150 },
      );
    });
  }

  it("no input makes a normaliser throw, in any mode", () => {
    const tools = Object.keys(VALID).map((n) => tool(normalized, n));
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (raw) => {
        const v = deepFreeze(raw);
        for (const t of tools) for (const mode of ["none", "lenient", "normalized", "compare"] as const) t.normalize(v, mode);
      }),
      { numRuns: 300 },
    );
  });
});

describe("enum spellings: the validator's list, folded by the runtime", () => {
  const SPELL = def("spell", {
    type: "object",
    properties: {
      mixed: { enum: ["Red", 1, null, " Blue ", "RED"] },
      colour: { type: "string", enum: ["Green", "teal"] },
      both: { enum: ["Fast", "slow"], const: "Fast" },
    },
  });
  let spell: LoadedToolset;
  beforeAll(async () => {
    spell = await loadToolset([SPELL], { coerce: "normalized" });
  });
  const S = (key: string, v: unknown) => tool(spell, "spell").normalize(frozen({ [key]: v }), "normalized");

  it("repairs case and space to the list's own spelling, and leaves members and the ambiguous as they are", () => {
    expect(S("colour", " green")).toEqual({ value: { colour: "Green" }, repairs: [{ path: "colour", from: " green", to: "Green", rule: "enum_spelling" }] });
    expect(S("colour", "teal").repairs).toEqual([]);
    expect(S("mixed", "blue").value).toEqual({ mixed: " Blue " });
    expect(S("mixed", "Red").repairs).toEqual([]); // a member as written
    expect(S("mixed", "red")).toEqual({ value: { mixed: "red" }, repairs: [] }); // "Red" or "RED"? never chosen
    expect(S("both", "fast").value).toEqual({ both: "Fast" });
    expect(S("both", "SLOW").value).toEqual({ both: "SLOW" }); // in the enum, not the const
  });

  it("writes each list once: the normaliser passes the validator's constant", () => {
    const js = readFileSync(join(spell.dir, "index.js"), "utf8");
    expect(js.split('["Green", "teal"]').length - 1).toBe(1);
    expect(js).toMatch(/rt\.nzSpelling\(v, p, r, allowed\d+\)/);
    expect(js).not.toContain("new Map(");
  });
});

describe("nzCast: the casts of a place wanting several types", () => {
  // What the generator wrote inline for such a place before nzCast (normalizer/scalar.ts), as a reference.
  const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"] as const;
  const BIT = { string: rtN.NZ_STRING, integer: rtN.NZ_INTEGER, number: rtN.NZ_NUMBER, boolean: rtN.NZ_BOOLEAN, null: rtN.NZ_NULL, array: rtN.NZ_ARRAY, object: rtN.NZ_OBJECT };
  const has = (types: readonly string[], w: unknown) =>
    types.some((t) => (t === "string" ? typeof w === "string" : t === "number" ? typeof w === "number" && Number.isFinite(w) : t === "integer" ? Number.isInteger(w) : t === "boolean" ? typeof w === "boolean" : t === "null" ? w === null : t === "array" ? Array.isArray(w) : typeof w === "object" && w !== null && !Array.isArray(w)));
  function reference(v: unknown, r: Repair[], m: number, types: readonly string[]): unknown {
    if (has(types, v)) return v;
    const num = types.includes("number") || types.includes("integer");
    const int = num && !types.includes("number");
    const bool = types.includes("boolean");
    const unwrap = types.every((t) => t !== "array" && t !== "object");
    let w: unknown = v;
    const u = unwrap && m >= 2 && Array.isArray(w) && w.length === 1;
    if (u) w = (w as unknown[])[0];
    if ((num || bool) && typeof w === "string") {
      const c = num && bool ? (rtN.nzNumber(w, m, int) ?? rtN.nzBoolean(w, m)) : num ? rtN.nzNumber(w, m, int) : rtN.nzBoolean(w, m);
      if (c !== undefined) w = c;
    }
    return w !== v && has(types, w) ? rtN.nzScalar(r, "p", v, w, u) : v;
  }

  it("casts as the inline code did, for every list of types and mode (property)", () => {
    const value = fc.oneof(
      fc.constantFrom("5", " 7 ", "2.5", "1e3", "true", "YES", "no", "x", "", "-0", "0x10", "null"),
      fc.jsonValue({ maxDepth: 1 }),
      fc.jsonValue({ maxDepth: 1 }).map((x) => [x]),
      fc.constantFrom(NaN, Infinity, -0, 1.5, 3),
    );
    fc.assert(
      fc.property(fc.subarray([...TYPES], { minLength: 1 }), value, fc.constantFrom(1, 2, 3), (types, v, m) => {
        const want = types.reduce((b, t) => b | BIT[t], 0);
        const r1: Repair[] = [];
        const r2: Repair[] = [];
        const got = rtN.nzCast(v, "p", r1, m, want);
        expect(Object.is(got, reference(v, r2, m, types)) || JSON.stringify(got) === JSON.stringify(reference(v, [], m, types))).toBe(true);
        expect(r1).toEqual(r2);
      }),
      { seed: 15, numRuns: 4000 },
    );
  });
});
