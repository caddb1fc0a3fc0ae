// Differential tests against ajv (the oracle): the generated validators and ajv
// (2020-12, ajv-formats, strict off) must agree on valid/invalid for every value,
// on the example tools and on random schemas from the implemented vocabulary.
import { createRequire } from "node:module";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import { schemaArb, valueFor } from "../arbitraries/schema-values.js";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";
import { Ajv } from "ajv";
import { Validator } from "@cfworker/json-schema";

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;

function ajvFor(draft7: boolean) {
  // ownProperties: an inherited `constructor` or `__proto__` is not a present property (ajv's default reads them).
  const a = draft7 ? new Ajv({ strict: false, allErrors: true, ownProperties: true }) : new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: true, ownProperties: true });
  addFormats(a);
  return a;
}

/** JSON round trip: what a model can send (no undefined, no -0 distinction in ajv). */
const json = (v: unknown) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

// x-compare is toolform's own keyword: ajv does not know it, so the oracle runs without it.
function withoutCompare(s: unknown): unknown {
  return JSON.parse(JSON.stringify(s), (k, v) => (k === "x-compare" ? undefined : v));
}

describe("example tools vs ajv (unknownArgs: schema)", () => {
  let ts: LoadedToolset;
  const tools = exampleTools().map((t) => ({ ...t, inputSchema: withoutCompare(t.inputSchema) as typeof t.inputSchema }));
  beforeAll(async () => {
    ts = await loadToolset(tools, { unknownArgs: "schema" });
  });
  for (const t of tools) {
    it(`${t.name}: same verdict for generated values`, () => {
      const schema = t.inputSchema as Record<string, unknown>;
      const validate = ajvFor(String(schema.$schema ?? "").includes("draft-07")).compile(schema);
      const tool = ts.toolset[t.name]!;
      let valid = 0;
      fc.assert(
        fc.property(valueFor(schema), (raw) => {
          const v = json(raw);
          const expected = validate(v);
          if (expected) valid++;
          expect(tool.is(v)).toBe(expected);
          const report = tool.validate(v);
          expect(report.ok).toBe(expected);
          if (!expected) expect(report.errors.length).toBeGreaterThan(0);
        }),
        { seed: 42, numRuns: 400 },
      );
      // The generator must reach the valid side too, or the test proves little.
      expect(valid).toBeGreaterThan(0);
    });
  }
});

describe("random schemas vs ajv", () => {
  it("agree on every value (fixed seed, bounded runs)", async () => {
    const ajv = ajvFor(false);
    // When toolform and ajv disagree, a second independent validator decides. Cases where
    // it sides with toolform are ajv's errors; they are listed (and must stay rare).
    const ajvWrong: string[] = [];
    await fc.assert(
      fc.asyncProperty(schemaArb, fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 4, maxLength: 8 }), async (schema, extra) => {
        const { code, diagnostics } = await compileSchema(schema, { unknownArgs: "schema", format: false, examples: false });
        expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const mod = (await import("data:text/javascript;base64," + Buffer.from(code).toString("base64"))) as { is(v: unknown): boolean; validate(v: unknown): { ok: boolean } };
        const check = ajv.compile(schema as object);
        const values = [...fc.sample(valueFor(schema), { numRuns: 12, seed: 7 }), ...extra].map(json);
        for (const v of values) {
          let expected = check(v);
          if (mod.is(v) !== expected) {
            const second = new Validator(schema as object, "2020-12", false).validate(v).valid;
            if (second === expected) throw new Error(`verdict differs for ${JSON.stringify(v)} on ${JSON.stringify(schema)}: ajv and cfworker say ${expected}`);
            ajvWrong.push(`${JSON.stringify(schema)} on ${JSON.stringify(v)}: ajv says ${expected}`);
            expected = second;
          }
          expect(mod.is(v)).toBe(expected);
          expect(mod.validate(v).ok).toBe(expected);
        }
      }),
      { seed: 20261129, numRuns: 150 },
    );
    if (ajvWrong.length) console.log("ajv disagreements decided against ajv (see README, Conformance):\n" + ajvWrong.join("\n"));
    expect(ajvWrong.length).toBeLessThan(10);
  });
});
