// Issue 9, point 1: code injection. toolform writes code from schemas it did not
// write (a third-party MCP server's tools/list). Every string position of a tool
// definition is filled with text built to break out of the context it lands in;
// the generated modules must load, run nothing but toolform's own code (a canary
// global stays unset, and the syntax tree has no identifier a payload brought),
// keep every string exactly, and judge values as ajv does.
//
// Bounded here (fixed seeds); the long run is test/fuzz/injection.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { hashOf } from "../../src/io/hash.js";
import { compileSchema } from "../../src/compile-schema.js";
import { camelIdent, fileBase, jsonText, lit, pascalIdent, toolIdentifiers } from "../../src/emit/code.js";
import { indexTablesTs } from "../../src/emit/index-module.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import { CANARY, FRAGMENTS, hostileSchema, hostileString, hostileToolset, literalPattern, PAYLOADS, refTo } from "./hostile.js";
import { assertCanary, emptyStats, injectionRound, standaloneRound, type RoundStats } from "./injection-check.js";

const summary = (s: RoundStats) => ({ ...s, ajvOverruled: s.ajvOverruled.length });

function tool(name: string, inputSchema: ToolDefinition["inputSchema"], description?: string): ToolDefinition {
  return { name, ...(description !== undefined ? { description } : {}), inputSchema, origin: { file: "hostile.json", pointer: "" } };
}

/** One tool per payload with the payload in every string position at once (the fuzz may miss a pairing; this cannot). */
function payloadTool(p: string, i: number): ToolDefinition {
  const props: Record<string, unknown> = Object.fromEntries([
    [p, { type: "string", enum: [p, p + "2"], title: p, description: p, default: p, examples: [p], $comment: p, "x-doc": p }],
    [p + "_const", { const: p, errorMessage: p }],
    [p + "_pattern", { type: "string", pattern: literalPattern(p), examples: [p], errorMessage: { pattern: p, type: p } }],
    [p + "_format", { type: "string", format: p }],
    [p + "_ref", { $ref: refTo(p) }],
    [p + "_object", { type: "object", properties: Object.fromEntries([[p, { type: "integer", minimum: 0, default: 1 }]]), required: [p], additionalProperties: false }],
    [p + "_any", { anyOf: [{ const: p }, { type: "null" }] }],
    [p + "_tagged", { oneOf: [{ type: "object", properties: Object.fromEntries([[p, { const: "a" }]]), required: [p] }, { type: "object", properties: Object.fromEntries([[p, { const: "b" }]]), required: [p] }] }],
  ]);
  return tool(
    `t${i} ${p}`,
    {
      type: "object",
      title: p,
      description: p,
      $comment: p,
      properties: props,
      required: [p, p + "_const"],
      patternProperties: Object.fromEntries([[literalPattern(p) + "_x$", { type: "boolean", description: p }]]),
      dependentRequired: Object.fromEntries([[p + "_format", [p + "_pattern"]]]),
      propertyNames: { not: { const: p + "_banned" } },
      "x-compare": [{ left: p, op: "<", right: p + "2" }],
      errorMessage: { required: p, additionalProperties: p },
      $defs: Object.fromEntries([[p, { type: "string", title: p, description: p, enum: [p] }]]),
    },
    p,
  );
}

