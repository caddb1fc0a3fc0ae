/**
 * What every lint rule family shares: the rule names, the options, and how a finding
 * becomes a `Diagnostic`.
 *
 * Pointers (the same placement as `placeDiagnostic` in src/pipeline/compile-tool.ts).
 * For a JSON source, `Diagnostic.pointer` is a JSON pointer into the *source file*, so
 * that `file#pointer` (see `placeOf`) lands on the offending place:
 *   - a finding in the input schema at schema pointer `/properties/x/pattern` gets
 *     `(origin.schemaPointer ?? origin.pointer + "/inputSchema") + "/properties/x/pattern"`;
 *   - a finding in the tool's own description gets `origin.pointer + "/description"`.
 * For a source that knows lines (TypeScript), the pointer is relative to the tool
 * (`/inputSchema/properties/x/pattern`, `/description`) and `line`/`column` come from
 * `def.locate(schemaPointer)`, else from the origin.
 * Messages name the schema pointer (the part a tool author recognises), e.g.
 * `at /properties/x`.
 */
import { placeInSource } from "../../diagnostics/place.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { UnknownArgs } from "../../config/types.js";
import type { ToolDefinition } from "../../sources/types.js";

/** Every rule that can be switched off with `options.rules[name] = false`. */
export const RULE_NAMES = [
  // redos.ts
  "redos",
  "redos-unchecked",
  // sanity.ts (and sanity-required.ts, sanity-examples.ts, sanity-refs.ts)
  "min-max",
  "required-undeclared",
  "enum-type",
  "const-type",
  "bad-default",
  "bad-example",
  "ref-unresolved",
  "ref-cycle",
  // description-guard.ts ("description-guard" switches the whole family off)
  "description-guard",
  "guard-hidden-unicode",
  "guard-override",
  "guard-instruction-tag",
  "guard-other-tool",
  "guard-param-override",
  "guard-secrecy",
  "guard-exfiltration",
  "guard-sensitive-path",
  "guard-url",
  "guard-encoded",
  "guard-obfuscated",
  "guard-too-long",
  // poka-yoke.ts
  "unconstrained-string",
  "ambiguous-name",
  "prose-enum",
  "missing-description",
  "open-object",
  "required-with-default",
  "relative-path",
  // src/emit/providers (config `providers`): what a provider's tool list leaves out
  "provider-loss",
  // formats.ts
  "annotation-format",
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export interface LintOptions {
  /** Rules marked "error when strict" become errors. */
  strict?: boolean;
  /** The validator's unknown-argument policy (default "reject", as the build's). */
  unknownArgs?: UnknownArgs;
  /** `false` switches a rule off; every rule is on by default except the opt-in guard-url and guard-too-long (`true` switches those on). */
  rules?: Partial<Record<RuleName, boolean>>;
  /** Longest description (tool or field) before `guard/description` (too-long) fires; setting it switches that opt-in rule on (limit 1500 when switched on by `rules`). */
  maxDescriptionLength?: number;
  /** Upper bound of one ReDoS analysis, in ms (recheck's own `timeout`). Default 1000. */
  redosTimeoutMs?: number;
  /** The build's `maxPatternInput` (default 10,000): the ReDoS finding says what the generated check runs a pattern on. */
  maxPatternInput?: number;
  /**
   * Whether a value fits the schema place at a pointer, by toolform's own checks
   * (src/pipeline/lint.ts); undefined where they cannot judge. A default or example it
   * passes needs no ajv; the others are judged (and their messages written) by ajv.
   */
  fits?: (pointer: string, value: unknown) => boolean | undefined;
}

export const DEFAULT_MAX_DESCRIPTION_LENGTH = 1500;
export const DEFAULT_REDOS_TIMEOUT_MS = 1000;

export interface Finding {
  rule: RuleName;
  code: string;
  /** Base severity; "warning" findings of an `escalate` rule become errors when strict. */
  severity: "error" | "warning";
  escalate?: boolean;
  message: string;
  hint?: string;
}

export class LintContext {
  readonly unknownArgs: UnknownArgs;
  readonly strict: boolean;

  constructor(
    readonly def: ToolDefinition,
    readonly options: LintOptions,
  ) {
    this.unknownArgs = options.unknownArgs ?? "reject";
    this.strict = options.strict ?? false;
  }

  enabled(rule: RuleName): boolean {
    return this.options.rules?.[rule] !== false;
  }

  private severity(f: Finding): "error" | "warning" {
    return f.severity === "warning" && f.escalate && this.strict ? "error" : f.severity;
  }

  /** A finding at a place in the input schema (`schemaPointer` is relative to inputSchema). */
  atSchema(schemaPointer: string, f: Finding): Diagnostic {
    const { located: _located, ...place } = placeInSource(this.def, schemaPointer);
    const d: Diagnostic = { severity: this.severity(f), code: f.code, message: f.message, tool: this.def.name, ...place };
    if (f.hint !== undefined) d.hint = f.hint;
    return d;
  }

  /** A finding in the tool definition itself, outside the schema (e.g. `/description`). */
  atTool(toolPointer: string, f: Finding): Diagnostic {
    const { origin } = this.def;
    const d: Diagnostic = {
      severity: this.severity(f),
      code: f.code,
      message: f.message,
      tool: this.def.name,
      file: origin.file,
      pointer: origin.line !== undefined ? toolPointer : `${origin.pointer}${toolPointer}`,
    };
    if (f.hint !== undefined) d.hint = f.hint;
    if (origin.line !== undefined) {
      d.line = origin.line;
      d.column = origin.column ?? 1;
    }
    return d;
  }
}

/** Show a value to a tool author: JSON, cut to `max` characters. */
export function show(value: unknown, max = 60): string {
  let s: string;
  try {
    s = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    s = String(value);
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** "/properties/x" or "(root)" for the root pointer. */
export function where(schemaPointer: string): string {
  return schemaPointer === "" ? "the schema root" : schemaPointer;
}
