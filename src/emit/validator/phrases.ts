// What a schema place accepts, in words a model reads: format names, patterns
// described ("a 32-character hex string"), the alternatives of anyOf/oneOf.
// Computed at build time; the generated code carries the texts as constants.
import type { Alternative } from "@toolform/runtime/rt/combinators";
import type { IRNode, JsonType } from "../../schema/ir.js";
import { FORMATS, formatEntry, NUMBER_FORMATS } from "../../schema/formats.js";
import { typePhrase } from "./keywords/type.js";
import { patternShape } from "./pattern-shapes.js";

/** The words of every known format (src/schema/formats.ts), for the ajv engine's mapper and the tests. */
export const FORMAT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(FORMATS).map(([k, e]) => [k, e.words]));

export function formatWords(format: string): string {
  return formatEntry(format)?.words ?? `a valid ${format}`;
}

/** The words of a node's format: the vocabulary's, or the pattern's of a format of one's own. */
export function nodeFormatWords(n: IRNode): string {
  return n.formatPattern !== undefined ? `${patternPhrase(n.formatPattern).expected} (format "${n.format}")` : formatWords(n.format!);
}

/** Patterns up to this length are shown in full beside their description; longer ones only when no description exists (clipped). */
const PATTERN_SHOWN = 40;
const PATTERN_CLIP = 80;

/** What a string must be to match `source`: "a 32-character hex string (pattern ^[0-9a-f]{32}$)"; `length` when every match has that many characters. */
export function patternPhrase(source: string, example?: string): { expected: string; length?: number } {
  const d = describePattern(source);
  if (d === undefined) {
    // A short pattern is shown whole; a long one by its shape and a value that matches it (never clipped bare).
    if (source.length <= PATTERN_CLIP) return { expected: `a string matching the pattern /${source}/` };
    const shape = patternShape(source, example);
    return { expected: shape ?? `a string matching the pattern /${clip(source, PATTERN_CLIP)}/` };
  }
  const words = source.length <= PATTERN_SHOWN ? `${d.words} (pattern ${source})` : d.words;
  return d.length === undefined ? { expected: words } : { expected: words, length: d.length };
}

function clip(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n) + "…";
}

// ---------------------------------------------------------------- patterns in words

interface Atom {
  /** A literal text, or a character class in words. */
  lit?: string;
  cls?: ClassWords;
  min: number;
  max: number; // Infinity for + and *
}

/** A character class in words: one character, many, and the adjective of "a 32-character hex string" (when there is one). */
interface ClassWords {
  one: string;
  many: string;
  adj?: string;
}

const CLASSES: Record<string, ClassWords> = {
  "0-9": { one: "digit", many: "digits", adj: "digit" },
  "0-9 a-f": { one: "hex digit", many: "hex digits", adj: "hex" },
  "0-9 A-F": { one: "hex digit", many: "hex digits", adj: "hex" },
  "0-9 A-F a-f": { one: "hex digit", many: "hex digits", adj: "hex" },
  "a-z": { one: "lowercase letter", many: "lowercase letters", adj: "lowercase" },
  "A-Z": { one: "uppercase letter", many: "uppercase letters", adj: "uppercase" },
  "A-Z a-z": { one: "letter", many: "letters", adj: "letter" },
  "0-9 A-Z a-z": { one: "letter or digit", many: "letters or digits", adj: "alphanumeric" },
  "0-9 a-z": { one: "lowercase letter or digit", many: "lowercase letters or digits", adj: "lowercase alphanumeric" },
  "0-9 A-Z": { one: "uppercase letter or digit", many: "uppercase letters or digits", adj: "uppercase alphanumeric" },
  "0-9 A-Z _ a-z": { one: "letter, digit or _", many: "letters, digits or _" },
  "\\w": { one: "letter, digit or _", many: "letters, digits or _" },
  "\\s": { one: "space", many: "spaces" },
};
const ANY: ClassWords = { one: "character", many: "characters" };
const RANGE_WORDS: Record<string, string> = { "0-9": "digits", "a-z": "lowercase letters", "A-Z": "uppercase letters" };

/** A character class in words, when it is made of the common ranges and single characters; undefined otherwise. */
function classWords(body: string): ClassWords | undefined {
  if (body.startsWith("^")) {
    // [^/], [^,;]: anything but a few characters
    const but = body.slice(1);
    if (!/^(?:\\.|[^\\\]-]){1,4}$/.test(but)) return undefined;
    const chars = [...but.replace(/\\(.)/g, "$1")].map((c) => JSON.stringify(c));
    const many = `characters other than ${joinOr(chars)}`;
    return { one: `a character other than ${joinOr(chars)}`, many };
  }
  const parts = new Set<string>();
  const re = /\\d|\\w|\\s|\\[-.\]\\/_:@#+]|a-z|A-Z|0-9|a-f|A-F|[^\\\]-]|-$|^-/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body))) {
    if (m.index !== consumed) return undefined;
    consumed = re.lastIndex;
    const t = m[0];
    parts.add(t === "\\d" ? "0-9" : t.length === 2 && t[0] === "\\" ? t[1]! : t);
  }
  if (consumed !== body.length || parts.size === 0) return undefined;
  const known = CLASSES[[...parts].sort().join(" ")];
  if (known) return known;
  const names: string[] = [];
  for (const p of parts) {
    if (RANGE_WORDS[p]) names.push(RANGE_WORDS[p]!);
    else if (p.length === 1) names.push(JSON.stringify(p));
    else return undefined; // a-f alone, \w or \s mixed with others: say nothing rather than something loose
  }
  const many = joinOr(names);
  return { one: `one of ${many}`, many };
}