describe("code injection: hostile tool definitions (issue 9.1)", () => {
  it("every payload in every string position at once: js and ts emit, compileSchema, canary, ajv", async () => {
    const stats = emptyStats();
    const defs = PAYLOADS.map(payloadTool);
    await injectionRound(defs, 1, stats, 12);
    console.log("payload toolset:", summary(stats));
    expect(stats.tools).toBe(PAYLOADS.length);
    expect(stats.valid).toBeGreaterThan(0);
    expect(stats.ajvCompared).toBeGreaterThan(100);
  });

  it("random hostile toolsets (fixed seed): generate js + ts, audit, load, judge, compare with ajv", async () => {
    const stats = emptyStats();
    await fc.assert(
      fc.asyncProperty(hostileToolset, fc.nat(), async (defs, s) => {
        await injectionRound(defs, s, stats, 6);
      }),
      { seed: 20261129, numRuns: 20, endOnFailure: true },
    );
    console.log("hostile toolsets:", summary(stats));
    expect(stats.tools).toBeGreaterThanOrEqual(20);
    expect(stats.valid).toBeGreaterThan(0);
    expect(stats.ajvCompared).toBeGreaterThan(50);
  });

  it("random hostile schemas through compileSchema (fixed seed, 150 runs): audit, load, judge, compare with ajv", async () => {
    const stats = emptyStats();
    await fc.assert(
      fc.asyncProperty(hostileSchema, fc.nat(), async (schema, s) => {
        await standaloneRound(schema, s, stats, 6);
      }),
      { seed: 31, numRuns: 150, endOnFailure: true },
    );
    console.log("standalone:", summary(stats));
    expect(stats.compileSchema).toBe(150);
    expect(stats.valid).toBeGreaterThan(50);
    expect(stats.ajvCompared).toBeGreaterThan(500);
    expect(stats.ajvOverruled.length).toBeLessThan(20);
  });

  it("the generated modules run with code generation from strings disabled (no eval, no new Function, not even in the runtime)", async () => {
    const defs = PAYLOADS.slice(0, 8).map(payloadTool);
    const r = await generate({ tools: defs, options: { emit: "js", lint: false, coerce: "normalized", allowUnchecked: true } as never });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "toolform-nocodegen-"));
    for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
    const script = `
      const m = await import(${JSON.stringify(pathToFileURL(join(dir, "index.js")).href)});
      let n = 0;
      for (const name of m.toolNames) {
        const t = m.toolset[name];
        for (const v of [{}, { a: 1 }, JSON.parse('{"__proto__": {"x": 1}}'), "x", null, [1, [2]]]) {
          t.is(v); const rep = t.validate(v); rep.feedback; t.normalize(v, "compare"); n++;
        }
      }
      if (globalThis.${CANARY} !== undefined) throw new Error("canary set");
      // Prove the flag is on: this must throw.
      let blocked = false;
      try { new Function("return 1")(); } catch { blocked = true; }
      console.log(JSON.stringify({ n, blocked }));`;
    const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8" });
    const res = JSON.parse(out.trim().split("\n").pop()!) as { n: number; blocked: boolean };
    expect(res.blocked).toBe(true);
    expect(res.n).toBe(defs.length * 6);
  });

  it("json-schema-to-typescript's tsType (pasted verbatim) and tsEnumNames (a run-time enum) cannot put code in the module", async () => {
    // Found by review of the type emitter: before the fix this set globalThis.__pwned on import.
    const breakout = "string }; globalThis.__pwned = 'tsType'; export interface Zz { b: string";
    const defs = [
      tool("ts_type", { type: "object", properties: { a: { type: "string", tsType: breakout }, e: { enum: ["x", "y"], tsEnumNames: ["X = globalThis.__pwned = 1, Y", "Z"] } }, tsType: breakout, $defs: { d: { tsType: breakout } } }),
    ];
    const stats = emptyStats();
    await injectionRound(defs, 7, stats, 6);
    for (const emit of ["ts", "js"] as const) {
      const r = await generate({ tools: defs, options: { emit, lint: false, allowUnchecked: true } });
      expect(r.files.length).toBeGreaterThan(0);
      for (const f of r.files) {
        expect(f.contents).not.toMatch(/^\s*globalThis\.__pwned/m);
        expect(f.contents).not.toMatch(/\benum\s+\w+\s*\{/);
      }
    }
    assertCanary("tsType");
  });

  it("a negative literal type before an index signature (babel-ts misreads it) does not crash the build", async () => {
    // Found by the long fuzz (seed 11166): json-schema-to-typescript writes `n?: -1` then
    // `[k: string]: …` on the next line, which babel-ts read as `-1[k …]`.
    for (const emit of ["ts", "js"] as const) {
      const r = await generate({ tools: [tool("neg", { type: "object", properties: { n: { const: -1 }, m: { enum: [-2.5, 3] } }, additionalProperties: { type: "string" } })], options: { emit, lint: false, unknownArgs: "schema" } });
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(r.files.find((f) => f.path === (emit === "ts" ? "index.ts" : "index.d.ts"))!.contents).toMatch(/n\?: -1\b/);
    }
  });

  it("a schema nested thousands of levels deep, or holding 1e400, is a build error naming the place, not a crash", async () => {
    // Before: a stack overflow after seconds of work (TypeScript's transpiler, the lint, the hash), or lit() refusing Infinity.
    const deep = (n: number): unknown => {
      let s: unknown = { type: "string" };
      for (let i = 0; i < n; i++) s = { type: "object", properties: { a: s } };
      return s;
    };
    let deepConst: unknown = 1;
    for (let i = 0; i < 50_000; i++) deepConst = [deepConst];
    const cases: [unknown, string][] = [
      [deep(200), "schema/too-deep"],
      [deep(20_000), "schema/too-deep"],
      [{ type: "object", properties: { a: { const: deepConst } } }, "schema/too-deep"],
      [JSON.parse('{"type": "object", "properties": {"a": {"type": "number", "maximum": 1e400}}}'), "schema/not-finite"],
      [JSON.parse('{"type": "object", "properties": {"a": {"enum": [1, -1e999]}}}'), "schema/not-finite"],
      [JSON.parse('{"type": "object", "properties": {"a": {"default": 1e400}}}'), "schema/not-finite"],
    ];
    for (const [schema, code] of cases) {
      const r = await generate({ tools: [tool("bad", schema as never)], options: { emit: "js" } });
      expect(r.files).toEqual([]);
      expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual([code]);
      const c = await compileSchema(schema, { format: false });
      expect(c.diagnostics.map((d) => d.code)).toContain(code);
      // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
    }
    // 40 levels still build.
    const ok = await generate({ tools: [tool("fine", deep(40) as never)], options: { emit: "js", lint: false } });
    expect(ok.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("schemas that differ only under a \"__proto__\" property hash differently (cache keys, toolsBySchemaHash)", () => {
    const a = JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}}}');
    const b = JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "integer"}}}');
    expect(hashOf(a)).not.toBe(hashOf(b));
    let deepValue: unknown = 1;
    for (let i = 0; i < 50_000; i++) deepValue = { a: [deepValue] };
    expect(hashOf(deepValue)).toMatch(/^[0-9a-f]{64}$/); // deeper than JSON.stringify recurses: still a hash
  });

  it("the canary is live: code that does set it is caught", () => {
    (globalThis as Record<string, unknown>)[CANARY] = 1;
    expect(() => assertCanary("self-test")).toThrow(/injected code ran/);
    delete (globalThis as Record<string, unknown>)[CANARY];
    assertCanary("self-test");
  });
});

