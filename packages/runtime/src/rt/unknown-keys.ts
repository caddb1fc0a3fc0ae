// An argument the schema does not declare: its error (with the declared names near it, from
// the name matcher) and the feedback's one line per object listing what it declares. Error path only.
import type { Bucket, Sink, ValidationError } from "./report.js";
import { probing } from "./budget.js";
import { clip, isIdent, pk, plain, plainPath, quote } from "./text.js";
import { suggestKey } from "../suggest.js";
import { argSynonymFolded } from "./leads.js";
import { TEXTS_MAX } from "./lines.js";

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
  /** The tool's name at the root, else the object's quoted path: `whose` is written from it when read (once per object, not per key). */
  readonly #of: string;
  readonly #root: boolean;
  readonly #near: readonly string[];
  constructor(path: string, received: string, message: string, suggestion: string | undefined, known: readonly string[], of: string, root: boolean, near: readonly string[]) {
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
    this.#of = of;
    this.#root = root;
    this.#near = near;
  }
  static of(e: ValidationError): UnknownKeyError | undefined {
    return e instanceof UnknownKeyError && e.#known.length > 0 ? e : undefined;
  }
  get known(): readonly string[] {
    return this.#known;
  }
  get whose(): string {
    return (this.#root ? "Parameters of " : "Fields of ") + this.#of;
  }
  get near(): readonly string[] {
    return this.#near;
  }
  /** The feedback's list lines for all the report's errors (knownLines); the report asks the first error that has this method. */
  knownLines(all: readonly ValidationError[]): readonly string[] {
    return knownLines(all);
  }
}

/** [" is not a parameter of <tool>", the same with its period], made once per tool name. */
const notParameterOfTool = new Map<string, readonly [string, string]>();
function notParameterOf(owner: string): readonly [string, string] {
  let t = notParameterOfTool.get(owner);
  if (t === undefined) {
    const head = " is not a parameter of " + owner;
    t = [head, head + "."];
    if (notParameterOfTool.size < TEXTS_MAX) notParameterOfTool.set(owner, t);
  }
  return t;
}

/** A property `key` of the object at `p` that the schema does not declare. `owner` is the tool name at the root. */
export function unknownKey(s: Sink, p: string, key: string, known: readonly string[], owner: string): boolean {
  if (probing(s)) return true;
  const bare = isIdent(key); // written and quoted as it is
  const path = bare ? (p === "" ? key : p + "." + key) : pk(p, key);
  // Spelling found nothing: a name that means the same (from → source), when exactly one declared name does.
  // A word-level match ("link" → allowExternalLinks) yields to a name that means the same ("link" → url); a near spelling does not.
  const found = suggestKey(key, known, argSynonymFolded);
  const nearest = found.nearest;
  const suggestion = found.suggestion;
  const root = p === "";
  const pp = root || plainPath(p);
  const qp = root ? "" : pp ? '"' + p + '"' : quote(p);
  // quote(p + "." + key) is quote(p) with ".key" before its closing quote: nothing in a bare key is escaped.
  const qpath = !bare ? quote(path) : root ? '"' + key + '"' : pp ? '"' + path + '"' : qp.slice(0, -1) + "." + key + '"';
  const received = !bare || key.length > 60 ? quote(clip(key)) : root ? qpath : '"' + key + '"';
  // The message's end: the suggestion, else (no declared name: none to suggest) that the object takes none. Written in as few joins as it can be.
  let message: string;
  if (suggestion === undefined && known.length > 0) message = root ? qpath + notParameterOf(owner)[1] : qpath + " is not a field of " + qp + ".";
  else {
    const tail = suggestion === undefined ? ". It takes none." : plain(suggestion) ? ' (did you mean "' + suggestion + '"?).' : " (did you mean " + JSON.stringify(suggestion) + "?).";
    message = root ? qpath + notParameterOf(owner)[0] + tail : qpath + " is not a field of " + qp + tail;
  }
  const e = new UnknownKeyError(path, received, message, suggestion, known, root ? owner : qp, root, nearest);
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
  let done: (readonly string[])[] | undefined; // the objects whose line is written
  for (let i = 0; i < errors.length; i++) {
    const k = UnknownKeyError.of(errors[i]!);
    if (k === undefined) continue;
    const known = k.known;
    // One line per object: made at its first unknown key, from all of that object's.
    if (done !== undefined && done.includes(known)) continue;
    (done ??= []).push(known);
    // The names to put first: the usual case is one name (suggested, near, or both), found without lists.
    let one: string | undefined;
    let several = false;
    for (let j = i; j < errors.length && !several; j++) {
      const e = errors[j]!;
      const o = j === i ? k : UnknownKeyError.of(e);
      if (o === undefined || o.known !== known) continue;
      const near = o.near;
      for (let x = -1; x < near.length && !several; x++) {
        const n = x < 0 ? e.suggestion : near[x]!;
        if (n !== undefined && n !== (one ??= n)) several = true;
      }
    }
    let line: string;
    if (!several) line = one === undefined ? declaredList(known).order : firstThenDeclared(one, known);
    else {
      let meant: string[] | undefined, close: string[] | undefined;
      for (let j = i; j < errors.length; j++) {
        const e = errors[j]!;
        const o = j === i ? k : UnknownKeyError.of(e);
        if (o === undefined || o.known !== known) continue;
        if (e.suggestion !== undefined) (meant ??= []).push(e.suggestion);
        const near = o.near;
        for (let x = 0; x < near.length; x++) (close ??= []).push(near[x]!);
      }
      const first = meant ?? NONE, then = close ?? NONE;
      line = leadsKnown(first, then, known) ? declaredList(known).order : leadLine(first, then, known);
    }
    (out ??= []).push(k.whose + ": " + line);
  }
  return out ?? NONE;
}

