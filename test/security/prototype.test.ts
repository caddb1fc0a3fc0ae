// Issue 9, point 2: prototype safety. Arguments come from a model that may be under
// prompt injection; JSON.parse gives them own keys like "__proto__". Such keys are
// ordinary keys — unknown, or declared when a schema declares them — inherited
// members (constructor, toString, hasOwnProperty …) are never mistaken for present
// arguments, nothing a validator does touches Object.prototype, and objects with a
// null prototype and arrays with holes are judged as the JSON they stand for.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Tool } from "../../packages/runtime/src/rt/index.js";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";

const INHERITED = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf", "isPrototypeOf", "__defineGetter__", "toLocaleString"];

/** Object.prototype (and friends) as they are now, to compare after every test. */
function snapshot(): string {
  const names = (o: object) => Reflect.ownKeys(o).map(String).sort().join(",");
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype].map(names).join("|") + "|" + String(Object.getPrototypeOf(Object.prototype));
}
const before = snapshot();

function assertClean(): void {
  expect(snapshot()).toBe(before);
  const probe = {} as Record<string, unknown>;
  for (const k of ["polluted", "isAdmin", "x", "a"]) expect(probe[k]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

// A schema written in JSON, as a server sends it: "__proto__" is an own key of `properties`.
const DECLARES = JSON.parse(`{
  "type": "object",
  "properties": {
    "__proto__": { "type": "string", "minLength": 1 },
    "constructor": { "type": "integer" },
    "prototype": { "type": "object", "properties": { "__proto__": { "type": "boolean" } }, "required": ["__proto__"], "additionalProperties": false },
    "hasOwnProperty": { "enum": ["a", "b"] },
    "toString": { "type": "number", "maximum": 10 }
  },
  "required": ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"]
}`);

const PLAIN = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };

const tools: ToolDefinition[] = [
  { name: "declares", inputSchema: DECLARES, origin: { file: "proto.json", pointer: "/0" } },
  { name: "plain", inputSchema: PLAIN, origin: { file: "proto.json", pointer: "/1" } },
  { name: "map_of_ints", inputSchema: { type: "object", additionalProperties: { type: "integer" } }, origin: { file: "proto.json", pointer: "/2" } },
  {
    name: "shapes",
    inputSchema: JSON.parse(`{
      "type": "object",
      "properties": { "a": { "type": "integer" } },
      "patternProperties": { "^__": { "type": "string" } },
      "propertyNames": { "not": { "const": "__proto__" } },
      "dependentRequired": { "constructor": ["toString"] },
      "minProperties": 1,
      "maxProperties": 3
    }`),
    origin: { file: "proto.json", pointer: "/3" },
  },
  { name: "required_only", inputSchema: JSON.parse(`{ "type": "object", "required": ["__proto__", "toString"] }`), origin: { file: "proto.json", pointer: "/4" } },
  { name: "const_proto", inputSchema: JSON.parse(`{ "type": "object", "properties": { "v": { "const": { "__proto__": 1, "a": [1] } }, "e": { "enum": [{ "constructor": "x" }, 2] } } }`), origin: { file: "proto.json", pointer: "/5" } },
  {
    name: "lists",
    inputSchema: {
      type: "object",
      properties: {
        ints: { type: "array", items: { type: "integer" } },
        any: { type: "array", minItems: 3 },
        unique: { type: "array", uniqueItems: true },
        has_string: { type: "array", contains: { type: "string" } },
      },
    },
    origin: { file: "proto.json", pointer: "/6" },
  },
];

let reject: LoadedToolset;
let open: LoadedToolset;
beforeAll(async () => {
  reject = await loadToolset(tools);
  open = await loadToolset(tools, { unknownArgs: "schema" });
});
afterAll(() => assertClean());

const t = (ts: LoadedToolset, name: string): Tool => ts.toolset[name]!;

describe("declared names that objects inherit", () => {
  it("an empty object is missing every one of them (inherited members are not arguments)", () => {
    const r = t(reject, "declares").validate({});
    expect(r.missing_required.sort()).toEqual(["__proto__", "constructor", "hasOwnProperty", "prototype", "toString"]);
    expect(t(reject, "declares").is({})).toBe(false);
    expect(t(reject, "required_only").validate({}).missing_required.sort()).toEqual(["__proto__", "toString"]);
    assertClean();
  });

  it("own keys from JSON.parse are present and judged by their schemas", () => {
    const good = JSON.parse(`{"__proto__": "x", "constructor": 3, "prototype": {"__proto__": true}, "hasOwnProperty": "a", "toString": 1.5}`);
    expect(t(reject, "declares").validate(good).ok).toBe(true);
    expect(t(reject, "declares").is(good)).toBe(true);
    const bad = JSON.parse(`{"__proto__": "", "constructor": "3", "prototype": {"__proto__": 1, "x": 1}, "hasOwnProperty": "c", "toString": 11}`);
    const r = t(reject, "declares").validate(bad);
    expect(r.ok).toBe(false);
    expect(r.type_errors.sort()).toEqual(["constructor: expected integer, got string", "prototype.__proto__: expected boolean, got integer"]);
    expect(r.enum_errors).toEqual(['hasOwnProperty: "c" not in ["a", "b"]']);
    expect(r.unknown_args).toEqual(["prototype.x"]);
    expect(r.constraint_errors.map((e) => e.split(":")[0]).sort()).toEqual(["__proto__", "toString"]);
    assertClean();
  });

  it("a __proto__ value that is an object is data, not a prototype", () => {
    const v = JSON.parse(`{"__proto__": {"polluted": true}, "constructor": 1, "prototype": {"__proto__": false}, "hasOwnProperty": "b", "toString": 0}`);
    const r = t(reject, "declares").validate(v);
    expect(r.type_errors).toEqual(["__proto__: expected string, got object"]);
    assertClean();
  });
});

describe("undeclared names that objects inherit", () => {
  const hostile = () =>
    JSON.parse(`{"a": "ok", "__proto__": {"polluted": 1, "isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}, "prototype": {"polluted": 1}, "hasOwnProperty": 1, "toString": "x", "valueOf": null, "isPrototypeOf": [], "__defineGetter__": 0, "toLocaleString": "y"}`);

  it("are unknown arguments under unknownArgs: reject, each named once", () => {
    const r = t(reject, "plain").validate(hostile());
    expect(r.unknown_args.sort()).toEqual([...INHERITED].sort());
    expect(r.missing_required).toEqual([]);
    expect(r.type_errors).toEqual([]);
    assertClean();
  });

  it("are allowed under unknownArgs: schema (an open object), and still no pollution", () => {
    expect(t(open, "plain").validate(hostile()).ok).toBe(true);
    expect(t(open, "plain").is(hostile())).toBe(true);
    assertClean();
  });

  it("are judged by additionalProperties, patternProperties, propertyNames, dependentRequired, min/maxProperties", () => {
    expect(t(open, "map_of_ints").validate(JSON.parse(`{"__proto__": "x", "constructor": 1}`)).type_errors).toEqual(["__proto__: expected integer, got string"]);
    expect(t(open, "map_of_ints").is(JSON.parse(`{"__proto__": 1, "toString": 2}`))).toBe(true);
    const shapes = t(open, "shapes");
    expect(shapes.validate(JSON.parse(`{"__proto__": "s"}`)).ok).toBe(false); // propertyNames forbids it
    expect(shapes.validate(JSON.parse(`{"__x": 1}`)).type_errors).toEqual(["__x: expected string, got integer"]);
    expect(shapes.validate({ a: 1 }).ok).toBe(true); // inherited constructor does not trigger dependentRequired
    expect(shapes.validate(JSON.parse(`{"constructor": 1}`)).missing_required).toEqual(["toString"]);
    expect(shapes.validate(JSON.parse(`{"constructor": 1, "toString": 2}`)).ok).toBe(true);
    expect(shapes.validate({}).constraint_errors).toHaveLength(1); // minProperties: inherited members do not count
    expect(shapes.validate(JSON.parse(`{"constructor": 1, "toString": 2, "valueOf": 3, "a": 4}`)).constraint_errors).toHaveLength(1); // maxProperties counts own keys
    assertClean();
  });

  it("const and enum compare own keys: {} is not {\"__proto__\": 1}", () => {
    const c = t(open, "const_proto");
    expect(c.is({ v: JSON.parse(`{"__proto__": 1, "a": [1]}`) })).toBe(true);
    expect(c.is({ v: { a: [1] } })).toBe(false);
    expect(c.is({ v: JSON.parse(`{"a": [1], "__proto__": 1}`) })).toBe(true);
    expect(c.is({ e: JSON.parse(`{"constructor": "x"}`) })).toBe(true);
    expect(c.is({ e: {} })).toBe(false);
    assertClean();
  });

  it("a tool named after an inherited member is found only by its own name", async () => {
    const ts = await loadToolset(INHERITED.map((name, i) => ({ name, inputSchema: PLAIN, origin: { file: "names.json", pointer: `/${i}` } })));
    expect([...ts.toolNames].sort()).toEqual([...INHERITED].sort());
    expect(Object.getPrototypeOf(ts.toolset)).toBe(Object.prototype);
    for (const name of INHERITED) {
      expect(Object.prototype.hasOwnProperty.call(ts.toolset, name)).toBe(true);
      expect(ts.validateCall({ name, arguments: { a: "x" } }).ok).toBe(true);
    }
    const other = await loadToolset([{ name: "plain", inputSchema: PLAIN, origin: { file: "x", pointer: "" } }]);
    for (const name of INHERITED) expect(other.validateCall({ name, arguments: {} }).unknown_tool).toBe(true);
    assertClean();
  });
});

describe("the ajv engine (escape hatch) is prototype-safe too", () => {
  it("inherited members are not present arguments; own __proto__ keys are judged", async () => {
    // Found by the long injection fuzz (seed 11812): ajv's standalone code read Object.prototype.constructor.
    const ajvTs = await loadToolset(tools, { engine: "ajv" } as never);
    const declares = t(ajvTs, "declares");
    expect(declares.validate({}).missing_required.sort()).toEqual(["__proto__", "constructor", "hasOwnProperty", "prototype", "toString"]);
    // (Not asserted: ajv itself counts a declared "__proto__" as an additional property under
    // additionalProperties: false — an upstream ajv bug the engine inherits; SECURITY.md lists it.)
    expect(declares.validate(JSON.parse(`{"__proto__": "x", "constructor": 3, "prototype": {"__proto__": true}, "hasOwnProperty": "a", "toString": 1.5}`)).missing_required).toEqual([]);
    const optional = await loadToolset([{ name: "opt", inputSchema: { type: "object", properties: { constructor: { type: "string" }, toString: { type: "string" } } }, origin: { file: "x", pointer: "" } }], { engine: "ajv", unknownArgs: "schema" } as never);
    expect(optional.toolset.opt!.is({})).toBe(true);
    expect(optional.toolset.opt!.is({ a: 1 })).toBe(true);
    expect(optional.toolset.opt!.is(JSON.parse(`{"constructor": 1}`))).toBe(false);
    assertClean();
  });
});

describe("objects with a null prototype, class instances, arrays with holes", () => {
  it("a null-prototype object is judged as the plain object it stands for", () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.a = "x";
    expect(t(reject, "plain").validate(o).ok).toBe(true);
    o.colour = 1;
    expect(t(reject, "plain").validate(o).unknown_args).toEqual(["colour"]);
    const d = Object.assign(Object.create(null), JSON.parse(`{"__proto__": "x", "constructor": 3, "prototype": {"__proto__": true}, "hasOwnProperty": "a", "toString": 1.5}`));
    expect(Object.getPrototypeOf(d)).toBe(null);
    expect(t(reject, "declares").is(d)).toBe(true);
    const empty = Object.create(null);
    expect(t(reject, "declares").validate(empty).missing_required).toHaveLength(5);
    assertClean();
  });

  it("arrays with holes: a hole is a missing (undefined) item", () => {
    // eslint-disable-next-line no-sparse-arrays
    const holes = [1, , 3];
    const lists = t(open, "lists");
    const r = lists.validate({ ints: holes });
    expect(r.ok).toBe(false);
    expect(r.type_errors).toEqual(["ints[1]: expected integer, got undefined"]);
    expect(lists.is({ any: new Array(3) })).toBe(true); // minItems counts length
    expect(lists.is({ any: new Array(2) })).toBe(false);
    expect(lists.validate({ unique: [, , 1] }).constraint_errors).toHaveLength(1); // two holes are equal (undefined)
    expect(lists.is({ unique: [, 1] })).toBe(true);
    expect(lists.is({ has_string: [, , "s"] })).toBe(true);
    expect(lists.is({ has_string: new Array(100) })).toBe(false);
    const sparse: unknown[] = [];
    sparse[1_000_000] = 1;
    expect(lists.is({ ints: sparse })).toBe(false);
    expect(lists.is({ unique: sparse })).toBe(false); // a million holes: all equal
    assertClean();
  });

  it("class instances and exotic objects are objects with their own enumerable keys", () => {
    class Args {
      a = "x";
      method() {
        return 1;
      }
    }
    expect(t(reject, "plain").validate(new Args()).ok).toBe(true);
    expect(t(reject, "plain").is(new Date())).toBe(false); // missing "a"
    expect(t(reject, "plain").validate(Object.assign(new Map(), { a: "x" })).ok).toBe(true);
    assertClean();
  });
});

