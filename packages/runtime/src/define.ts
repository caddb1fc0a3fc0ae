/**
 * `defineTool` — how a TypeScript project declares a tool for toolform.
 *
 * At run time it returns its argument unchanged; its only job is to give the
 * object a type (so `execute` sees typed arguments) and to mark the call so the
 * build step can find it in the source (toolform's src/sources/typescript/).
 *
 * The argument type comes from the generated code, by the tool's name: the
 * generated index declares every defineTool tool in the global interface
 * `ToolformTools` (name → argument interface), and `execute` receives
 * `ToolformTools[name]`. Change the schema, rebuild, and an `execute` that no
 * longer fits is a type error. Before the first build the arguments are `unknown`.
 */

declare global {
  /**
   * Tool name → argument type, for the tools declared with defineTool. Filled in
   * by the index that `toolform build` generates (a global interface, so the
   * generated code imports nothing); empty until then.
   */
  // biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
  interface ToolformTools {}
}

/** The argument type of the tool named `Name`: from the generated index, else `unknown`. */
export type ToolArgsOf<Name extends string> = Name extends keyof ToolformTools ? ToolformTools[Name] : unknown;

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
export interface ToolSpec<Args = unknown, Name extends string = string> {
  name: Name;
  description?: string;
  inputSchema: JsonSchemaObject | LibrarySchema;
  // `any` for the rest so harness-specific context arguments fit.
  execute?: (args: Args, ...rest: any[]) => unknown;
  [extra: string]: unknown;
}

/**
 * Identity at run time; gives the definition its type and marks it for the build.
 * `execute`'s arguments are the generated interface of the tool's name
 * (`ToolformTools`); `defineTool<Args>({...})` names the type explicitly instead.
 */
export function defineTool<const Name extends string>(def: ToolSpec<ToolArgsOf<Name>, Name>): ToolSpec<ToolArgsOf<Name>, Name>;
export function defineTool<Args>(def: ToolSpec<Args>): ToolSpec<Args>;
export function defineTool(def: ToolSpec): ToolSpec {
  return def;
}
