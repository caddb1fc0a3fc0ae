// The lint's default/example check and the compile of the same tool share one analysis of the
// schema and one emit of its checks (src/pipeline/generate.ts hands the lint's analysis to the
// compile as an argument, src/emit/example-check.ts): the second analysis was a large part of a
// cold build of real tools.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { analyzeSchema, type AnalysisHand } from "../../src/schema/analyze.js";
import { exampleChecker } from "../../src/emit/example-check.js";
import { VERSION } from "../../src/emit/templates.js";
import { lintTools } from "../../src/pipeline/lint.js";
import { compileJob } from "../../src/pipeline/workers.js";
import type { CompileOptions } from "../../src/schema/compile-options.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const opts: CompileOptions = { unknownArgs: "reject", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {} };
const schema = { type: "object", properties: { n: { type: "integer", default: 3 } } };
const def: ToolDefinition = { name: "t", description: "A tool.", inputSchema: schema, origin: { file: "t.json", pointer: "" } };
const names = { ident: "t", typeName: "TArgs", file: "t" };

describe("one analysis per schema between the lint and the compile", () => {
  it("the lint leaves its analysis in the tool's hand; the compile takes it, once, and writes the same code as without it", async () => {
    const hand: AnalysisHand = {};
    await lintTools(def, opts, {}, false, hand);
    const given = hand.analysis;
    expect(given?.ir).toBeDefined();
    const withHand = await compileJob({ def, names, opts, hand }, VERSION);
    // Taken: the compile wrote its examples into that IR, so it is never handed on again.
    expect(hand.analysis).toBeUndefined();
    expect(given!.ir!.nodes.some((n) => n.example !== undefined)).toBe(true);
    const without = await compileJob({ def, names, opts }, VERSION);
    expect(withHand.tool.js ?? withHand.tool.ts).toBe(without.tool.js ?? without.tool.ts);
  });

  it("a schema without defaults or examples: the lint analyses nothing, the hand stays empty", async () => {
    const hand: AnalysisHand = {};
    await lintTools({ ...def, inputSchema: { type: "object", properties: { n: { type: "integer" } } } }, opts, {}, false, hand);
    expect(hand.analysis).toBeUndefined();
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
