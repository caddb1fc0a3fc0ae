// Provider tool lists (config `providers`, src/emit/providers): the conversions, the
// generated module, and the round trip as properties over the example tools and the
// real-tool corpus: a value valid for the tool's schema, sent in the provider's shape
// and brought back, is the same value; a value the provider's schema accepts comes back
// as one the tool's schema accepts, but for the keywords the build said it left out.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import { toOpenAI } from "../../src/emit/providers/openai.js";
import { toGemini } from "../../src/emit/providers/gemini.js";
import { providerNames, type Loss } from "../../src/emit/providers/shared.js";
import { ajvFor } from "../../src/schema/ajv.js";
import { sanityDialect } from "../../src/schema/lint/sanity.js";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import { fromProviderArgs, fromProviderCall, toProviderArgs } from "../../packages/runtime/src/rt/provider.js";
import { valueFor } from "../arbitraries/schema-values.js";
import { exampleTools, loadToolset } from "../helpers/generated.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

describe("OpenAI strict conversion", () => {
  it("makes every property required, optional ones nullable, objects closed; the plan takes the nulls out again", () => {
    const c = toOpenAI({ type: "object", properties: { a: { type: "string" }, b: { type: "integer", minimum: 1 }, c: { enum: ["x", "y"] } }, required: ["a"] });
    expect(c.strict).toBe(true);
    expect(c.parameters).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: ["integer", "null"], minimum: 1 }, c: { type: ["string", "null"], enum: ["x", "y", null] } },
      required: ["a", "b", "c"],
      additionalProperties: false,
    });
    expect(fromProviderArgs(c.plan, { a: "s", b: null, c: "x" })).toEqual({ a: "s", c: "x" });
    expect(toProviderArgs(c.plan, { a: "s" })).toEqual({ a: "s", b: null, c: null });
  });

  it("inlines $ref, keeps recursion in $defs, and says what it leaves out", () => {
    const c = toOpenAI({
      type: "object",
      properties: { root: { $ref: "#/definitions/node" }, name: { $ref: "#/definitions/name" } },
      required: ["root"],
      definitions: { name: { type: "string", maxLength: 9 }, node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/definitions/node" } } } } },
    });
    expect(c.strict).toBe(true);
    const p = c.parameters as Obj;
    expect((p.properties as Obj).name).toEqual({ type: ["string", "null"] });
    expect((p.properties as Obj).root).toEqual({ $ref: "#/$defs/node" });
    expect(p.$defs).toEqual({ node: { type: "object", properties: { kids: { type: ["array", "null"], items: { $ref: "#/$defs/node" } } }, required: ["kids"], additionalProperties: false } });
    expect(c.losses).toEqual([{ at: "/definitions/name", keyword: "maxLength" }]);
    // The recursive plan: nulls taken out at every level.
    expect(fromProviderArgs(c.plan, { root: { kids: [{ kids: null }] }, name: null })).toEqual({ root: { kids: [{}] } });
  });

  it("sends a schema strict mode cannot express as it is, with the reason", () => {
    const free = toOpenAI({ type: "object", properties: { tags: { type: "object", additionalProperties: { type: "string" } } } });
    expect(free).toMatchObject({ strict: false, reason: "additionalProperties with a schema (keys strict mode cannot list) at /properties/tags", plan: { root: 0 } });
    expect(toOpenAI({ type: "object", properties: { x: {} } })).toMatchObject({ strict: false, reason: "a value of any type (strict mode needs a type) at /properties/x" });
    expect(toOpenAI({ anyOf: [{ type: "object" }] })).toMatchObject({ strict: false });
    expect(toOpenAI({ type: "object", properties: { a: { allOf: [{ type: "string" }, { minLength: 1 }] } } })).toMatchObject({ strict: false, reason: "allOf (strict mode has no intersection) at /properties/a" });
  });

  it("picks an anyOf alternative by its property names on the way back", () => {
    const c = toOpenAI({
      type: "object",
      properties: { shape: { anyOf: [{ type: "object", properties: { r: { type: "number" } } }, { type: "object", properties: { w: { type: "number" }, h: { type: "number" } }, required: ["w"] }] } },
      required: ["shape"],
    });
    expect(c.strict).toBe(true);
    expect(fromProviderArgs(c.plan, { shape: { w: 2, h: null } })).toEqual({ shape: { w: 2 } });
    expect(fromProviderArgs(c.plan, { shape: { r: null } })).toEqual({ shape: {} });
    expect(toProviderArgs(c.plan, { shape: { w: 2 } })).toEqual({ shape: { w: 2, h: null } });
  });

  it("keeps an own __proto__ key an own key and never mutates", () => {
    const c = toOpenAI(JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}, "b": {"type": "string"}}}'));
    const input = JSON.parse('{"__proto__": null, "b": "x"}') as Obj;
    const back = fromProviderArgs(c.plan, input) as Obj;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(["b"]);
    expect(Object.keys(input)).toEqual(["__proto__", "b"]);
    const there = toProviderArgs(c.plan, {}) as Obj;
    expect(Object.getPrototypeOf(there)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(there, "__proto__")).toBe(true);
  });
});

