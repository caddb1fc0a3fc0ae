// One definition per keyword (issue 32): each keyword module writes its checks once,
// against a context that decides how a failure is answered, and the fast checks and the
// error path are both written from it. And the names a generated fragment uses are
// carried by the fragment (code.ts refsOf), not found by scanning its text.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import * as rt from "@toolform/runtime/rt/index";
import { DEFAULT_LIMITS } from "../../src/config/limits.js";
import { and, ann, code, join as joinCode, lit, Names, or, prop, refsOf, RtRef, textIn, tsOnly } from "../../src/emit/code.js";
import { exampleChecker } from "../../src/emit/example-check.js";
import { emitValidator, referencedOnly } from "../../src/emit/validator/functions.js";
import { analyzeSchema, type CompileOptions } from "../../src/pipeline/compile-tool.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const KEYWORDS = join(HERE, "../../src/emit/validator/keywords");
const SUITE = join(HERE, "..", "json-schema-test-suite/tests/draft2020-12");
const opts: CompileOptions = { unknownArgs: "schema", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {}, allowUnchecked: [], limits: DEFAULT_LIMITS };

function suiteGroups(): { file: string; description: string; schema: unknown; tests: { data: unknown; valid: boolean }[] }[] {
  return readdirSync(SUITE)
    .filter((f) => f.endsWith(".json"))
    .flatMap((file) => (JSON.parse(readFileSync(join(SUITE, file), "utf8")) as { description: string; schema: unknown; tests: { data: unknown; valid: boolean }[] }[]).map((g) => ({ file, ...g })));
}

describe("keyword modules", () => {
  it("each has one definition, emit(cx): no fast/errors pair", async () => {
    let modules = 0;
    for (const f of readdirSync(KEYWORDS).filter((x) => x.endsWith(".ts"))) {
      const mod = (await import(pathToFileURL(join(KEYWORDS, f)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!name.endsWith("Keyword")) continue;
        modules++;
        expect(Object.keys(value as object).sort(), `${f} ${name}`).toEqual(["applies", "emit", "group", "name"]);
      }
    }
    expect(modules).toBeGreaterThanOrEqual(25);
  });

  it("the fast checks and the error path, written from the same definitions, agree on every value of the test suite", () => {
    let compared = 0;
    for (const g of suiteGroups()) {
      const { ir } = analyzeSchema(g.schema, opts);
      if (!ir) continue;
      const v = emitValidator(ir, { unknownArgs: "schema", toolName: "t", maxDepth: 128, maxPatternInput: 10_000 });
      const [is, collect] = new Function("rt", `${textIn(v.body, "esm")}\nreturn [${v.is.text}, ${v.collect.text}];`)(rt) as [(x: unknown) => boolean, (x: unknown, s: unknown[]) => void];
      // The fast check of the root, where one can stand alone (not under $dynamicRef).
      const fast = exampleChecker(ir, true, { maxDepth: 128, maxPatternInput: 10_000, unknownArgs: "schema" });
      for (const t of g.tests) {
        const where = `${g.file}: ${g.description}: ${JSON.stringify(t.data)}`;
        rt.work.n = 0;
        const fits = is(t.data);
        const s: unknown[] = [];
        rt.work.n = 0;
        collect(t.data, s);
        expect(s.length === 0, where).toBe(fits);
        if (fast) {
          expect(fast(ir.root, t.data), where).toBe(fits);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe("the names a fragment uses", () => {
  it("are carried by its parts: the runtime helpers a validator uses are exactly those its JavaScript names (test suite)", () => {
    let n = 0;
    for (const g of suiteGroups()) {
      const { ir } = analyzeSchema(g.schema, opts);
      if (!ir) continue;
      const v = emitValidator(ir, { unknownArgs: "schema", toolName: "t", maxDepth: 128, maxPatternInput: 10_000 });
      const named = new Set([...textIn(v.body, "esm").matchAll(/\brt\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!));
      expect([...v.runtime].sort(), `${g.file}: ${g.description}`).toEqual([...named].sort());
      n++;
    }
    expect(n).toBeGreaterThan(300);
  });

  it("survive joining, operands and language marks; a name in a string literal is no use", () => {
    const names = new Names();
    const [f, g, h, k] = ["f", "g", "h", "k"].map((p) => names.fresh(p));
    const c = code`${joinCode([code`${f}(1)`, or([code`${g}()`, and([prop(h!, "x")])])])} ${tsOnly(code`${ann(k!)}`)} ${lit("f0 rt.pk")} ${new RtRef("pk")}`;
    expect([...refsOf(c).names].sort()).toEqual(["f0", "g0", "h0", "k0"]);
    expect([...refsOf(c).runtime]).toEqual(["pk"]);
  });

  it("referencedOnly keeps what the entries reach through the parts, not what a string happens to spell", () => {
    const names = new Names();
    const [a, b, c] = ["a", "b", "c"].map((p) => names.fresh(p));
    const items = [
      { name: a!, fn: code`function ${a}() { return ${b}(); }` },
      { name: b!, fn: code`function ${b}() { return ${lit("c0")}; }` },
      { name: c!, fn: code`function ${c}() {}` },
    ];
    expect(referencedOnly(items, [code`${a}();`]).map((x) => x.text)).toEqual([items[0]!.fn.text, items[1]!.fn.text]);
  });
});
