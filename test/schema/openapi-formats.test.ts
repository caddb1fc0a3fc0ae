// OpenAPI's number formats (int32, int64, float, double), as servers generated from an
// OpenAPI document publish them (the Notion server: `"page_size": {"type": "integer",
// "format": "int32"}`): known to toolform, checked on numbers as ajv-formats checks them,
// so such a tool builds under the fail-closed default and agrees with ajv.
import { createRequire } from "node:module";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true });
addFormats(ajv);

const SCHEMA = {
  type: "object",
  properties: {
    page_size: { type: "integer", format: "int32" },
    cursor: { type: "integer", format: "int64" },
    ratio: { type: "number", format: "float" },
    weight: { type: "number", format: "double" },
    loose: { format: "int32" }, // no type: a string is not the format's to judge
  },
};
const TOOL: ToolDefinition = { name: "API-post-search", description: "Search.", inputSchema: SCHEMA as JsonSchema, origin: { file: "notion.json", pointer: "/tools/0" } };

let ts: LoadedToolset;
beforeAll(async () => {
  ts = await loadToolset([TOOL]); // the default: fail closed on unknown formats
});

describe("OpenAPI number formats", () => {
  it("int32 bounds, int64 integers, float/double any number; a string is not judged", () => {
    const ok = (args: unknown) => ts.validateCall({ name: TOOL.name, arguments: args }).ok;
    expect(ok({ page_size: 100, cursor: 2 ** 53, ratio: 0.5, weight: -1e300, loose: "x" })).toBe(true);
    expect(ok({ page_size: 2147483647 })).toBe(true);
    expect(ok({ loose: 1.5 })).toBe(false);
    const r = ts.validateCall({ name: TOOL.name, arguments: { page_size: 2147483648 } });
    expect(r.constraint_errors).toHaveLength(1);
    expect(r.errors[0]!.message).toContain("32-bit integer");
  });

  it("verdicts are ajv-formats' (fast-check)", () => {
    const num = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2147483647, 2147483648, -2147483648, -2147483649, 2 ** 53, 1e300));
    fc.assert(
      fc.property(fc.record({ page_size: num, cursor: num, ratio: num, loose: fc.oneof(num, fc.string()) }, { requiredKeys: [] }), (raw) => {
        const args = JSON.parse(JSON.stringify(raw)) as unknown;
        expect(ts.validateCall({ name: TOOL.name, arguments: args }).ok).toBe(ajv.validate(SCHEMA, args));
      }),
      { numRuns: 500 },
    );
  });
});
