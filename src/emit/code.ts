// The code builder every emitter uses. Generated code is assembled only from
// Code values; a plain string can never be spliced in. Text that comes from a
// schema (names, patterns, enum values, descriptions) enters code only through
// `lit` (the one quoting function), identifiers only through `ident`/`Names`
// (the one naming function), and comments only through `comment`. This is
// ajv's `_`/`str` design, made strict: `code` throws on a raw string.

/** A fragment of trusted generated code. */
export class Code {
  /** @internal use the builders below */
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** An identifier made by `ident`/`Names`; a Code that is known to be a valid, fresh name. */
export class Name extends Code {}

// ---------------------------------------------------------------- one emit, three languages
//
// A module is emitted once and written as TypeScript, as ES module JavaScript or as
// CommonJS, without a parser: text that only one of them has is carried between marks.
// The marks are noncharacters (U+FDD0–U+FDD5) that no other emitted text can hold: `lit`,
// `jsonText`, `comment` and `docComment` escape or replace them, and text made elsewhere
// (json-schema-to-typescript's types, ajv's code) enters through `foreign`, which escapes them.

/** TypeScript only: annotations, type arguments, `as` casts, type declarations. */
const TS_ONLY = ["\uFDD0", "\uFDD1"] as const;
/** ES module only (kept in TypeScript): `export`, `import`. */
const ESM_ONLY = ["\uFDD2", "\uFDD3"] as const;
/** CommonJS only: `require`, `exports.x = x`. */
const CJS_ONLY = ["\uFDD4", "\uFDD5"] as const;
const MARKS = /[\uFDD0-\uFDD5]/g;
const MARK = /[\uFDD0-\uFDD5]/;

/** The languages a module is written in. */
export type Lang = "ts" | "esm" | "cjs";

function marked([open, close]: readonly [string, string], c: Code): Code {
  // Nested marks of the same kind fold into one segment; another kind inside is an emitter bug.
  const inner = !MARK.test(c.text) ? c.text : c.text.replace(MARKS, (m) => {
    if (m === open || m === close) return "";
    throw new Error("code: a language-only segment inside another kind");
  });
  return new Code(open + inner + close);
}

/** Text only TypeScript has (an annotation, a type argument, a type declaration): cut from the JavaScript. */
export function tsOnly(c: Code): Code {
  return marked(TS_ONLY, c);
}

/** An annotation: `: type` in TypeScript, nothing in JavaScript. */
export function ann(type: Code): Code {
  return marked(TS_ONLY, new Code(": " + type.text));
}

/** Text of the ES module forms (TypeScript and ESM JavaScript), cut from CommonJS. */
export function esmOnly(c: Code): Code {
  return marked(ESM_ONLY, c);
}

/** Text of CommonJS only. */
export function cjsOnly(c: Code): Code {
  return marked(CJS_ONLY, c);
}

/**
 * A top-level declaration exported by name: `export const x …` (TypeScript, ESM), or the
 * declaration then `exports.x = x;` (CommonJS).
 */
export function exported(name: Name, decl: Code): Code {
  return new Code(esmOnly(new Code("export ")).text + decl.text + cjsOnly(new Code(`\nexports.${name.text} = ${name.text};`)).text);
}

const DROP: Record<Lang, RegExp> = {
  ts: /\uFDD4[^\uFDD5]*\uFDD5|[\uFDD0-\uFDD3]/g,
  esm: /\uFDD0[^\uFDD1]*\uFDD1|\uFDD4[^\uFDD5]*\uFDD5|[\uFDD2\uFDD3]/g,
  cjs: /\uFDD0[^\uFDD1]*\uFDD1|\uFDD2[^\uFDD3]*\uFDD3|[\uFDD4\uFDD5]/g,
};

/** The text of `c` in one language: the segments of the others cut, the marks removed. */
export function textIn(c: Code | string, lang: Lang): string {
  const text = typeof c === "string" ? c : c.text;
  return MARK.test(text) ? text.replace(DROP[lang], "") : text;
}

/** A character as its `\uXXXX` escape (the marks and U+2028/2029 are all four hex digits). */
const uEscape = (ch: string): string => "\\u" + ch.charCodeAt(0).toString(16);

/** `\uFDD0`-style escapes for the marks (and U+2028/2029, which end a line in older JavaScript). */
function escapeMarks(text: string): string {
  return text.replace(ESCAPED, uEscape);
}
const ESCAPED = /[\u2028\u2029\uFDD0-\uFDD5]/g;

/**
 * Generated code from elsewhere (json-schema-to-typescript's declarations after their
 * boundary check, ajv's standalone code after its checks): a mark in it is written as an
 * escape, which means the same character wherever such code can hold one (a string or
 * template literal, a regex, a comment).
 */
export function foreign(text: string): Code {
  return new Code(MARK.test(text) ? text.replace(MARKS, uEscape) : text);
}

export type Splice = Code | number | boolean | null | undefined | readonly Code[];

/** Tagged template: `code\`if (${v} < ${lit(3)}) return false;\``. Refuses raw strings. */
export function code(strings: TemplateStringsArray, ...values: Splice[]): Code {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) {
    out += spliceText(values[i]) + strings[i + 1]!;
  }
  return new Code(out);
}

