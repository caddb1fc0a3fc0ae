// Issue 29.2: `$ref` chains and ref-heavy schemas. A 2,000-hop chain crashed the build
// (a stack overflow in a recursive walk that followed refs); now every walk that follows
// refs keeps its own stack, and a chain longer than maxDepth (which the validator counts
// every $ref against, so it would refuse all it reaches) is a build error naming where it
// starts. Build time is measured by bench/refs.ts (BENCHMARKS.md), not here.
import { describe, expect, it } from "vitest";
import { refSchema, refTool } from "../../bench/workload/refs.js";
import { compileSchema } from "../../src/compile-schema.js";
import { generate } from "../../src/pipeline/generate.js";
import { refHops } from "../../src/schema/ref-depth.js";
import { toIR } from "../../src/schema/to-ir.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const tool = (name: string, inputSchema: unknown): ToolDefinition => ({ name, description: "Refs.", inputSchema: inputSchema as ToolDefinition["inputSchema"], origin: { file: `tools/${name}.json`, pointer: "" } });

async function load(code: string): Promise<{ is(v: unknown): boolean; validate(v: unknown): { ok: boolean; errors: { keyword: string }[] } }> {
  return import("data:text/javascript;base64," + Buffer.from(code).toString("base64"));
}

describe("$ref chains", () => {
  it("a 2,000-hop chain (64 KB) is a build error naming where it starts, not a crash", async () => {
    const r = await generate({ tools: [tool("chain", refSchema("chain", 2000))], options: { emit: "ts" } });
    const e = r.diagnostics.find((d) => d.code === "schema/ref-chain-too-long");
    expect(e).toMatchObject({ severity: "error", tool: "chain", file: "tools/chain.json", pointer: "/inputSchema/properties/value" });
    expect(e!.message).toContain("a chain of 2,000 $refs (#/properties/value → #/$defs/d0 → #/$defs/d1 → #/$defs/d2 → …)");
    expect(e!.message).toContain("maxDepth (128)");
    expect(e!.hint).toMatch(/raise maxDepth above 2000/);
    expect(r.files).toEqual([]);
  });

  it("a chain near the 1 MiB schema limit (30,000 hops) ends in the same error: no walk's depth grows with the chain", async () => {
    const schema = refSchema("chain", 30_000);
    expect(JSON.stringify(schema).length).toBeLessThan(1 << 20);
    const r = await generate({ tools: [tool("long_chain", schema)], options: { emit: "js" } });
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["schema/ref-chain-too-long"]);
  });

  it("a 2,000-hop cycle of $refs: the lint's ref-cycle error names its ends, not every hop; no crash", async () => {
    const schema = refSchema("chain", 2000) as { $defs: Record<string, unknown> };
    schema.$defs.d1999 = { $ref: "#/$defs/d0" };
    const r = await generate({ tools: [tool("cycle", schema)], options: { emit: "js" } });
    const cycle = r.diagnostics.find((d) => d.code === "schema/ref-cycle");
    expect(cycle?.message).toContain("… (1995 more) →");
    expect(cycle!.message.length).toBeLessThan(400);
  });

  it("a chain within maxDepth builds, and its validator judges through every hop", async () => {
    const { code, diagnostics } = await compileSchema(refSchema("chain", 100), { format: false });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const m = await load(code);
    expect(m.is({ value: "short" })).toBe(true);
    expect(m.is({ value: "x".repeat(21) })).toBe(false); // the maxLength at the chain's end
    expect(m.validate({ value: 5 }).errors.map((e) => e.keyword)).toEqual(["type"]);
    // The limit is the config's: a longer chain builds with a higher maxDepth.
    const long = refSchema("chain", 300);
    expect((await compileSchema(long, { format: false })).diagnostics.map((d) => d.code)).toContain("schema/ref-chain-too-long");
    const raised = await compileSchema(long, { format: false, maxDepth: 400 });
    expect(raised.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect((await load(raised.code)).is({ value: "ok" })).toBe(true);
  });

  it("counts the hops a check follows in place: through allOf, not through properties; an in-place cycle ends the count", () => {
    const { ir } = toIR({
      $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { $ref: "#/$defs/c" }, c: { type: "object", properties: { x: { $ref: "#/$defs/a" } } } },
      $ref: "#/$defs/a",
    });
    const { hops } = refHops(ir);
    const at = (loc: string) => hops.get(ir.nodes.find((n) => n.loc === loc)!);
    expect(at("")).toBe(3); // root → a → b → c; x moves into the value
    expect(at("/$defs/c/properties/x")).toBe(3);
    const looped = toIR({ $defs: { loop: { allOf: [{ $ref: "#/$defs/loop" }] } }, $ref: "#/$defs/loop" }).ir;
    expect(refHops(looped).hops.get(looped.root)).toBe(2); // root → loop → (back to loop: ends)
  });
});

describe("ref-heavy schemas", () => {
  for (const shape of ["graph", "diamond", "shared"] as const) {
    it(`a ${shape} of $refs (52 KiB) builds, and its validator accepts a valid call`, async () => {
      const def = refTool(shape, 52);
      const r = await generate({ tools: [tool(def.name, def.inputSchema)], options: { emit: "js", lint: false } });
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(r.files.some((f) => f.path === "index.js")).toBe(true);
      const { code } = await compileSchema(def.inputSchema, { format: false, examples: false });
      const m = await load(code);
      const valid = shape === "graph" ? { root_0: { label: "a", left: { label: "b" } } } : shape === "diamond" ? { value: { next: {} } } : { g0: { p0: 1, p1: 2 } };
      expect(m.is(valid)).toBe(true);
    });
  }
});
