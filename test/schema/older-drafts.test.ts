// Older-draft shapes with no `$schema` (issue 13.5): zod's `target: "draft-7"` output
// with `$schema` stripped (tuples as `items: [...]`), `additionalItems`, `dependencies`
// and draft-04's boolean `exclusiveMinimum` are read as the draft they are written in,
// with a warning naming each place, instead of refusing the build. Verdicts are
// compared with ajv's draft-07 reading (boolean exclusives: with the draft-04 bound).
import { createRequire } from "node:module";
import fc from "fast-check";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { draft04Bounds, olderDraftForms } from "../../src/schema/older-drafts.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset } from "../helpers/generated.js";

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;
const ajv7 = new Ajv({ strict: false, allErrors: true, ownProperties: true });
addFormats(ajv7);

const def = (name: string, inputSchema: JsonSchema): ToolDefinition => ({ name, inputSchema, origin: { file: "test/schema/older-drafts.test.ts", pointer: "" } });

// zod-to-json-schema with target "draft-7", $schema stripped: a [from, to] tuple.
const RANGE = def("set_range", {
  type: "object",
  properties: {
    range: { type: "array", minItems: 2, maxItems: 2, items: [{ type: "string" }, { type: "string" }] },
    pair: { type: "array", items: [{ type: "integer" }], additionalItems: false },
    billing: { type: "object", properties: { card: { type: "string" }, address: { type: "string" } }, dependencies: { card: ["address"] } },
  },
  required: ["range"],
  additionalProperties: false,
});

// A draft-04 bound: {minimum: 0, exclusiveMinimum: true} means > 0.
const SCALE = def("scale", {
  type: "object",
  properties: { factor: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false } },
  required: ["factor"],
});

describe("older-draft shapes with no $schema", () => {
  it("build, with one warning per place naming it, instead of refusing the build", async () => {
    const r = await generate({ tools: [RANGE, SCALE, def("plain", { type: "object", properties: { a: { type: "string" } } })], options: { lint: false } });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const older = r.diagnostics.filter((d) => d.code === "schema/older-draft").map((d) => `${d.tool} ${d.pointer ?? d.file}`);
    expect(older).toHaveLength(6);
    expect(olderDraftForms(RANGE.inputSchema)).toEqual(["/properties/range/items", "/properties/pair/items", "/properties/pair/additionalItems", "/properties/billing/dependencies"]);
    expect(olderDraftForms(SCALE.inputSchema)).toEqual(["/properties/factor/exclusiveMinimum", "/properties/factor/exclusiveMaximum"]);
  });

  it("a schema that says $schema 2020-12 is still held to 2020-12 (an array items is an error there)", async () => {
    const r = await generate({ tools: [def("strict_range", { $schema: "https://json-schema.org/draft/2020-12/schema", ...(RANGE.inputSchema as object) } as JsonSchema)], options: { lint: false } });
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toContain("schema/invalid");
  });

  it("the draft-04 bounds become draft-07 ones, key order kept, the input untouched", () => {
    const before = JSON.stringify(SCALE.inputSchema);
    expect(draft04Bounds(SCALE.inputSchema)).toEqual({ type: "object", properties: { factor: { type: "number", exclusiveMinimum: 0, maximum: 10 } }, required: ["factor"] });
    expect(JSON.stringify(SCALE.inputSchema)).toBe(before);
    expect(draft04Bounds(RANGE.inputSchema)).toBe(RANGE.inputSchema);
  });

  it("verdicts are ajv's draft-07 verdicts", async () => {
    const { toolset } = await loadToolset([RANGE, SCALE]);
    const range = ajv7.compile(RANGE.inputSchema);
    const scale = ajv7.compile(draft04Bounds(SCALE.inputSchema) as object);
    const fixed = [
      [{ range: ["a", "b"] }, true],
      [{ range: ["a", 1] }, false],
      [{ range: ["a", "b"], pair: [1, 2] }, false],
      [{ range: ["a", "b"], billing: { card: "x" } }, false],
      [{ range: ["a", "b"], billing: { card: "x", address: "y" } }, true],
    ] as const;
    for (const [v, ok] of fixed) {
      expect(toolset.set_range!.is(v), JSON.stringify(v)).toBe(ok);
      expect(range(v)).toBe(ok);
    }
    expect(toolset.scale!.is({ factor: 0 })).toBe(false);
    expect(toolset.scale!.validate({ factor: 0 }).ok).toBe(false);
    expect(toolset.scale!.is({ factor: 10 })).toBe(true);
    fc.assert(
      fc.property(fc.anything(), fc.double(), (x, f) => {
        const v = { range: [x, x], pair: [x], billing: x };
        expect(toolset.set_range!.is(v)).toBe(range(v));
        expect(toolset.scale!.is({ factor: f })).toBe(scale({ factor: f }));
      }),
      { numRuns: 300 },
    );
  });
});
