// The shapes the ajv engine's error mapper reads and returns.

/** An ajv error as ajv 8 reports it (allErrors: true, verbose: false). */
export interface AjvErrorObject {
  keyword: string;
  /** JSON pointer into the data: "/edits/0/oldText"; "" is the root. */
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  propertyName?: string;
  message?: string;
  schema?: unknown;
  parentSchema?: unknown;
  data?: unknown;
}

export type AjvErrorBucket = "missing_required" | "unknown_args" | "type_errors" | "enum_errors" | "constraint_errors";

export interface AjvErrorParts {
  /** Where, in the notation models read: "edits[0].oldText", 'a["odd key"]'; "" is the arguments object. */
  path: string;
  /** The JSON Schema keyword that failed, as ajv names it ("required", "unevaluatedProperties", "false schema", ...). */
  keyword: string;
  bucket: AjvErrorBucket;
  /** What was wanted, in words ("an integer", ">= 0", "one of: \"a\", \"b\""), worded like the runtime's messages (@toolform/runtime's src/rt/messages.ts). */
  expected: string;
  /** ajv's params, untouched. */
  params: unknown;
}
