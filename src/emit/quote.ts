// The one quoting function (`lit`) and its relatives: text that comes from a schema
// (names, patterns, enum values, descriptions) enters generated code only as a literal,
// a property access or a comment made here.
import { Code, derived } from "./fragment.js";
import { escapeMarks, tsOnly } from "./lang.js";
import { IDENT, RESERVED } from "./naming.js";

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

export function numberLiteral(n: number): string {
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
  if (json === undefined) return undefined;
  // Plain JSON data (what a JSON source parses to) reads back as itself; anything else is compared.
  if (!plainJson(value, 0) && literalText(JSON.parse(json), 0) !== literalText(value, 0)) return undefined;
  return new Code(`'${escapeMarks(json.replace(/[\\']/g, "\\$&"))}'`);
}

/**
 * Whether `v` is data JSON text carries exactly (so JSON.parse of its JSON.stringify has the same
 * literalText): null, booleans, strings, finite numbers other than -0, and arrays without holes
 * and plain objects of such, none with a toJSON function. False sends jsonText to the comparison.
 */
function plainJson(v: unknown, depth: number): boolean {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== "object" || depth > 10_000) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (Array.isArray(v)) {
    if (proto !== Array.prototype || Object.hasOwn(v, "toJSON")) return false;
    for (let i = 0; i < v.length; i++) if (!(i in v) || !plainJson(v[i], depth + 1)) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const o = v as Record<string, unknown>;
  if (typeof o.toJSON === "function") return false;
  for (const k of Object.keys(o)) if (!plainJson(o[k], depth + 1)) return false;
  return true;
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
  return derived(IDENT.test(key) && !RESERVED.has(key) ? `${obj.text}.${key}` : `${obj.text}[${lit(key).text}]`, [obj]);
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

