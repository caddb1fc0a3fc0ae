/** A JSON Schema as read from a source: an object schema or a boolean schema. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** Where a definition came from, so every error can point back at it. */
export interface Origin {
  /** Path of the source file (relative to the project root when possible), or an MCP server label. */
  file: string;
  /** JSON pointer of the tool definition inside that file ("" for a file holding one tool). */
  pointer: string;
  /** JSON pointer of the inputSchema inside that file, when the source is JSON ("/inputSchema", "/tools/3/input_schema"). */
  schemaPointer?: string;
  /** 1-based line/column of the definition, when the source knows it (TypeScript files). */
  line?: number;
  column?: number;
}

/** One tool, as every source reader returns it. */
export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
  /** MCP's `outputSchema`: what the tool's `structuredContent` must fit (compiled too: the generated tool's `output`). */
  outputSchema?: JsonSchema;
  origin: Origin;
  /**
   * Maps a JSON pointer inside `inputSchema` to a place in the source file
   * (TypeScript sources know line/column of every property; JSON sources may not).
   */
  locate?: (schemaPointer: string) => { line: number; column: number } | undefined;
}