function spliceText(v: Splice): string {
  if (v instanceof Code) return v.text;
  if (Array.isArray(v)) return v.map(spliceText).join("\n");
  if (typeof v === "number") return numberLiteral(v);
  if (typeof v === "boolean" || v === null) return String(v);
  if (v === undefined) return "";
  throw new TypeError(`code\`\`: refusing to splice a raw ${typeof v}; quote it with lit() or name it with ident()`);
}

/** Joins fragments with a separator that is itself code. */
export function join(parts: readonly Code[], sep: Code = new Code("\n")): Code {
  return new Code(parts.map((p) => p.text).join(sep.text));
}

/** `a || b || c` (or `false` for none); an operand is parenthesised only where it binds looser than `||`. */
export function or(parts: readonly Code[]): Code {
  return parts.length === 0 ? new Code("false") : new Code(parts.map((p) => operand(p.text, "||")).join(" || "));
}

/** `a && b && c` (or `true` for none); an operand is parenthesised only where it binds looser than `&&`. */
export function and(parts: readonly Code[]): Code {
  return parts.length === 0 ? new Code("true") : new Code(parts.map((p) => operand(p.text, "&&")).join(" && "));
}

/**
 * `text` as an operand of `op`: bare when nothing outside its brackets and string literals
 * binds looser than `op` (`,` `=` `=>` `?:` `??`, and `||` under `&&`), else in parentheses.
 * Text the scan cannot read for sure (a template literal, a `/` that may start a regex) is
 * parenthesised. Why: redundant parentheses made the JavaScript bigger and harder to read
 * than esbuild's print of the same code.
 */
function operand(text: string, op: "||" | "&&"): string {
  return bindsTighter(text, op) ? text : `(${text})`;
}

function bindsTighter(t: string, op: "||" | "&&"): boolean {
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < t.length && t[j] !== c) j += t[j] === "\\" ? 2 : 1;
      if (j >= t.length) return false;
      i = j;
    } else if (c === "`" || c === "/") return false;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0) {
      if (c === ",") return false;
      if (c === "?" && !(t[i + 1] === "." && !/[0-9]/.test(t[i + 2] ?? ""))) return false; // `?:` and `??`, not `?.`
      if (c === "=" && (t[i + 1] === ">" || (t[i + 1] !== "=" && !"=!<>".includes(t[i - 1] ?? "")))) return false; // `=>`, assignments
      if (op === "&&" && c === "|" && t[i + 1] === "|") return false;
    }
  }
  return depth === 0;
}

/**
 * A parameter list (`v: any, p: string, d: number`, each annotation an `ann`) for a function whose body is
 * `body`, with each parameter the body never reads renamed `_name`: functions of
 * one kind keep one signature, and generated code still passes
 * noUnusedParameters (which exempts a leading underscore).
 */
export function params(list: Code, body: Code | readonly Code[]): Code {
  const all = list.text.split(", ");
  const read = readsOf(bodyText(body), all.map((param) => /^[\w$]+/.exec(param)![0]));
  return new Code(all.map((param, i) => (read[i] ? param : "_" + param)).join(", "));
}

/** Whether `body` reads the identifier `name` (outside strings and comments; `x.name` is a property, not a read). */
export function uses(body: Code | readonly Code[], name: string): boolean {
  return readsOf(bodyText(body), [name])[0]!;
}

function bodyText(body: Code | readonly Code[]): string {
  return body instanceof Code ? body.text : body.map((c) => c.text).join("\n");
}

/** [A-Za-z0-9_$]: a character of an identifier toolform writes (or of a number). */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/**
 * Which of `names` the code `text` reads: a whole word outside string literals and comments,
 * not after a `.` (`x.name` is a property). One pass, which stops once every name is found
 * (a build asks this of every function's body).
 */
