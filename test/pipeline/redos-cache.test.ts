// A ReDoS verdict that depends on the machine's load (recheck ran out of time) shapes
// the output (no input bound) and the lint (a "could not be checked" warning). Such a
// tool is not kept in the build cache: the next build decides again, on its own load.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import type { CompiledTool } from "../../src/pipeline/compiled.js";
import { checkPattern, hasUndecidedPattern } from "../../src/schema/lint/redos.js";
import type { ToolDefinition } from "../../src/sources/types.js";

/** Nested counted repetitions: recheck needs tens of ms for it, never 1 ms. */
const hard = (c: string) => `^(?:(?:(?:[${c}]{1,40}){1,40}){1,40}-){1,40}$`;
const schemaWith = (pattern: string) => ({ type: "object", properties: { code: { type: "string", pattern } } });

function tool(name: string, inputSchema: unknown): ToolDefinition {
  return { name, description: `The ${name} tool.`, inputSchema: inputSchema as ToolDefinition["inputSchema"], origin: { file: "tools.json", pointer: "" } };
}

describe("undecided ReDoS verdicts and the build cache", () => {
  it("a timed-out analysis is an undecided pattern; a decided one is not", () => {
    const p = hard("a-m");
    expect(checkPattern(p, 1)).toMatchObject({ status: "unknown", transient: true });
    expect(hasUndecidedPattern(schemaWith(p))).toBe(true);
    expect(checkPattern(p, 10_000).status).toBe("vulnerable");
    expect(hasUndecidedPattern(schemaWith(p))).toBe(false);
    expect(hasUndecidedPattern({ type: "object", properties: { n: { type: "integer" } } })).toBe(false);
  });

  it("a tool whose pattern recheck could not decide is compiled again by the next build; the others come from the cache", async () => {
    const tools = [tool("with_pattern", schemaWith(hard("n-z"))), tool("plain", { type: "object", properties: { n: { type: "integer" } } })];
    const cache = new Map<string, CompiledTool>();
    process.env.TOOLFORM_REDOS_TIMEOUT_MS = "1";
    try {
      const first = await generate({ tools, options: { lint: false, cache } });
      expect(first.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(hasUndecidedPattern(tools[0]!.inputSchema)).toBe(true);
      expect([...cache.values()].map((t) => t.def.name)).toEqual(["plain"]);
    } finally {
      delete process.env.TOOLFORM_REDOS_TIMEOUT_MS;
    }
    // With the default timeout the verdict is decided (vulnerable, and too large for the linear
    // matcher: a build error without allowUnchecked "pattern"): the tool gets its measured bound and is kept.
    const second = await generate({ tools, options: { lint: false, cache, allowUnchecked: ["pattern"] } });
    expect(second.diagnostics.map((d) => d.code)).toContain("schema/redos-unbounded");
    expect([...new Set([...cache.values()].map((t) => t.def.name))].sort()).toEqual(["plain", "with_pattern"]);
    expect(second.files.find((f) => f.path === "index.ts")!.contents).toContain("maxPatternInput");
  });
});
