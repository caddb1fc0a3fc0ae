/**
 * `defineTool` — how a TypeScript project declares a tool for toolform.
 *
 * At run time it returns its argument unchanged; its only job is to give the
 * object a type (so `execute` sees typed arguments) and to mark the call so the
 * build step can find it in the source (src/sources/typescript/).
 */

/** The JSON Schema type names, offered for completion; any string is accepted. */
export type JsonSchemaTypeName = "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";

/**
 * A permissive JSON Schema object. Only the common keywords are spelled out;
 * every other keyword is allowed and checked at build time, not here. Arrays are
 * `readonly` so `as const` schemas are accepted.
 */
export interface JsonSchemaObject {
  $schema?: string;
  type?: JsonSchemaTypeName | (string & {}) | readonly string[];
  description?: string;
  properties?: { readonly [name: string]: JsonSchemaObject | boolean };
  required?: readonly string[];
  items?: JsonSchemaObject | boolean;
  enum?: readonly unknown[];
  additionalProperties?: JsonSchemaObject | boolean;
  [keyword: string]: unknown;
}

/**
 * A schema object from a schema library (zod 4, anything implementing Standard
 * Schema). Such schemas are only readable with `load: "import"`; class
 * instances would not fit `JsonSchemaObject`'s index signature, hence this type.
 */
export interface LibrarySchema {
  readonly "~standard": unknown;
}

/** What `defineTool` accepts and returns. Extra properties are kept as they are. */
export interface ToolSpec<Args = unknown> {
  name: string;
  description?: string;
  inputSchema: JsonSchemaObject | LibrarySchema;
  // `any` for the rest so harness-specific context arguments fit.
  execute?: (args: Args, ...rest: any[]) => unknown | Promise<unknown>;
  [extra: string]: unknown;
}

/** Identity at run time; gives the definition its type and marks it for the build. */
export function defineTool<Args = unknown>(def: ToolSpec<Args>): ToolSpec<Args> {
  return def;
}
