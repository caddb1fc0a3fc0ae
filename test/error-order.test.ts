// The feedback's order (report.ts byPath): errors grouped by path, items by index, names in
// the order first found, an object's own errors before its members'. Two shortcuts skip the
// sort: the collector of a schema errorsInPathOrder accepts says its errors already come in
// that order, and otherwise byPath reads the order off the paths as written (follows). Both
// are checked here against a plain reference sort.
import { describe, expect, it } from "vitest";
import { errorReport, pathKeys, type ValidationError } from "../packages/runtime/src/rt/index.js";
import { mk } from "../packages/runtime/src/rt/messages.js";
import { errorsInPathOrder } from "../src/emit/validator/order.js";
import { toIR } from "../src/schema/to-ir.js";
import { generateTools } from "../bench/workload/generate.js";
import { benchCases } from "../bench/workload/tools.js";
import { loadToolset } from "./helpers/generated.js";

/** The reference: each path's key (per segment, an index, or the first error found under that prefix), then a stable sort. */
function referenceOrder(paths: string[]): number[] {
  const first = new Map<string, number>();
  const keys = paths.map((p, i) => {
    let at = "";
    return pathKeys(p).map((seg) => {
      at += "\u0000" + String(seg);
      if (typeof seg === "number") return seg;
      if (!first.has(at)) first.set(at, i);
      return first.get(at)!;
    });
  });
  const order = paths.map((_, i) => i);
  return order.sort((a, b) => {
    const ka = keys[a]!, kb = keys[b]!;
    for (let j = 0; j < ka.length && j < kb.length; j++) if (ka[j] !== kb[j]) return ka[j]! - kb[j]!;
    return ka.length - kb.length || a - b;
  });
}

function feedbackLines(paths: string[], inPathOrder: boolean): string[] {
  const errors: ValidationError[] = paths.map((p, i) => mk(p, "type_errors", "type", "x", "y", p, `${i}`));
  return errorReport("t", errors, inPathOrder).feedback.split("\n").slice(1);
}

describe("the feedback's order", () => {
  it("byPath (with its shortcut on paths as written) gives the reference order on random error lists", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
    const names = ["a", "ab", "b", "abc", "a_b", "edits", "edit", "$x", "a1"];
    const path = (): string => {
      let p = "";
      for (let d = Math.floor(rnd() * 4); d > 0; d--) {
        const r = rnd();
        if (r < 0.35 && p !== "") p += `[${pick([0, 1, 2, 9, 10, 11])}]`;
        else if (r < 0.42) p += `[${JSON.stringify(pick(["a.b", "x[0]", 'q"', "z"]))}]`;
        else p += (p === "" ? "" : ".") + pick(names);
      }
      return p;
    };
    for (let t = 0; t < 20000; t++) {
      const paths: string[] = [];
      for (let n = 2 + Math.floor(rnd() * 6); n > 0; n--) paths.push(paths.length && rnd() < 0.3 ? pick(paths) + pick(["", ".a", "[0]", "[3]"]) : path());
      const want = referenceOrder(paths).map((i) => `- ${i}`);
      expect(feedbackLines(paths, false)).toEqual(want);
    }
  });

  it("errorsInPathOrder refuses schemas whose keywords can report out of order", () => {
    const ir = (schema: object) => toIR(schema).ir;
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { type: "array", items: { type: "object", properties: { b: { type: "string" } } } } } }))).toBe(true);
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "null" }] } } }))).toBe(false);
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { type: "string" } }, maxProperties: 1 }))).toBe(false);
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { type: "string" } }, patternProperties: { "^a": { type: "integer" } } }))).toBe(false);
  });

  it("a collector that says its errors are in the feedback's order finds them in the reference order", async () => {
    const gen = generateTools(120);
    // One tool whose own error (maxProperties) comes after its members': its collector must not say so.
    const counted = { name: "counted", inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, maxProperties: 1 }, origin: { file: "t", pointer: "" } };
    const tools = [counted, ...benchCases.map((c, i) => ({ ...c.tool, origin: { file: "bench", pointer: `/${i}` } })), ...gen.map((g, i) => ({ ...g.tool, origin: { file: "gen", pointer: `/${i}` } }))];
    const { toolset } = await loadToolset(tools as never);
    const WRONG = [null, "X", 5, 1.5, true, [], [null, "x", {}], {}, { zz: 1 }, "2025-13-45"];
    let checked = 0;
    for (const t of tools) {
      const tool = toolset[t.name]!;
      const props = Object.entries((t.inputSchema as { properties?: Record<string, { items?: object; properties?: object }> }).properties ?? {});
      const calls: unknown[] = [{}, { zz_first: 1, ...Object.fromEntries(props.map(([k], i) => [k, WRONG[i % WRONG.length]])) }];
      for (const [k, ps] of props) {
        calls.push({ [k + "x"]: 1, [k]: WRONG[k.length % WRONG.length] });
        if (ps.items) calls.push({ [k]: [{ zz: 1 }, 3, {}, [], { zz: 2 }] });
        if (ps.properties) calls.push({ [k]: { zz: 1, ...Object.fromEntries(Object.keys(ps.properties).map((n) => [n, 5])) } });
      }
      for (const c of calls) {
        const r = tool.validate(c) as unknown as { ok: boolean; inPathOrder: boolean; found: ValidationError[] };
        if (r.ok || !r.inPathOrder) continue;
        const paths = r.found.map((e) => e.path);
        expect(referenceOrder(paths)).toEqual(paths.map((_, i) => i));
        checked++;
      }
    }
    // The bench and generated tools use none of the keywords that break the order: their collectors say so.
    expect(checked).toBeGreaterThan(1000);
  });
});
