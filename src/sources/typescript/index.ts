/**
 * The TypeScript source reader: tool files that call `defineTool(...)`.
 *
 * - load "static" (default): the definitions are evaluated from the source,
 *   without running it; each schema property keeps its line and column.
 * - load "import": the files are run with tsx and the exported specs are read
 *   at run time (zod 4 and TypeBox schemas allowed).
 */
import path from "node:path";
import type { Project, SourceFile } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { ToolDefinition } from "../types.js";
import { createProject, displayPath, parseDiagnostics } from "./project.js";
import { readImportFile } from "./read-import.js";
import { readStaticFile } from "./read-static.js";

export interface TypeScriptSourceOptions {
  /** Project root: file names are resolved against it and reported relative to it. */
  root: string;
  load?: "static" | "import";
}

export async function readTypeScriptTools(
  files: string[],
  options: TypeScriptSourceOptions,
): Promise<{ tools: ToolDefinition[]; diagnostics: Diagnostic[]; followed: string[] }> {
  const project = createProject();
  const syntax = new SyntaxCheck(project, options.root);
  const tools: ToolDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of files) {
    const absPath = path.resolve(options.root, name);
    const file = displayPath(options.root, absPath);
    const sf = project.getSourceFile(absPath) ?? project.addSourceFileAtPathIfExists(absPath);
    if (!sf) {
      diagnostics.push({ severity: "error", code: "source/read", message: "the file does not exist", file });
      continue;
    }
    // A file that does not parse is reported as such, and neither evaluated nor run.
    diagnostics.push(...syntax.report(sf));
    if (syntax.failed(sf)) continue;

    const result = options.load === "import" ? await readImportFile(sf, options.root) : readStaticFile(sf, options.root);
    tools.push(...result.tools);
    diagnostics.push(...result.diagnostics);
    // Files the static evaluation followed imports into: a syntax error there
    // would otherwise show up as a silently missing value.
    if (options.load !== "import") for (const other of project.getSourceFiles()) diagnostics.push(...syntax.report(other));
  }
  // Every file the static evaluation read (the tool files and what they import, outside node_modules): a build's inputs.
  const followed = options.load === "import" ? [] : project.getSourceFiles().map((f) => f.getFilePath() as string).filter((f) => !f.split(/[\\/]/).includes("node_modules"));
  return { tools, diagnostics, followed };
}

/** Syntax errors per file, each file's reported once however often it is reached. */
class SyntaxCheck {
  private readonly results = new Map<string, Diagnostic[]>();
  constructor(
    private readonly project: Project,
    private readonly root: string,
  ) {}

  /** The file's syntax errors the first time it is asked about; nothing after. */
  report(sf: SourceFile): Diagnostic[] {
    if (this.results.has(sf.getFilePath())) return [];
    const found = parseDiagnostics(this.project, sf, this.root);
    this.results.set(sf.getFilePath(), found);
    return found;
  }

  failed(sf: SourceFile): boolean {
    return (this.results.get(sf.getFilePath())?.length ?? 0) > 0;
  }
}