describe("tool names that cannot be identifiers or file names", () => {
  const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  const TAKEN = new Set(["rt", "toolset", "toolNames", "toolsBySchemaHash", "validateCall", "ToolArgs", "ToolName"]);

  it("map to a safe identifier, type name and file name (property, 3000 hostile names)", () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.constantFrom(...FRAGMENTS), fc.string({ unit: "binary" })), (name) => {
        const ident = camelIdent(name);
        const type = pascalIdent(name) + "Args";
        const file = fileBase(name);
        expect(ident).toMatch(IDENT);
        expect(type).toMatch(IDENT);
        expect(TAKEN.has(ident) || TAKEN.has(type)).toBe(false);
        expect(() => new Function(`"use strict"; let ${ident};`)).not.toThrow(); // not a reserved word
        expect(file).toMatch(/^[a-z0-9][a-z0-9_.-]*$/);
        expect(file.length).toBeLessThanOrEqual(105);
        expect(file).not.toMatch(/^(index|_runtime)$|\.d$|^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/);
      }),
      { seed: 5, numRuns: 3000 },
    );
  });

  it("names a generated module declares itself are not taken by a tool", async () => {
    const names = ["rt", "toolset", "validate call", "tool names", "tools by schema hash", "tool", "is 0", "collect 0", "re 0", "x 0", "is fallback", "collect fallback", "tf map ajv error", "CON", "index", "index.d", "_runtime", "__proto__", "constructor"];
    const stats = emptyStats();
    const schema = { type: "object", properties: { a: { type: "string", pattern: "^a" }, b: { enum: ["x", "y"] } }, required: ["a"] } as const;
    await injectionRound(
      names.map((n) => tool(n, structuredClone(schema) as never)),
      4, // a multiple of 4: the ajv engine too (its modules declare ajv_<hash>_is, _collect, _mapError)
      stats,
      4,
    );
    expect(stats.tools).toBe(names.length);
    expect(stats.engineAjv).toBe(names.length);
    expect(stats.collisions).toBe(0);
  });

  it("look-alike names (same identifier or file name) build with distinct names; only an exact duplicate is an error (property)", async () => {
    // Variants of a name that keep its identifier or its file name.
    const variant = fc.constantFrom(
      (s: string) => s.toUpperCase(),
      (s: string) => s.replace(/_/g, "-"),
      (s: string) => s.replace(/[_-]/g, " ") + "!",
      (s: string) => "_" + s,
      (s: string) => s + "_",
      (s: string) => s,
    );
    const base = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,6}){0,2}$/), hostileString);
    // The naming function alone, on many pairs: distinct, identifier-safe names for look-alikes.
    fc.assert(
      fc.property(base, variant, (name, v) => {
        const other = v(name);
        fc.pre(other !== name);
        const ids = [...toolIdentifiers([name, other]).values()];
        expect(new Set(ids.map((x) => x.ident.toLowerCase())).size).toBe(2);
        expect(new Set(ids.map((x) => x.file)).size).toBe(2);
        for (const x of ids) {
          expect(x.ident).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
          expect(x.typeName).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
          expect(x.file).toMatch(/^[a-z0-9][a-z0-9_.-]*$/);
        }
      }),
      { seed: 11, numRuns: 500 },
    );
    // Whole builds (prettier makes each one slow): fewer.
    await fc.assert(
      fc.asyncProperty(base, variant, async (name, v) => {
        const other = v(name);
        const lookAlike = camelIdent(other).toLowerCase() === camelIdent(name).toLowerCase() || fileBase(other) === fileBase(name);
        fc.pre(other === name || lookAlike);
        const r = await generate({ tools: [tool(name, { type: "object" }), tool(other, { type: "object" })], options: { emit: "js", lint: false } });
        const errors = r.diagnostics.filter((d) => d.severity === "error");
        if (other === name) {
          expect(r.files).toEqual([]);
          expect(errors).toHaveLength(1);
          expect(errors[0]!.code).toBe("tools/duplicate-name");
          expect(errors[0]!.message).toContain(JSON.stringify(name));
          return;
        }
        expect(errors).toEqual([]);
        const idents = r.tools.map((t) => t.ident.toLowerCase());
        const files = r.files.map((f) => f.path.toLowerCase());
        expect(new Set(idents).size).toBe(2);
        expect(new Set(files).size).toBe(files.length);
        expect(r.tools.map((t) => t.def.name).sort()).toEqual([name, other].sort());
      }),
      { seed: 11, numRuns: 12 },
    );
  });
});

