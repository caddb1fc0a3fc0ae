/**
 * Build-time lint and guards for tool definitions.
 *
 *   redos.ts             schema/redos, schema/redos-unchecked (a pattern that does not compile: src/schema/to-ir.ts)
 *   sanity.ts            schema/min-max, schema/enum-type, schema/const-type, and runs the rest:
 *   sanity-required.ts   schema/required-undeclared
 *   sanity-examples.ts   schema/bad-default, schema/bad-example
 *   sanity-refs.ts       schema/ref-unresolved, schema/ref-cycle
 *   description-guard.ts guard/description (rules: hidden-unicode, override,
 *                        instruction-tag, other-tool, param-override, secrecy,
 *                        exfiltration, sensitive-path, encoded, obfuscated; opt-in:
 *                        url, too-long), with guard-phrases.ts, guard-normalise.ts,
 *                        guard-languages.ts and the generated guard-confusables.ts,
 *                        guard-needs.ts (scripts/guard-tables.ts)
 *   poka-yoke.ts         lint/unconstrained-string, lint/ambiguous-name, lint/prose-enum,
 *                        lint/missing-description, lint/open-object,
 *                        lint/required-with-default, lint/relative-path
 *   formats.ts           lint/annotation-format (a known format toolform cannot check)
 *
 * Diagnostic pointers point into the source file (`origin.pointer + "/inputSchema" +
 * schema pointer`, or `origin.pointer + "/description"`); see context.ts.
 */
import type { Diagnostic } from "../../diagnostics/types.js";
import type { ToolDefinition } from "../../sources/types.js";
import { LintContext, type LintOptions } from "./context.js";
import { lintDescriptions } from "./description-guard.js";
import { lintFormats } from "./formats.js";
import { lintPokaYoke } from "./poka-yoke.js";
import { lintRedos } from "./redos-lint.js";
import { lintSanity } from "./sanity.js";
import { SchemaIndex } from "./walk.js";

export { RULE_NAMES, type LintOptions, type RuleName } from "./context.js";
export { checkPattern, clearRedosCache, collectPatterns, type RedosVerdict } from "./redos.js";
export { patternCompileError } from "../pattern.js";
export { scanText, type GuardMatch, type GuardRule, type ScanOptions } from "./description-guard.js";
export { fieldPath, nameTokens, proseEnumValues } from "./poka-yoke.js";

/** Every lint finding for one tool, in rule-family order (sanity, ReDoS, guard, advice). */
export function lintTool(def: ToolDefinition, options: LintOptions = {}): Diagnostic[] {
  const ctx = new LintContext(def, options);
  const index = new SchemaIndex(def.inputSchema);
  return [...lintSanity(ctx, index), ...lintRedos(ctx), ...lintDescriptions(ctx), ...lintPokaYoke(ctx, index), ...lintFormats(ctx, index)];
}

/** `lintTool` over a tool set. */
export function lintTools(defs: readonly ToolDefinition[], options: LintOptions = {}): Diagnostic[] {
  return defs.flatMap((d) => lintTool(d, options));
}

export { lintDescriptions, lintPokaYoke, lintRedos, lintSanity, LintContext, SchemaIndex };
