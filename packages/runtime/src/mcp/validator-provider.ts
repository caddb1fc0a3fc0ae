// A `jsonSchemaValidator` for the MCP TypeScript SDK (the pluggable validator
// that `Client` uses for tool output schemas and `Server` for elicitation
// answers) that answers with toolform's precompiled validators.
//
// The SDK asks `getValidator(schema)`; we hash the schema exactly as the build
// did (canonical JSON, sha256) and look the hash up among the generated tools'
// `schemaHash`. No code is compiled at run time, so this works where
// `new Function` is forbidden (Cloudflare Workers, strict CSP,
// `node --disallow-code-generation-from-strings`), unlike the default ajv
// provider. A schema toolform did not build goes to a fallback validator the
// caller passes, or is refused with the hash and the fix.
//
// Runtime imports: only ./canonical.js (which imports nothing).
import type { JsonSchemaType, JsonSchemaValidator, JsonSchemaValidatorResult, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { schemaHashOf } from "./canonical.js";

/** A compiled schema: `is` and the report of `validate`. */
export interface PrecompiledCheck {
  readonly schemaHash: string;
  is(value: unknown): boolean;
  validate(value: unknown): { readonly ok: boolean; readonly errors: ReadonlyArray<{ readonly message: string }>; readonly feedback: string };
}

/** What the provider needs of a generated tool (every tool in `generated/index` has it): its input check, and its output check when it declares an outputSchema. */
export interface PrecompiledTool extends PrecompiledCheck {
  readonly name: string;
  readonly output?: PrecompiledCheck | undefined;
}

export interface ToolformValidatorOptions {
  /** The generated toolset (`import { toolset } from "./generated/index.js"`), or a list of generated tools. */
  tools: Readonly<Record<string, PrecompiledTool>> | readonly PrecompiledTool[];
  /**
   * Used for a schema toolform did not build, e.g. `new CfWorkerJsonSchemaValidator()`
   * (no code generation either) or `new AjvJsonSchemaValidator()` (needs `new Function`).
   */
  fallback?: jsonSchemaValidator;
  /**
   * Without a fallback, what an unknown schema does: "throw" (default) makes
   * `getValidator` throw {@link UnknownSchemaError}; "reject" returns a validator
   * that fails every value with the same explanation (so, e.g., `client.listTools()`
   * still succeeds and only a call that needs that schema fails).
   */
  onUnknown?: "throw" | "reject";
}

/** `getValidator` was given a schema that no generated tool was built from. */
export class UnknownSchemaError extends Error {
  constructor(
    readonly schemaHash: string,
    message: string,
  ) {
    super(message);
    this.name = "UnknownSchemaError";
  }
}

function describe(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return JSON.stringify(schema);
  const s = schema as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof s.title === "string") parts.push(`title ${JSON.stringify(s.title.slice(0, 60))}`);
  if (typeof s.properties === "object" && s.properties !== null) {
    const keys = Object.keys(s.properties);
    parts.push(`properties ${keys.slice(0, 6).join(", ")}${keys.length > 6 ? ", …" : ""}`);
  }
  return parts.length ? parts.join("; ") : "no properties";
}

const VALID = <T>(data: T): JsonSchemaValidatorResult<T> => ({ valid: true, data, errorMessage: undefined });
const INVALID = <T>(errorMessage: string): JsonSchemaValidatorResult<T> => ({ valid: false, data: undefined, errorMessage });

/** The SDK validator for one generated tool: the fast `is` first, the report only for a failing value. */
export function validatorOf<T>(tool: PrecompiledCheck): JsonSchemaValidator<T> {
  return (input: unknown) => {
    if (tool.is(input)) return VALID(input as T);
    const report = tool.validate(input);
    if (report.ok) return VALID(input as T); // cannot happen: `is` and `validate` agree
    return INVALID<T>(report.errors.map((e) => e.message).join("; "));
  };
}

/** A `jsonSchemaValidator` backed by toolform's precompiled validators. */
export class ToolformJsonSchemaValidator implements jsonSchemaValidator {
  /** Each schema a tool was built from, input or output, by its hash (with the tool's name). */
  readonly #byHash = new Map<string, { name: string; check: PrecompiledCheck }>();
  readonly #cache = new WeakMap<object, JsonSchemaValidator<unknown>>();
  readonly #fallback: jsonSchemaValidator | undefined;
  readonly #onUnknown: "throw" | "reject";

  constructor(options: ToolformValidatorOptions) {
    const tools = Array.isArray(options.tools) ? (options.tools as readonly PrecompiledTool[]) : Object.values(options.tools as Record<string, PrecompiledTool>);
    for (const t of tools) {
      if (typeof t?.schemaHash !== "string" || typeof t.is !== "function" || typeof t.validate !== "function") {
        throw new TypeError(`toolform: ${JSON.stringify(t?.name ?? String(t))} is not a generated tool (no schemaHash/is/validate); pass the toolset from your generated index`);
      }
      if (!this.#byHash.has(t.schemaHash)) this.#byHash.set(t.schemaHash, { name: t.name, check: t });
      // The SDK's Client checks each tool's structuredContent against its outputSchema: compiled too.
      if (t.output && !this.#byHash.has(t.output.schemaHash)) this.#byHash.set(t.output.schemaHash, { name: `${t.name} (output)`, check: t.output });
    }
    this.#fallback = options.fallback;
    this.#onUnknown = options.onUnknown ?? "throw";
  }

  /** Hashes of the schemas this provider answers itself. */
  get schemaHashes(): string[] {
    return [...this.#byHash.keys()];
  }

  /** True when `schema` has a precompiled validator. */
  has(schema: unknown): boolean {
    return this.#byHash.has(schemaHashOf(schema));
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = typeof schema === "object" && schema !== null ? (schema as object) : undefined;
    const hit = key && this.#cache.get(key);
    if (hit) return hit as JsonSchemaValidator<T>;
    const v = this.#resolve<T>(schema);
    if (key) this.#cache.set(key, v as JsonSchemaValidator<unknown>);
    return v;
  }

  #resolve<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const hash = schemaHashOf(schema);
    const known = this.#byHash.get(hash);
    if (known) return validatorOf<T>(known.check);
    if (this.#fallback) return this.#fallback.getValidator<T>(schema);
    const names = [...this.#byHash.values()].map((t) => t.name);
    const message =
      `toolform: no precompiled validator for this JSON Schema (sha256 ${hash}; ${describe(schema)}). ` +
      `The toolset knows ${names.length} schema${names.length === 1 ? "" : "s"}${names.length ? ` (${names.slice(0, 8).join(", ")}${names.length > 8 ? ", …" : ""})` : ""}. ` +
      `Fix: build the tools from the server's own listing (\`toolform pull\` writes inputSchema and outputSchema into the snapshot; both are compiled), or add this schema to a toolform source, and run \`toolform build\`; ` +
      `or pass a fallback (npm install @cfworker/json-schema): toolformValidator({ tools: toolset, fallback: new CfWorkerJsonSchemaValidator() }), with CfWorkerJsonSchemaValidator from "@modelcontextprotocol/sdk/validation/cfworker".`;
    if (this.#onUnknown === "reject") return () => INVALID<T>(message);
    throw new UnknownSchemaError(hash, message);
  }
}

/** `new ToolformJsonSchemaValidator(options)`: pass as `jsonSchemaValidator` to an MCP `Client` or `Server`. */
export function toolformValidator(options: ToolformValidatorOptions): ToolformJsonSchemaValidator {
  return new ToolformJsonSchemaValidator(options);
}