function article(w: string): string {
  return (/^[aeiou]/i.test(w) && !/^one\b/.test(w) ? "an " : "a ") + w;
}

/** Splits a pattern body (no anchors) into atoms; undefined when it holds anything beyond literals, common classes and quantifiers. */
function atoms(src: string): Atom[] | undefined {
  const out: Atom[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    let atom: Atom;
    if (c === "[") {
      const end = src.indexOf("]", i + 1);
      if (end < 0) return undefined;
      const cls = classWords(src.slice(i + 1, end));
      if (!cls) return undefined;
      atom = { cls, min: 1, max: 1 };
      i = end + 1;
    } else if (c === "\\") {
      const e = src[i + 1];
      if (e === undefined) return undefined;
      if (e === "d" || e === "w" || e === "s") atom = { cls: CLASSES[e === "d" ? "0-9" : "\\" + e]!, min: 1, max: 1 };
      else if (/[.\-+*?()[\]{}|^$\\/_:@#]/.test(e)) atom = { lit: e, min: 1, max: 1 };
      else return undefined;
      i += 2;
    } else if (c === ".") {
      atom = { cls: ANY, min: 1, max: 1 };
      i++;
    } else if (/[()|^$+*?{}\]]/.test(c)) return undefined;
    else {
      atom = { lit: c, min: 1, max: 1 };
      i++;
    }
    const q = /^(?:\{(\d+)(?:(,)(\d*))?\}|\+|\*|\?)/.exec(src.slice(i));
    if (q) {
      i += q[0].length;
      if (q[0] === "+") (atom.min = 1), (atom.max = Infinity);
      else if (q[0] === "*") (atom.min = 0), (atom.max = Infinity);
      else if (q[0] === "?") (atom.min = 0), (atom.max = 1);
      else {
        atom.min = Number(q[1]);
        atom.max = q[2] === undefined ? atom.min : q[3] === "" ? Infinity : Number(q[3]);
      }
      if (atom.lit !== undefined && !(atom.min === 0 && atom.max === 1) && !(atom.min === atom.max)) return undefined;
      if (atom.lit !== undefined && atom.min === atom.max) (atom.lit = atom.lit.repeat(atom.min)), (atom.min = atom.max = 1);
    }
    // Runs of single literals join into one text.
    const last = out[out.length - 1];
    if (atom.lit !== undefined && atom.min === 1 && atom.max === 1 && last?.lit !== undefined && last.min === 1 && last.max === 1) last.lit += atom.lit;
    else out.push(atom);
  }
  return out;
}

function count(a: Atom): string {
  const { one, many } = a.cls!;
  if (a.min === a.max) return a.min === 1 ? (/^(one|a|an) /.test(one) ? one : article(one)) : `${a.min} ${many}`;
  if (a.max === Infinity) return a.min === 0 ? `any number of ${many}` : a.min === 1 ? `one or more ${many}` : `at least ${a.min} ${many}`;
  return a.min === 0 && a.max === 1 ? `optionally ${/^(one|a|an) /.test(one) ? one : article(one)}` : `${a.min} to ${a.max} ${many}`;
}

/** The pattern in words, or undefined when it is beyond the simple forms (literal alternatives; literals, common classes and counts, anchored or not). */
export function describePattern(source: string): { words: string; length?: number } | undefined {
  const start = source.startsWith("^");
  const end = source.endsWith("$") && !source.endsWith("\\$");
  const body = source.slice(start ? 1 : 0, end ? source.length - 1 : source.length);
  // ^(a|b|c)$ and ^(?:a|b|c)$: one of the literals.
  const alt = /^\((?:\?:)?([^()]*)\)$/.exec(body);
  if (alt && start && end) {
    const options = alt[1]!.split("|");
    if (options.length > 1 && options.every((o) => /^[\w .,:/@-]*$/.test(o))) {
      const shown = options.slice(0, 8).map((o) => JSON.stringify(o));
      const len = new Set(options.map((o) => o.length)).size === 1 ? options[0]!.length : undefined;
      return { words: `one of ${shown.join(", ")}${options.length > 8 ? `, … (${options.length} in all)` : ""}`, ...(len !== undefined ? { length: len } : {}) };
    }
    return undefined;
  }
  const list = atoms(body);
  if (!list || list.length === 0) return undefined;
  let fixed: number | undefined = 0;
  for (const a of list) fixed = fixed === undefined || a.min !== a.max ? undefined : fixed + (a.lit !== undefined ? [...a.lit].length : a.min);
  let words: string;
  const only = list.length === 1 ? list[0]! : undefined;
  if (only?.cls !== undefined && only.cls !== ANY && start && end) {
    const { many, adj } = only.cls;
    if (only.min === only.max) words = adj ? `a ${only.min}-character ${adj} string` : `a string of ${only.min} ${many}`;
    else if (only.max === Infinity) words = only.min <= 1 ? `a string of ${many}${only.min === 0 ? " (or empty)" : ""}` : `a string of at least ${only.min} ${many}`;
    else words = `a string of ${only.min} to ${only.max} ${many}`;
  } else {
    const parts = list.map((a) => (a.lit !== undefined ? (a.max === 1 && a.min === 0 ? `an optional ${JSON.stringify(a.lit)}` : JSON.stringify(a.lit)) : count(a)));
    const seq = parts.join(", then ");
    words = start && end ? `a string: ${seq}` : start ? `a string starting with ${seq}` : end ? `a string ending with ${seq}` : `a string containing ${seq}`;
  }
  return fixed !== undefined && start && end ? { words, length: fixed } : { words };
}

// ---------------------------------------------------------------- alternatives (anyOf / oneOf)

function show(v: unknown): string {
  return clip(JSON.stringify(v) ?? String(v), 40);
}

function typeOf(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v as JsonType;
}

/** The branch itself, or the schema its lone $ref points at. */
function target(n: IRNode, depth = 0): IRNode {
  const own = Object.keys(n).filter((k) => !["id", "loc", "ref", "description", "title", "example", "examples", "default"].includes(k));
  return n.ref && own.length === 0 && depth < 8 ? target(n.ref.target, depth + 1) : n;
}

/** The JSON types a node accepts, as far as its own keywords tell. */
function typesOf(n: IRNode): JsonType[] {
  if (n.types?.length) return n.types;
  if (n.const) return [typeOf(n.const.value)];
  if (n.enum) return [...new Set(n.enum.map(typeOf))];
  if (n.format !== undefined && n.formatPattern === undefined && NUMBER_FORMATS.has(n.format)) return ["number"];
  if (n.pattern !== undefined || n.format !== undefined || n.minLength !== undefined || n.maxLength !== undefined) return ["string"];
  if (n.properties || n.required) return ["object"];
  if (n.items || n.prefixItems) return ["array"];
  return [];
}

/** One alternative of anyOf/oneOf as the runtime weighs it (pickBranch): what it accepts in words, its types, its keys, whether it is a const/enum. */
export function alternative(branch: IRNode): Alternative {
  const n = target(branch);
  const t = typesOf(n);
  const object = t.includes("object") && (n.properties !== undefined || n.required !== undefined);
  return {
    p: phraseOf(n, t),
    t,
    ...(object ? { k: (n.properties ?? []).map(([k]) => k) } : {}),
    ...(object && n.required?.length ? { r: n.required } : {}),
    ...(n.const || n.enum ? { l: 1 as const } : {}),
  };
}

/** The phrase of a node whose keywords name no type. */
export const ANY_FORM = "a value of another form";

function phraseOf(n: IRNode, t: JsonType[]): string {
  if (n.const) return show(n.const.value);
  if (n.enum) return n.enum.length === 1 ? show(n.enum[0]) : `one of ${n.enum.slice(0, 6).map(show).join(", ")}${n.enum.length > 6 ? ", …" : ""}`;
  if (n.format !== undefined) return nodeFormatWords(n);
  if (n.pattern !== undefined) return patternPhrase(n.pattern).expected;
  // An object's fields are named: its required ones, else the ones it declares (a union over objects never drops them).
  const fields = n.required?.length ? n.required : (n.properties ?? []).map(([k]) => k);
  if (t.length === 1 && t[0] === "object" && fields.length) return `an object with ${fields.slice(0, 4).map((r) => JSON.stringify(r)).join(", ")}${fields.length > 4 ? ", …" : ""}`;
  if (t.length === 1 && t[0] === "array" && n.items) {
    const it = target(n.items);
    const itemTypes = typesOf(it);
    if (itemTypes.length === 1 && !it.const && !it.enum && it.pattern === undefined && it.format === undefined) return `an array of ${plural(itemTypes[0]!)}`;
  }
  if (t.length) return typePhrase(t);
  return ANY_FORM;
}

function plural(t: JsonType): string {
  return { string: "strings", number: "numbers", integer: "integers", boolean: "booleans", null: "nulls", array: "arrays", object: "objects" }[t];
}

/** "a, b or c" (repeated phrases once). */
export function joinOr(phrases: readonly string[]): string {
  const u = [...new Set(phrases)];
  return u.length <= 1 ? (u[0] ?? "") : u.slice(0, -1).join(", ") + " or " + u[u.length - 1];
}
