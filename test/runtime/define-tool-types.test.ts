// `execute` in defineTool is typed by the tool's name from the generated index
// (the global interface ToolformTools), with no type written twice. From an
// empty project, as on a fresh clone: `toolform build` first (it reads the tool
// file without type-checking it, so nothing is circular), then tsc passes; a
// schema change plus a rebuild makes the same `execute` a type error.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const project = mkdtempSync(join(tmpdir(), "toolform-define-tool-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const tool = (cityType: string) => `import { defineTool } from "@toolform/runtime";

export const weather = defineTool({
  name: "get_weather",
  description: "Current weather for a city.",
  inputSchema: {
    type: "object",
    properties: { city: { type: "${cityType}" }, days: { type: "integer", minimum: 1 } },
    required: ["city"],
    additionalProperties: false,
  },
  execute: (args) => args.city.toUpperCase() + (args.days ?? 1),
});

// A name the build has not seen (yet): its arguments are unknown.
export const later = defineTool({
  name: "not_built",
  inputSchema: { type: "object" },
  // @ts-expect-error args is unknown until the tool is built
  execute: (args) => args.city,
});
`;

function build(): void {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/toolform.js"), "build"], { cwd: project, encoding: "utf8", timeout: 120_000 });
  expect(r.stderr + r.stdout).toContain("written");
  expect(r.status).toBe(0);
}

/** tsc's errors over the tool file and the generated index, strict. */
function typeErrors(): string[] {
  const program = ts.createProgram([join(project, "tools/weather.tool.ts"), join(project, "generated/index.ts")], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? d.file.fileName.slice(project.length + 1) + ":" + (d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1) + ": " : ""}${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

describe("defineTool: typed execute from the generated index", () => {
  it("types args by the tool's name; a schema change breaks execute", () => {
    mkdirSync(join(project, "tools"));
    mkdirSync(join(project, "node_modules/@toolform"), { recursive: true });
    symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@toolform/runtime"), "dir");
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    writeFileSync(join(project, "toolform.config.mjs"), `export default { sources: ["tools/*.tool.ts"], outDir: "generated" };\n`);

    writeFileSync(join(project, "tools/weather.tool.ts"), tool("string"));
    build();
    expect(typeErrors()).toEqual([]);

    writeFileSync(join(project, "tools/weather.tool.ts"), tool("number"));
    build();
    expect(typeErrors()).toEqual(["tools/weather.tool.ts:12: Property 'toUpperCase' does not exist on type 'number'."]);
  }, 600_000); // two builds in a new process each, two type-checks
});
