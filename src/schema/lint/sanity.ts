/**
 * Schemas that are wrong in themselves: bounds that exclude every value, required
 * properties that can never be sent, enum/const values of the wrong type, defaults and
 * examples that fail their own schema, `$ref`s to nowhere and `$ref` cycles that never
 * make progress.
 *
 * Severities: impossible schemas are errors (min > max, `$ref` to nowhere, ref cycle,
 * a required property that cannot be sent, an enum none of whose values fits `type`, a
 * `const` that does not fit `type`); a bad default/example, or an enum with *some*
 * values of the wrong type, is a warning, an error when strict.
 *
 * This file: lintSanity, which runs every check, and the checks of one node (bounds, enum and
 * const against type). `$ref`s: sanity-refs.ts; required names: sanity-required.ts; defaults
 * and examples: sanity-examples.ts.
 */
import type { Diagnostic } from "../../diagnostics/types.js";
import { LintContext, show, where } from "./context.js";
import {
  SchemaIndex,
  childPointer,
  declaredTypes,
  fitsType,
  isObject,
  type SchemaNode,
  type SchemaObject,
} from "./walk.js";
import { refCycles, unresolvedRef } from "./sanity-refs.js";
import { requiredUndeclared } from "./sanity-required.js";
import { defaultsAndExamples } from "./sanity-examples.js";

export { sanityDialect } from "./sanity-examples.js";

export function lintSanity(ctx: LintContext, index: SchemaIndex = new SchemaIndex(ctx.def.inputSchema)): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const node of index.nodes) {
    if (!isObject(node.schema)) continue;
    if (ctx.enabled("min-max")) out.push(...minMax(ctx, node, node.schema));
    if (ctx.enabled("enum-type") || ctx.enabled("const-type")) out.push(...enumConstType(ctx, node, node.schema));
    if (ctx.enabled("ref-unresolved")) out.push(...unresolvedRef(ctx, index, node, node.schema));
  }
  if (ctx.enabled("required-undeclared")) out.push(...requiredUndeclared(ctx, index));
  if (ctx.enabled("ref-cycle")) out.push(...refCycles(ctx, index));
  if (ctx.enabled("bad-default") || ctx.enabled("bad-example")) out.push(...defaultsAndExamples(ctx, index));
  return out;
}

// ---------------------------------------------------------------- bounds

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
}

function tighter(a: Bound | undefined, b: Bound | undefined, lower: boolean): Bound | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.value !== b.value) return (lower ? a.value > b.value : a.value < b.value) ? a : b;
  return a.exclusive ? a : b;
}

function minMax(ctx: LintContext, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (keyword: string, message: string, hint: string) =>
    out.push(
      ctx.atSchema(childPointer(node.pointer, keyword), {
        rule: "min-max",
        code: "schema/min-max",
        severity: "error",
        message: `${message} at ${where(node.pointer)}: no value can satisfy both.`,
        hint,
      }),
    );

  // numbers: minimum / exclusiveMinimum (number, or draft-04 boolean) against the maxima
  const exMinBool = s.exclusiveMinimum === true;
  const exMaxBool = s.exclusiveMaximum === true;
  const lower = tighter(
    num(s.minimum) !== undefined ? { value: num(s.minimum)!, exclusive: exMinBool, keyword: "minimum" } : undefined,
    num(s.exclusiveMinimum) !== undefined ? { value: num(s.exclusiveMinimum)!, exclusive: true, keyword: "exclusiveMinimum" } : undefined,
    true,
  );
  const upper = tighter(
    num(s.maximum) !== undefined ? { value: num(s.maximum)!, exclusive: exMaxBool, keyword: "maximum" } : undefined,
    num(s.exclusiveMaximum) !== undefined ? { value: num(s.exclusiveMaximum)!, exclusive: true, keyword: "exclusiveMaximum" } : undefined,
    false,
  );
  if (lower && upper) {
    const empty = lower.value > upper.value || (lower.value === upper.value && (lower.exclusive || upper.exclusive));
    if (empty) {
      report(
        lower.keyword,
        `"${lower.keyword}" ${lower.value} is ${lower.value === upper.value ? "equal to" : "greater than"} "${upper.keyword}" ${upper.value}`,
        `Swap or correct the bounds so that the lower bound is below the upper one.`,
      );
    } else {
      const types = declaredTypes(s);
      if (types && types.length === 1 && types[0] === "integer") {
        const lo = lower.exclusive ? Math.floor(lower.value) + 1 : Math.ceil(lower.value);
        const hi = upper.exclusive ? Math.ceil(upper.value) - 1 : Math.floor(upper.value);
        if (lo > hi) {
          report(
            lower.keyword,
            `no integer lies between "${lower.keyword}" ${lower.value} and "${upper.keyword}" ${upper.value}`,
            `Widen the bounds or change "type" to "number".`,
          );
        }
      }
    }
  }
  for (const [lo, hi] of [
    ["minLength", "maxLength"],
    ["minItems", "maxItems"],
    ["minProperties", "maxProperties"],
    ["minContains", "maxContains"],
  ] as const) {
    const a = num(s[lo]);
    const b = num(s[hi]);
    if (a !== undefined && b !== undefined && a > b) {
      report(lo, `"${lo}" ${a} is greater than "${hi}" ${b}`, `Swap or correct "${lo}"/"${hi}".`);
    }
  }
  const maxProps = num(s.maxProperties);
  if (maxProps !== undefined && Array.isArray(s.required)) {
    const n = new Set(s.required.filter((r) => typeof r === "string")).size;
    if (n > maxProps) {
      report("required", `${n} properties are "required" but "maxProperties" is ${maxProps}`, `Raise "maxProperties" to at least ${n} or require fewer properties.`);
    }
  }
  return out;
}

// ---------------------------------------------------------------- enum / const vs type

function enumConstType(ctx: LintContext, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  const types = declaredTypes(s);
  if (!types) return [];
  const out: Diagnostic[] = [];
  const typeText = types.length === 1 ? types[0]! : types.join(" or ");
  if (ctx.enabled("enum-type") && Array.isArray(s.enum) && s.enum.length > 0) {
    const bad = s.enum.filter((v) => !fitsType(v, types));
    if (bad.length > 0) {
      const all = bad.length === s.enum.length;
      out.push(
        ctx.atSchema(childPointer(node.pointer, "enum"), {
          rule: "enum-type",
          code: "schema/enum-type",
          severity: all ? "error" : "warning",
          escalate: true,
          message: all
            ? `No "enum" value at ${where(node.pointer)} is of type ${typeText} (${bad.slice(0, 5).map((v) => show(v, 30)).join(", ")}): nothing can validate.`
            : `"enum" at ${where(node.pointer)} lists ${bad.slice(0, 5).map((v) => show(v, 30)).join(", ")}, which ${bad.length === 1 ? "is" : "are"} not of type ${typeText} and can never be accepted.`,
          hint: `Make "type" and "enum" agree (e.g. write 1 instead of "1" for an integer enum, or add the missing type).`,
        }),
      );
    }
  }
  if (ctx.enabled("const-type") && Object.prototype.hasOwnProperty.call(s, "const") && !fitsType(s.const, types)) {
    out.push(
      ctx.atSchema(childPointer(node.pointer, "const"), {
        rule: "const-type",
        code: "schema/const-type",
        severity: "error",
        message: `"const" ${show(s.const)} at ${where(node.pointer)} is not of type ${typeText}: nothing can validate.`,
        hint: `Make "type" and "const" agree, or drop "type" (const alone pins the value).`,
      }),
    );
  }
  return out;
}
