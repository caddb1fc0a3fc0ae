// bench/coldbuild.ts (npm run bench:cold): the corpus tools it builds, and that both sides run
// end to end. No timing is asserted (timings flake on shared machines; BENCHMARKS.md holds them).
import { describe, expect, it } from "vitest";
import { coldBuildMarkdown, corpusSelection, runColdBuild } from "../../bench/coldbuild.js";
import { analyzeSchema } from "../../src/schema/analyze.js";

const opts = { unknownArgs: "schema" as const, formats: true, maxDepth: 64, maxPatternInput: 10_000, remotes: {} };

describe("bench/coldbuild.ts", () => {
  it("picks the same 200 real tools every time: distinct names, spread over the corpus, none the compiler refuses", () => {
    const a = corpusSelection(200);
    const b = corpusSelection(200);
    expect(a.tools.map((t) => t.name)).toEqual(b.tools.map((t) => t.name));
    expect(new Set(a.tools.map((t) => t.name)).size).toBe(200);
    expect(a.distinct).toBeGreaterThan(400);
    for (const t of a.tools) expect(analyzeSchema(t.inputSchema, opts).diagnostics.filter((d) => d.severity === "error"), t.name).toEqual([]);
    const picked = new Set(a.tools.map((t) => t.name));
    for (const name of a.refused) expect(picked.has(name)).toBe(false);
  });

  it("runs toolform's cold build and ajv's compile + standalone code on the same tools, and writes the section", () => {
    const r = runColdBuild({ tools: 12, runs: 1, log: () => {} });
    expect(r.toolform).toHaveLength(1);
    expect(r.ajv).toHaveLength(1);
    expect(r.ratio).toBeGreaterThan(0);
    const md = coldBuildMarkdown(r);
    expect(md).toContain("| `toolform build --no-cache` (emit js), fresh process |");
    expect(md).toContain("| ajv: compile every schema");
    expect(md).toContain("12 real tools from published MCP servers");
  }, 120_000);
});
