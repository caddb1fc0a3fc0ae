// makeTool takes the runtime parts only some tools use from the generated section (issue 33):
// `order` (byPath) where errors may come out of the feedback's order, `coercing` under a coerce
// mode, the output check. Without `order`, the tool's own ordering (rootFirst) must give the
// feedback byPath gives, and a section must pass `order` whenever its collector may say no.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import { byPath, makeTool, typeErr, work, WORK_MAX, type ValidationError } from "../../packages/runtime/src/rt/index.js";
import { benchCases } from "../../bench/workload/tools.js";
import { generateTools } from "../../bench/workload/generate.js";

/**
 * Paths of the kinds a collector writes: the root, names (bare and quoted), item indices; of one
 * value each (a value is an object or an array, so "a.b" and "a[0]" never meet).
 */
const PATHS = ["", "a", "a.b", "a.c", 'a["x y"]', "a.b.z", "b", "b[0]", "b[2]", "b[10].x", "b[1].y", 'c["q\\"z"].d', "d.e.f"];

describe("makeTool without byPath", () => {
  it("gives byPath's feedback when a throw or too much work adds the arguments' own error to errors found in order", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let compared = 0;
    for (let t = 0; t < 400; t++) {
      // Errors in the feedback's order (byPath's, so a collector that says so could find them).
      const found: ValidationError[] = [];
      for (let m = Math.floor(rnd() * 6); m > 0; m--) typeErr(found, PATHS[Math.floor(rnd() * PATHS.length)]!, "x", "integer");
      const inOrder = byPath(found);
      const how = t % 2 === 0 ? "throw" : "work";
      const pieces = {
        name: "t",
        description: "",
        inputSchema: {},
        schemaHash: "",
        is: () => false,
        collect: (_v: unknown, s: ValidationError[]): boolean => {
          for (const e of inOrder) typeErr(s, e.path, "x", "integer");
          if (how === "throw") throw new Error("boom");
          work.n = WORK_MAX + 1;
          return true;
        },
      };
      const mine = makeTool(pieces).validate({});
      const reference = makeTool({ ...pieces, order: byPath }).validate({});
      expect(mine.feedback).toBe(reference.feedback);
      expect(mine.feedbackAs("annotated")).toBe(reference.feedbackAs("annotated"));
      expect(mine.errors.map((e) => e.message)).toEqual(reference.errors.map((e) => e.message));
      compared++;
    }
    expect(compared).toBe(400);
  });

  it("refuses a coerce mode without the coercion", () => {
    expect(() => makeTool({ name: "t", description: "", inputSchema: {}, schemaHash: "", is: () => true, collect: () => true, coerce: "lenient" })).toThrow(/coerces \("lenient"\) but was given no coercing/);
  });
});

describe("a generated section", () => {
  it("passes byPath exactly when its collector may find errors out of the feedback's order, and coercing exactly under a coerce mode", async () => {
    const counted: ToolDefinition = { name: "counted", description: "", inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, maxProperties: 1 }, origin: { file: "t", pointer: "" } };
    const tools: ToolDefinition[] = [
      counted,
      ...benchCases.map((c, i) => ({ ...(c.tool as ToolDefinition), origin: { file: "bench", pointer: `/${i}` } })),
      ...generateTools(60).map((g, i) => ({ ...(g.tool as ToolDefinition), origin: { file: "gen", pointer: `/${i}` } })),
    ];
    const seen = { ordered: 0, sorted: 0 };
    for (const coerce of ["none", "lenient"] as const) {
      const r = await generate({ tools, options: { lint: false, emit: "js", coerce } });
      const index = r.files.find((f) => f.path === "index.js")!.contents;
      const sections = index.split(/\n\/\/ tool "/).slice(1);
      expect(sections.length).toBe(tools.length);
      for (const sec of sections) {
        // The root's entries come from rt.rootEntries(err, inOrder): its flag says the errors come in the feedback's order.
        const saysInOrder = /rt\.rootEntries\(\w+, (true|false)\)/.exec(sec)![1] === "true";
        expect(sec.includes("order: rt.byPath,")).toBe(!saysInOrder);
        expect(sec.includes("coercing: rt.coercing,")).toBe(coerce !== "none");
        seen[saysInOrder ? "ordered" : "sorted"]++;
      }
    }
    // Both kinds occur: the check above is not vacuous.
    expect(seen.ordered).toBeGreaterThan(10);
    expect(seen.sorted).toBeGreaterThan(0);
  });
});
