import type { ToolDefinition } from "../sources/types.js";
import type { Diagnostic } from "./types.js";

/**
 * Where a place in a tool's inputSchema is written: for JSON sources a JSON pointer
 * into the file; for TypeScript sources the line and column of that property (or of
 * the defineTool call) and a tool-relative pointer. `located` says whether the exact
 * property was found.
 */
export function placeInSource(def: ToolDefinition, schemaPointer: string): Pick<Diagnostic, "file" | "pointer" | "line" | "column"> & { located: boolean } {
  const { origin } = def;
  const place: Pick<Diagnostic, "file" | "pointer" | "line" | "column"> & { located: boolean } = {
    file: origin.file,
    pointer: origin.line !== undefined ? `/inputSchema${schemaPointer}` : `${origin.schemaPointer ?? `${origin.pointer}/inputSchema`}${schemaPointer}`,
    located: false,
  };
  let at: { line: number; column: number } | undefined;
  try {
    at = def.locate?.(schemaPointer);
  } catch {
    at = undefined;
  }
  if (at) {
    place.line = at.line;
    place.column = at.column;
    place.located = true;
  } else if (origin.line !== undefined) {
    place.line = origin.line;
    place.column = origin.column ?? 1;
  }
  return place;
}
