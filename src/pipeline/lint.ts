// Build-time advice and guards (src/schema/lint): ReDoS, impossible schemas,
// the description channel, poka-yoke. Placed at the tool's source like every diagnostic.
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolDefinition } from "../sources/types.js";
import { schemaShapeProblem } from "../schema/shape.js";
import { limitProblem } from "../config/limits.js";
import { placeDiagnostic, type CompileOptions } from "./compiled.js";

export async function lintTools(def: ToolDefinition, opts: CompileOptions, rules: Record<string, boolean>, strict: boolean): Promise<Diagnostic[]> {
  // A schema too deep (or with Infinity) is refused by compileTool with the place named; the lint's walks would overflow on it.
  if (schemaShapeProblem(def.inputSchema) || limitProblem(def.inputSchema, opts.limits)) return [];
  const { lintTool } = await import("../schema/lint/index.js");
  return lintTool(def, { strict, unknownArgs: opts.unknownArgs, maxPatternInput: opts.maxPatternInput, rules: rules as never }).map((d: Diagnostic) => (d.tool ? d : placeDiagnostic(d, def)));
}
