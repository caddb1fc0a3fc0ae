// One tool through the pipeline: schema check → IR → examples → validator and
// types → module text. Pure: nothing is written here.
import type { Coerce, UncheckedKind } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { emitArgsType } from "../emit/types.js";
import { toolSectionDts, toolSectionTs, type ToolModuleInput } from "../emit/tool-module.js";
import { layoutCode } from "../emit/layout.js";
import { emitIdentityNormalizer, emitNormalizer } from "../emit/normalizer/functions.js";
import { emitValidator } from "../emit/validator/functions.js";
import { dialectOf } from "../schema/dialect.js";
import { inferOlderDraft } from "../schema/older-drafts.js";
import { chooseExamples } from "../schema/examples.js";
import type { Dialect, IR } from "../schema/ir.js";
import { checkMetaSchema } from "../schema/metaschema.js";
import { toIR } from "../schema/to-ir.js";
import type { ToolDefinition } from "../sources/types.js";
import { emitAjvValidator } from "../emit/ajv/validator.js";
import { hashOf } from "./hash.js";
import { placeInSource } from "../diagnostics/place.js";
import { schemaShapeProblem } from "../schema/shape.js";
import { limitProblem, type Limits } from "../config/limits.js";

export interface CompileOptions {
  unknownArgs: "reject" | "schema";
  formats: boolean;
  maxDepth: number;
  maxPatternInput: number;
  remotes: Record<string, unknown>;
  dialect?: Dialect;
  /** What `validate` coerces (docs/normalize.md). Default "none"; the normaliser is emitted whatever it is. */
  coerce?: Coerce;
  engine?: "toolform" | "ajv";
  normalizer?: boolean;
  /** Schema parts that may stay unchecked with a warning (config allowUnchecked); default none: build errors. */
  allowUnchecked?: readonly UncheckedKind[];
  /** Bounds on the schema (config `limits`); default DEFAULT_LIMITS. */
  limits?: Limits;
}

export interface CompiledTool {
  def: ToolDefinition;
  ident: string;
  typeName: string;
  file: string;
  schemaHash: string;
  inputHash: string;
  /** The tool's section of index.ts, laid out ("" once the emit "js" section is made from it). */
  ts: string;
  /** Its section of index.d.ts (emit "js"; "" under emit "ts"). */
  dts: string;
  /** Its section of index.js (emit "js"): `ts` with the types stripped. */
  js?: string;
  diagnostics: Diagnostic[];
  /** Lint advice for this tool, under the rules hashed in `key`. */
  lint?: { key: string; diagnostics: Diagnostic[] };
  /** Its validator is ajv's standalone JavaScript, which TypeScript cannot check (the index is then `// @ts-nocheck`). */
  untyped?: boolean;
}

/** Puts a schema-relative diagnostic at its place in the source file. */
export function placeDiagnostic(d: Diagnostic, def: ToolDefinition): Diagnostic {
  const { located, ...place } = placeInSource(def, d.pointer ?? "");
  const out: Diagnostic = { ...d, tool: def.name, ...place };
  if (located) delete out.pointer; // line:col says it better
  return out;
}

/** The schema, its IR, and what the checks found — without emitting. */
export function analyzeSchema(given: unknown, opts: CompileOptions): { ir?: IR; diagnostics: Diagnostic[]; schema: unknown } {
  // Too deep, or a number that is Infinity: refused before anything recursive reads it (src/schema/shape.ts).
  const shape = schemaShapeProblem(given);
  if (shape) return { diagnostics: [shape], schema: given };
  // Past the size bounds nothing else runs: the cost of what follows grows with the schema.
  const tooBig = limitProblem(given, opts.limits);
  if (tooBig) return { diagnostics: [tooBig], schema: given };
  // No $schema but a draft-07-only form: read as draft-07 (src/schema/older-drafts.ts), with a warning per place.
  const older = opts.dialect === undefined ? inferOlderDraft(given) : undefined;
  const schema = older ? older.schema : given;
  const dialect = older ? "draft-07" : dialectOf(schema, opts.dialect ?? "2020-12");
  const meta = [...(older?.diagnostics ?? []), ...checkMetaSchema(schema, dialect)];
  if (meta.some((d) => d.severity === "error")) return { diagnostics: meta, schema };
  const { ir, diagnostics } = toIR(schema, { dialect, formats: opts.formats ? "assert" : "annotate", remotes: opts.remotes, allowUnchecked: opts.allowUnchecked ?? [] });
  return { ir, diagnostics: [...meta, ...diagnostics], schema };
}

