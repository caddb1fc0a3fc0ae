// The scratch pane's compile: a pasted tool definition (an MCP tool, an array or a
// tools/list result, the Anthropic or OpenAI shapes: what JSON sources accept; or a
// bare JSON Schema, then named "scratch") through the same pipeline as the project's
// tools, in memory, with the project's options. Nothing is written.
import type { Diagnostic } from "../diagnostics/types.js";
import type { GenerateOptions } from "../pipeline/generate.js";
import { parseJsonFile, toolsFromJson } from "../sources/json.js";
import type { ToolDefinition } from "../sources/types.js";
import { snapshotOf, type Snapshot } from "./snapshot.js";

/** What the scratch pane's text names in diagnostics. */
export const SCRATCH_FILE = "<scratch>";

const TOOL_KEYS = ["name", "inputSchema", "input_schema", "parameters", "function", "tools"];

/** A JSON value that is a schema rather than a tool: an object with none of a tool's keys. */
function isBareSchema(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !TOOL_KEYS.some((k) => k in v);
}

/** The tool definitions in the pasted text, or the diagnostics saying why there are none. */
export function scratchTools(text: string): { tools: ToolDefinition[]; diagnostics: Diagnostic[] } {
  const parsed = parseJsonFile(text, SCRATCH_FILE);
  if (parsed.value === undefined) return { tools: [], diagnostics: parsed.diagnostics };
  if (isBareSchema(parsed.value)) {
    return { tools: [{ name: "scratch", inputSchema: parsed.value as ToolDefinition["inputSchema"], origin: { file: SCRATCH_FILE, pointer: "", schemaPointer: "" } }], diagnostics: [] };
  }
  return toolsFromJson(parsed.value, SCRATCH_FILE);
}

/** Compiles the pasted text into a snapshot (id: the scratch's own counter). */
export async function compileScratch(id: number, text: string, options: GenerateOptions): Promise<Snapshot> {
  const t0 = performance.now();
  const read = scratchTools(text);
  const { generate } = await import("../pipeline/generate.js");
  const result = read.tools.length
    ? await generate({ tools: read.tools, options: { ...options, emit: "js" } })
    : { files: [], diagnostics: [], tools: [], inputs: [] };
  result.diagnostics.unshift(...read.diagnostics);
  return snapshotOf(id, result, performance.now() - t0, (f) => f);
}
