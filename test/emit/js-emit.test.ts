// Generated JavaScript comes from the same emit as the TypeScript, without a parser:
// the emitter marks what only one language has (src/emit/code.ts textIn). For every
// corpus tool and bench workload tool (and the examples), the JavaScript section must be
// exactly the TypeScript section without its types: esbuild reads the one as JavaScript
// (so no TypeScript is left in it) and the other as TypeScript, and prints the same
// program for both. Then the whole modules are loaded — the JavaScript we write (ES
// module and CommonJS) and esbuild's strip of index.ts — and must give the same reports.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { generateTools } from "../../bench/workload/generate.js";
import { generate } from "../../src/pipeline/generate.js";
import type { GeneratedFile } from "../../src/io/generated-file.js";
import type { ToolParts } from "../../src/pipeline/compiled.js";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Tool, ValidationReport } from "../../packages/runtime/src/rt/index.js";
import { exampleTools } from "../helpers/generated.js";
import { code, cjsOnly, esmOnly, exported, identCode, lit, textIn, tsOnly, ann } from "../../src/emit/code.js";
import { analyzeSchema } from "../../src/schema/analyze.js";
import { emitValidator } from "../../src/emit/validator/functions.js";
import { emitNormalizer } from "../../src/emit/normalizer/functions.js";
import { DEFAULT_LIMITS } from "../../src/config/limits.js";
import { CHUNK_FROM } from "../../src/pipeline/chunks.js";

interface SourceEntry {
  file: string;
}
const corpus = (JSON.parse(readFileSync("test/corpus/sources.json", "utf8")) as SourceEntry[]).map((s) => ({
  label: s.file,
  tools: toolsFromJson(JSON.parse(readFileSync(`test/corpus/${s.file}`, "utf8")), `test/corpus/${s.file}`).tools,
}));
const workload = generateTools(1000, 8000).map((g, i) => ({ ...g.tool, origin: { file: `workload/${i}.json` } }) as ToolDefinition);
/** The corpus's real tools as one toolset (a name two servers share kept once): over CHUNK_FROM, so a chunked index of real names and schemas. */
const corpusAsOne = [...new Map(corpus.flatMap((c) => c.tools).map((t) => [t.name, t] as const)).values()];
const projects: { label: string; tools: ToolDefinition[]; engine?: "ajv" }[] = [
  ...corpus,
  { label: `the corpus as one toolset (${corpusAsOne.length} tools)`, tools: corpusAsOne },
  { label: "bench workload (1,000 tools)", tools: workload },
  { label: "examples", tools: exampleTools() },
  // ajv's standalone code inside a section, with toolform's typed glue around it.
  { label: "examples under engine ajv", tools: exampleTools(), engine: "ajv" },
  // The CommonJS wrapper's own names (exports, module, require, __filename, __dirname), as tool names from an MCP server may be.
  {
    label: "tools named like CommonJS's own names",
    tools: ["exports", "module", "require", "__filename", "__dirname", "Module"].map(
      (name, i) => ({ name, description: `Tool ${name}.`, inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] }, origin: { file: `names/${i}.json`, pointer: "" } }) as ToolDefinition,
    ),
  },
];

/** esbuild's print of a program: comments and layout gone, so two texts of the same program print the same. */
const printed = (text: string, loader: "ts" | "js") => transformSync(text, { loader, format: "esm", target: "es2022", charset: "utf8", legalComments: "none" }).code;

type Module = { toolset: Record<string, Tool>; validateCall(c: unknown): ValidationReport };