describe("Gemini conversion", () => {
  it("writes the OpenAPI subset: no $ref, nullable, string enums, upper-case types", () => {
    const g = toGemini({
      type: "object",
      properties: { n: { type: ["integer", "null"], exclusiveMinimum: 0 }, k: { enum: ["a", "b"] }, r: { $ref: "#/$defs/r" }, m: { type: "integer", enum: [1, 2] } },
      required: ["k", "zzz"],
      additionalProperties: false,
      $defs: { r: { type: "string", format: "date-time" } },
    });
    expect(g.parameters).toEqual({
      type: "OBJECT",
      properties: { n: { type: "INTEGER", nullable: true }, k: { type: "STRING", format: "enum", enum: ["a", "b"] }, r: { type: "STRING", format: "date-time" }, m: { type: "INTEGER" } },
      required: ["k"],
    });
    expect(g.losses.map((l) => `${l.at} ${l.keyword}`)).toEqual(["/properties/n exclusiveMinimum", "/properties/m enum", " required", " additionalProperties"]);
    expect(toGemini({ type: "object", properties: {} }).parameters).toBeUndefined();
  });
});

describe("provider names", () => {
  it("keeps names that fit, rewrites the others without clashes, and the call comes back under the tool's name", () => {
    expect(providerNames("openai", ["ok_name", "a.b", "a_b", "x".repeat(70)])).toEqual(["ok_name", "a_b_2", "a_b", "x".repeat(64)]);
    expect(providerNames("gemini", ["1st", "a.b"])).toEqual(["_1st", "a.b"]);
    expect(fromProviderCall({ names: { a_b_2: "a.b" } }, "a_b_2", '{"x":1}')).toEqual({ name: "a.b", arguments: { x: 1 } });
    expect(fromProviderCall({}, "t", "{not json")).toEqual({ name: "t", arguments: "{not json" });
  });
});

