// The error constructors the generated collectors call (error path only): one ValidationError each, with its bucket line and its model-facing message.
import type { Bucket, Sink, ValidationError } from "./report.js";
import { probing, WORK_MAX } from "./budget.js";
import { clip, describe, isIdent, jsonType, pathKeys, pk, plainPath, quote, show, typesPhrase } from "./text.js";
import { ucs2length } from "./predicates.js";
import { sgDistance, sgFold, sgPrepared, sgSuggestIndex, suggestAndNearest, type SgList } from "../suggest.js";
import { argSynonym } from "./leads.js";

export function workErr(s: ValidationError[]): void {
  const what = `at most ${WORK_MAX} checks through recursive schemas`;
  s.push(mk("", "constraint_errors", "maxSteps", what, "a value too costly to check", `arguments: needs more than ${WORK_MAX} recursive checks (maxSteps)`, `The arguments are too costly to check (${what}); send a smaller or less deeply nested value.`));
}

/** A value the validator could not read to the end: a throwing Proxy or getter, or nesting past the call stack. */
export function unjudged(s: ValidationError[], e: unknown): void {
  const deep = e instanceof RangeError;
  const expected = deep ? "nesting the validator can follow" : "plain JSON data";
  const message = deep ? "The arguments are nested too deeply to check." : "The arguments could not be read as plain JSON data.";
  s.push(mk("", "constraint_errors", deep ? "maxDepth" : "type", expected, deep ? "a value nested too deeply" : "a value that throws when read", `arguments: not checkable (${expected})`, message));
}

/** Arguments sent as a string that is not JSON (OpenAI sends them as JSON text): say so, and what to send. */
export function notJsonErr(s: ValidationError[], text: string, error: unknown, params: readonly string[]): void {
  const why = clip(String(error instanceof Error ? error.message : error).split("\n")[0]!, 120);
  const hint = params.length ? ` with the parameters: ${clip(params.join(", "), 200)}` : "";
  s.push(mk("", "type_errors", "type", "a JSON object", `text that is not valid JSON: ${show(text)}`, "arguments: expected object, got invalid JSON", `The arguments are not valid JSON (${why}). Send them as one JSON object${hint}.`));
}

/** The field as named in a message. */
export function field(p: string): string {
  return p === "" ? "The arguments" : quote(p);
}

/** At most this many texts per cache below (they are made per path or tool name: a toolset has a bounded number, but item paths are made per index). */
const TEXTS_MAX = 1000;
/** Only paths this short are kept: a path holds the names the model sent (an open map's keys), and the cache must not hold on to a long one. */
const PATH_KEPT_MAX = 80;

/** field(p) + " must be " (each error's message starts so), made once per path. */
const mustBeOf = new Map<string, string>();
export function mustBe(p: string): string {
  if (p === "") return "The arguments must be ";
  let h = mustBeOf.get(p);
  if (h === undefined) {
    h = plainPath(p) ? '"' + p + '" must be ' : quote(p) + " must be ";
    if (p.length <= PATH_KEPT_MAX) {
      if (mustBeOf.size >= TEXTS_MAX) mustBeOf.clear(); // a call with many item paths: start again rather than keep the first thousand for good
      mustBeOf.set(p, h);
    }
  }
  return h;
}

export function at(p: string): string {
  return p === "" ? "arguments" : p;
}

export function exampleSuffix(ex: string | undefined): string {
  return ex === undefined ? "" : ". Example: " + ex;
}

export function mk(
  path: string,
  bucket: Bucket,
  keyword: string,
  expected: string,
  received: string,
  text: string,
  message: string,
  example?: string,
  suggestion?: string,
): ValidationError {
  // One object shape for every error (optional fields present, maybe undefined): keeps the error path monomorphic.
  return { path, bucket, keyword, expected, received, text, message, example, suggestion };
}