function readsOf(text: string, names: readonly string[]): boolean[] {
  const found = names.map(() => false);
  let left = names.length;
  const n = text.length;
  let i = 0;
  while (i < n && left > 0) {
    const c = text.charCodeAt(i);
    // '"' 34, "'" 39, "/" 47, "." 46
    if (c === 34 || c === 39) {
      for (i++; i < n && text.charCodeAt(i) !== c; ) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? n : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (isWordChar(c)) {
      let j = i + 1;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      if (i === 0 || text.charCodeAt(i - 1) !== 46) {
        for (let k = 0; k < names.length; k++) {
          if (!found[k] && names[k]!.length === j - i && text.startsWith(names[k]!, i)) {
            found[k] = true;
            left--;
          }
        }
      }
      i = j;
    } else i++;
  }
  return found;
}

/** An identifier toolform chose (toolIdentifiers below, typesNamespace): checked again, as a Name. */
export function identCode(name: string): Name {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return new Name(name);
}

// ---------------------------------------------------------------- the one quoting function

/**
 * A JS literal for any JSON value (and -0). Strings are JSON-quoted (JSON.stringify
 * escapes quotes, backslashes, control characters and lone surrogates; `quoted` picks
 * the quote character); U+2028/2029
 * and the language marks (U+FDD0–U+FDD5) are escaped too; `__proto__` keys become computed keys so an object literal never
 * sets a prototype. Non-JSON values (functions, symbols, bigint, NaN) are refused.
 */
export function lit(value: unknown): Code {
  return new Code(literalText(value, 0));
}

function literalText(v: unknown, depth: number): string {
  if (depth > 10_000) throw new RangeError("lit(): value nested too deeply");
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return escapeMarks(quoted(v));
    case "number":
      return numberLiteral(v);
    case "boolean":
      return String(v);
    case "object": {
      if (Array.isArray(v)) return "[" + v.map((x) => literalText(x, depth + 1)).join(", ") + "]";
      const entries = Object.keys(v as object).map((k) => {
        const key = literalText(k, depth + 1);
        // {"__proto__": x} sets the prototype; {["__proto__"]: x} makes an own property.
        return (k === "__proto__" ? `[${key}]` : key) + ": " + literalText((v as Record<string, unknown>)[k], depth + 1);
      });
      return "{" + entries.join(", ") + "}";
    }
    default:
      throw new TypeError(`lit(): ${typeof v} is not a JSON value`);
  }
}

/**
 * A string literal: JSON's quoting, in single quotes when the string holds more `"` than `'`
 * (as esbuild prints it: `'say "hi"'`, not `"say \"hi\""`; 1% less gzip). The escapes are
 * JSON's either way; only `\"` becomes `"` and `'` becomes `\'`, read escape by escape.
 */
function quoted(s: string): string {
  const json = JSON.stringify(s);
  let dq = 0;
  let sq = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) dq++;
    else if (c === 39) sq++;
  }
  if (dq <= sq) return json;
  return "'" + json.slice(1, -1).replace(/\\[^]|'/g, (m) => (m === '\\"' ? '"' : m === "'" ? "\\'" : m)) + "'";
}

function numberLiteral(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`lit(): ${n} is not a JSON number`);
  if (Object.is(n, -0)) return "-0";
  return n < 0 ? `(${n})` : String(n);
}

/**
 * A large JSON value's JSON text as a string literal (`'<its JSON text>'`), for
 * `JSON.parse`: about a fifth shorter than the object literal, and cheaper for the
 * engine to load (a string to scan, not an expression to compile). The same value:
 * JSON.parse makes `__proto__` an own property as `litKey` does. Undefined for a
 * value JSON text cannot carry exactly (-0): write it with `lit`.
 */
export function jsonText(value: unknown): Code | undefined {
  const json = JSON.stringify(value);
  if (json === undefined || literalText(JSON.parse(json), 0) !== literalText(value, 0)) return undefined;
  return new Code(`'${escapeMarks(json.replace(/[\\']/g, "\\$&"))}'`);
}

/**
 * An object-literal key: `lit(key)`, but computed (`["__proto__"]`) for "__proto__", which as a
 * plain key sets the literal's prototype instead of making a property (a tool named "__proto__").
 */
export function litKey(key: string): Code {
  const k = lit(key);
  return key === "__proto__" ? new Code(`[${k.text}]`) : k;
}

/** A property access `obj.key` or `obj["key"]`, the key quoted by `lit`. */
export function prop(obj: Code, key: string): Code {
  return IDENT.test(key) && !RESERVED.has(key) ? new Code(`${obj.text}.${key}`) : new Code(`${obj.text}[${lit(key).text}]`);
}

// ---------------------------------------------------------------- comments

