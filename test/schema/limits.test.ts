// Issue 18.3: bounds on one tool's schema (bytes, properties per object, enum size),
// configurable, each a build error naming the place, the size and the setting.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, limitProblem, resolveLimits } from "../../src/config/limits.js";
import { resolveConfig } from "../../src/config/load.js";
import { generate } from "../../src/pipeline/generate.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const objectWith = (n: number) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])) });
const tool = (inputSchema: unknown): ToolDefinition => ({ name: "big", description: "A big tool.", inputSchema: inputSchema as ToolDefinition["inputSchema"], origin: { file: "tools/big.json", pointer: "" } });

describe("schema limits", () => {
  it("refuses too many properties, naming the object and the setting; a raised limit lets it through", async () => {
    const schema = { type: "object", properties: { nested: objectWith(6) } };
    const r = await generate({ tools: [tool(schema)], options: { lint: false, limits: { propertiesPerObject: 5 } } });
    const e = r.diagnostics.find((d) => d.code === "schema/too-many-properties");
    expect(e).toMatchObject({ severity: "error", tool: "big", file: "tools/big.json" });
    expect(e!.pointer).toBe("/inputSchema/properties/nested");
    expect(e!.message).toBe("this object declares 6 properties; the limit is 5");
    expect(e!.hint).toContain("limits: { propertiesPerObject: … }");
    expect(r.files).toEqual([]);
    const ok = await generate({ tools: [tool(schema)], options: { lint: false, limits: { propertiesPerObject: 6 } } });
    expect(ok.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("refuses an enum that is too long and a schema that is too large", async () => {
    const en = await generate({ tools: [tool({ type: "object", properties: { c: { enum: [1, 2, 3, 4] } } })], options: { lint: false, limits: { enumSize: 3 } } });
    expect(en.diagnostics.find((d) => d.severity === "error")).toMatchObject({ code: "schema/enum-too-large", pointer: "/inputSchema/properties/c/enum", message: "this enum lists 4 values; the limit is 3" });
    const big = await generate({ tools: [tool(objectWith(20))], options: { lint: false, limits: { schemaBytes: 100 } } });
    const e = big.diagnostics.find((d) => d.severity === "error");
    expect(e?.code).toBe("schema/too-large");
    expect(e?.message).toMatch(/^the input schema is [\d,]+ bytes of JSON; the limit is 100$/);
  });

  it("by default: an 8,000-property tool is refused before anything costly runs; 2,000 pass the check", () => {
    expect(limitProblem(objectWith(8000))?.code).toBe("schema/too-many-properties");
    expect(limitProblem(objectWith(2000))).toBeUndefined();
    expect(limitProblem({ type: "string", enum: Array.from({ length: 5001 }, (_, i) => i) })?.code).toBe("schema/enum-too-large");
    expect(limitProblem({ type: "string", description: "x".repeat(DEFAULT_LIMITS.schemaBytes) })?.code).toBe("schema/too-large");
  });

  it("checks the config's limits", () => {
    expect(resolveLimits(undefined)).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({ enumSize: 10 })).toEqual({ ...DEFAULT_LIMITS, enumSize: 10 });
    expect(resolveLimits({ enumsize: 10 })).toMatch(/"limits\.enumsize" is not a limit/);
    expect(resolveLimits({ schemaBytes: -1 })).toMatch(/"limits\.schemaBytes" must be a positive integer/);
    expect(() => resolveConfig({ sources: ["tools/*.json"], limits: { propertiesPerObject: "many" as never } }, "/tmp")).toThrow(/limits\.propertiesPerObject/);
    expect(resolveConfig({ sources: ["tools/*.json"], limits: { propertiesPerObject: 50 } }, "/tmp").limits).toEqual({ ...DEFAULT_LIMITS, propertiesPerObject: 50 });
  });
});
