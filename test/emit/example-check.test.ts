// Examples for messages are checked with toolform's own fast checks (src/emit/example-check.ts),
// no longer with an ajv compile per tool. The same examples must come out: every place of every
// schema below gets the example the ajv judge picks (chooseExamples without a checker), and each
// candidate value gets ajv's verdict.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateTools } from "../../bench/workload/generate.js";
import { analyzeSchema, type CompileOptions } from "../../src/pipeline/compile-tool.js";
import { DEFAULT_LIMITS } from "../../src/config/limits.js";
import { exampleChecker } from "../../src/emit/example-check.js";
import { textIn } from "../../src/emit/code.js";
import { emitChecks } from "../../src/emit/validator/functions.js";
import { lintTools } from "../../src/pipeline/lint.js";
import { lintTool } from "../../src/schema/lint/index.js";
import { placeDiagnostic } from "../../src/pipeline/compiled.js";
import { generate } from "../../src/pipeline/generate.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import { chooseExamples, exampleCandidates } from "../../src/schema/examples.js";
import { ajvFor } from "../../src/schema/ajv.js";
import type { IR, IRNode } from "../../src/schema/ir.js";

const TESTS = join(dirname(fileURLToPath(import.meta.url)), "..");
const opts: CompileOptions = { unknownArgs: "reject", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {}, allowUnchecked: [], limits: DEFAULT_LIMITS };
// ajv judges by JSON Schema alone: compared with the checks under unknownArgs "schema" (under "reject" the tool's own closed objects decide, tested below).
const bySchema: CompileOptions = { ...opts, unknownArgs: "schema" };

function analyzed(schema: unknown): { ir: IR; read: unknown } | undefined {
  const { ir, diagnostics, schema: read } = analyzeSchema(structuredClone(schema), opts);
  return ir && !diagnostics.some((d) => d.severity === "error") ? { ir, read } : undefined;
}

const examplesOf = (ir: IR) => ir.nodes.map((n) => [n.loc, n.example]);

/**
 * Whether ajv (as chooseExamples gave it the schema: the root $id replaced) compiles the schema at all.
 * Where it does not (a $ref through an embedded resource's $id), ajv judged nothing and no place had an
 * example; toolform's checks do judge there: those schemas are not compared.
 */
function ajvJudges(ir: IR, schema: object): boolean {
  const ajv = ajvFor(ir.dialect);
  const key = `example-check-test-${++seq}`;
  const { $schema: _s, $id: _id, ...rest } = schema as Record<string, unknown>;
  try {
    ajv.addSchema({ ...rest, $id: `https://toolform.invalid/${key}.json` }, key);
    return ajv.getSchema(key) !== undefined;
  } catch {
    return false;
  } finally {
    ajv.removeSchema(key);
  }
}

let seq = 0;
/** ajv's verdict at each place of `schema` (the judge chooseExamples used before); `done` removes the schema. */
function ajvJudge(ir: IR, schema: object): { verdict: (n: IRNode, value: unknown) => boolean; done: () => void } {
  const ajv = ajvFor(ir.dialect);
  const key = `example-check-test-${++seq}`;
  const { $schema: _s, $id: _id, ...rest } = schema as Record<string, unknown>;
  ajv.addSchema({ ...rest, $id: `https://toolform.invalid/${key}.json` }, key);
  const at = (n: IRNode) => ajv.getSchema(`${key}#${n.loc.split("/").map((t, i) => (i === 0 ? t : encodeURIComponent(t))).join("/")}`)!;
  return { verdict: (n, value) => at(n)(value) === true, done: () => ajv.removeSchema(key) };
}

const corpus = readdirSync(join(TESTS, "corpus"))
  .filter((f) => f.endsWith(".json") && f !== "sources.json")
  .flatMap((f) => (JSON.parse(readFileSync(join(TESTS, "corpus", f), "utf8")) as { tools: { name: string; inputSchema: unknown }[] }).tools.map((t) => ({ name: `${f}:${t.name}`, schema: t.inputSchema })));
const bench = generateTools(150, 4242).map((g) => ({ name: `bench:${g.tool.name}`, schema: g.tool.inputSchema }));
// The JSON-Schema-Test-Suite's schemas (2020-12, formats included): every keyword toolform implements.
const suiteDir = join(TESTS, "json-schema-test-suite", "tests", "draft2020-12");
const suite = [...readdirSync(suiteDir).filter((f) => f.endsWith(".json")), ...readdirSync(join(suiteDir, "optional", "format")).map((f) => join("optional", "format", f))].flatMap((f) =>
  (JSON.parse(readFileSync(join(suiteDir, f), "utf8")) as { description: string; schema: unknown }[]).map((c, i) => ({ name: `suite:${f}#${i} ${c.description}`, schema: c.schema })),
);

