// compileSchema: any JSON Schema → one standalone ESM module exporting `is` and
// `validate` (the same report as tools), with the runtime inlined. The shell's
// `toolform compile schema.json -o validate.js` is this function.
import { analyzeSchema, type CompileOptions } from "./pipeline/compile-tool.js";
import { hashOf } from "./io/hash.js";
import type { UncheckedKind, UnknownArgs } from "./config/types.js";
import { uncheckedKinds } from "./config/unchecked.js";
import { formatCompileOptions, type FormatsOption } from "./config/formats.js";
import type { Diagnostic } from "./diagnostics/types.js";
import { code, lit, refsOf, RtRef } from "./emit/code.js";
import { formatSource } from "./emit/finish.js";
import { layoutCode } from "./emit/layout.js";
import { header } from "./emit/header.js";
import { runtimeSource, runtimeSubset } from "./emit/runtime-file.js";
import { emitArgsType } from "./emit/types.js";
import { emitValidator } from "./emit/validator/functions.js";
import { chooseExamples } from "./schema/examples.js";
import type { Dialect } from "./schema/ir.js";

export interface CompileSchemaOptions {
  /** Name used in messages ("is not a parameter of <name>"). Default "schema". */
  name?: string;
  /** Default "schema": plain JSON Schema. "reject" closes objects to their declared properties. */
  unknownArgs?: UnknownArgs;
  /** Check `format` (default true); false makes formats annotations, as the spec's default; an object names formats of one's own (src/config/formats.ts). */
  formats?: FormatsOption;
  /** Dialect when the schema has no $schema (default 2020-12). */
  dialect?: Dialect;
  /** Other documents for remote $ref, by URI. */
  remotes?: Record<string, unknown>;
  maxDepth?: number;
  maxPatternInput?: number;
  /** Skip prettier (faster; for the conformance runner and fuzzing). */
  format?: boolean;
  /** Choose and check examples for messages (default true; off makes compiling faster). */
  examples?: boolean;
  /**
   * Schema parts the validator may leave unchecked with a warning: a pattern that does not
   * compile, an unknown format, a keyword not consumed. Default none: each is an error (no code).
   */
  allowUnchecked?: boolean | UncheckedKind[];
  /**
   * "js" (default): an ES module, with its declarations in `declarations` (for a .d.ts beside it).
   * "ts": the same module as a TypeScript file whose exports carry those types.
   */
  lang?: "js" | "ts";
}

/** The report's types, as the runtime declares them (its source is the one definition). */
const REPORT_TYPES = ["Bucket", "ValidationError", "ReportDict", "Repair", "ValidationReport"];

/** The declarations `names` make in the runtime's TypeScript source, with every runtime type they name in turn (each with its doc comment). */
function runtimeTypes(names: readonly string[]): string {
  const src = runtimeSource();
  const declared = new Set([...src.matchAll(/^export (?:interface|type) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!));
  const done = new Map<string, string>();
  const todo = [...names];
  while (todo.length) {
    const name = todo.shift()!;
    if (done.has(name)) continue;
    const text = declarationOf(src, name);
    done.set(name, text);
    for (const m of text.matchAll(/\b[A-Z][\w$]*\b/g)) if (declared.has(m[0]) && !done.has(m[0])) todo.push(m[0]);
  }
  return [...done.values()].join("\n\n");
}

/** One `export interface|type` declaration of the runtime's source, with the doc comment right above it. */
function declarationOf(src: string, name: string): string {
  const at = new RegExp(`^export (?:interface|type) ${name}\\b`, "m").exec(src);
  if (!at) throw new Error(`the runtime declares no ${name}`);
  const doc = /\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n$/.exec(src.slice(0, at.index));
  const start = doc ? at.index - doc[0].length : at.index;
  let end = at.index;
  if (src.startsWith("export type", at.index)) end = src.indexOf(";\n", at.index) + 2;
  else {
    let depth = 0;
    for (let i = src.indexOf("{", at.index); i < src.length; i++) {
      if (src[i] === "{") depth++;
      else if (src[i] === "}" && --depth === 0) {
        end = i + 1;
        break;
      }
    }
  }
  return src.slice(start, end).trim();
}

/**
 * The runtime helpers the module uses (`rt.x`: refsOf) and what they need, as JavaScript
 * that makes a module-level `rt` from a block of its own (so the runtime's internal names
 * never meet the validator's).
 */
async function inlineRuntime(helpers: Iterable<string>): Promise<string> {
  return `let rt;\n${await runtimeSubset(helpers)}`;
}

const rt = (helper: string) => new RtRef(helper);

/** The exported type's name: the schema's name in PascalCase ("person.schema" → Person). */
function typeNameOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const t = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return /^[A-Za-z]/.test(t) ? t : `Schema${t}`;
}

