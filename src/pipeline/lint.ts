// Build-time advice and guards (src/schema/lint): ReDoS, impossible schemas,
// the description channel, poka-yoke. Placed at the tool's source like every diagnostic.
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolDefinition } from "../sources/types.js";
import { schemaShapeProblem } from "../schema/shape.js";
import { limitProblem } from "../config/limits.js";
import { placeDiagnostic } from "./compiled.js";
import type { CompileOptions } from "../schema/compile-options.js";
import type { AnalysisHand } from "../schema/analyze.js";

/** `hand`: where the analysis the default/example check makes of the schema is left for the compile of this tool (src/pipeline/generate.ts). */
export async function lintTools(def: ToolDefinition, opts: CompileOptions, rules: Record<string, boolean>, strict: boolean, hand?: AnalysisHand): Promise<Diagnostic[]> {
  // A schema too deep (or with Infinity) is refused by compileTool with the place named; the lint's walks would overflow on it.
  if (schemaShapeProblem(def.inputSchema) || limitProblem(def.inputSchema, opts.limits)) return [];
  const { lintTool } = await import("../schema/lint/index.js");
  const fits = await ownFits(def.inputSchema, opts, hand);
  return lintTool(def, { strict, unknownArgs: opts.unknownArgs, maxPatternInput: opts.maxPatternInput, rules: rules as never, fits }).map((d: Diagnostic) => (d.tool ? d : placeDiagnostic(d, def)));
}

/**
 * The lint's first pass over defaults and examples: toolform's own checks of the schema's
 * places (src/emit/example-check.ts), made on first use, for a schema that has either.
 * They judge only where they read the schema as ajv's default/example check does (the same
 * dialect, formats asserted, nothing left unchecked); elsewhere, and for a value they
 * refuse, ajv judges (its errors are the message).
 */
async function ownFits(schema: unknown, opts: CompileOptions, hand: AnalysisHand | undefined): Promise<((pointer: string, value: unknown) => boolean | undefined) | undefined> {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch {
    return undefined;
  }
  if (!text || (!text.includes('"default"') && !text.includes('"examples"'))) return undefined;
  const [{ analyzeSchema }, { exampleChecker }, { sanityDialect }] = await Promise.all([import("../schema/analyze.js"), import("../emit/example-check.js"), import("../schema/lint/sanity.js")]);
  let at: Map<string, (value: unknown) => boolean> | null | undefined;
  const make = (): Map<string, (value: unknown) => boolean> | null => {
    const complete = opts.formats !== false && (opts.allowUnchecked ?? []).length === 0;
    const analysis = analyzeSchema(schema, opts);
    // The compile of this tool on this thread takes the analysis, and with its IR this check (exampleChecker keeps one per IR).
    if (hand) hand.analysis = analysis;
    const { ir, diagnostics } = analysis;
    if (!ir || diagnostics.some((d) => d.severity === "error") || ir.dialect !== sanityDialect(schema as never)) return null;
    // The tool's own checks, which the compile uses for its examples: a value they pass fits JSON Schema too (under
    // unknownArgs "reject" they close objects the schema leaves open, never the reverse); one they refuse goes to ajv.
    const check = exampleChecker(ir, complete, opts);
    return check ? new Map(ir.nodes.map((n) => [n.loc, (v: unknown) => check(n, v)])) : null;
  };
  return (pointer, value) => {
    if (at === undefined) at = make();
    return at?.get(pointer)?.(value);
  };
}
