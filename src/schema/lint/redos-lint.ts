// The ReDoS lint rule: each pattern's verdict (./redos.ts) as a diagnostic at its place, with
// what the generated check does about a flagged pattern (the linear matcher, or an input bound).
import { patternCompileError } from "../pattern.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import { DEFAULT_REDOS_TIMEOUT_MS, LintContext, show, where } from "./context.js";
import { checkPattern, collectPatterns, linearProgram, patternInputBound } from "./redos.js";

/** What the generated check does about it: runs the linear matcher, or refuses values past the pattern's bound. */
function boundNote(pattern: string, kind: "pattern" | "patternProperties", maxPatternInput = 10_000): string {
  if (linearProgram(pattern)) return " The generated check runs it with a linear-time matcher instead of a RegExp, so no input can stall a call.";
  if (kind !== "pattern") return "";
  const b = patternInputBound(pattern, maxPatternInput);
  return b.redos ? ` The generated check refuses values longer than ${b.limit} characters (keyword maxPatternInput) rather than run it on them.` : "";
}

export function lintRedos(ctx: LintContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const wantRedos = ctx.enabled("redos") || ctx.enabled("redos-unchecked");
  const timeout = ctx.options.redosTimeoutMs ?? DEFAULT_REDOS_TIMEOUT_MS;
  for (const { pattern, pointer, kind } of collectPatterns(ctx.def.inputSchema)) {
    const what = kind === "pattern" ? `pattern ${show(pattern, 80)}` : `patternProperties key ${show(pattern, 80)}`;
    // A pattern that does not compile is the compiler's to report (src/schema/to-ir.ts: a build error by default).
    if (patternCompileError(pattern) !== undefined) continue;
    if (!wantRedos) continue;
    const v = checkPattern(pattern, timeout);
    if (v.status === "vulnerable" && ctx.enabled("redos")) {
      const spots = v.hotspots.length ? ` (backtracking in ${v.hotspots.map((h) => show(h, 40)).join(", ")})` : "";
      out.push(
        ctx.atSchema(pointer, {
          rule: "redos",
          code: "schema/redos",
          severity: "warning",
          escalate: true,
          message: `${what} at ${where(pointer)} is vulnerable to ReDoS: ${v.summary} backtracking${spots}; an input like ${show(v.attack, 100)} makes the check take ${v.complexity === "exponential" ? "exponential" : "polynomial"} time.${boundNote(pattern, kind, ctx.options.maxPatternInput)}`,
          hint: "Remove the ambiguity: no nested or overlapping quantifiers such as (a+)+ or (\\w+\\s?)*; make alternatives disjoint; bound repetition ({1,64}) and set a maxLength on the field.",
        }),
      );
    } else if (v.status === "unknown" && ctx.enabled("redos-unchecked")) {
      out.push(
        ctx.atSchema(pointer, {
          rule: "redos-unchecked",
          code: "schema/redos-unchecked",
          severity: "warning",
          message: `${what} at ${where(pointer)} could not be checked for ReDoS: ${v.reason}.`,
          hint: "Simplify the pattern (fewer nested counted repetitions, no backreferences) or give the field a small maxLength.",
        }),
      );
    }
  }
  return out;
}
