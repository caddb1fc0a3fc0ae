// A cold build does not wait for recheck (issue 33.2): the patterns no verdict is known for are
// analysed off the main thread (recheck's agent) from the start of the build, while the tools
// without such a pattern are linted and compiled; the others follow when their verdicts are in.
// The order of the work never shows in the output. recheck's agent is asked directly
// (src/schema/lint/recheck-agent.ts), with recheck's own verdicts. And the compile on this thread goes to
// esbuild in batches, as a worker does, with the same text as one tool at a time.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { compileHere, compileJob, type CompileJob } from "../../src/pipeline/workers.js";
import { VERSION } from "../../src/emit/templates.js";
import { analysePatterns, clearRedosCache, knownRedosVerdicts } from "../../src/schema/lint/redos.js";
import { agentCheck } from "../../src/schema/lint/recheck-agent.js";
import { check } from "recheck";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { CompileOptions } from "../../src/schema/compile-options.js";

const schemaWith = (pattern: string) => ({ type: "object", properties: { code: { type: "string", pattern, description: "A code." } }, required: ["code"] });

function tool(name: string, inputSchema: unknown): ToolDefinition {
  return { name, description: `The ${name} tool.`, inputSchema: inputSchema as ToolDefinition["inputSchema"], origin: { file: "tools.json", pointer: "" } };
}

// A vulnerable pattern (the linear matcher runs it), a safe one (V8's RegExp), and tools without patterns between them.
const tools = [
  tool("a_plain", { type: "object", properties: { n: { type: "integer", default: 3 } } }),
  tool("b_vulnerable", schemaWith("^(a+)+$")),
  tool("c_plain", { type: "object", properties: { s: { type: "string", examples: ["x"] } } }),
  tool("d_safe", schemaWith("^[a-z]{2,8}-\\d+$")),
];

describe("recheck off the build's path", () => {
  it("analysePatterns: the schemas with an unjudged pattern are pending; once done, the verdicts are known; a known pattern starts nothing", async () => {
    clearRedosCache();
    const schemas = tools.map((t) => t.inputSchema);
    const a = analysePatterns(schemas)!;
    expect(a).toBeDefined();
    // d_safe's pattern is proven linear on the spot (src/schema/lint/redos-proof.ts): recheck is not asked, nothing waits.
    expect(schemas.map((s) => a.pending(s))).toEqual([false, true, false, false]);
    await a.done;
    const known = new Map(knownRedosVerdicts());
    expect(known.get("^(a+)+$")?.status).toBe("vulnerable");
    expect(known.get("^[a-z]{2,8}-\\d+$")?.status).toBe("safe");
    expect(analysePatterns(schemas)).toBeUndefined();
  });

  it("a build whose verdicts come in while it works writes what a build with every verdict known beforehand writes", async () => {
    for (const emit of ["ts", "js"] as const) {
      clearRedosCache();
      const overlapped = await generate({ tools, options: { emit } });
      // Now every verdict is in the process's cache: nothing is analysed during this build.
      expect(analysePatterns(tools.map((t) => t.inputSchema))).toBeUndefined();
      const known = await generate({ tools, options: { emit } });
      expect(overlapped.files.map((f) => [f.path, f.contents])).toEqual(known.files.map((f) => [f.path, f.contents]));
      expect(overlapped.diagnostics).toEqual(known.diagnostics);
      expect(overlapped.tools.map((t) => t.def.name)).toEqual(["a_plain", "b_vulnerable", "c_plain", "d_safe"]);
    }
  });

  it("compileHere (batches, one esbuild request each) gives each tool the text compileJob gives it alone", async () => {
    const opts: CompileOptions = { unknownArgs: "reject", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {} };
    const many = Array.from({ length: 11 }, (_, i) => tool(`t${i}`, i % 2 ? schemaWith("^[a-z]+$") : { type: "object", properties: { [`f${i}`]: { type: "number" } } }));
    const jobs: CompileJob[] = many.map((def) => ({ def, names: { ident: def.name, typeName: def.name.toUpperCase() + "Args", file: def.name }, opts, js: "esm" }));
    const batched = await compileHere(jobs, VERSION);
    const alone = await Promise.all(jobs.map((j) => compileJob(j, VERSION)));
    expect(batched.map((d) => [d.tool.def.name, d.tool.js, d.tool.dts])).toEqual(alone.map((d) => [d.tool.def.name, d.tool.js, d.tool.dts]));
  });

  it("recheck's agent asked directly answers as recheck's own client does", async () => {
    const ask = agentCheck();
    // The binary comes with recheck on this platform (its optional dependency recheck-<os>-<arch>).
    expect(ask).toBeDefined();
    const patterns = ["^(a+)+$", "^[a-z]{2,8}-\\d+$", "(\\w|\\d)+x", "^\\s*a*\\s*$", "^(?:[0-9]{1,3}\\.){3}[0-9]{1,3}$"];
    const direct = await Promise.all(patterns.map((p) => ask!(p, "u", { timeout: 10_000 })));
    const own = await Promise.all(patterns.map((p) => check(p, "u", { timeout: 10_000 })));
    const gist = (d: { status: string; checker?: string; complexity?: unknown }) => ({ status: d.status, checker: d.checker, complexity: d.complexity });
    expect(direct.map(gist)).toEqual(own.map(gist));
    expect(direct.map((d) => d.status)).toEqual(["vulnerable", "safe", "vulnerable", "vulnerable", "safe"]);
  });
});
