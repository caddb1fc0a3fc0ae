// The runtime written beside generated code is joined from @toolform/runtime's modules
// (src/rt/) by their syntax trees: one file that imports nothing, exporting what the
// entry exports; a clash or a foreign import is a build error naming the place; the
// prebuilt copy (npm run build) is what a build uses while the sources match.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { buildRuntime } from "../../src/emit/runtime-build.js";
import { PREBUILT_RUNTIME, runtimeDeclarations, runtimeSource, runtimeSubset } from "../../src/emit/runtime-file.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A package src/ with rt/ modules and a suggest.ts. */
function sources(rt: Record<string, string>, suggest = "export function near(s: string): string { return s; }\n") {
  const src = mkdtempSync(join(tmpdir(), "toolform-rt-"));
  dirs.push(src);
  mkdirSync(join(src, "rt"));
  writeFileSync(join(src, "suggest.ts"), suggest);
  for (const [f, text] of Object.entries(rt)) writeFileSync(join(src, "rt", f), text);
  return { dir: join(src, "rt"), src };
}

/** Top-level declarations of a text: name → exported. */
function declarations(text: string): Map<string, boolean> {
  const sf = ts.createSourceFile("x.ts", text, ts.ScriptTarget.ES2022, true);
  const out = new Map<string, boolean>();
  for (const st of sf.statements) {
    const exported = !!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) out.set(d.name.getText(sf), exported);
    else if ("name" in st && st.name && ts.isIdentifier(st.name as ts.Node)) out.set((st.name as ts.Identifier).text, exported);
  }
  return out;
}

