// anyOf / oneOf on the error path: which branch the model most likely meant, and its errors.
import type { ValidationError } from "./report.js";
import { jsonType, pk, quote, show } from "./text.js";
import { constraintErr, enumErr, exampleSuffix, field, missing, mk } from "./messages.js";
import { at, patternOf, textOf } from "./lines.js";
import { hasOwn, ucs2length } from "./predicates.js";
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
 * farthest (unless the value is a string that spells one of its type: "42", "true"), then a
 * const/enum the value does not equal (unless it is a near miss, "Latest" for "latest"), then
 * an object branch by the share of the value's keys it knows and of its required keys present;
 * a string by how near it comes to each branch's string rules (see stringDistance); else
 * fewest errors.
 */
function distanceTo(a: Alternative, errors: readonly ValidationError[], v: unknown, t: string, p: string): number {
  const few = errors.length / (errors.length + 1); // < 1: breaks ties only
  if (a.t.length > 0 && !a.t.includes(t) && !(t === "integer" && a.t.includes("number")) && !(t === "number" && a.t.includes("integer"))) return t === "string" && spells(v as string, a.t) ? 0.3 : 4000 + few;
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
  if (t === "string") return stringDistance(errors, v as string, p);
  return errors.length;
}

/** A string that spells a value of one of `types` ("42" for an integer, "true" for a boolean): the model quoted it, and that branch is the one meant. */
function spells(v: string, types: readonly string[]): boolean {
  if (v.length > 24) return false;
  if (v === "true" || v === "false") return types.includes("boolean");
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(v)) return false;
  return types.includes("number") || (types.includes("integer") && Number.isInteger(Number(v)));
}

/**
 * How far a string is from a branch of its own type, by the rule it breaks worst (1 for a rule
 * it is far from, as errors.length would count it; about 0.5 or less for one it nearly meets):
 * a length bound it misses by little is near (the rest of the branch it meets); a pattern as
 * near as the string's characters are to those the pattern names, and its example's to the
 * string's; a format as near as the string's shape is to the format's example. So "I_kwDOA"
 * is near a node-ID branch (^[A-Z]_[A-Za-z0-9]+$) and far from a digits branch, however many
 * rules each breaks.
 */
function stringDistance(errors: readonly ValidationError[], v: string, p: string): number {
  // The rule it misses most; the others break ties only (a date-time's pattern and format say one thing twice).
  let worst = 0;
  for (const e of errors) {
    let d = 0;
    const ex = e.example !== undefined && e.example.charCodeAt(0) === 34 ? (JSON.parse(e.example) as string) : undefined;
    if (e.path !== p) d += 1;
    else if (e.keyword === "minLength" || e.keyword === "maxLength") {
      // expected: "at least 12 characters" / "at most 10 characters" (sizeErr)
      const limit = Number(e.expected.split(" ")[2]);
      d += limit > 0 ? 0.6 * Math.min(1, Math.abs(ucs2length(v) - limit) / limit) : 0.6;
    } else if (e.keyword === "pattern") {
      const named = patternClasses(patternOf(e));
      // The example of a pattern of any length is short ("dkr"): its length counts half.
      const fit = named === undefined ? (ex === undefined ? 0.5 : shapeFit(v, ex)) : ((heldShare(v, named) + (ex === undefined ? 1 : heldShare(ex, classesOf(v)))) / 2) * (ex === undefined ? 1 : lengthFit(v, ex, 0.125));
      d += 0.5 + 0.5 * (1 - fit);
    } else if (e.keyword === "format" && ex !== undefined) d += 0.5 + 0.5 * (1 - shapeFit(v, ex));
    else d += 1;
    if (d > worst) worst = d;
  }
  return worst + 0.01 * (errors.length - 1);
}

/** A character's class for shapeFit: 1 a digit, 2 a lower-case letter, 3 an upper-case one, 4 white space, 5 beyond ASCII; punctuation is its own class, character by character. */
function shapeClass(c: number): number {
  if (c >= 48 && c <= 57) return 1;
  if (c >= 97 && c <= 122) return 2;
  if (c >= 65 && c <= 90) return 3;
  if (c === 32 || c === 9 || c === 10 || c === 13) return 4;
  return c > 127 ? 5 : 256 + c;
}

/** Looked at in a string: its first characters (the error path of a megabyte string stays short). */
const SHAPE_SPAN = 256;