describe("lit(): the one quoting function", () => {
  // A string holding more `"` than `'` is written in single quotes (code.ts quoted): the
  // escapes stay JSON's, so quotes, backslashes, line terminators and the language marks
  // are all escaped in either form.
  const check = (s: string) => {
    const t = lit(s).text;
    expect(t[0]).toBe(t.at(-1));
    expect(t[0]).toBe([...s].filter((c) => c === '"').length > [...s].filter((c) => c === "'").length ? "'" : '"');
    expect(t).not.toMatch(/[\n\r\u2028\u2029\uFDD0-\uFDD5]/);
    // Nothing but the closing quote ends it: unescaped quotes of its own kind appear only at the ends.
    const inner = t.slice(1, -1).replace(/\\[^]/g, "");
    expect(inner.includes(t[0]!)).toBe(false);
    expect(new Function(`return ${t};`)()).toBe(s);
    // The same inside an expression that a break-out would change.
    expect(new Function(`return [${t}, 1];`)()).toEqual([s, 1]);
  };

  it("keeps every payload and fragment, alone and in quotes of either kind", () => {
    for (const p of [...PAYLOADS, ...FRAGMENTS]) for (const s of [p, `"${p}"`, `'${p}'`, `""${p}`, `''${p}`]) check(s);
    expect(lit('say "hi"').text).toBe(`'say "hi"'`);
    expect(lit(`it's "x"`).text).toBe(`'it\\'s "x"'`);
    expect(lit(`'it's' "x"`).text).toBe(`"'it's' \\"x\\""`);
    expect(lit(`""\\'\u2028\uFDD0`).text).toBe(`'""\\\\\\'\\u2028\\ufdd0'`);
  });

  it("the index's schema table takes only a one-line string literal (its text can come back from the build cache)", () => {
    const row = (schemaText: string) => () => indexTablesTs([{ ident: "t", schemaText }]);
    for (const p of PAYLOADS) expect(row(jsonText({ p })!.text)).not.toThrow();
    for (const bad of ["'a' + globalThis.__pwned", "'a\\'", "'a\n'", "'a\u2028'", "'a", "a'", "'", "'\\\\''", "'\uFDD0'"]) expect(row(bad), bad).toThrow(/not a one-line string literal/);
  });

  it("keeps any string (property, hostile strings and mixes of quotes and backslashes)", () => {
    const quotes = fc.string({ unit: fc.constantFrom('"', "'", "\\", "\n", "\u2028", "\u2029", "\uFDD0", "\uFDD5", "a"), maxLength: 16 });
    fc.assert(fc.property(fc.oneof(hostileString, quotes), check), { seed: 7, numRuns: 3000 });
  });
});
