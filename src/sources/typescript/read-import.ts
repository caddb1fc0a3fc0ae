/**
 * `load: "import"` for one parsed file: the module is run and its exported
 * tool specs are read from their run-time values. The source is still read
 * (its problems ignored) to give each tool the place of its defineTool call.
 */
import { Node, type CallExpression, type SourceFile } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { ToolDefinition } from "../types.js";
import { toToolDefinition } from "./definition.js";
import { exportedToolSpecs, importModule, LoaderUnavailableError, type RuntimeSpec } from "./import-loader.js";
import { displayPath } from "./project.js";
import { locateFor, noToolsWarning, readCalls, siteOf, staticName, type CallReading } from "./read-static.js";
import { runtimeSchemaToJson } from "./runtime-schema.js";

export async function readImportFile(
  sf: SourceFile,
  root: string,
): Promise<{ tools: ToolDefinition[]; diagnostics: Diagnostic[] }> {
  const absPath = sf.getFilePath();
  const file = displayPath(root, absPath);
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(absPath);
  } catch (error) {
    return { tools: [], diagnostics: [importFailed(error, sf, file)] };
  }

  const specs = exportedToolSpecs(mod);
  const diagnostics: Diagnostic[] = [];
  if (specs.length === 0) diagnostics.push(noToolsWarning(file, "no exported tool definition (an object with `name` and `inputSchema`)"));

  const readings = readCalls(sf);
  const unmatched = new Set(readings);
  const found: ToolDefinition[] = [];
  for (const spec of specs) {
    const reading = matchCall(spec, unmatched);
    if (reading) unmatched.delete(reading);
    const site = reading ? siteOf(reading, file) : { file };

    const converted = await runtimeSchemaToJson(spec.value["inputSchema"]);
    if (!("schema" in converted)) {
      const keyPos = site.keyPos?.("inputSchema") ?? reading?.pos;
      diagnostics.push({
        severity: "error",
        code: converted.code,
        message: converted.message,
        hint: converted.hint,
        tool: spec.value.name,
        file,
        ...(keyPos ? { line: keyPos.line, column: keyPos.column } : {}),
      });
      continue;
    }
    const value = { name: spec.value.name, description: spec.value["description"], inputSchema: converted.schema };
    const result = toToolDefinition(value, site, reading ? locateFor(reading) : undefined);
    diagnostics.push(...result.diagnostics);
    if (result.tool) found.push(result.tool);
  }
  // A call that gave no tool was not exported, or lacks a name or schema.
  for (const reading of unmatched) diagnostics.push(notExportedWarning(reading, file));
  // Source order, as the static reader gives (exports come sorted by name).
  return { tools: found.sort(bySourcePlace), diagnostics };
}

/**
 * The defineTool call a run-time spec came from, for its line/column: the call
 * whose `name` the source spells out, else the call that directly initializes
 * the export the spec was found under (`export const x = defineTool(…)`,
 * `export default defineTool(…)`).
 */
function matchCall(spec: RuntimeSpec, calls: ReadonlySet<CallReading>): CallReading | undefined {
  for (const reading of calls) if (staticName(reading.value) === spec.value.name) return reading;
  for (const reading of calls) if (exportNameOf(reading.call) === spec.exportName) return reading;
  return undefined;
}

/** The export a call is the whole value of, if any. */
function exportNameOf(call: CallExpression): string | undefined {
  let node: Node = call;
  let parent = node.getParent();
  while (parent && (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent))) {
    node = parent;
    parent = node.getParent();
  }
  if (Node.isExportAssignment(parent)) return "default";
  if (Node.isVariableDeclaration(parent) && parent.getVariableStatement()?.isExported()) return parent.getName();
  return undefined;
}

function notExportedWarning(reading: CallReading, file: string): Diagnostic {
  const name = staticName(reading.value);
  return {
    severity: "warning",
    code: "source/not-exported",
    message: `${name ? `the defineTool call of "${name}"` : "this defineTool call"} gave no exported tool when the file ran`,
    hint: "with load: \"import\" only exported values (or arrays of them) are read; export it, and give it a string `name` and an `inputSchema`",
    ...(name ? { tool: name } : {}),
    file,
    line: reading.pos.line,
    column: reading.pos.column,
  };
}

function bySourcePlace(a: ToolDefinition, b: ToolDefinition): number {
  const key = (t: ToolDefinition) => (t.origin.line ?? Infinity) * 1e6 + (t.origin.column ?? 0);
  return key(a) - key(b);
}

/** A module that fails to load or throws while it runs, placed by its stack when that names the file. */
function importFailed(error: unknown, sf: SourceFile, file: string): Diagnostic {
  if (error instanceof LoaderUnavailableError) {
    return {
      severity: "error",
      code: "source/loader",
      message: `${error.message} (the file itself was not run)`,
      hint: "reinstall toolform (`npm install -D toolform`) so its dependency tsx is complete; the file needs no change",
      file,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const escaped = sf.getFilePath().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}(?:\\?[^:)]*)?:(\\d+):(\\d+)`).exec(stack);
  const place = match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
  return {
    severity: "error",
    code: "source/import",
    message: `running the file failed: ${message.split("\n")[0]}`,
    hint: 'fix the error, or read this source statically (load: "static") if its definitions are literals',
    file,
    ...(place && isInFile(sf, place) ? place : {}),
  };
}

/** A stack position from unmapped (compiled) code may not exist in the .ts file: then it is not shown. */
function isInFile(sf: SourceFile, place: { line: number; column: number }): boolean {
  const text = sf.getFullText().split("\n")[place.line - 1];
  return text !== undefined && place.column <= text.length + 1;
}
