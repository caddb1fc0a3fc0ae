// The lint's default/example check and the compile of the same tool share one analysis of the
// schema and one emit of its checks (src/schema/analyze.ts handAnalysis / analyzeSchemaOnce,
// src/emit/example-check.ts): the second analysis was a large part of a cold build of real tools.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { analyzeSchema, analyzeSchemaOnce, handAnalysis } from "../../src/schema/analyze.js";
import { exampleChecker } from "../../src/emit/example-check.js";
import type { CompileOptions } from "../../src/schema/compile-options.js";

const opts: CompileOptions = { unknownArgs: "reject", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {} };
const schema = { type: "object", properties: { n: { type: "integer", default: 3 } } };

describe("one analysis per schema between the lint and the compile", () => {
  it("the compile takes the lint's analysis once, and only under the same options", () => {
    const r = analyzeSchema(schema, opts);
    handAnalysis(schema, opts, r);
    expect(analyzeSchemaOnce(schema, opts)).toBe(r);
    // Taken: the compile writes its examples into that IR, so it is never handed out again.
    expect(analyzeSchemaOnce(schema, opts)).not.toBe(r);
    handAnalysis(schema, opts, r);
    expect(analyzeSchemaOnce(schema, { ...opts })).not.toBe(r);
  });

  it("one emit of the checks per IR and options", () => {
    const { ir } = analyzeSchema(schema, opts);
    const a = exampleChecker(ir!, true, opts);
    expect(a).toBeTypeOf("function");
    expect(exampleChecker(ir!, true, opts)).toBe(a);
    expect(exampleChecker(ir!, true, { ...opts, unknownArgs: "schema" })).not.toBe(a);
  });

  it("a default with a key the schema allows but the tool's own check refuses (unknownArgs reject) is still judged by JSON Schema: no finding", async () => {
    const open = { type: "object", properties: { o: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true, default: { a: "x", extra: 1 } }, bad: { type: "integer", default: "x" } } };
    const r = await generate({ tools: [{ name: "t", description: "A tool.", inputSchema: open, origin: { file: "t.json", pointer: "" } }], options: { emit: "js", unknownArgs: "reject" } });
    const found = r.diagnostics.filter((d) => /default/.test(d.code ?? "") || /bad-default/.test(JSON.stringify(d)));
    expect(found.map((d) => d.pointer)).toEqual([expect.stringContaining("/bad")]);
  });
});