describe("generated/providers", () => {
  it("exports typed lists and brings a strict OpenAI call back before validation", async () => {
    const { dir } = await loadToolset(exampleTools(), { providers: ["openai", "anthropic", "gemini"] });
    const mod = (await import(pathToFileURL(join(dir, "providers.js")).href)) as {
      openaiTools: { function: { name: string; strict: boolean; parameters: Obj } }[];
      openaiResponsesTools: { name: string; type: string }[];
      anthropicTools: { name: string; input_schema: unknown }[];
      geminiFunctionDeclarations: { name: string; parameters?: Obj }[];
      fromProvider(p: string, call: { name: string; arguments?: unknown }): { name: string; arguments: unknown };
      validateProviderCall(p: string, call: { name: string; arguments?: unknown }): { ok: boolean };
    };
    const names = exampleTools().map((t) => t.name).sort();
    expect(mod.openaiTools.map((t) => t.function.name)).toEqual(names);
    expect(mod.openaiResponsesTools[0]).toMatchObject({ type: "function", name: names[0] });
    expect(mod.anthropicTools.map((t) => t.name)).toEqual(names);
    expect(mod.geminiFunctionDeclarations.map((t) => t.name)).toEqual(names);
    expect((mod as unknown as { openaiNotStrict: object }).openaiNotStrict).toEqual({});
    const book = mod.openaiTools.find((t) => t.function.name === "book_room")!.function;
    expect(book.strict).toBe(true);
    // duration_min is optional: strict mode makes the model send null for it.
    const call = { name: "book_room", arguments: '{"room_id":"r1","start_iso":"2026-01-31T09:00:00Z","duration_min":null}' };
    expect(mod.fromProvider("openai", call)).toEqual({ name: "book_room", arguments: { room_id: "r1", start_iso: "2026-01-31T09:00:00Z" } });
    expect(mod.validateProviderCall("openai", call).ok).toBe(true);
    // Without the way back, the null is refused: the executor would have seen the provider's form.
    const { validateCall } = (await import(pathToFileURL(join(dir, "index.js")).href)) as { validateCall(c: unknown): { ok: boolean } };
    expect(validateCall(call).ok).toBe(false);
  });

  it("reports each loss at build time as a lint-style warning that the config can switch off", async () => {
    const { generate } = await import("../../src/pipeline/generate.js");
    const r = await generate({ tools: exampleTools(), options: { providers: ["openai"] } });
    const notes = r.diagnostics.filter((d) => d.code === "lint/provider-loss");
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((d) => d.severity === "warning" && d.tool && d.message.startsWith("openai: "))).toBe(true);
    expect(notes.map((d) => d.message)).toContain("openai: leaves out minLength at /properties/counterparty");
    const off = await generate({ tools: exampleTools(), options: { providers: ["openai"], lint: { "provider-loss": false } } });
    expect(off.diagnostics.filter((d) => d.code === "lint/provider-loss")).toEqual([]);
    expect(off.files.map((f) => f.path)).toContain("providers.ts");
    const none = await generate({ tools: exampleTools(), options: {} });
    expect(none.files.map((f) => f.path)).not.toContain("providers.ts");
  });
});

// ---------------------------------------------------------------- round trip, as properties

// Two servers may name a tool alike: one toolset holds them under distinct names.
const seen = new Set<string>();
const corpusTools: ToolDefinition[] = readdirSync("test/corpus")
  .filter((f) => f.endsWith(".json") && f !== "sources.json")
  .flatMap((f) => toolsFromJson(JSON.parse(readFileSync(`test/corpus/${f}`, "utf8")), `test/corpus/${f}`).tools)
  .map((t) => {
    let name = t.name;
    for (let i = 2; seen.has(name); i++) name = `${t.name}_${i}`;
    seen.add(name);
    return { ...t, name };
  });

/** ajv for a schema in its own dialect; undefined when ajv cannot compile it (an unknown format). */
function ajvCheck(schema: unknown, dialect: "draft-07" | "2020-12"): ((v: unknown) => ErrorObject[] | undefined) | undefined {
  const s = isObj(schema) ? { ...schema } : schema;
  if (isObj(s)) delete s.$id;
  try {
    const f = ajvFor(dialect).compile(s as object);
    return (v) => (f(v) ? undefined : [...(f.errors ?? [])]);
  } catch {
    return undefined;
  }
}

/** A Gemini schema read as JSON Schema (for ajv): lower-case types, nullable as a null type, format "enum" dropped. */
function geminiAsJsonSchema(s: unknown): unknown {
  if (!isObj(s)) return s;
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "type") continue;
    if (k === "properties") out[k] = Object.fromEntries(Object.entries(v as Obj).map(([n, p]) => [n, geminiAsJsonSchema(p)]));
    else if (k === "items") out[k] = geminiAsJsonSchema(v);
    else if (k === "anyOf") out[k] = (v as unknown[]).map(geminiAsJsonSchema);
    else if (k === "format" && v === "enum") continue;
    else if (k !== "nullable") out[k] = v;
  }
  if (typeof s.type === "string") out.type = s.nullable && s.type !== "NULL" ? [s.type.toLowerCase(), "null"] : s.type.toLowerCase();
  if (s.nullable && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  if (s.nullable && Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as unknown[]), { type: "null" }];
  return out;
}

/**
 * Whether every error is at a place and keyword the conversion reported leaving out. A
 * union (anyOf, oneOf) the value failed lists every alternative's errors: when one of
 * them under the union's place is explained, the union's are (the value aimed at that one).
 */