export async function compileSchema(schema: unknown, options: CompileSchemaOptions = {}): Promise<{ code: string; declarations: string; diagnostics: Diagnostic[] }> {
  const name = options.name ?? "schema";
  const opts: CompileOptions = {
    unknownArgs: options.unknownArgs ?? "schema",
    ...formatCompileOptions(options.formats),
    maxDepth: options.maxDepth ?? 128,
    maxPatternInput: options.maxPatternInput ?? 10_000,
    remotes: options.remotes ?? {},
    allowUnchecked: uncheckedKinds(options.allowUnchecked) ?? [],
    ...(options.dialect ? { dialect: options.dialect } : {}),
  };
  const { ir, diagnostics, schema: read } = analyzeSchema(schema, opts);
  if (!ir || diagnostics.some((d) => d.severity === "error")) return { code: "", declarations: "", diagnostics };
  if (options.examples !== false) chooseExamples(ir, read);
  const v = emitValidator(ir, { unknownArgs: opts.unknownArgs, toolName: name, maxDepth: opts.maxDepth, maxPatternInput: opts.maxPatternInput });
  const module = code`${v.body}
const ok = ${rt("okReport")}(${lit(name)});
/** True when the value fits the schema. Allocates nothing. Never throws (a throwing Proxy or getter, or nesting past the stack, is a no). */
export function is(value) { ${rt("work")}.n = 0; try { return ${v.is}(value); } catch { return false; } }
/** The report: ok, buckets, structured errors, model-facing feedback. */
export function validate(value) {
  if (is(value)) return ok;
  const s = [];
  ${rt("work")}.n = 0;
  try { ${v.collect}(value, s); } catch (e) { ${rt("unjudged")}(s, e); }
  if (${rt("work")}.n > ${rt("WORK_MAX")}) ${rt("workErr")}(s);
  return ${rt("errorReport")}(${lit(name)}, s);
}
export default validate;
`;
  // JavaScript from the same emit as the TypeScript would be (code.ts textIn): no compiler loads.
  const body = layoutCode(module, "esm");
  const helpers = refsOf(module).runtime;
  const head = header("compileSchema", hashOf({ schema, opts }));
  // The value's type (json-schema-to-typescript, as a tool's arguments) and the report's.
  const typeName = typeNameOf(name);
  const { types, diagnostics: typeDiagnostics } = await emitArgsType(schema, typeName, opts.unknownArgs);
  diagnostics.push(...typeDiagnostics);
  const typeText = `${types.text.trim()}\n\n${runtimeTypes(REPORT_TYPES)}\n`;
  const declarations = `${head}\n${typeText}\n/** True when the value fits the schema. Allocates nothing. Never throws. */\nexport declare function is(value: unknown): value is ${typeName};\n/** The report: ok, buckets, structured errors, model-facing feedback. */\nexport declare function validate(value: unknown): ValidationReport;\nexport default validate;\n`;
  let text = `${head}\n${await inlineRuntime(helpers)}\n${body}`;
  if (options.lang === "ts") {
    // The validator is the JavaScript above, not checked as TypeScript (as ajv's standalone code in a
    // build); its exports carry the declared types, so an importer type-checks against them.
    text = `${head}\n// @ts-nocheck\n${typeText}\n${await inlineRuntime(helpers)}\n${body
      .replace("export function is(value) {", `export function is(value: unknown): value is ${typeName} {`)
      .replace("export function validate(value) {", "export function validate(value: unknown): ValidationReport {")}`;
  }
  const format = (t: string, parser: "babel" | "typescript") => (options.format === false ? t : formatSource(t, parser));
  return { code: await format(text, options.lang === "ts" ? "typescript" : "babel"), declarations: await format(declarations, "typescript"), diagnostics };
}
