// anyOf / oneOf on the error path: which branch the model most likely meant, and its errors.
import type { ValidationError } from "./report.js";
import { jsonType, pk, quote, show } from "./text.js";
import { constraintErr, enumErr, exampleSuffix, field, missing, mk } from "./messages.js";
import { at, textOf } from "./lines.js";
import { hasOwn } from "./predicates.js";
import { deepEqual } from "./equality.js";

/** One alternative of anyOf/oneOf, described at build time (src/emit/validator/phrases.ts). */
export interface Alternative {
  /** What it accepts, in words: "\"latest\"", "a 32-character hex string (pattern …)". */
  readonly p: string;
  /** JSON types it accepts ([]: not known from the branch itself). */
  readonly t: readonly string[];
  /** Object branches: declared and required property names. */
  readonly k?: readonly string[];
  readonly r?: readonly string[];
  /** 1: a const or enum branch (number: a generated array literal widens the 1). */
  readonly l?: number;
}

/**
 * How far a value is from a failed branch (lower is closer): a branch of another JSON type is
 * farthest, then a const/enum the value does not equal (unless it is a near miss, "Latest"
 * for "latest"), then an object branch by the share of the value's keys it knows and of its
 * required keys present, then fewest errors.
 */
function distanceTo(a: Alternative, errors: readonly ValidationError[], v: unknown, t: string, p: string): number {
  const few = errors.length / (errors.length + 1); // < 1: breaks ties only
  if (a.t.length > 0 && !a.t.includes(t) && !(t === "integer" && a.t.includes("number")) && !(t === "number" && a.t.includes("integer"))) return 4000 + few;
  if (a.t.length === 0) for (const e of errors) if (e.path === p && e.bucket === "type_errors") return 4000 + few;
  if (a.l === 1) {
    for (const e of errors) if (e.path === p && e.bucket === "enum_errors") return e.suggestion === undefined ? 3000 + few : few;
    return few;
  }
  if (t === "object" && (a.k !== undefined || a.r !== undefined)) {
    const o = v as Record<string, unknown>;
    let total = 0;
    let fit = 0;
    for (const k in o) {
      if (!hasOwn.call(o, k)) continue;
      total++;
      if (a.k !== undefined && a.k.includes(k)) fit++;
    }
    for (const r of a.r ?? []) {
      total++;
      if (hasOwn.call(o, r) && o[r] !== undefined) fit++;
    }
    return 1000 * (total === 0 ? 1 : 1 - fit / total) + few;
  }
  return errors.length;
}

/** Keywords of a bound a value of the right type can break. */
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];

/** s.push(...errors) without the spread: a branch with a million errors (a million bad items) would overflow the call stack. */
function pushAll(s: ValidationError[], errors: readonly ValidationError[]): void {
  for (let i = 0; i < errors.length; i++) s.push(errors[i]!);
}

/**
 * Reports a value that matched no branch of anyOf/oneOf: the branch named by a discriminating
 * property (`tagKey`) when there is one; else the closest branch (see distanceTo), in one error
 * naming every alternative when its errors are about the value itself (`all`: the alternatives
 * in words, built at build time), or as its own errors followed by what the others accept.
 */
export function pickBranch(s: ValidationError[], p: string, v: unknown, branches: ValidationError[][], keyword: string, alts: readonly Alternative[], all: string, tagKey?: string, tags?: readonly unknown[]): void {
  if (tagKey !== undefined && tags !== undefined && typeof v === "object" && v !== null && !Array.isArray(v)) {
    const t = hasOwn.call(v, tagKey) ? (v as Record<string, unknown>)[tagKey] : undefined;
    const i = tags.findIndex((x) => deepEqual(x, t));
    if (i >= 0) {
      // Say which property chose the branch: the model reads why these errors and not another form's.
      const first = branches[i]![0];
      if (first !== undefined) first.message += ` (${quote(pk(p, tagKey))} is ${show(t)}, which selects this form)`;
      pushAll(s, branches[i]!);
      return;
    }
    if (t === undefined) missing(s, p, tagKey, show(tags[0]));
    else enumErr(s, pk(p, tagKey), t, tags, keyword, show(tags[0]));
    return;
  }
  const t = jsonType(v);
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < branches.length; i++) {
    const d = distanceTo(alts[i]!, branches[i]!, v, t, p);
    if (d < bestD) (best = i), (bestD = d);
  }
  const errors = branches[best]!;
  let flat = errors.length > 0;
  for (let i = 0; i < errors.length && flat; i++) if (errors[i]!.path !== p) flat = false;
  // The value is of the closest branch's type and breaks one of its bounds (0 for minimum 1, [] for
  // minItems 1): that branch's own error states the bound; the types alone ("an integer or …; got 0")
  // would not say what is wrong.
  if (flat && bestD < 3000 && BOUNDS.indexOf(errors[0]!.keyword) >= 0) flat = false;
  if (!flat) {
    // Errors inside the value: the closest branch's, then in a word what else the value may be.
    const from = s.length;
    pushAll(s, errors);
    let others = "";
    for (let i = 0; i < alts.length; i++) if (i !== best && alts[i]!.p !== alts[best]!.p && others.indexOf(alts[i]!.p) < 0) others += (others ? " or " : "") + alts[i]!.p;
    // One note per error: nested unions (a recursive schema, 128 deep) name only the innermost alternatives.
    if (others && from < s.length && s[from]!.message.indexOf(" (or else ") < 0) {
      const e = s[from]!;
      textOf(e); // before the copy: it leaves only the public fields to copy
      // The note goes before a closing period: "… of \"x\" (or else …)." rather than "… of \"x\". (or else …)".
      const m = e.message;
      const note = ` (or else ${field(p)} may be ${others})`;
      s[from] = { ...e, message: m.endsWith(".") ? m.slice(0, -1) + note + "." : m + note };
    }
    return;
  }
  // One error for the value: every alternative named, the closest branch's received value, example and hint.
  const e = errors[0]!;
  const hint = e.suggestion === undefined ? "" : ` (did you mean ${quote(e.suggestion)}?)`;
  const text = e.bucket === "type_errors" ? `${at(p)}: expected ${typesText(alts)}, got ${t}` : textOf(e);
  s.push(mk(p, e.bucket, e.keyword, all, e.received, text, `${field(p)} must be ${all}; got ${e.received}${hint}${exampleSuffix(e.example)}`, e.example, e.suggestion));
}

/** "integer or string": the JSON types the alternatives accept. */
function typesText(alts: readonly Alternative[]): string {
  const seen: string[] = [];
  for (const a of alts) for (const x of a.t) if (!seen.includes(x)) seen.push(x);
  return seen.length ? seen.join(" or ") : "one of the alternatives";
}

/** oneOf matched by more than one branch. */
export function oneOfMany(s: ValidationError[], p: string, v: unknown, matched: number[], total: number): void {
  const which = matched.map((m) => "#" + m).join(" and ");
  constraintErr(s, p, v, "oneOf", `exactly one of ${total} alternatives`, `matches ${which} of oneOf`, `must match exactly one of the ${total} alternatives, but matches ${which}; remove what makes it fit more than one`);
}