function writeOut(files: GeneratedFile[], type: "module" | "commonjs"): string {
  const dir = mkdtempSync(join(tmpdir(), "toolform-jsemit-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type }));
  for (const f of files) writeFileSync(join(dir, f.path), f.contents);
  return dir;
}

/** A report as the harness reads it. */
const seen = (r: ValidationReport) => JSON.stringify({ dict: r.toDict(), feedback: r.feedback, errors: r.errors });

describe("JavaScript from the one emit (code.ts textIn)", () => {
  it("marks: each language keeps its own segments; text from a schema cannot hold a mark", () => {
    const x = identCode("x");
    const c = code`${exported(x, code`const x${ann(code`Set<string>`)} = new Set${tsOnly(code`<string>`)}(${lit(["a\uFDD0b"])});`)}${cjsOnly(code`//cjs`)}${esmOnly(code`//esm`)}`;
    expect(textIn(c, "ts")).toBe('export const x: Set<string> = new Set<string>(["a\\ufdd0b"]);//esm');
    expect(textIn(c, "esm")).toBe('export const x = new Set(["a\\ufdd0b"]);//esm');
    expect(textIn(c, "cjs")).toBe('const x = new Set(["a\\ufdd0b"]);\nexports.x = x;//cjs');
    expect(() => tsOnly(cjsOnly(code`a`))).toThrow(/another kind/);
  });

  it("every schema of the JSON-Schema-Test-Suite (2020-12, draft-07; every keyword, $dynamicRef too): validator and normaliser are their TypeScript without the types", () => {
    const root = "test/json-schema-test-suite/tests";
    let compared = 0;
    for (const [draft, dialect] of [["draft2020-12", "2020-12"], ["draft7", "draft-07"]] as const) {
      const files = [...readdirSync(`${root}/${draft}`).filter((f) => f.endsWith(".json")), ...readdirSync(`${root}/${draft}/optional/format`).map((f) => `optional/format/${f}`)];
      for (const f of files) {
        for (const [i, c] of (JSON.parse(readFileSync(`${root}/${draft}/${f}`, "utf8")) as { schema: unknown }[]).entries()) {
          for (const unknownArgs of ["reject", "schema"] as const) {
            const opts = { unknownArgs, formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {}, dialect, allowUnchecked: [], limits: DEFAULT_LIMITS };
            const { ir, diagnostics } = analyzeSchema(structuredClone(c.schema), opts);
            if (!ir || diagnostics.some((d) => d.severity === "error")) continue;
            const vopts = { unknownArgs, toolName: "t", maxDepth: 128, maxPatternInput: 10_000, moduleNames: ["t"] };
            const v = emitValidator(ir, vopts);
            const nz = emitNormalizer(ir, vopts, v, ["t"]);
            const body = code`${v.body}\n${nz.body}`;
            expect(printed(textIn(body, "esm"), "js"), `${draft}/${f}#${i}`).toBe(printed(textIn(body, "ts"), "ts"));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1200);
  }, 300_000);

  for (const p of projects) {
    it(`${p.label}: each section is its TypeScript without the types; ES module, CommonJS and esbuild's strip give the same reports`, async () => {
      const parts = new Map<string, ToolParts>();
      const partsCache = { get: (k: string) => parts.get(k), set: (k: string, v: ToolParts) => void parts.set(k, v) };
      const options = { lint: false as const, unknownArgs: "reject" as const, partsCache, ...(p.engine ? { engine: p.engine } : {}) };
      const ts = await generate({ tools: p.tools, options: { ...options, emit: "ts" } });
      // Tools refused by design (Notion's `format: "json"`) are left out, as corpus.test.ts does.
      const refused = new Set(ts.diagnostics.filter((d) => d.severity === "error").map((d) => d.tool));
      const tools = refused.size ? p.tools.filter((t) => !refused.has(t.name)) : p.tools;
      const [tsOut, esm, cjs] = refused.size
        ? await Promise.all((["ts", "js", "cjs"] as const).map((emit) => generate({ tools, options: { ...options, emit } })))
        : [ts, ...(await Promise.all((["js", "cjs"] as const).map((emit) => generate({ tools, options: { ...options, emit } }))))];
      expect(esm!.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(esm!.tools.length).toBe(tools.length);
      for (const [i, t] of esm!.tools.entries()) {
        const fromTs = tsOut!.tools[i]!;
        expect(t.def.name).toBe(fromTs.def.name);
        expect(printed(t.js!, "js"), t.def.name).toBe(printed(fromTs.ts, "ts"));
        expect(t.js, t.def.name).not.toMatch(/[\uFDD0-\uFDD5]/);
      }

      // The modules themselves: ours (ESM, CommonJS), and index.ts stripped by esbuild beside the same runtime.
      const esmDir = writeOut(esm!.files, "module");
      const cjsDir = writeOut(cjs!.files, "commonjs");
      // Every TypeScript module but the runtime (the index, and its chunks in a large toolset: chunks.ts) stripped; the runtime as the ES module emit writes it.
      const stripped = [
        ...esm!.files.filter((f) => f.path.startsWith("_runtime.")),
        ...tsOut!.files.filter((f) => !f.path.startsWith("_runtime.")).map((f) => ({ path: f.path.replace(/\.ts$/, ".js"), contents: printed(f.contents, "ts") })),
      ];
      if (tools.length >= CHUNK_FROM) for (const out of [tsOut!, esm!, cjs!]) expect(out.files.filter((f) => f.path.startsWith("_tools.")).length).toBeGreaterThan(2);
      const refDir = writeOut(stripped, "module");
      const mine = (await import(pathToFileURL(join(esmDir, "index.js")).href)) as Module;
      const ref = (await import(pathToFileURL(join(refDir, "index.js")).href)) as Module;
      const mineCjs = createRequire(import.meta.url)(join(cjsDir, "index.js")) as Module;
      expect(Object.keys(mine).sort()).toEqual(Object.keys(ref).sort());
      expect(Object.keys(mineCjs).sort()).toEqual(Object.keys(ref).sort());

      // Values aimed at each tool: its parameters with random JSON values, and a few shapes it refuses.
      let compared = 0;
      for (const t of tools) {
        const props = Object.keys(((t.inputSchema as { properties?: object }).properties ?? {}) as object);
        const arb = fc.dictionary(props.length ? fc.constantFrom(...props, "extra") : fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: props.length + 1 });
        const values: unknown[] = [{}, null, "x", [], 42, ...fc.sample(arb, { numRuns: 12, seed: props.length + t.name.length })];
        for (const args of values) {
          const call = { name: t.name, arguments: args };
          const want = seen(ref.validateCall(call));
          expect(seen(mine.validateCall(call)), t.name).toBe(want);
          expect(seen(mineCjs.validateCall(call)), t.name).toBe(want);
          compared++;
        }
        const name = Object.keys(ref.toolset).find((k) => ref.toolset[k]!.name === t.name)!;
        for (const mode of ["lenient", "normalized", "compare"] as const) for (const args of values) expect(JSON.stringify(mine.toolset[name]!.normalize(args, mode))).toBe(JSON.stringify(ref.toolset[name]!.normalize(args, mode)));
      }
      expect(compared).toBe(tools.length * 17);
    }, 600_000);
  }
});