describe("examples checked by toolform's own checks", () => {
  it("the same example at every place as with ajv as the judge (corpus, bench workload, test suite)", async () => {
    let places = 0;
    let own = 0;
    let unjudged = 0;
    for (const { name, schema } of [...corpus, ...bench, ...suite]) {
      const a = analyzed(schema);
      const b = analyzed(schema);
      if (!a || !b || typeof a.read !== "object" || a.read === null) continue;
      if (!ajvJudges(a.ir, a.read)) {
        unjudged++;
        continue;
      }
      const check = await exampleChecker(a.ir, true, bySchema);
      if (check) own++;
      chooseExamples(a.ir, a.read, check);
      chooseExamples(b.ir, b.read);
      expect(examplesOf(a.ir), name).toEqual(examplesOf(b.ir));
      places += a.ir.nodes.length;
    }
    // Most schemas go through toolform's checks (not the ajv fallback), and there are many places.
    expect(own).toBeGreaterThan(800);
    expect(places).toBeGreaterThan(5000);
    expect(unjudged).toBeLessThan(20);
  });

  it("each candidate gets ajv's verdict", async () => {
    let compared = 0;
    for (const { name, schema } of [...corpus.slice(0, 300), ...bench.slice(0, 50), ...suite]) {
      const a = analyzed(schema);
      if (!a || typeof a.read !== "object" || a.read === null) continue;
      const check = await exampleChecker(a.ir, true, bySchema);
      if (!check || !ajvJudges(a.ir, a.read)) continue;
      // Not the suite's own test values: they probe where ajv itself is off (inherited "constructor" read as present, formats ajv-formats lacks).
      const values = (n: IRNode) => exampleCandidates(n);
      const ajv = ajvJudge(a.ir, a.read);
      for (const n of a.ir.nodes) {
        if (n.bool !== undefined) continue;
        for (const v of values(n)) {
          expect(check(n, v), `${name} at #${n.loc}: ${JSON.stringify(v)}`).toBe(ajv.verdict(n, v));
          compared++;
        }
      }
      ajv.done();
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("under unknownArgs reject, a message's example has no key the tool's validator refuses (a schema example with an undeclared key is passed over)", async () => {
    const schema = {
      type: "object",
      properties: {
        opts: { type: "object", properties: { a: { type: "integer" } }, examples: [{ a: 1, zzz: 2 }, { a: 3 }] },
        list: { type: "array", items: { type: "object", properties: { b: { type: "string" } } }, examples: [[{ b: "x", extra: 1 }], [{ b: "y" }]] },
      },
    };
    const closed = analyzed(schema)!;
    chooseExamples(closed.ir, closed.read, await exampleChecker(closed.ir, true, opts));
    expect(closed.ir.nodes.find((n) => n.loc === "/properties/opts")!.example).toBe('{"a":3}');
    expect(closed.ir.nodes.find((n) => n.loc === "/properties/list")!.example).toBe('[{"b":"y"}]');
    const open = analyzed(schema)!;
    chooseExamples(open.ir, open.read, await exampleChecker(open.ir, true, bySchema));
    expect(open.ir.nodes.find((n) => n.loc === "/properties/opts")!.example).toBe('{"a":1,"zzz":2}');
  });

  it("an example never breaks the tool's own x-compare rule (ajv, which does not know the keyword, let one through)", async () => {
    const schema = {
      type: "object",
      properties: { start_iso: { type: "string", format: "date-time" }, end_iso: { type: "string", format: "date-time" } },
      required: ["start_iso", "end_iso"],
      "x-compare": [{ left: "end_iso", op: ">", right: "start_iso" }],
    };
    const a = analyzed(schema)!;
    chooseExamples(a.ir, a.read, await exampleChecker(a.ir, true, opts));
    // Both fields' examples are the same time: the object of them fails "end after start", so the root has none.
    expect(a.ir.nodes.find((n) => n.loc === "/properties/end_iso")!.example).toBe('"2026-01-31T09:00:00Z"');
    expect(a.ir.root.example).toBeUndefined();
    const b = analyzed(schema)!;
    chooseExamples(b.ir, b.read);
    expect(b.ir.root.example).toBe('{"start_iso":"2026-01-31T09:00:00Z","end_iso":"2026-01-31T09:00:00Z"}');
  });

  it("is not used where it cannot judge a place alone: $dynamicRef, formats off, parts left unchecked", async () => {
    const dyn = analyzed({ $id: "https://example.com/t", $dynamicAnchor: "n", type: "object", properties: { c: { type: "array", items: { $dynamicRef: "#n" } } } })!;
    expect(await exampleChecker(dyn.ir, true, opts)).toBeUndefined();
    const plain = analyzed({ type: "object", properties: { a: { type: "string", format: "email" } } })!;
    expect(await exampleChecker(plain.ir, false, opts)).toBeUndefined();
    expect(await exampleChecker(plain.ir, true, opts)).toBeTypeOf("function");
  });

  it("the checks are JavaScript from the same emit (code.ts textIn), no parser and no esbuild: every annotation is marked", () => {
    let made = 0;
    for (const { schema } of [...corpus, ...suite]) {
      const a = analyzed(schema);
      if (!a || a.ir.nodes.some((n) => n.dynamicRef !== undefined || n.loc.includes("#"))) continue;
      const { body } = emitChecks(a.ir, { unknownArgs: "schema", toolName: "", maxDepth: 128, maxPatternInput: 10_000 }, a.ir.nodes.filter((n) => n.bool === undefined));
      expect(() => new Function("rt", textIn(body, "esm"))).not.toThrow();
      made++;
    }
    expect(made).toBeGreaterThan(900);
  });

  describe("the lint's defaults and examples: toolform's checks first, ajv for what they refuse", () => {
    const def = (inputSchema: unknown, i = 0): ToolDefinition => ({ name: `tool_${i}`, description: "Does one documented thing.", inputSchema: inputSchema as never, origin: { file: "tools.json", pointer: `/tools/${i}` } });
    /** The lint as it was: every default and example judged by ajv. */
    const byAjv = (d: ToolDefinition, strict = false) => lintTool(d, { strict, unknownArgs: "reject", maxPatternInput: 10_000, rules: {} }).map((x) => (x.tool ? x : placeDiagnostic(x, d)));
    const bad = {
      type: "object",
      properties: {
        day: { type: "string", description: "d", format: "date", default: "yesterday", examples: ["2024-05-01", "soon"] },
        count: { $ref: "#/$defs/count", description: "d", default: "ten" },
        ok: { type: "string", description: "d", default: "fine", examples: ["also fine"] },
        tags: { type: "array", description: "d", items: { type: "string", pattern: "^[a-z]+$" }, default: ["a", "B"], uniqueItems: true },
      },
      $defs: { count: { type: "integer", minimum: 0 } },
    };

    it("a bad default or example is the same build error naming the place (strict), the same warning otherwise", async () => {
      const { diagnostics } = await generate({ tools: [def(bad)], options: { strict: true } });
      const found = diagnostics.filter((d) => d.code === "schema/bad-default" || d.code === "schema/bad-example");
      expect(found.map((d) => [d.severity, d.code, d.pointer])).toEqual([
        ["error", "schema/bad-default", "/tools/0/inputSchema/properties/count/default"],
        ["error", "schema/bad-default", "/tools/0/inputSchema/properties/day/default"],
        ["error", "schema/bad-example", "/tools/0/inputSchema/properties/day/examples/1"],
        ["error", "schema/bad-default", "/tools/0/inputSchema/properties/tags/default"],
      ]);
      expect(found.find((d) => d.pointer?.endsWith("/day/default"))!.message).toMatch(/^The default "yesterday" at \/properties\/day fails its own schema: must match format "date"\.$/);
      expect(await lintTools(def(bad), opts, {}, false)).toEqual(byAjv(def(bad)));
    });

    it("the same findings as ajv alone on every corpus tool with a default or an example, and on draft-07 and broken schemas", async () => {
      const draft7 = {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { pair: { type: "array", description: "d", items: [{ type: "string" }, { type: "integer" }], default: ["a", "b"] }, good: { $ref: "#/definitions/n", description: "d", default: 3 } },
        definitions: { n: { type: "integer" } },
      };
      const broken = { type: "object", properties: { bad: { $ref: "#/$defs/missing", description: "d" }, n: { type: "integer", description: "d", default: "x" } } };
      const schemas = [draft7, broken, bad, ...corpus.map((t) => t.schema).filter((s) => /"(default|examples)"/.test(JSON.stringify(s)))];
      expect(schemas.length).toBeGreaterThan(100);
      let findings = 0;
      for (const [i, s] of schemas.entries()) {
        const got = await lintTools(def(s, i), opts, {}, false);
        expect(got, JSON.stringify(s).slice(0, 200)).toEqual(byAjv(def(s, i)));
        findings += got.filter((d) => d.code === "schema/bad-default" || d.code === "schema/bad-example").length;
      }
      expect(findings).toBeGreaterThan(4);
    });
  });
});
