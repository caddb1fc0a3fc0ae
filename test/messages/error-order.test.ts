// The feedback's order (report.ts byPath): errors grouped by path, items by index, names in
// the order first found, an object's own errors before its members'. Two shortcuts skip the
// sort: the collector of a schema errorsInPathOrder accepts says its errors already come in
// that order, and otherwise byPath reads the order off the paths as written (follows). Both
// are checked here against a plain reference sort; and the unknown-key shortcuts (the
// cached names line, quoted forms made without a second scan) against their definitions.
import { describe, expect, it } from "vitest";
import { errorReport, type ValidationError } from "../../packages/runtime/src/rt/report.js";
import { clip, pathKeys, pk, quote } from "../../packages/runtime/src/rt/text.js";
import { missing, mk } from "../../packages/runtime/src/rt/messages.js";
import { knownLines, unknownKey } from "../../packages/runtime/src/rt/unknown-keys.js";
import { errorsInPathOrder } from "../../src/emit/validator/order.js";
import { toIR } from "../../src/schema/to-ir.js";
import { generateTools } from "../../bench/workload/generate.js";
import { benchCases } from "../../bench/workload/tools.js";
import { loadToolset } from "../helpers/generated.js";

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
    // A required name properties does not declare: given as undefined (a JS caller), it is missing and, after "a", an undeclared key.
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { type: "integer" } }, required: ["b"] }))).toBe(false);
    expect(errorsInPathOrder(ir({ type: "object", properties: { a: { type: "integer" }, b: {} }, required: ["b"] }))).toBe(true);
  });

  it("a required name given as undefined that properties does not declare: its two errors stay together", async () => {
    const tool = { name: "reqonly", inputSchema: { type: "object", properties: { a: { type: "integer" } }, required: ["b"] }, origin: { file: "t", pointer: "" } };
    const { toolset } = await loadToolset([tool] as never);
    const r = toolset.reqonly!.validate({ b: undefined, a: "s" });
    const lines = r.feedback.split("\n").slice(1).filter((l) => l.startsWith("- ") && !l.startsWith("- Parameters"));
    const paths = lines.map((l) => /^- "([^"]+)"/.exec(l)?.[1]);
    expect(paths).toEqual(["b", "b", "a"]);
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
        // `order` absent: the collector said the errors come in the feedback's order (nothing sorts them).
        const r = tool.validate(c) as unknown as { ok: boolean; order: unknown; found: ValidationError[] };
        if (r.ok || r.order !== undefined) continue;
        const paths = r.found.map((e) => e.path);
        expect(referenceOrder(paths)).toEqual(paths.map((_, i) => i));
        checked++;
      }
    }
    // The bench and generated tools use none of the keywords that break the order: their collectors say so.
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("unknown keys: the names line and the quoted forms", () => {
  it("lists the suggested and near names first, then the schema's order, as [...new Set([...meant, ...near, ...known])]", () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pool = ["odd key", 'q"x', "ü", "a.b", "k".repeat(70), "oldText", "newText", "old_text", "path", "paths", "edits", "edit", "mode", "modes", "max_replacements", "maxReplacements", "dryRun", "dry_run", "zz"];
    const pick = () => pool[Math.floor(rnd() * pool.length)]!;
    for (let t = 0; t < 5000; t++) {
      const lists = [0, 1, 2].map(() => [...new Set(Array.from({ length: Math.floor(rnd() * 6) }, pick))]);
      const s: ValidationError[] = [];
      for (let m = 1 + Math.floor(rnd() * 5); m > 0; m--) {
        const p = rnd() < 0.4 ? "" : rnd() < 0.5 ? "a[1]" : 'a["x y"]';
        const key = pick() + (rnd() < 0.3 ? "s" : "");
        unknownKey(s, p, key, lists[Math.floor(rnd() * 3)]!, "tool");
        const e = s[s.length - 1]!;
        // The path and the quoted forms, as pk and quote write them.
        expect(e.path).toBe(pk(p, key));
        expect(e.received).toBe(quote(clip(key)));
        expect(e.message.startsWith(quote(pk(p, key)) + " is not ")).toBe(true);
      }
      // The reference line of each object, in the order of its first unknown key.
      const want: string[] = [];
      const done = new Set<unknown>();
      for (const e of s as (ValidationError & { known: readonly string[]; whose: string; near: readonly string[] })[]) {
        if (e.known.length === 0 || done.has(e.known)) continue;
        done.add(e.known);
        const mine = (s as typeof e[]).filter((o) => o.known === e.known);
        const names = [...new Set([...mine.flatMap((o) => (o.suggestion === undefined ? [] : [o.suggestion])), ...mine.flatMap((o) => o.near), ...e.known])];
        want.push(`${e.whose}: ${names.slice(0, 40).join(", ")}${names.length > 40 ? `, … (${names.length} in all)` : ""}`);
      }
      expect(knownLines(s)).toEqual(want);
    }
  });

  it("a missing key's path and example name are quoted as quote writes them", () => {
    for (const p of ["", "a", "a[1]", 'a["x y"]'])
      for (const key of ["b", "odd key", 'q"x', "ü"]) {
        const s: ValidationError[] = [];
        missing(s, p, key, "1");
        expect(s[0]!.path).toBe(pk(p, key));
        expect(s[0]!.message).toBe(`${quote(pk(p, key))} is required. Example: ${quote(key)}: 1`);
      }
  });
});
