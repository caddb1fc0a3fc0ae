// An error whose bucket line is written when first read (LineLater, textOf), and the tables
// both the line and the message read. Error path only.
import type { Bucket, ValidationError } from "./report.js";
import { clip, quote } from "./text.js";

/** At most this many texts per cache of a message part (they are made per path or tool name: a toolset has a bounded number, but item paths are made per index). */
export const TEXTS_MAX = 1000;

export function at(p: string): string {
  return p === "" ? "arguments" : p;
}

// The bucket lines a LineLater error writes when first read (its [LINE]).
export const LINE_TYPE = 0;
export const LINE_ENUM = 1;
export const LINE_FORMAT = 2;
export const LINE_LIMIT = 3;
export const LINE_SIZE = 4;
export const LINE_PATTERN = 5;

// A LineLater error's line parts, under symbol keys: neither Object.keys nor JSON sees them.
const LINE = Symbol("line");
const LINE_A = Symbol("line a");
const LINE_B = Symbol("line b");

/**
 * An error whose bucket line (`text`) is written when first read: a refused call whose
 * feedback is all that is read never needs it (about an eighth of the error path's work).
 * Until then `text` is undefined and the line's parts are kept under symbol keys; every reader
 * of a collector's errors reads `text` through textOf, which writes it and deletes the parts.
 * The report calls it before it hands out `errors` or a bucket list, so what a caller sees
 * ({...e}, JSON, Object.keys) is the nine fields of mk, in mk's order, and nothing else.
 * (Symbol-keyed fields, not #private ones: a private field costs its class an initialiser on
 * every error made.)
 */
export class LineLater implements ValidationError {
  // Declared only (no field definitions in the written runtime): the constructor assigns them all, in mk's order, then the parts.
  declare path: string;
  declare bucket: Bucket;
  declare keyword: string;
  declare expected: string;
  declare received: string;
  declare text: string;
  declare message: string;
  declare example: string | undefined;
  declare suggestion: string | undefined;
  declare [LINE]?: number;
  declare [LINE_A]?: string | number;
  declare [LINE_B]?: string | number;
  constructor(path: string, bucket: Bucket, keyword: string, expected: string, received: string, message: string, example: string | undefined, suggestion: string | undefined, line: number, a: string | number, b: string | number) {
    this.path = path;
    this.bucket = bucket;
    this.keyword = keyword;
    this.expected = expected;
    this.received = received;
    this.text = undefined as unknown as string; // written by textOf, before any caller can read it
    this.message = message;
    this.example = example;
    this.suggestion = suggestion;
    this[LINE] = line;
    this[LINE_A] = a;
    this[LINE_B] = b;
  }
}

/** An error's bucket line: every reader of a collector's errors reads `text` so (see LineLater). Call it before copying an error. */
export function textOf(e: ValidationError): string {
  if (e.text !== undefined) return e.text;
  const l = e as LineLater; // only a LineLater leaves `text` unwritten
  const p = at(l.path), a = l[LINE_A], b = l[LINE_B];
  let t: string;
  switch (l[LINE]) {
    case LINE_TYPE:
      t = `${p}: expected ${a}, got ${b}`;
      break;
    case LINE_ENUM:
      t = `${p}: ${l.received} not in ${a}`;
      break;
    case LINE_FORMAT:
      t = `${p}: ${l.received} is not a valid ${a}`;
      break;
    case LINE_LIMIT:
      t = `${p}: ${l.received} ${(LIMIT[l.keyword] ?? ["?"])[0]} ${l.keyword} ${a}`;
      break;
    case LINE_SIZE:
      t = `${p}: ${(SIZE[l.keyword] ?? ["", "", "", "size"])[3]} ${a} ${l.keyword.startsWith("min") ? "<" : ">"} ${l.keyword} ${b}`;
      break;
    default:
      t = `${p}: ${a} does not match pattern ${quote(clip(b as string, 200))}`;
  }
  l.text = t;
  // Deleted last added first: V8 then returns the error to its nine-field shape (no dictionary mode).
  delete l[LINE_B];
  delete l[LINE_A];
  delete l[LINE];
  return t;
}

/** The pattern a pattern error's value missed, while its bucket line is unwritten (pickBranch weighs branches before any line is read); else undefined. */
export function patternOf(e: ValidationError): string | undefined {
  const l = e as LineLater;
  return e.text === undefined && l[LINE] === LINE_PATTERN ? (l[LINE_B] as string) : undefined;
}


/** keyword: [the bucket line's relation, what it expects, the same in words]. */
export const LIMIT: Record<string, [string, string, string]> = {
  minimum: ["<", ">=", "at least"],
  maximum: [">", "<=", "at most"],
  exclusiveMinimum: ["<=", ">", "greater than"],
  exclusiveMaximum: [">=", "<", "less than"],
};

/** keyword: [at least/at most, unit, plural unit, what]. */
export const SIZE: Record<string, [string, string, string, string]> = {
  minLength: ["at least", "character", "characters", "length"],
  maxLength: ["at most", "character", "characters", "length"],
  minItems: ["at least", "item", "items", "items"],
  maxItems: ["at most", "item", "items", "items"],
  minProperties: ["at least", "property", "properties", "properties"],
  maxProperties: ["at most", "property", "properties", "properties"],
  minContains: ["at least", "matching item", "matching items", "matching items"],
  maxContains: ["at most", "matching item", "matching items", "matching items"],
};
