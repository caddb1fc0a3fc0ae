// JSON files of tool definitions: one MCP tool {name, description, inputSchema},
// an array of them, a tools/list result {tools: [...]}, the Anthropic shape
// (input_schema) or the OpenAI function shape ({type: "function", function: {...}}).
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolDefinition } from "./types.js";

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** "line:col" of a character offset. */
export function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) (line++, (last = i));
  return { line, column: offset - last };
}

/** Tool definitions in a parsed JSON value; `file` names it in errors. */
export function toolsFromJson(value: unknown, file: string): { tools: ToolDefinition[]; diagnostics: Diagnostic[] } {
  const tools: ToolDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  const one = (v: unknown, pointer: string) => {
    if (!isObj(v)) {
      diagnostics.push({ severity: "error", code: "source/not-a-tool", message: "expected a tool definition object", file, pointer, hint: 'write {"name": ..., "description": ..., "inputSchema": {...}}' });
      return;
    }
    // OpenAI: {type: "function", function: {name, description, parameters}}
    if (v.type === "function" && isObj(v.function)) {
      const f = v.function;
      return add(f.name, f.description, f.parameters ?? { type: "object", properties: {} }, pointer, "/function/parameters", pointer + "/function");
    }
    // OpenAI Responses / flat function tools: {type: "function", name, parameters}
    if (v.type === "function" && "parameters" in v) return add(v.name, v.description, v.parameters, pointer, "/parameters", pointer);
    if ("inputSchema" in v) return add(v.name, v.description, v.inputSchema, pointer, "/inputSchema", pointer, v.outputSchema);
    if ("input_schema" in v) return add(v.name, v.description, v.input_schema, pointer, "/input_schema", pointer);
    if ("parameters" in v) return add(v.name, v.description, v.parameters, pointer, "/parameters", pointer);
    diagnostics.push({
      severity: "error",
      code: "source/no-schema",
      message: `tool ${typeof v.name === "string" ? JSON.stringify(v.name) : "definition"} has no inputSchema`,
      file,
      pointer,
      hint: 'add "inputSchema" (MCP), "input_schema" (Anthropic) or "parameters" (OpenAI)',
    });
  };
  const add = (name: unknown, description: unknown, schema: unknown, pointer: string, schemaKey: string, namePointer: string, outputSchema?: unknown) => {
    if (typeof name !== "string" || name === "") {
      diagnostics.push({ severity: "error", code: "source/no-name", message: "tool definition has no name", file, pointer: namePointer, hint: 'add "name": "my_tool"' });
      return;
    }
    if (description !== undefined && typeof description !== "string") {
      diagnostics.push({ severity: "error", code: "source/bad-description", message: `tool ${JSON.stringify(name)}: description must be a string`, file, pointer: namePointer + "/description" });
      return;
    }
    if (outputSchema !== undefined && typeof outputSchema !== "boolean" && !isObj(outputSchema)) {
      diagnostics.push({ severity: "error", code: "source/bad-output-schema", message: `tool ${JSON.stringify(name)}: outputSchema must be a JSON Schema (an object)`, file, pointer: pointer + "/outputSchema", hint: "fix it, or remove outputSchema" });
      return;
    }
    const output = outputSchema !== undefined ? { outputSchema: outputSchema as ToolDefinition["inputSchema"] } : {};
    tools.push({ name, ...(description !== undefined ? { description } : {}), inputSchema: schema as ToolDefinition["inputSchema"], ...output, origin: { file, pointer, schemaPointer: pointer + schemaKey } });
  };
  if (Array.isArray(value)) value.forEach((v, i) => one(v, `/${i}`));
  else if (isObj(value) && Array.isArray(value.tools)) value.tools.forEach((v, i) => one(v, `/tools/${i}`));
  else one(value, "");
  return { tools, diagnostics };
}

/** Parses a JSON file's text; a syntax error names line and column. */
export function parseJsonFile(text: string, file: string): { value?: unknown; diagnostics: Diagnostic[] } {
  try {
    return { value: JSON.parse(text), diagnostics: [] };
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    const lc = pos ? lineCol(text, Number(pos[1])) : undefined;
    return {
      diagnostics: [{ severity: "error", code: "source/parse", message: `invalid JSON: ${msg.replace(/^.*?JSON[^:]*: /, "")}`, file, ...(lc ?? {}), hint: "fix the JSON syntax (a trailing comma or a missing quote is the usual cause)" }],
    };
  }
}