export async function compileTool(
  def: ToolDefinition,
  names: { ident: string; typeName: string; file: string },
  opts: CompileOptions,
  toolformVersion: string,
): Promise<CompiledTool> {
  return placeCompiled(await compileToolUnplaced(def, names, opts, toolformVersion));
}

/** Puts the schema-relative diagnostics of compileToolUnplaced at their places in the source. */
export function placeCompiled(t: CompiledTool): CompiledTool {
  t.diagnostics = t.diagnostics.map((d) => placeDiagnostic(d, t.def));
  return t;
}

/**
 * compileTool with its diagnostics still schema-relative (a pointer into inputSchema):
 * what a worker thread runs (src/pipeline/workers.ts), since the source locator
 * (`def.locate`) stays on the main thread.
 */
export async function compileToolUnplaced(
  def: ToolDefinition,
  names: { ident: string; typeName: string; file: string },
  opts: CompileOptions,
  toolformVersion: string,
): Promise<CompiledTool> {
  const schemaHash = hashOf(def.inputSchema);
  const inputHash = hashOf({ name: def.name, description: def.description ?? "", inputSchema: def.inputSchema, opts: { ...opts, remotes: hashOf(opts.remotes) }, toolformVersion });
  const base = { def, ...names, schemaHash, inputHash };
  const { ir, diagnostics, schema: read } = analyzeSchema(def.inputSchema, opts);
  const found = [...diagnostics];
  if (!ir || found.some((d) => d.severity === "error")) return { ...base, ts: "", dts: "", diagnostics: found };

  chooseExamples(ir, read);
  const validatorOpts = { unknownArgs: opts.unknownArgs, toolName: def.name, maxDepth: opts.maxDepth, maxPatternInput: opts.maxPatternInput, moduleNames: [names.ident] };
  let validator: ToolModuleInput["validator"];
  const viaAjv = opts.engine === "ajv";
  if (viaAjv) {
    try {
      validator = await emitAjvValidator(def.inputSchema, ir.dialect, opts, validatorOpts.toolName);
    } catch (e) {
      // ajv cannot compile every schema toolform accepts (a property name with a lone surrogate
      // is a URIError in ajv): a build error naming the tool, not a crash of the whole build.
      const why = String((e as Error)?.message ?? e).split("\n")[0];
      found.push({ severity: "error", code: "emit/ajv-failed", message: `ajv's standalone code could not be made for this schema: ${why}`, pointer: "", hint: 'use engine "toolform" for this tool' });
      return { ...base, ts: "", dts: "", diagnostics: found };
    }
    found.push({ severity: "warning", code: "emit/ajv-fallback", message: `compiled with ajv's standalone code (runtime inlined): the schema is set to engine "ajv" in the config`, pointer: "" });
  } else {
    validator = emitValidator(ir, validatorOpts);
  }
  const normalizer: ToolModuleInput["normalizer"] = viaAjv || opts.normalizer === false ? emitIdentityNormalizer([names.ident]) : emitNormalizer(ir, validatorOpts, validator.is, [names.ident]);
  const types = await emitArgsType(def.inputSchema, names.typeName, opts.unknownArgs);
  found.push(...types.diagnostics);
  const input: ToolModuleInput = {
    name: def.name,
    description: def.description ?? "",
    inputSchema: def.inputSchema,
    ident: names.ident,
    typeName: names.typeName,
    source: def.origin.file + (def.origin.pointer ? "#" + def.origin.pointer : ""),
    inputHash,
    schemaHash,
    types: types.types,
    validator,
    normalizer,
    coerce: opts.coerce ?? "none",
  };
  return { ...base, ts: layoutCode(toolSectionTs(input)), dts: layoutCode(toolSectionDts(input)), diagnostics: found, ...(validator.untyped ? { untyped: true } : {}) };
}
