// A tool's schema checked and read into the IR, without emitting anything: the first
// stage of compiling a tool (src/pipeline/compile-tool.ts), also what the lint's
// default/example check builds its checks from (src/pipeline/lint.ts).
import type { Diagnostic } from "../diagnostics/types.js";
import { limitProblem } from "../config/limits.js";
import type { CompileOptions } from "./compile-options.js";
import { dialectOf } from "./dialect.js";
import type { IR } from "./ir.js";
import { checkMetaSchema } from "./metaschema.js";
import { inferOlderDraft } from "./older-drafts.js";
import { refChainProblem } from "./ref-depth.js";
import { schemaShapeProblem } from "./shape.js";
import { toIR } from "./to-ir.js";

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
  const { ir, diagnostics } = toIR(schema, { dialect, formats: opts.formats ? "assert" : "annotate", customFormats: opts.customFormats ?? {}, remotes: opts.remotes, allowUnchecked: opts.allowUnchecked ?? [] });
  // A $ref chain longer than maxDepth builds a validator that refuses all it reaches (src/schema/ref-depth.ts).
  const chain = diagnostics.some((d) => d.severity === "error") ? undefined : refChainProblem(ir, opts.maxDepth ?? 128);
  return { ir, diagnostics: [...meta, ...diagnostics, ...(chain ? [chain] : [])], schema };
}

/** What analyzeSchema found. The lint's default/example check makes one, and hands it to the compile of the same tool in the same thread (src/pipeline/generate.ts), which then does not analyse the schema again. */
export type Analysis = ReturnType<typeof analyzeSchema>;

/** An analysis handed from the lint of a tool to its compile, taken at most once (the compile writes its examples into the IR). */
export interface AnalysisHand {
  analysis?: Analysis;
}
