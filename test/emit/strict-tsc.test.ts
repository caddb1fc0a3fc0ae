// Generated TypeScript (emit "ts") type-checks under the strictest settings a
// user's tsconfig may have, for module nodenext and bundler: the repo's
// committed generated/ folders, and a build of varied schemas (the example
// tools with every coercion, and the JSON Schema Test Suite's schemas, which
// reach every keyword: $ref recursion, $dynamicRef, unevaluated*, if/then/else,
// formats, and tools compiled with engine "ajv"; over 300 tools: a chunked index).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import { SKIP_FILES, suiteFiles } from "../conformance/suite.js";

/** Every strictness flag of the issue; `module` is set per run. */
export const STRICTEST: ts.CompilerOptions = {
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  types: [],
  skipLibCheck: false,
};

const MODULES: Record<string, ts.CompilerOptions> = {
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
};

/** tsc's errors for the given root files, one line each (file:line: message). */
function typeErrors(roots: string[], module: ts.CompilerOptions): string[] {
  const program = ts.createProgram(roots, { ...STRICTEST, ...module });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, "\n");
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function buildInto(tools: ToolDefinition[], options: GenerateOptions): Promise<string> {
  const { files, diagnostics } = await generate({ tools, options: { lint: false, ...options, emit: "ts" } });
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const dir = mkdtempSync(join(tmpdir(), "toolform-strict-"));
  dirs.push(dir);
  for (const f of files) writeFileSync(join(dir, f.path), f.contents);
  // An ESM package, as `emit: "ts"` output is ESM (a CommonJS package uses emit "cjs").
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  return join(dir, "index.ts");
}

/** One tool per schema of the JSON Schema Test Suite's 2020-12 required files (remote-ref schemas left out: they need the remotes). */
function suiteTools(): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (const { draft, file, abs } of suiteFiles(["draft2020-12"])) {
    if (SKIP_FILES[`${draft}/${file}`] || file.startsWith("optional/")) continue;
    const groups = JSON.parse(readFileSync(abs, "utf8")) as { schema: unknown }[];
    groups.forEach((g, i) => {
      if (typeof g.schema !== "object" || JSON.stringify(g.schema).includes("localhost:1234")) return;
      tools.push({ name: `${file.replace(/\.json$/, "")}_${i}`.replace(/[^A-Za-z0-9_]/g, "_"), description: "", inputSchema: g.schema as ToolDefinition["inputSchema"], origin: { file: `${draft}/${file}`, pointer: `/${i}/schema` } });
    });
  }
  return tools;
}

function exampleTools(): ToolDefinition[] {
  const dir = "examples/tools";
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => toolsFromJson(JSON.parse(readFileSync(join(dir, f), "utf8")), `${dir}/${f}`).tools);
}

describe("generated TypeScript under the strictest tsconfig", () => {
  it.each(Object.keys(MODULES))("the committed generated/ folders (module %s)", (mod) => {
    expect(typeErrors(["generated/index.ts", "examples/mcp-server/generated/index.ts"], MODULES[mod]!)).toEqual([]);
  });

  it("a build of varied schemas (module nodenext and bundler)", async () => {
    const roots = [
      await buildInto(exampleTools(), { coerce: "normalized" }),
      await buildInto(exampleTools(), { coerce: "lenient", normalizer: false, unknownArgs: "schema" }),
      await buildInto(exampleTools().slice(0, 3), { engine: "ajv" }),
      await buildInto(suiteTools(), { unknownArgs: "schema", coerce: "normalized" }),
    ];
    // Over 300 tools: the index in chunk files (src/pipeline/chunks.ts), with its imports and re-exports checked too.
    expect(readdirSync(dirname(roots[3]!)).filter((f) => f.startsWith("_tools.")).length).toBeGreaterThan(1);
    for (const mod of Object.keys(MODULES)) expect(typeErrors(roots, MODULES[mod]!), mod).toEqual([]);
  }, 600_000); // some 300 tools through prettier, then tsc twice
});
