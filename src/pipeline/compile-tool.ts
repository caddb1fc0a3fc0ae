// One tool through the pipeline: schema check → IR → examples → validator and
// types → module text. Pure: nothing is written here.
import type { Diagnostic } from "../diagnostics/types.js";
import type { Code, Name } from "../emit/code.js";
import { emitArgsType } from "../emit/types.js";
import { emitIdentityNormalizer, emitNormalizer } from "../emit/normalizer/functions.js";
import { emitValidator } from "../emit/validator/functions.js";
import { errorsInPathOrder } from "../emit/validator/order.js";
import { chooseExamples } from "../schema/examples.js";
import { exampleChecker } from "../emit/example-check.js";
import type { ToolDefinition } from "../sources/types.js";
import { emitAjvValidator } from "../emit/ajv/validator.js";
import { analyzeSchema, type Analysis } from "../schema/analyze.js";
import { assembleTool, placeCompiled, type CompiledTool, type ToolParts } from "./compiled.js";
import type { CompileOptions } from "../schema/compile-options.js";

export { analyzeSchema } from "../schema/analyze.js";
// The types and the light half live in compiled.ts (loaded without the compiler); re-exported for callers of this file.
export { assembleTool, placeCompiled, placeDiagnostic, type CompiledTool, type ToolParts } from "./compiled.js";
export type { CompileOptions } from "../schema/compile-options.js";

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
export async function compileToolParts(def: ToolDefinition, names: { ident: string; typeName: string }, opts: CompileOptions, analysis?: Analysis): Promise<ToolParts> {
  // `analysis`: the lint's of this schema under these options in this thread (for its default/example check), when it made one: not redone.
  const { ir, diagnostics, schema: read } = analysis ?? analyzeSchema(def.inputSchema, opts);
  const found = [...diagnostics];
  if (!ir || found.some((d) => d.severity === "error")) return { diagnostics: found };

  // The candidates are checked by the tool's own checks where those judge what the schema says (formats asserted, nothing left unchecked).
  const complete = opts.formats !== false && (opts.allowUnchecked ?? []).length === 0;
  chooseExamples(ir, read, exampleChecker(ir, complete, opts), def.name);
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
  const normalizer = viaAjv || opts.normalizer === false ? emitIdentityNormalizer([names.ident]) : emitNormalizer(ir, validatorOpts, validator, [names.ident]);
  const types = await emitArgsType(def.inputSchema, names.typeName, opts.unknownArgs);
  found.push(...types.diagnostics);
  const output = def.outputSchema === undefined ? undefined : outputValidator(def, opts, found);
  if (found.some((d) => d.severity === "error")) return { diagnostics: found };
  return {
    diagnostics: found,
    code: {
      typesText: types.types.text,
      validator: { body: validator.body.text, is: validator.is.text, collect: validator.collect.text, ...(validator.untyped ? { untyped: true } : {}), ...(!viaAjv && errorsInPathOrder(ir) ? { inPathOrder: true } : {}) },
      normalizer: { body: normalizer.body.text, entry: normalizer.entry.text },
      ...(output ? { output } : {}),
    },
  };
}

/**
 * The check of a tool's MCP `outputSchema` (what its `structuredContent` must fit), by the same
 * compiler as its arguments and as plain JSON Schema (a server's reply may carry more than it
 * declares unless the schema closes it). Its problems are the tool's, named as the output
 * schema's; it sits in a closure of its own, so its names never meet the arguments' check.
 */
function outputValidator(def: ToolDefinition, opts: CompileOptions, found: Diagnostic[]): { body: string; is: string; collect: string } | undefined {
  const outOpts: CompileOptions = { ...opts, unknownArgs: "schema", coerce: "none" };
  const { ir, diagnostics } = analyzeSchema(def.outputSchema, outOpts);
  for (const d of diagnostics) {
    const { pointer, ...rest } = d;
    found.push({ ...rest, message: `outputSchema${pointer ? ` at ${pointer}` : ""}: ${d.message}`, pointer: "" });
  }
  if (!ir || diagnostics.some((d) => d.severity === "error")) return undefined;
  const v = emitValidator(ir, { unknownArgs: "schema", toolName: def.name, maxDepth: opts.maxDepth, maxPatternInput: opts.maxPatternInput });
  return { body: v.body.text, is: v.is.text, collect: v.collect.text };
}