describe("the runtime joined from its modules", () => {
  it("modules in import order, imports dropped, exported only what the entry exports", () => {
    const where = sources({
      "index.ts": 'export type { Shape } from "./a.js";\nexport { make } from "./a.js";\n',
      "a.ts": '// Module a.\nimport { helper } from "./b.js";\nimport { near } from "../suggest.js";\n\nexport interface Shape { n: number }\n\nexport function make(): Shape {\n  return { n: helper() + near("x").length };\n}\n',
      "b.ts": "// Module b.\n\n/** Used by a only. */\nexport function helper(): number {\n  return 1;\n}\n",
    });
    const built = buildRuntime(where);
    expect(built.exports).toEqual(["Shape", "make"]);
    expect(built.ts).not.toMatch(/^\s*import\s/m);
    // b before a (a imports it), suggest.ts before a too; module headers kept.
    expect(built.ts.indexOf("function helper")).toBeLessThan(built.ts.indexOf("function make"));
    expect(built.ts.indexOf("function near")).toBeLessThan(built.ts.indexOf("function make"));
    expect(built.ts).toContain("// Module b.\n\n/** Used by a only. */\nfunction helper(): number");
    expect([...declarations(built.ts)]).toEqual([
      ["helper", false],
      ["near", false],
      ["Shape", true],
      ["make", true],
    ]);
    expect(built.dts).toContain("export declare function make(): Shape;");
    expect(built.dts).not.toContain("helper");
    // The joined text runs: esbuild strips it, and `make` works with its imports resolved.
    const js = ts.transpileModule(built.ts, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    const mod = { exports: {} as { make(): { n: number } } };
    new Function("module", "exports", js)(mod, mod.exports);
    expect(mod.exports.make()).toEqual({ n: 2 });
  });

  it("the calls that build a top-level constant are marked pure (so a bundler drops an unread table), not those inside functions or of a let", () => {
    const where = sources({
      "index.ts": 'export { TABLE, IIFE, make, counter, KEPT } from "./a.js";\n',
      "a.ts":
        "export const TABLE = Object.freeze(Object.assign(Object.create(null), { a: 1 }));\n" +
        "export const IIFE = (() => { const m = new Map(); m.set(1, 2); return m; })();\n" +
        "export function make() { return Object.freeze([]); }\n" +
        "export let counter = new Int32Array(4);\n" +
        "export const KEPT = /* @__PURE__ */ Symbol(\"k\");\n",
    });
    const built = buildRuntime(where);
    const P = "/* @__PURE__ */ ";
    expect(built.ts).toContain(`export const TABLE = ${P}Object.freeze(${P}Object.assign(${P}Object.create(null), { a: 1 }));`);
    expect(built.ts).toContain(`export const IIFE = ${P}(() => { const m = new Map(); m.set(1, 2); return m; })();`);
    expect(built.ts).toContain("return Object.freeze([]);");
    expect(built.ts).toContain("export let counter = new Int32Array(4);");
    expect(built.ts).toContain(`export const KEPT = ${P}Symbol("k");`);
  });

  it("a top-level name declared in two modules is an error naming both", () => {
    const where = sources({
      "index.ts": 'export { f } from "./a.js";\nexport { g } from "./b.js";\n',
      "a.ts": "const LIMIT = 1;\nexport function f(): number { return LIMIT; }\n",
      "b.ts": "const LIMIT = 2;\nexport function g(): number { return LIMIT; }\n",
    });
    expect(() => buildRuntime(where)).toThrow(/rt\/b\.ts:1: LIMIT is declared here and in .*rt\/a\.ts/);
  });

  it("a default export is an error naming the file and line (it has no name once joined)", () => {
    for (const body of ["\nexport default function () { return 1; }\nexport const f = 1;\n", "export const f = 1;\nexport default class Foo {}\n"]) {
      const where = sources({ "index.ts": 'export { f } from "./a.js";\n', "a.ts": body });
      expect(() => buildRuntime(where)).toThrow(/rt\/a\.ts:2: a default export cannot be joined into one file: export a named declaration instead/);
    }
  });

  it("an import of anything but a sibling module or suggest.ts is an error naming the file and line", () => {
    const pkg = sources({ "index.ts": 'export { f } from "./a.js";\n', "a.ts": '\nimport { readFileSync } from "node:fs";\nexport const f = readFileSync;\n' });
    expect(() => buildRuntime(pkg)).toThrow(/rt\/a\.ts:2: imports "node:fs": the written runtime imports nothing/);
    const renamed = sources({ "index.ts": 'export { f } from "./a.js";\n', "a.ts": 'import { near as n } from "../suggest.js";\nexport const f = n;\n' });
    expect(() => buildRuntime(renamed)).toThrow(/imports near as n: import it under its own name/);
    const missing = sources({ "index.ts": 'export { f, gone } from "./a.js";\n', "a.ts": "export const f = 1;\n" });
    expect(() => buildRuntime(missing)).toThrow(/exports gone, which no runtime module declares/);
  });

  it("the shipped runtime: the prebuilt copy matches the modules, one Repair type, the matcher inside", () => {
    const src = runtimeSource();
    const pre = JSON.parse(readFileSync(PREBUILT_RUNTIME, "utf8")) as { ts: string; dts: string };
    expect(src).toBe(pre.ts);
    expect(runtimeDeclarations(src)).toBe(pre.dts);
    const decls = declarations(src);
    expect(decls.get("Repair")).toBe(true);
    expect(src.match(/^export interface Repair\b/gm)).toHaveLength(1);
    expect([...decls.keys()].filter((n) => /Repair$/.test(n))).toEqual(["Repair"]);
    // Internal helpers shared between modules are not exported from the one file.
    expect(decls.get("mk")).toBe(false);
    expect(decls.get("sgPrepared")).toBe(false);
    // The matcher's one-name answer is the runtime's to give (the errors ask by list index).
    expect(decls.get("suggestName")).toBe(true);
    expect(decls.get("okReport")).toBe(true);
    expect(src).not.toMatch(/^\s*import\s/m);
  });

  it("a build from dist/ with the prebuilt runtime matching does not load TypeScript", () => {
    const script = `
      import { createRequire } from "node:module";
      const { runtimeSource, runtimeDeclarations } = await import(${JSON.stringify(join(process.cwd(), "dist/src/emit/runtime-file.js"))});
      runtimeDeclarations(runtimeSource());
      console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache).filter((k) => /ts-morph|typescript/.test(k))));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it("compile's subset: only what the names reach, as a block that sets rt", async () => {
    const js = await runtimeSubset(["okReport", "pk", "not_a_runtime_name"]);
    const rt = new Function(`let rt;\n${js}\nreturn rt;`)() as Record<string, (...a: unknown[]) => unknown>;
    expect(Object.keys(rt).sort()).toEqual(["okReport", "pk"]);
    expect(rt.pk!("a", "odd key")).toBe('a["odd key"]');
    expect(js).not.toContain("fmt_");
    expect(js).not.toContain("deepEqual");
  });
});