function explainedBy(errors: readonly ErrorObject[], losses: readonly Loss[]): boolean {
  const PLAIN = /^[a-z][A-Za-z]*$/;
  const STRUCTURAL = new Set(["allOf", "oneOf", "$ref", "items", "type", "enum", "const", "false"]);
  const one = (e: ErrorObject) => {
    // ajv's schemaPath starts again at a $ref's target ("#/properties/x" inside "#/$defs/node"): a loss there ends with it.
    const path = decodeURIComponent(e.schemaPath).slice(1);
    return losses.some((l) => {
      const at = STRUCTURAL.has(l.keyword) || !PLAIN.test(l.keyword) ? l.at : `${l.at}/${l.keyword}`;
      return path.startsWith(at) || (l.at + "/" + l.keyword).endsWith(path.split("/").slice(0, at.split("/").length).join("/"));
    });
  };
  const explained = errors.filter(one);
  const unions = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf").map((e) => e.instancePath).filter((p) => explained.some((e) => e.instancePath.startsWith(p)));
  return errors.every((e) => explained.includes(e) || unions.some((p) => e.instancePath.startsWith(p)));
}

/** `back` equals `orig`, but for null where `orig` left an optional-and-nullable property out (reported as a loss). */
function sameBut(orig: unknown, back: unknown, nullMerged: boolean): boolean {
  if (!nullMerged || !isObj(orig) || !isObj(back)) {
    if (Array.isArray(orig) && Array.isArray(back) && nullMerged) return orig.length === back.length && orig.every((x, i) => sameBut(x, back[i], true));
    return JSON.stringify(orig) === JSON.stringify(back);
  }
  const keys = Object.keys(back).filter((k) => !(back[k] === null && !(k in orig)));
  return keys.length === Object.keys(orig).length && keys.every((k) => sameBut(orig[k], back[k], true));
}

interface Tally {
  tools: number;
  valid: number;
  providerValid: number;
}

/**
 * `accepts`: toolform's own validator of each tool (unknown arguments refused, as a build
 * does by default); a value valid for the tool's schema is one it and ajv accept.
 */
function roundTrip(tools: readonly ToolDefinition[], runs: number, accepts: (tool: string, v: unknown) => boolean): { openai: Tally; gemini: Tally; problems: string[] } {
  const problems: string[] = [];
  const openai: Tally = { tools: 0, valid: 0, providerValid: 0 };
  const gemini: Tally = { tools: 0, valid: 0, providerValid: 0 };
  for (const t of tools) {
    const dialect = sanityDialect(t.inputSchema as never) === "draft-07" ? "draft-07" : "2020-12";
    const original = ajvCheck(t.inputSchema, dialect);
    if (!original) continue;
    const o = toOpenAI(t.inputSchema);
    const g = toGemini(t.inputSchema);
    const oCheck = o.strict ? ajvCheck(o.parameters, "2020-12") : original;
    const gSchema = g.parameters ? geminiAsJsonSchema(g.parameters) : { type: "object" };
    const gCheck = ajvCheck(gSchema, "2020-12");
    if (!oCheck || !gCheck) {
      problems.push(`${t.name}: a provider schema ajv cannot compile`);
      continue;
    }
    openai.tools++;
    gemini.tools++;
    const merged = o.losses.some((l) => l.keyword === "required");
    const cutByGemini = g.losses.some((l) => l.keyword === "$ref");
    // From the tool's schema: provider-valid in between, the same value back.
    fc.assert(
      // Values aimed at the tool's schema, and at the provider's brought back (more of them valid).
      fc.property(fc.oneof(valueFor(t.inputSchema as Obj), valueFor(o.parameters).map((p) => fromProviderArgs(o.plan, p))), (v) => {
        if (original(v) || !accepts(t.name, v)) return;
        openai.valid++;
        gemini.valid++;
        const there = toProviderArgs(o.plan, v);
        const oErrors = oCheck(there);
        // An object the tool leaves open (additionalProperties: true) is closed in strict mode, as reported: a value with other keys is refused there.
        const narrowed = o.losses.some((l) => l.keyword === "additionalProperties") && !!oErrors?.some((e) => e.keyword === "additionalProperties");
        if (oErrors && !narrowed) problems.push(`${t.name}: valid value ${JSON.stringify(v)} not accepted by the OpenAI schema: ${JSON.stringify(oErrors)}`);
        const back = fromProviderArgs(o.plan, there);
        if (!sameBut(v, back, merged)) problems.push(`${t.name}: ${JSON.stringify(v)} came back as ${JSON.stringify(back)}`);
        else if (original(back) || !accepts(t.name, back)) problems.push(`${t.name}: the value that came back is refused`);
        const gErrors = gCheck(v);
        if (gErrors) problems.push(`${t.name}: valid value not accepted by the Gemini schema: ${JSON.stringify(gErrors[0])}`);
      }),
      { numRuns: runs, seed: 30 },
    );
    // From the provider's schema: back in the tool's shape, refused only for what the build reported.
    fc.assert(
      fc.property(valueFor(o.parameters), (v) => {
        if (oCheck(v)) return;
        openai.providerValid++;
        const errors = original(fromProviderArgs(o.plan, v));
        if (errors && !explainedBy(errors, o.losses)) problems.push(`${t.name}: OpenAI-valid ${JSON.stringify(v)} refused for ${JSON.stringify(errors[0])}, not reported as left out`);
      }),
      { numRuns: runs, seed: 31 },
    );
    if (cutByGemini) continue; // a recursion cut to its type: anything below it is the validator's
    fc.assert(
      fc.property(valueFor(gSchema as Obj), (v) => {
        if (gCheck(v)) return;
        gemini.providerValid++;
        const errors = original(v);
        if (errors && !explainedBy(errors, g.losses)) problems.push(`${t.name}: Gemini-valid ${JSON.stringify(v)} refused for ${JSON.stringify(errors[0])}, not reported as left out`);
      }),
      { numRuns: runs, seed: 32 },
    );
  }
  return { openai, gemini, problems };
}

