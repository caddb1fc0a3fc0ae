// bench/refused-workload.ts: the schema ajv is given for a corpus tool is the one toolform judges
// under unknownArgs "reject" (objects that list properties closed, data keywords left alone), so
// the two validators can be timed on the same verdicts.
import { describe, expect, it } from "vitest";
import { closedForAjv } from "../../bench/refused-workload.js";

describe("closedForAjv", () => {
  it("closes every object that lists properties and says nothing of other keys", () => {
    const s = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "string" } } },
        list: { type: "array", items: { type: "object", properties: { c: { type: "number" } } } },
        open: { type: "object", properties: { d: { type: "string" } }, additionalProperties: true },
        pat: { type: "object", properties: { e: { type: "string" } }, patternProperties: { "^x": {} } },
      },
      required: ["a"],
    };
    const c = closedForAjv(s) as any;
    expect(c.$schema).toBeUndefined();
    expect(c.additionalProperties).toBe(false);
    expect(c.properties.a.additionalProperties).toBe(false);
    expect(c.properties.list.items.additionalProperties).toBe(false);
    expect(c.properties.open.additionalProperties).toBe(true);
    expect(c.properties.pat.additionalProperties).toBeUndefined();
    expect(c.required).toEqual(["a"]);
    // The input is not changed.
    expect((s as any).additionalProperties).toBeUndefined();
  });

  it("leaves values that are data, not schemas, as they are", () => {
    const value = { properties: { x: 1 } };
    const c = closedForAjv({ type: "object", properties: { v: { enum: [value], default: value, examples: [value], const: value } } }) as any;
    for (const k of ["default", "const"]) expect(c.properties.v[k]).toEqual(value);
    expect(c.properties.v.enum).toEqual([value]);
    expect(c.properties.v.examples).toEqual([value]);
  });
});
