/**
 * From a tool spec value (read statically or at run time) to a ToolDefinition:
 * the shape check both loaders share, so they accept and refuse the same specs.
 */
import type { Diagnostic } from "../../diagnostics/types.js";
import type { JsonSchema, ToolDefinition } from "../types.js";
import type { Pos } from "./project.js";

/** Where a spec is written, for the origin and for shape errors. */
export interface SpecSite {
  /** Display path of the file. */
  file: string;
  /** The defineTool call (when known). */
  call?: Pos;
  /** Where a top-level key (`name`, `inputSchema`) is written, when known. */
  keyPos?: (key: string) => Pos | undefined;
}

const SHAPE_HINT =
  'pass defineTool an object with a string `name` and a JSON Schema `inputSchema`, e.g. defineTool({ name: "get_weather", inputSchema: { type: "object", properties: {} } })';

/** Checks `name`, `description` and `inputSchema`; builds the definition when they are right. */
export function toToolDefinition(
  spec: unknown,
  site: SpecSite,
  locate: ToolDefinition["locate"],
): { tool?: ToolDefinition; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const fail = (message: string, key?: string, tool?: string) => {
    const at = (key && site.keyPos?.(key)) || site.call;
    diagnostics.push({
      severity: "error",
      code: "source/invalid-tool",
      message,
      hint: SHAPE_HINT,
      ...(tool ? { tool } : {}),
      file: site.file,
      ...(at ? { line: at.line, column: at.column } : {}),
    });
  };

  if (!isPlainObject(spec)) {
    fail(`the argument of defineTool must be an object, got ${typeName(spec)}`);
    return { diagnostics };
  }
  const { name, description, inputSchema } = spec;
  const tool = typeof name === "string" && name !== "" ? name : undefined;
  if (name === undefined) fail("the tool definition has no `name`");
  else if (typeof name !== "string") fail(`\`name\` must be a string, got ${typeName(name)}`, "name");
  else if (name === "") fail("`name` is an empty string", "name");

  if (description !== undefined && typeof description !== "string") {
    fail(`\`description\` must be a string, got ${typeName(description)}`, "description", tool);
  }
  const label = tool ? `tool "${tool}"` : "the tool definition";
  if (inputSchema === undefined) fail(`${label} has no \`inputSchema\``, undefined, tool);
  else if (typeof inputSchema !== "boolean" && !isPlainObject(inputSchema)) {
    fail(`\`inputSchema\` of ${label} must be a JSON Schema object or boolean, got ${typeName(inputSchema)}`, "inputSchema", tool);
  }
  if (diagnostics.length > 0 || !tool) return { diagnostics };

  return {
    tool: {
      name: tool,
      ...(typeof description === "string" ? { description } : {}),
      inputSchema: inputSchema as JsonSchema,
      origin: { file: site.file, pointer: "", ...(site.call ? { line: site.call.line, column: site.call.column } : {}) },
      ...(locate ? { locate } : {}),
    },
    diagnostics,
  };
}

/**
 * A `locate` over a pointer → place table. A pointer that is not in the table
 * (a keyword the schema lacks, a place inside a library schema) gets the place
 * of its nearest ancestor that is, so a finding always lands near its cause.
 */
export function locateIn(positions: ReadonlyMap<string, Pos>, fallback?: Pos): NonNullable<ToolDefinition["locate"]> {
  return (schemaPointer) => {
    let pointer = schemaPointer.startsWith("#") ? schemaPointer.slice(1) : schemaPointer;
    for (;;) {
      const hit = positions.get(pointer);
      if (hit) return { ...hit };
      if (pointer === "") return fallback && { ...fallback };
      const slash = pointer.lastIndexOf("/");
      pointer = slash < 0 ? "" : pointer.slice(0, slash);
    }
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON Schema's type vocabulary, for messages. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "function") return "function";
  if (value === undefined) return "nothing";
  return typeof value;
}