// The bucket lines a LineLater error writes when first read (its [LINE]).
const LINE_TYPE = 0;
const LINE_ENUM = 1;
const LINE_FORMAT = 2;
const LINE_LIMIT = 3;
const LINE_SIZE = 4;
const LINE_PATTERN = 5;

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
class LineLater implements ValidationError {
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


// Each error constructor below returns true when it was called without a sink (`s` null: a
// tool's `is`, see `probe`): it counted the failure, and the generated code stops there
// (`if (rt.typeErr(…)) return;`); with an array it pushes the error and returns false.
//
// The error constructors below make the error, then push it (`const e = …; s.push(e)`), never
// `s.push(new …)`: with the error made between the array's map check and the push, TurboFan
// leaves the push to the generic builtin (about 100 instructions more per error, callgrind).

/** Wrong type. `types` is the schema's wording ("integer", "string or null"); the message says it as typesPhrase does ("an integer"). */
export function typeErr(s: Sink, p: string, v: unknown, types: string, ex?: string): boolean {
  if (probing(s)) return true;
  const phrase = typesPhrase(types);
  const t = jsonType(v);
  const got = describe(v, t);
  const e = new LineLater(p, "type_errors", "type", phrase, got, mustBe(p) + `${phrase}; got ${got}${exampleSuffix(ex)}`, ex, undefined, LINE_TYPE, types, t);
  s.push(e);
  return false;
}

/**
 * An optional property's wrong type, where the schema refuses null: as typeErr, but for null
 * (models send it for "no value") the message says the field can be left out, as nullOptional
 * would make it. `nullPhrase`: what the field takes, when `phrase` says less ("a date (YYYY-MM-DD)").
 */
export function optTypeErr(s: Sink, p: string, v: unknown, types: string, ex?: string, nullPhrase?: string): boolean {
  if (probing(s)) return true;
  if (v !== null) return typeErr(s, p, v, types, ex);
  const phrase = typesPhrase(types);
  const e = new LineLater(p, "type_errors", "type", phrase, "null", `${field(p)} is optional: omit it, or give ${nullPhrase ?? phrase}${exampleSuffix(ex)}`, ex, undefined, LINE_TYPE, types, "null");
  s.push(e);
  return false;
}

/** A required property `key` is missing from the object at `p`. */
export function missing(s: Sink, p: string, key: string, ex?: string): boolean {
  if (probing(s)) return true;
  const bare = isIdent(key); // written and quoted as it is
  const path = bare ? (p === "" ? key : p + "." + key) : pk(p, key);
  const qkey = bare ? '"' + key + '"' : quote(key);
  // Nothing in a bare key is escaped: when p needs no escape, neither does the path (checked on p, not on the joined path).
  const qpath = !bare ? quote(path) : p === "" ? qkey : plainPath(p) ? '"' + path + '"' : quote(path);
  const e = mk(path, "missing_required", "required", "present", "nothing", path, `${qpath} is required${ex === undefined ? "" : ". Example: " + qkey + ": " + ex}`, ex);
  s.push(e);
  return false;
}

/**
 * An unknown key's error. Besides the public fields it keeps what its object declares and
 * the declared names near the key (one scan finds both them and the suggestion): the
 * feedback says the list once per object, not once per unknown key, so the message leaves
 * it out. Private fields: a copy ({...e}) or JSON carries only the public ones. `of(e)`: the
 * error as an unknown key's with declared names to list, else undefined.
 */
class UnknownKeyError implements ValidationError {
  // Declared only (no field definitions in the written runtime): the constructor assigns them all, in this order.
  declare path: string;
  declare bucket: Bucket;
  declare keyword: string;
  declare expected: string;
  declare received: string;
  declare text: string;
  declare message: string;
  declare example: string | undefined;
  declare suggestion: string | undefined;
  readonly #known: readonly string[];
  readonly #whose: string;
  readonly #near: readonly string[];
  constructor(path: string, received: string, message: string, suggestion: string | undefined, known: readonly string[], whose: string, near: readonly string[]) {
    this.path = path;
    this.bucket = "unknown_args";
    this.keyword = "additionalProperties";
    this.expected = "no such property";
    this.received = received;
    this.text = path;
    this.message = message;
    this.example = undefined;
    this.suggestion = suggestion;
    this.#known = known;
    this.#whose = whose;
    this.#near = near;
  }
  static of(e: ValidationError): UnknownKeyError | undefined {
    return e.bucket === "unknown_args" && #known in e && e.#known.length > 0 ? e : undefined;
  }
  get known(): readonly string[] {
    return this.#known;
  }
  get whose(): string {
    return this.#whose;
  }
  get near(): readonly string[] {
    return this.#near;
  }  /** The feedback's list lines for all the report's errors (knownLines); the report asks the first error that has this method. */
  knownLines(all: readonly ValidationError[]): readonly string[] {
    return knownLines(all);
  }
}

/** " is not a parameter of <tool>.", made once per tool name. */
const notParameterOfTool = new Map<string, string>();
function notParameterOf(owner: string): string {
  let t = notParameterOfTool.get(owner);
  if (t === undefined) {
    t = " is not a parameter of " + owner + ".";
    if (notParameterOfTool.size < TEXTS_MAX) notParameterOfTool.set(owner, t);
  }
  return t;
}

/** A property `key` of the object at `p` that the schema does not declare. `owner` is the tool name at the root. */
export function unknownKey(s: Sink, p: string, key: string, known: readonly string[], owner: string): boolean {
  if (probing(s)) return true;
  const bare = isIdent(key); // written and quoted as it is
  const path = bare ? (p === "" ? key : p + "." + key) : pk(p, key);
  const found = suggestAndNearest(key, known);
  const nearest = found.nearest;
  // Spelling found nothing: a name that means the same (from → source), when exactly one declared name does.
  // A word-level match ("link" → allowExternalLinks) yields to a name that means the same ("link" → url); a near spelling does not.
  const syn = found.suggestion === undefined ? (nearest.length === 0 ? argSynonym(key, known) : undefined) : argSynonym(key, known);
  const suggestion = syn !== undefined && (found.suggestion === undefined || sgDistance(sgFold(key), sgFold(found.suggestion), 3) > 3) ? syn : found.suggestion;
  const root = p === "";
  const pp = root || plainPath(p);
  const qp = root ? "" : pp ? '"' + p + '"' : quote(p);
  // quote(p + "." + key) is quote(p) with ".key" before its closing quote: nothing in a bare key is escaped.
  const qpath = !bare ? quote(path) : root ? '"' + key + '"' : pp ? '"' + path + '"' : qp.slice(0, -1) + "." + key + '"';
  const none = known.length === 0 ? " It takes none." : "";
  const hint = suggestion === undefined ? "" : ` (did you mean ${quote(suggestion)}?)`;
  const received = !bare || key.length > 60 ? quote(clip(key)) : root ? qpath : '"' + key + '"';
  const message = root && hint === "" && none === "" ? qpath + notParameterOf(owner) : root ? qpath + " is not a parameter of " + owner + hint + "." + none : qpath + " is not a field of " + qp + hint + "." + none;
  const e = new UnknownKeyError(path, received, message, suggestion, known, root ? "Parameters of " + owner : "Fields of " + qp, nearest);
  s.push(e);
  return false;
}

/** A list line names every declared name up to LIST_FULL of them; past that, the first LIST_FEW (the suggested and closest come first, so a long list loses only far names) and the count. */
const LIST_FULL = 12;
const LIST_FEW = 5;

/**
 * One line per object with unknown keys: its declared names, the suggested ones first,
 * then those close to any unknown key, then the rest in the schema's order.
 */
export function knownLines(errors: readonly ValidationError[]): readonly string[] {
  let out: string[] | undefined;
  for (let i = 0; i < errors.length; i++) {
    const k = UnknownKeyError.of(errors[i]!);
    if (k === undefined) continue;
    const known = k.known;
    // One line per object: made at its first unknown key, from all of that object's.
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = UnknownKeyError.of(errors[j]!)?.known === known;
    if (seen) continue;
    let meant: string[] | undefined, close: string[] | undefined;
    for (let j = i; j < errors.length; j++) {
      const e = errors[j]!;
      const o = UnknownKeyError.of(e);
      if (o === undefined || o.known !== known) continue;
      if (e.suggestion !== undefined) (meant ??= []).push(e.suggestion);
      const near = o.near;
      for (let x = 0; x < near.length; x++) (close ??= []).push(near[x]!);
    }
    const first = meant ?? NONE, then = close ?? NONE;
    (out ??= []).push(k.whose + ": " + (leadsKnown(first, then, known) ? schemaOrder(known) : shownNames(uniqueNames(first, then, known))));
  }
  return out ?? NONE;
}

/** Whether the names put first (meant, then close) are, without repeats, the first of `known` in its order: then the line is the schema-order one. */
function leadsKnown(a: readonly string[], b: readonly string[], known: readonly string[]): boolean {
  let at = 0;
  for (let l = 0; l < 2; l++) {
    const list = l === 0 ? a : b;
    for (let i = 0; i < list.length; i++) {
      const n = list[i]!;
      if (at < known.length && known[at] === n) at++;
      else {
        const j = known.indexOf(n);
        if (j < 0 || j >= at) return false; // a later name, or one not declared: a different order
      }
    }
  }
  return true;
}

const NONE: readonly string[] = [];

/** A list line's names, at most LIST_MAX of them. */
function shownNames(names: readonly string[]): string {
  let shown = "";
  const max = names.length > LIST_FULL ? LIST_FEW : LIST_FULL;
  for (let i = 0; i < names.length && i < max; i++) shown += (i ? ", " : "") + names[i]!;
  if (names.length > max) shown += `, … (${names.length} in all)`;
  return shown;
}

/** The declared names as listed when no unknown key is near any: made once per object schema (the lists are module constants). */
const schemaOrderOf = new WeakMap<readonly string[], string>();
function schemaOrder(known: readonly string[]): string {
  let t = schemaOrderOf.get(known);
  if (t === undefined) schemaOrderOf.set(known, (t = shownNames(uniqueNames(NONE, NONE, known))));
  return t;
}

/** [...new Set([...a, ...b, ...c])] without the copies: a short list is searched, a long one goes through a Set. */
function uniqueNames(a: readonly string[], b: readonly string[], c: readonly string[]): string[] {
  const names: string[] = [];
  const seen = a.length + b.length + c.length > 24 ? new Set<string>() : undefined;
  for (let l = 0; l < 3; l++) {
    const list = l === 0 ? a : l === 1 ? b : c;
    for (let i = 0; i < list.length; i++) {
      const n = list[i]!;
      if (seen === undefined ? names.includes(n) : seen.has(n)) continue;
      seen?.add(n);
      names.push(n);
    }
  }
  return names;
}

/** An enum's texts, made once per list (the lists are module constants): what it expects, its list as the bucket line writes it, its strings (for suggestions, and prepared for the matcher: no lookup of them per error), and the hint for each when first suggested. */
interface EnumTexts {
  expected: string;
  list: string;
  strings: string[];
  sg: SgList;
  hints: (string | undefined)[];
  /** Each string as JSON text, when first given as an example. */
  exs: (string | undefined)[];
}
const enumTextsOf = new WeakMap<readonly unknown[], EnumTexts>();
function enumTexts(allowed: readonly unknown[]): EnumTexts {
  let t = enumTextsOf.get(allowed);
  if (t === undefined) {
    const shown = allowed.slice(0, 12).map((a) => show(a, 40)).join(", ") + (allowed.length > 12 ? `, … (${allowed.length} in all)` : "");
    const one = allowed.length === 1 ? show(allowed[0], 40) : undefined;
    const strings = allowed.filter((a): a is string => typeof a === "string");
    t = { expected: one ?? "one of: " + shown, list: one ?? "[" + shown + "]", strings, sg: sgPrepared(strings), hints: [], exs: [] };
    enumTextsOf.set(allowed, t);
  }
  return t;
}

/** A value outside its enum (or unequal to its const: `allowed` has one element). */
export function enumErr(s: Sink, p: string, v: unknown, allowed: readonly unknown[], keyword: string, ex?: string): boolean {
  if (probing(s)) return true;
  const t = enumTexts(allowed);
  const got = show(v);
  const i = typeof v === "string" && t.strings.length > 0 ? sgSuggestIndex(v, t.sg, lastKey, p) : -1;
  const near = i < 0 ? undefined : t.strings[i];
  const hint = i < 0 ? "" : (t.hints[i] ??= ` (did you mean ${quote(near!)}?)`);
  // The structured example is the value suggested, when there is one (as the text says).
  const e = new LineLater(p, "enum_errors", keyword, t.expected, got, mustBe(p) + `${t.expected}; got ${got}${hint}`, i < 0 ? ex : (t.exs[i] ??= JSON.stringify(near)), near, LINE_ENUM, t.list, 0);
  s.push(e);
  return false;
}

/** keyword: [the bucket line's relation, what it expects, the same in words]. */
const LIMIT: Record<string, [string, string, string]> = {
  minimum: ["<", ">=", "at least"],
  maximum: [">", "<=", "at most"],
  exclusiveMinimum: ["<=", ">", "greater than"],
  exclusiveMaximum: [">=", "<", "less than"],
};

/** A number outside minimum/maximum/exclusiveMinimum/exclusiveMaximum. */
export function limitErr(s: Sink, p: string, v: number, keyword: string, limit: number, ex?: string): boolean {
  if (probing(s)) return true;
  const l = LIMIT[keyword] ?? ["?", "?", "?"];
  const got = show(v);
  const e = new LineLater(p, "constraint_errors", keyword, `${l[1]} ${limit}`, got, mustBe(p) + `${l[2]} ${limit}; got ${got}${exampleSuffix(ex)}`, ex, undefined, LINE_LIMIT, limit, 0);
  s.push(e);
  return false;
}

export function multipleErr(s: Sink, p: string, v: number, m: number, ex?: string): boolean {
  if (probing(s)) return true;
  const got = show(v);
  const e = mk(p, "constraint_errors", "multipleOf", `a multiple of ${m}`, got, `${at(p)}: ${got} is not a multiple of ${m}`, `${field(p)} must be a multiple of ${m}; got ${got}${exampleSuffix(ex)}`, ex);
  s.push(e);
  return false;
}

/** keyword: [at least/at most, unit, plural unit, what]. */
const SIZE: Record<string, [string, string, string, string]> = {
  minLength: ["at least", "character", "characters", "length"],
  maxLength: ["at most", "character", "characters", "length"],
  minItems: ["at least", "item", "items", "items"],
  maxItems: ["at most", "item", "items", "items"],
  minProperties: ["at least", "property", "properties", "properties"],
  maxProperties: ["at most", "property", "properties", "properties"],
  minContains: ["at least", "matching item", "matching items", "matching items"],
  maxContains: ["at most", "matching item", "matching items", "matching items"],
};

/** A size out of bounds: `n` is the measured size (code points, items, properties). */
export function sizeErr(s: Sink, p: string, v: unknown, n: number, keyword: string, limit: number, ex?: string): boolean {
  if (probing(s)) return true;
  const [rel, unit, units] = SIZE[keyword] ?? ["?", "", "", "size"];
  const has = typeof v === "string" ? `${show(v)} (${n} ${n === 1 ? unit : units})` : `${n} ${n === 1 ? unit : units}`;
  const e = new LineLater(p, "constraint_errors", keyword, `${rel} ${limit} ${limit === 1 ? unit : units}`, has, `${field(p)} must have ${rel} ${limit} ${limit === 1 ? unit : units}; got ${has}${exampleSuffix(ex)}`, ex, undefined, LINE_SIZE, n, limit);
  s.push(e);
  return false;
}

/** A string the pattern refuses. `expected` is the build-time description ("a 32-character hex string (pattern …)"); `len`, when every match has that many characters. */
export function patternErr(s: Sink, p: string, v: string, source: string, expected: string, ex?: string, len?: number): boolean {
  if (probing(s)) return true;
  const n = len === undefined ? len : ucs2length(v);
  const shown = show(v);
  const got = n === undefined || n === len ? shown : `${shown} (${n} character${n === 1 ? "" : "s"})`;
  const e = new LineLater(p, "constraint_errors", "pattern", expected, got, mustBe(p) + `${expected}; got ${got}${exampleSuffix(ex)}`, ex, undefined, LINE_PATTERN, shown, source);
  s.push(e);
  return false;
}

/** A string that is not of its format. `words` is the build-time description ("a date (YYYY-MM-DD)"). */
export function formatErr(s: Sink, p: string, v: string, format: string, words: string, ex?: string): boolean {
  if (probing(s)) return true;
  const got = show(v);
  const e = new LineLater(p, "constraint_errors", "format", words, got, mustBe(p) + `${words}; got ${got}${exampleSuffix(ex)}`, ex, undefined, LINE_FORMAT, format, 0);
  s.push(e);
  return false;
}

export function uniqueErr(s: Sink, p: string, i: number, j: number): boolean {
  if (probing(s)) return true;
  const e = mk(p, "constraint_errors", "uniqueItems", "unique items", `items ${i} and ${j} equal`, `${at(p)}: items ${i} and ${j} are equal (uniqueItems)`, `${field(p)} must not repeat items; items ${i} and ${j} are equal`);
  s.push(e);
  return false;
}

/** Any other constraint, with texts built by the generator (combinators, not, depth, x-compare). */
export function constraintErr(s: Sink, p: string, v: unknown, keyword: string, expected: string, text: string, message: string, ex?: string): boolean {
  if (probing(s)) return true;
  const got = show(v);
  const e = mk(p, "constraint_errors", keyword, expected, got, `${at(p)}: ${text}`, `${field(p)} ${message}; got ${got}${exampleSuffix(ex)}`, ex);
  s.push(e);
  return false;
}

/** A schema that accepts nothing (`false`), or a property forbidden by one. */
export function falseErr(s: Sink, p: string, v: unknown): boolean {
  if (probing(s)) return true;
  const e = mk(p, "constraint_errors", "false", "nothing", show(v), `${at(p)}: not allowed`, `${field(p)} is not allowed here`);
  s.push(e);
  return false;
}

/** For `anyOf: [X, {type: "null"}]`: X's type errors at `p` say "… or null". */
export function orNull(s: Sink, from: number, p: string): void {
  if (s === null) return; // a probe: nothing to rewrite
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    if (e.path === p && e.bucket === "type_errors" && !e.expected.endsWith(" or null")) {
      const expected = e.expected + " or null";
      // The line's last ", got " and the message's head: the path before them may hold the same words.
      const line = textOf(e); // before the copy: it leaves only the public fields to copy
      const g = line.lastIndexOf(", got ");
      const text = g < 0 ? line : line.slice(0, g) + " or null" + line.slice(g);
      const head = mustBe(p) + e.expected;
      const message = e.message.startsWith(head) ? mustBe(p) + expected + e.message.slice(head.length) : e.message.replace(" must be " + e.expected, " must be " + expected);
      s[i] = { ...e, expected, text, message };
    }
  }
}