/**
 * A line comment, ending its line; the text is flattened to one line of safe characters, so it can never end early.
 * Written in TypeScript only (JavaScript is what loads: its size is the module's), unless `everywhere`
 * (a file's or a section's head: what it is, where it came from).
 */
export function comment(text: string, everywhere = false): Code {
  const safe = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/[\ud800-\udfff\uFDD0-\uFDD5]/g, "?")
    .slice(0, 160);
  const c = new Code(`// ${safe}\n`);
  return everywhere ? c : tsOnly(c);
}

/** A JSDoc block; `*\/` cannot close it early. In TypeScript (and declarations) only, as `comment`. */
export function docComment(text: string): Code {
  const lines = text
    .replace(/\*\//g, "*\\/")
    .replace(/[\u2028\u2029]/g, "\n")
    .replace(/[\ud800-\udfff\uFDD0-\uFDD5]/g, "?")
    .split(/\r?\n/);
  return tsOnly(new Code("/**\n" + lines.map((l) => ` * ${l}`).join("\n") + "\n */"));
}

// ---------------------------------------------------------------- the one naming function

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments eval undefined NaN Infinity"
  ).split(" "),
);

/** Words of a free-form name: "legal_draft_v3" → ["legal", "draft", "v3"]. */
function words(raw: string): string[] {
  return raw
    .normalize("NFKD")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * Names the generated modules declare themselves: the runtime namespace `rt` (tool
 * modules, index), the index's tables of schemas and hashes, its exports, `tool`, whose type name would be the index's
 * `ToolArgs`. A tool named "toolset" or "rt" must not redeclare them. Nor the names the
 * CommonJS wrapper gives every module (`exports`, `module`, `require`): CommonJS is
 * written by the emitter, `const x = …; exports.x = x;`. (`__filename`/`__dirname` have no
 * camelCase form.) (The ajv engine's names carry an `ajv_<hash>_` prefix, which camelIdent never writes.)
 */
const MODULE_NAMES = new Set(["rt", "inputSchemas", "schemaHashes", "toolset", "toolNames", "toolsBySchemaHash", "validateCall", "tool", "exports", "module", "require"]);

/** camelCase identifier for a tool name: "legal_draft_v3" → "legalDraftV3". Never empty, never reserved. */
export function camelIdent(raw: string): string {
  const w = words(raw);
  let s = w.map((x, i) => (i === 0 ? x.toLowerCase() : x[0]!.toUpperCase() + x.slice(1).toLowerCase())).join("");
  if (s === "" || /^[0-9]/.test(s)) s = "tool" + s.charAt(0).toUpperCase() + s.slice(1);
  return RESERVED.has(s) || MODULE_NAMES.has(s) ? s + "Tool" : s;
}

/** PascalCase type name: "legal_draft_v3" → "LegalDraftV3". */
export function pascalIdent(raw: string): string {
  const c = camelIdent(raw);
  return c[0]!.toUpperCase() + c.slice(1);
}

/** A file-system-safe base name: "legal_draft_v3" → "legal_draft_v3"; "a/b:c" → "a_b_c". */
export function fileBase(raw: string): string {
  let s = raw
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_.-]+/g, "_")
    .replace(/^[._-]+/, "")
    .replace(/_+$/, "")
    .toLowerCase()
    .slice(0, 100)
    // "<name>.d" would be written as "<name>.d.ts": a declaration file holding code.
    .replace(/\.d$/, "_d");
  // Windows device names (con, nul, com1 …) cannot be files there, with any extension.
  if (s === "" || s === "index" || s.startsWith("_") || /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/.test(s)) s = "tool_" + s;
  return s;
}

/** The names a tool's generated code goes by; the tool's own name stays its `name`, in messages and in the index. */
export interface ToolIdentifiers {
  /** The exported tool object: "legalDraftV3". */
  ident: string;
  /** The argument type: "LegalDraftV3Args". */
  typeName: string;
  /** The module's file name without extension: "legal_draft_v3". */
  file: string;
}

/**
 * Identifiers and file names for a set of distinct tool names (the one naming function
 * for tools: camelIdent/pascalIdent/fileBase, made distinct). Look-alike names are distinct
 * tools — "calculate_BMI" and "calculate_bmi", "car.rental" and "car_rental" — but map to the
 * same identifier or file name, and two files differing only in case cannot both exist on
 * macOS or Windows. Tools whose identifier or file name meet (ignoring case) form a group: its
 * first member — snake_case names first, then in code-unit order — keeps the plain names, the
 * others get `_2`, `_3` … on both (a number whose names another tool already has is skipped):
 * "calculate_BMI" → `calculateBmi_2` in calculate_bmi_2.ts. The result depends only on the set
 * of names, never on their order.
 */
