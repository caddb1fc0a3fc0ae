// One tool through the pipeline: schema check → IR → examples → validator and
// types → module text. Pure: nothing is written here.
import type { Diagnostic } from "../diagnostics/types.js";
import type { Code, Name } from "../emit/code.js";
import { emitArgsType } from "../emit/types.js";
import { emitIdentityNormalizer, emitNormalizer } from "../emit/normalizer/functions.js";
import { emitValidator } from "../emit/validator/functions.js";
import { dialectOf } from "../schema/dialect.js";
import { inferOlderDraft } from "../schema/older-drafts.js";
import { chooseExamples } from "../schema/examples.js";
import { exampleChecker } from "../schema/example-check.js";
import type { IR } from "../schema/ir.js";
import { checkMetaSchema } from "../schema/metaschema.js";
import { toIR } from "../schema/to-ir.js";
import type { ToolDefinition } from "../sources/types.js";
import { emitAjvValidator } from "../emit/ajv/validator.js";
import { schemaShapeProblem } from "../schema/shape.js";
import { limitProblem } from "../config/limits.js";
import { assembleTool, placeCompiled, type CompiledTool, type CompileOptions, type ToolParts } from "./compiled.js";

// The types and the light half live in compiled.ts (loaded without the compiler); re-exported for callers of this file.
export { assembleTool, placeCompiled, placeDiagnostic, type CompiledTool, type CompileOptions, type ToolParts } from "./compiled.js";

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
  return assembleTool(def, names, opts, toolformVersion, await compileToolParts(def, names, opts));
}

/**
 * The heavy half: the schema checked, read into the IR, examples chosen, and the
 * validator, normaliser and argument types emitted. Depends on the tool's name,
 * schema, identifiers and options only (never its description or source file).
 */
export async function compileToolParts(def: ToolDefinition, names: { ident: string; typeName: string }, opts: CompileOptions): Promise<ToolParts> {
  const { ir, diagnostics, schema: read } = analyzeSchema(def.inputSchema, opts);
  const found = [...diagnostics];
  if (!ir || found.some((d) => d.severity === "error")) return { diagnostics: found };

  // The candidates are checked by the tool's own checks where those judge what the schema says (formats asserted, nothing left unchecked).
  const complete = opts.formats !== false && (opts.allowUnchecked ?? []).length === 0;
  chooseExamples(ir, read, await exampleChecker(ir, complete, opts));
  const validatorOpts = { unknownArgs: opts.unknownArgs, toolName: def.name, maxDepth: opts.maxDepth, maxPatternInput: opts.maxPatternInput, moduleNames: [names.ident] };
  let validator: { body: Code; is: Name; collect: Name; untyped?: boolean };
  const viaAjv = opts.engine === "ajv";
  if (viaAjv) {
    try {
      validator = await emitAjvValidator(def.inputSchema, ir.dialect, opts, validatorOpts.toolName);
    } catch (e) {
      // ajv cannot compile every schema toolform accepts (a property name with a lone surrogate
      // is a URIError in ajv): a build error naming the tool, not a crash of the whole build.
      const why = String((e as Error)?.message ?? e).split("\n")[0];
      found.push({ severity: "error", code: "emit/ajv-failed", message: `ajv's standalone code could not be made for this schema: ${why}`, pointer: "", hint: 'use engine "toolform" for this tool' });
      return { diagnostics: found };
    }
    found.push({ severity: "warning", code: "emit/ajv-fallback", message: `compiled with ajv's standalone code (runtime inlined): the schema is set to engine "ajv" in the config`, pointer: "" });
  } else {
    validator = emitValidator(ir, validatorOpts);
  }
  const normalizer = viaAjv || opts.normalizer === false ? emitIdentityNormalizer([names.ident]) : emitNormalizer(ir, validatorOpts, validator.is, [names.ident]);
  const types = await emitArgsType(def.inputSchema, names.typeName, opts.unknownArgs);
  found.push(...types.diagnostics);
  return {
    diagnostics: found,
    code: {
      typesText: types.types.text,
      validator: { body: validator.body.text, is: validator.is.text, collect: validator.collect.text, ...(validator.untyped ? { untyped: true } : {}) },
      normalizer: { body: normalizer.body.text, entry: normalizer.entry.text },
    },
  };
}