/**
 * How well the shape of `v` fits `ex`, from 0 to 1, both ways: the share of the characters of
 * each whose class the other holds too, less up to a quarter for the difference in length.
 */
function shapeFit(v: string, ex: string): number {
  if (v.length === 0 || ex.length === 0) return v.length === ex.length ? 1 : 0;
  return ((heldShare(v, classesOf(ex)) + heldShare(ex, classesOf(v))) / 2) * lengthFit(v, ex, 0.25);
}

/** 1 less up to `weight` for the difference in length of two strings. */
function lengthFit(a: string, b: string, weight: number): number {
  const m = Math.max(a.length, b.length);
  return m === 0 ? 1 : 1 - (weight * Math.abs(a.length - b.length)) / m;
}

/** The classes of a string's characters (its first SHAPE_SPAN). */
function classesOf(s: string): number[] {
  const has: number[] = [];
  for (let i = 0; i < s.length && i < SHAPE_SPAN; i++) {
    const k = shapeClass(s.charCodeAt(i));
    if (has.indexOf(k) < 0) has.push(k);
  }
  return has;
}

/** A letter itself (a pattern's literal "T" or "png"), as a class beside shapeClass's. */
const LETTER = 512;

/** The share of a's characters (its first SHAPE_SPAN) whose class (or, for a letter, the letter itself) `cls` holds; a letter held only in the other case counts half. */
function heldShare(a: string, cls: readonly number[]): number {
  const n = Math.min(a.length, SHAPE_SPAN);
  if (n === 0) return 1;
  let fit = 0;
  for (let i = 0; i < n; i++) {
    const c = a.charCodeAt(i);
    const k = shapeClass(c);
    if (cls.indexOf(k) >= 0 || ((k === 2 || k === 3) && (cls.indexOf(LETTER + c) >= 0 || cls.indexOf(LETTER + (c ^ 32)) >= 0))) fit += 1;
    else if ((k === 2 && cls.indexOf(3) >= 0) || (k === 3 && cls.indexOf(2) >= 0)) fit += 0.5;
  }
  return fit / n;
}

/**
 * The classes of characters a pattern names (its ranges and \d \w \s by class, a literal letter
 * as itself, other literals by class), or undefined when it names any character (".", a
 * negated class, \D \W \S, \p): read from the source's text, not run, so any pattern (one the
 * linear matcher runs too) is read alike.
 */
function patternClasses(src: string | undefined): number[] | undefined {
  if (src === undefined) return undefined;
  const has: number[] = [];
  const add = (k: number) => {
    if (has.indexOf(k) < 0) has.push(k);
  };
  const literal = (c: number) => add(c >= 65 && c <= 90 ? LETTER + c : c >= 97 && c <= 122 ? LETTER + c : shapeClass(c));
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 92) {
      const n = src[++i];
      if (n === "d") add(1);
      else if (n === "w") (add(1), add(2), add(3), add(256 + 95));
      else if (n === "s") add(4);
      else if (n === undefined || "DWSpPbB".indexOf(n) >= 0) {
        if (n !== "b" && n !== "B") return undefined;
      } else if (n === "u" || n === "x") add(5);
      else if (!/[0-9kcftnrv]/.test(n)) literal(n.charCodeAt(0));
      continue;
    }
    if (inClass) {
      if (c === 93) inClass = false;
      else if (src.charCodeAt(i + 1) === 45 && i + 2 < src.length && src.charCodeAt(i + 2) !== 93) {
        // a range: the classes of its ends and, between them, what a-z, A-Z, 0-9 cover
        const to = src.charCodeAt(i + 2);
        for (const [lo, k] of [[48, 1], [97, 2], [65, 3]] as const) if (c <= lo + 9 && to >= lo) add(k);
        add(shapeClass(c));
        add(shapeClass(to));
        i += 2;
      } else literal(c);
      continue;
    }
    if (c === 91) {
      if (src[i + 1] === "^") return undefined;
      inClass = true;
    } else if (c === 46) return undefined;
    else if (c === 123) {
      const count = /^\{\d*,?\d*\}/.exec(src.slice(i, i + 24));
      if (count) i += count[0].length - 1;
      else literal(c);
    } else if (c === 40 && src[i + 1] === "?") i += src[i + 2] === "<" && (src[i + 3] === "=" || src[i + 3] === "!") ? 3 : 2;
    else if ("^$()|*+?".indexOf(src[i]!) < 0) literal(c);
  }
  return has;
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