export function toolIdentifiers(names: Iterable<string>): Map<string, ToolIdentifiers> {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const base = new Map(sorted.map((n) => [n, { ident: camelIdent(n), file: fileBase(n) }]));
  const keys = (b: { ident: string; file: string }) => ["i:" + b.ident.toLowerCase(), "f:" + b.file.toLowerCase()];
  // Groups: names linked by a shared key (union-find over the keys).
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const owner = new Map<string, string>();
  for (const n of sorted) {
    parent.set(n, n);
    for (const k of keys(base.get(n)!)) {
      const o = owner.get(k);
      if (o === undefined) owner.set(k, n);
      else parent.set(find(n), find(o));
    }
  }
  const groups = new Map<string, string[]>();
  for (const n of sorted) {
    const r = find(n);
    const g = groups.get(r);
    if (g) g.push(n);
    else groups.set(r, [n]);
  }
  const taken = new Set(owner.keys());
  const out = new Map<string, ToolIdentifiers>();
  const set = (n: string, ident: string, file: string) => out.set(n, { ident, typeName: ident[0]!.toUpperCase() + ident.slice(1) + "Args", file });
  for (const g of groups.values()) {
    // Sorted already; snake_case names ("calculate_bmi", "car_rental": the usual spelling) first.
    const snake = (n: string) => /^[a-z0-9_]+$/.test(n) && base.get(n)!.file === n;
    const ordered = [...g.filter(snake), ...g.filter((n) => !snake(n))];
    const first = base.get(ordered[0]!)!;
    set(ordered[0]!, first.ident, first.file);
    let k = 2;
    for (const n of ordered.slice(1)) {
      const b = base.get(n)!;
      let ident: string, file: string;
      do {
        ident = `${b.ident}_${k}`;
        file = `${b.file}_${k}`;
        k++;
      } while (keys({ ident, file }).some((key) => taken.has(key)));
      for (const key of keys({ ident, file })) taken.add(key);
      set(n, ident, file);
    }
  }
  return out;
}

/** Fresh local names within one generated module. */
/**
 * Bases of the names that live inside one generated function (`x0`, `k0`, `from0` …).
 * Their counters restart with each function (Names.restartLocals), so a place gets the
 * same names in its is_* and err_* functions: shorter, and the two compress together.
 * No module-level name (constants, functions, entry points) is made from these bases.
 */
export const LOCAL_BASES: ReadonlySet<string> = new Set(["x", "k", "i", "j", "y", "n", "w", "u", "o", "a", "c", "_k", "matched", "matches", "evaluated", "nkeys", "from", "dup", "count", "branches"]);

export class Names {
  private used = new Map<string, number>();
  /** Exact names fresh() never returns: names declared beside ours in the module scope. */
  private taken = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) {
      this.used.set(r, 1);
      this.taken.add(r);
    }
  }
  /** A new identifier starting with `prefix` (itself sanitized). */
  fresh(prefix: string): Name {
    // Fresh names are always base + counter, and a base never ends in a digit,
    // so "v1"+"0" and "v"+"10" cannot meet; reserved names never end in a digit.
    let base = prefix.replace(/[^A-Za-z0-9_$]/g, "_");
    if (!IDENT.test(base)) base = "_" + base;
    if (/\d$/.test(base)) base += "_";
    let n = this.used.get(base) ?? 0;
    while (this.taken.has(`${base}${n}`)) n++;
    this.used.set(base, n + 1);
    return new Name(`${base}${n}`);
  }
  /** A new generated function starts: its local names (LOCAL_BASES) count from 0 again. */
  restartLocals(): void {
    for (const base of LOCAL_BASES) this.used.delete(base);
  }
  /**
   * A name fresh() must skip. The tool's exported identifier comes from its name
   * ("is 0" → `is0`) and shares the module scope with the validator's `is0`,
   * `collect0`, `re0` …: without this a hostile tool name is a duplicate declaration.
   */
  avoid(name: string): void {
    this.taken.add(name);
  }
  /** Marks a name as taken (an import, a module-level constant). */
  reserve(name: string): Name {
    if (!IDENT.test(name) || RESERVED.has(name) || /\d$/.test(name)) throw new Error(`not a reservable identifier: ${JSON.stringify(name)}`);
    if (this.used.has(name)) throw new Error(`name taken: ${name}`);
    this.used.set(name, 1);
    return new Name(name);
  }
}

/** Whether a key is inherited by plain objects (so `o[key] !== undefined` is not an own-property test). */
export function isInheritedKey(key: string): boolean {
  return key in Object.prototype || key === "__proto__";
}
