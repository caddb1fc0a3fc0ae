// What keeps a tool's generated code short (issue 15, size) without changing what it does:
// the schema as JSON text (a constant of the index), the normaliser calling the validator's own checks and the
// runtime's casts, toolset and toolsBySchemaHash read from the tools, local names per function.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { hashOf } from "../../src/io/hash.js";
import { loadToolset } from "../helpers/generated.js";

const def = (name: string, inputSchema: JsonSchema): ToolDefinition => ({ name, description: `The ${name} tool.`, inputSchema, origin: { file: "test/emit/generated-size.test.ts", pointer: "" } });

const nested: JsonSchema = {
  type: "object",
  properties: {
    when: { type: "object", properties: { day: { type: "integer", minimum: 1 }, tz: { type: "string" } }, required: ["day"], additionalProperties: false },
    tags: { type: "array", items: { type: "object", properties: { name: { type: "string", enum: ["red", "blue"] } }, required: ["name"] } },
    count: { type: "integer" },
    label: { type: "string" },
  },
  required: ["when"],
};

async function tsOf(tools: ToolDefinition[]): Promise<string> {
  const r = await generate({ tools, options: { lint: false, emit: "ts" } });
  return r.files.find((f) => f.path === "index.ts")!.contents;
}

describe("generated code stays short and means the same", () => {
  it("inputSchema is the same value as the source schema (JSON text parsed), own __proto__ keys and -0 kept", async () => {
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","description":"it\'s a \\"key\\" \\\\ \\u2028"}}}') as JsonSchema;
    const negZero: JsonSchema = { type: "number", minimum: -0 };
    const ts = await loadToolset([def("proto_keys", proto), def("neg_zero", negZero), def("nested", nested)]);
    const got = ts.toolset.proto_keys!.inputSchema as Record<string, Record<string, unknown>>;
    expect(got).toEqual(proto);
    expect(Object.keys(got.properties!)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(got.properties)).toBe(Object.prototype);
    expect(Object.is((ts.toolset.neg_zero!.inputSchema as { minimum: number }).minimum, -0)).toBe(true);
    expect(ts.toolset.nested!.inputSchema).toEqual(nested);
    expect(ts.toolset.nested!.inputSchema).toBe(ts.toolset.nested!.inputSchema);
  });

  it("the schemas are constants after the head, one per tool, which each section reads (a schema JSON cannot carry stays in its section); each section writes its hash", async () => {
    const negZero: JsonSchema = { type: "number", minimum: -0 };
    const tools = [def("nested", nested), def("neg_zero", negZero), def("input_schemas", nested), def("schema_hashes", negZero)];
    const text = await tsOf(tools);
    const consts = (prefix: string) => text.split("\n").filter((l) => l.startsWith(`const ${prefix}$`));
    expect(text.indexOf("const inputSchema$")).toBeLessThan(text.indexOf('// tool "'));
    expect(consts("inputSchema").sort()).toEqual([`const inputSchema$inputSchemasTool = '${JSON.stringify(nested)}';`, `const inputSchema$nested = '${JSON.stringify(nested)}';`]);
    // 64 hex digits do not compress: written once, in the section, without a constant's name.
    expect(consts("schemaHash")).toEqual([]);
    expect(text).toContain("inputSchema: JSON.parse(inputSchema$nested),");
    expect(text).toContain(`schemaHash: "${hashOf(nested)}",`);
    expect(text).toContain("inputSchema: {\"type\": \"number\", \"minimum\": -0},");
    const ts = await loadToolset(tools);
    for (const t of tools) {
      expect(Object.is(ts.toolset[t.name]!.inputSchema, ts.toolset[t.name]!.inputSchema)).toBe(true);
      expect(ts.toolset[t.name]!.inputSchema).toEqual(t.inputSchema);
      expect(ts.toolset[t.name]!.schemaHash).toBe(hashOf(t.inputSchema));
    }
  });

  it("minLength counts code points at every length, with the count read only where UTF-16 length cannot tell (none for minLength 1)", async () => {
    const props = Object.fromEntries([1, 2, 3, 4].map((n) => [`min${n}`, { type: "string", minLength: n, maxLength: n + 1 }]));
    const tools = [def("lengths", { type: "object", properties: props })];
    expect(await tsOf(tools)).toMatch(/if \(x0\.length < 1\) \{\s*if \(rt\.sizeErr\(s, "min1", x0, rt\.ucs2length\(x0\)/);
    const t = (await loadToolset(tools)).toolset.lengths!;
    const units = ["a", "\u{1F600}", "\uD800", "\uDFFF"];
    const strings = [""];
    for (let len = 1; len <= 5; len++) for (const s of strings.filter((x) => [...x].length === len - 1)) for (const u of units) strings.push(s + u);
    for (const s of strings) {
      const points = [...s].length;
      for (const n of [1, 2, 3, 4]) {
        expect(t.is({ [`min${n}`]: s }), `${JSON.stringify(s)} minLength ${n}`).toBe(points >= n && points <= n + 1);
        expect(t.validate({ [`min${n}`]: s }).ok).toBe(points >= n && points <= n + 1);
      }
    }
  });

  it("no is_* function: `is` runs the error path without a sink, and the normaliser asks the places' error functions (rt.fitsPlace)", async () => {
    const text = await tsOf([def("nested", nested)]);
    const at = text.indexOf("const normalize");
    const validator = text.slice(text.indexOf('tool "nested"'), at);
    const normaliser = text.slice(at, text.indexOf("return rt.makeTool"));
    expect(validator).not.toMatch(/function is_/);
    expect(validator).toMatch(/const \[is0, collect0\] = rt\.rootEntries\(err_0_0, (true|false)\);/);
    expect(normaliser).not.toMatch(/function is_/);
    // The root, `when` (an object), `tags` (an array) and its items: each asked through its own error function
    // (an object place that only normalises its declared properties: by its nzProps call, which reads JSON text too).
    const asked = [...normaliser.matchAll(/rt\.(?:nzContainer|nzProps)\([^)]*, (err_\w+)\)/g)].map((m) => m[1]);
    expect(asked).toHaveLength(4);
    for (const f of asked) expect(validator).toContain(`function ${f}(`);
    expect(normaliser).toMatch(/rt\.nzToInteger/);
    // One call a place where two would do: a string enum's cast and spelling (nzToSpelling), an object's JSON text and properties (nzProps).
    expect(normaliser).toMatch(/rt\.nzToSpelling\(v, p, r, m, allowed\d+\)/);
    expect(normaliser).not.toMatch(/rt\.nzSpelling|rt\.nzContainer\(v, p, r, m, d, 1,/);
    const ts = await loadToolset([def("nested", nested)]);
    const r = ts.toolset.nested!.normalize({ when: '{"day": "3"}', tags: { name: "RED" }, count: ["7"], label: 5 }, "normalized");
    expect(r.value).toEqual({ when: { day: 3 }, tags: [{ name: "red" }], count: 7, label: 5 });
    expect(r.repairs.map((x) => [x.path, x.rule])).toEqual([
      ["when", "json_string"],
      ["when.day", "number_string"],
      ["tags", "wrap_list"],
      ["tags[0].name", "enum_spelling"],
      ["count", "unwrap_list"],
      ["count", "number_string"],
    ]);
    // JSON text that does not fit after repair is left as it was.
    expect(ts.toolset.nested!.normalize({ when: '{"day": 0}' }, "normalized").value).toEqual({ when: '{"day": 0}' });
  });

  it("toolset: each tool by its own name, in the index's order, frozen; the index lists the tools, not their names again", async () => {
    const flat: JsonSchema = { type: "object", properties: { q: { type: "string" } } };
    const names = ["b_tool", "__proto__", "constructor", "10", "a_tool"];
    const tools = names.map((n) => def(n, flat));
    const text = await tsOf(tools);
    const tail = text.slice(text.indexOf("export const toolset"), text.indexOf("export const toolNames"));
    for (const n of names) expect(tail).not.toContain(JSON.stringify(n));
    const ts = await loadToolset(tools);
    expect(Object.isFrozen(ts.toolset)).toBe(true);
    expect(Object.getPrototypeOf(ts.toolset)).toBe(Object.prototype);
    // An object's key order: the integer-like name first, then the names as the index lists them (sorted by name).
    expect(Object.keys(ts.toolset)).toEqual(["10", "__proto__", "a_tool", "b_tool", "constructor"]);
    for (const n of names) expect((ts.toolset as Record<string, { name: string }>)[n]!.name).toBe(n);
    expect(ts.toolNames).toEqual(Object.keys(ts.toolset));
  });

  it("toolsBySchemaHash: each schema's hash → the first tool with it, frozen", async () => {
    const same: JsonSchema = { type: "object", properties: { q: { type: "string" } } };
    const ts = (await loadToolset([def("first", same), def("second", same), def("other", nested)])) as Awaited<ReturnType<typeof loadToolset>> & { toolsBySchemaHash: Record<string, string> };
    const map = ts.toolsBySchemaHash;
    expect(Object.isFrozen(map)).toBe(true);
    expect(map[ts.toolset.first!.schemaHash]).toBe("first");
    expect(map[ts.toolset.other!.schemaHash]).toBe("other");
    expect(Object.keys(map)).toHaveLength(2);
  });

  it("ships no function nothing reaches, two recursive checks that only call each other included", async () => {
    const tree: JsonSchema = {
      type: "object",
      properties: { title: { type: "string", minLength: 1 }, sections: { type: "array", items: { $ref: "#/$defs/section" }, maxItems: 50 } },
      required: ["title", "sections"],
      $defs: { section: { type: "object", properties: { heading: { type: "string", minLength: 1 }, kind: { type: "string", enum: ["chapter", "section"] }, children: { type: "array", items: { $ref: "#/$defs/section" } } }, required: ["heading"] } },
    };
    const text = await tsOf([def("tree", tree), def("nested", nested)]);
    for (const tool of ["tree", "nested"]) {
      const start = text.indexOf(`tool "${tool}"`);
      const section = text.slice(start, text.indexOf("})();", start));
      // The validator's functions (before the normaliser), each with its body.
      const validator = section.slice(0, section.indexOf("const normalize"));
      const bodies = new Map<string, string>();
      for (const m of validator.matchAll(/\n {2}function ([\w$]+)\(/g)) {
        const at = m.index! + 1;
        bodies.set(m[1]!, validator.slice(at, validator.indexOf("\n  }\n", at) + 4));
      }
      expect(bodies.size).toBeGreaterThan(2);
      // Reached from the normaliser and the tool object (its is, collect, normalize), directly or through each other.
      const reached = new Set<string>();
      const todo = [section.slice(section.indexOf("const normalize"))];
      for (let t = todo.pop(); t !== undefined; t = todo.pop())
        for (const [name, body] of bodies) if (!reached.has(name) && new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(t)) reached.add(name), todo.push(body);
      expect([...bodies.keys()].filter((n) => !reached.has(n)), tool).toEqual([]);
    }
    // The recursive section's own checks: the error function, no is_* that only the other is_* called.
    expect((await loadToolset([def("tree", tree)])).toolset.tree!.validate({ title: "t", sections: [{ heading: "a", children: [{ heading: 1 }] }] }).errors.map((e) => e.path)).toEqual(["sections[0].children[0].heading"]);
  });

  it("local names are counted from 0 in each function", async () => {
    const flat: JsonSchema = { type: "object", properties: { a: { type: "string", minLength: 2 }, b: { type: "integer" }, c: { type: "boolean" } }, required: ["a"] };
    const text = await tsOf([def("nested", nested), def("flat", flat)]);
    const section = (tool: string) => text.slice(text.indexOf(`tool "${tool}"`));
    const body = (tool: string, fn: string) => {
      const t = section(tool);
      const at = t.indexOf(`function ${fn}(`);
      return t.slice(at, t.indexOf("\n  }\n", at));
    };
    const reads = (s: string) => [...s.matchAll(/const (x\d+) = v\.(\w+);/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(section("flat")).not.toContain("function is_0_0(");
    expect(reads(body("flat", "err_0_0"))).toEqual(["x0=a", "x1=b", "x2=c"]);
    // Each function counts from 0: the nested object's own (a function of its own: the normaliser asks it) too.
    expect(reads(body("nested", "err_0_0"))[0]).toBe("x0=when");
    expect(reads(body("nested", "err_1_0"))[0]).toBe("x0=day");
  });
});