describe("nothing a validator does can reach a prototype (property)", () => {
  const key = fc.oneof(fc.constantFrom(...INHERITED, "a", "polluted", "isAdmin"), fc.string({ maxLength: 6 }));
  const json = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: "small" }, fc.jsonValue({ maxDepth: 0 }), fc.array(tie("v"), { maxLength: 3 }), fc.array(fc.tuple(key, tie("v")), { maxLength: 4 }).map((e) => Object.fromEntries(e))),
  })).v;

  it("JSON.parse'd hostile objects through every example tool and the proto tools, both policies", async () => {
    const examples = await loadToolset(exampleTools());
    const all = [...Object.values(examples.toolset), ...Object.values(reject.toolset), ...Object.values(open.toolset)];
    fc.assert(
      fc.property(json, (v) => {
        const parsed = JSON.parse(JSON.stringify(v));
        for (const tool of all) {
          const is = tool.is(parsed);
          const r = tool.validate(parsed);
          expect(r.ok).toBe(is);
          JSON.stringify(r);
          void r.feedback;
        }
        assertClean();
      }),
      { seed: 99, numRuns: 300 },
    );
  });
});

describe("the normaliser's output has no inherited surprises", () => {
  it("normalize (when tools have it) keeps __proto__ as an own key and never pollutes", async () => {
    const candidates = [...Object.values(reject.toolset), ...Object.values(open.toolset)].filter((x) => typeof (x as { normalize?: unknown }).normalize === "function");
    const v = JSON.parse(`{"a": " X ", "__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": 1}}, "toString": "1"}`);
    const outs: unknown[] = [];
    for (const tool of candidates) {
      const norm = (tool as unknown as { normalize(v: unknown, ...rest: unknown[]): unknown }).normalize;
      for (const mode of [undefined, "lenient", "normalized", "compare"]) {
        const out = norm(v, mode);
        outs.push(out && typeof out === "object" && "value" in (out as object) ? (out as { value: unknown }).value : out);
      }
    }
    expect(outs.length).toBeGreaterThan(0);
    for (const out of outs) {
      expect(typeof out).toBe("object");
      const o = out as Record<string, unknown>;
      expect(Object.getPrototypeOf(o) === Object.prototype || Object.getPrototypeOf(o) === null).toBe(true);
      expect(Object.prototype.hasOwnProperty.call(o, "__proto__")).toBe(true);
      expect((o as { polluted?: unknown }).polluted).toBeUndefined();
    }
    expect(JSON.parse(JSON.stringify(v))).toEqual(v); // input not mutated
    assertClean();
  });
});