/** What the list lines need of a declared-names list, made once per list (the lists are module constants): its line in the schema's order, whether its names are distinct, and (a memo) its line with the name at index i first. */
interface Listed {
  order: string;
  distinct: boolean;
  first: (string | undefined)[];
}
const declaredListOf = new WeakMap<readonly string[], Listed>();
function declaredList(known: readonly string[]): Listed {
  let t = declaredListOf.get(known);
  if (t === undefined) {
    const names = uniqueNames(NONE, NONE, known);
    declaredListOf.set(known, (t = { order: shownNames(names), distinct: names.length === known.length, first: [] }));
  }
  return t;
}

/** The line with one name first (the usual: one name suggested or near), made once per list and declared name. */
function firstThenDeclared(name: string, known: readonly string[]): string {
  const i = known.indexOf(name);
  return i < 0 ? leadLine([name], NONE, known) : (declaredList(known).first[i] ??= leadLine([name], NONE, known));
}

/**
 * shownNames(uniqueNames(a, b, known)), written without the list when every name of `a` and `b`
 * is declared and the declared names are distinct (the usual case: the matcher names only
 * declared names): then the list has known.length names, and only the first shown are looked at.
 */
function leadLine(a: readonly string[], b: readonly string[], known: readonly string[]): string {
  let declared = declaredList(known).distinct;
  for (let l = 0; l < 2 && declared; l++) {
    const list = l === 0 ? a : b;
    for (let i = 0; i < list.length && declared; i++) declared = known.includes(list[i]!);
  }
  if (!declared) return shownNames(uniqueNames(a, b, known));
  const n = known.length;
  const max = n > LIST_FULL ? LIST_FEW : LIST_FULL;
  let shown = "";
  let count = 0;
  for (let l = 0; l < 3 && count < max; l++) {
    const list = l === 0 ? a : l === 1 ? b : known;
    for (let i = 0; i < list.length && count < max; i++) {
      const name = list[i]!;
      if (l > 0 && (a.includes(name) || (l === 2 && b.includes(name)) || (l === 1 && b.indexOf(name) < i))) continue;
      if (l === 0 && a.indexOf(name) < i) continue;
      shown += (count ? ", " : "") + name;
      count++;
    }
  }
  if (n > max) shown += `, … (${n} in all)`;
  return shown;
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