async function validators(tools: ToolDefinition[]): Promise<(tool: string, v: unknown) => boolean> {
  const { toolset } = await loadToolset(tools, { allowUnchecked: true, normalizer: false });
  return (name, v) => toolset[name]!.is(v);
}

describe("the way back is total", () => {
  it("never throws nor mutates, whatever the value, on every corpus plan; a cyclic value stops at the depth bound", () => {
    const plans = corpusTools.map((t) => toOpenAI(t.inputSchema).plan).filter((p) => p.root);
    expect(plans.length).toBeGreaterThan(300);
    fc.assert(
      fc.property(fc.constantFrom(...plans), fc.anything({ withNullPrototype: true, withObjectString: true }), (plan, v) => {
        const before = JSON.stringify(v);
        fromProviderArgs(plan, v);
        toProviderArgs(plan, v);
        expect(JSON.stringify(v)).toBe(before);
      }),
      { numRuns: 2000, seed: 33 },
    );
    const outline = toOpenAI(exampleTools().find((t) => t.name === "create_outline")!.inputSchema);
    const node: Obj = { heading: "h", kind: null, children: [] };
    (node.children as unknown[]).push(node);
    expect(() => fromProviderArgs(outline.plan, { title: "t", sections: [node] })).not.toThrow();
  });
});

describe("round trip", () => {
  it("holds on the example tools", async () => {
    const r = roundTrip(exampleTools(), 300, await validators(exampleTools()));
    console.log("example tools", JSON.stringify({ openai: r.openai, gemini: r.gemini }));
    expect(r.problems).toEqual([]);
    expect(r.openai.valid).toBeGreaterThan(5);
    expect(r.openai.providerValid).toBeGreaterThan(20);
  });

  it("holds on the real-tool corpus", { timeout: 600_000 }, async () => {
    const accepts = await validators(corpusTools);
    const r = roundTrip(corpusTools, 40, accepts);
    console.log("corpus", JSON.stringify({ openai: r.openai, gemini: r.gemini }));
    expect(r.problems.slice(0, 10)).toEqual([]);
    expect(r.openai.tools).toBeGreaterThan(500);
    expect(r.openai.valid).toBeGreaterThan(2000);
    expect(r.openai.providerValid).toBeGreaterThan(2000);
    expect(r.gemini.providerValid).toBeGreaterThan(2000);
  });
});