/**
 * `null` for an optional field that refuses null: models send it for "no value", so the
 * errors found at `p` since index `from` say it can be left out. `phrase`: what the field
 * takes, in words ("an array of strings"), else the error's own wording.
 */
export function nullOptional(s: Sink, from: number, p: string, phrase?: string): void {
  if (s === null) return; // a probe: nothing to rewrite
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    if (e.path === p && (e.bucket === "type_errors" || e.bucket === "enum_errors")) {
      textOf(e); // before the copy: it leaves only the public fields to copy
      s[i] = { ...e, message: `${field(p)} is optional: omit it, or give ${phrase ?? e.expected}${exampleSuffix(e.example)}` };
    }
  }
}

/** Replaces the messages of errors found below index `from` (the `errorMessage` keyword). */
export function overrideMessages(s: Sink, from: number, msg: string | Readonly<Record<string, string>>): void {
  if (s === null) return; // a probe: nothing to rewrite
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    const m = typeof msg === "string" ? msg : msg[e.keyword];
    if (m !== undefined) {
      textOf(e); // before the copy: it leaves only the public fields to copy
      s[i] = { ...e, message: m };
    }
  }
}



/** The last property name of a path ("a.merge_method", "a.merge_method[2]" → "merge_method"): the words an enum value may repeat. */
function lastKey(p: string): string | undefined {
  const keys = pathKeys(p);
  for (let i = keys.length - 1; i >= 0; i--) if (typeof keys[i] === "string") return keys[i] as string;
  return undefined;
}

/** Recursion deeper than the schema's bound (recursive $ref on deep or cyclic input). */
export function depthErr(s: Sink, p: string, v: unknown, max: number): boolean {
  return constraintErr(s, p, v, "maxDepth", `nesting at most ${max} deep`, `nested deeper than ${max} levels`, `is nested too deeply (more than ${max} levels)`);
}

/** An error found by ajv's standalone code (tools on the ajv fallback road), in toolform's report. */
export function fromAjv(s: ValidationError[], m: { path: string; bucket: Bucket; keyword: string; expected: string }, tool: string): void {
  const f = field(m.path);
  const message =
    m.bucket === "missing_required"
      ? `${f} is required`
      : m.bucket === "unknown_args"
        ? `${f} is not ${m.path.includes(".") || m.path.includes("[") ? "allowed here" : "a parameter of " + tool}`
        : `${f} must be ${m.expected}`;
  const text = m.bucket === "missing_required" || m.bucket === "unknown_args" ? at(m.path) : `${at(m.path)}: expected ${m.expected}`;
  s.push(mk(m.path, m.bucket, m.keyword, m.expected, "", text, message));
}
