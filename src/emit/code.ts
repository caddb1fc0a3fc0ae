// The code builder every emitter uses. Generated code is assembled only from Code
// values (fragment.ts); a plain string can never be spliced in. Text that comes from a
// schema (names, patterns, enum values, descriptions) enters code only through `lit`
// (quote.ts, the one quoting function), identifiers only through `identCode`/`Names`
// (naming.ts, the one naming function), comments only through `comment`, and text of one
// language only (TypeScript's annotations, ESM's imports, CommonJS's exports) only between
// the marks of lang.ts. This is ajv's `_`/`str` design, made strict: `code` throws on a
// raw string. Here: the `code` template, which keeps the names a fragment uses (refsOf),
// joining fragments into operands, and reading which parameters a body uses.
import { Code, derived, Name, RtRef } from "./fragment.js";
import { numberLiteral } from "./quote.js";

export { Code, Name, RtRef, refsOf } from "./fragment.js";
export * from "./lang.js";
export * from "./quote.js";
export * from "./naming.js";

export type Splice = Code | number | boolean | null | undefined | readonly Code[];

/** Tagged template: `code\`if (${v} < ${lit(3)}) return false;\``. Refuses raw strings. */
export function code(strings: TemplateStringsArray, ...values: Splice[]): Code {
  let out = strings[0]!;
  let parts: Code[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += spliceText(v) + strings[i + 1]!;
    if (v instanceof Code) {
      if (v instanceof Name || v instanceof RtRef || v.parts !== undefined) (parts ??= []).push(v);
    } else if (Array.isArray(v)) for (const c of v as readonly Code[]) if (c instanceof Name || c instanceof RtRef || c.parts !== undefined) (parts ??= []).push(c);
  }
  return new Code(out, parts);
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
  return derived(parts.map((p) => p.text).join(sep.text), parts);
}

/** `a || b || c` (or `false` for none); an operand is parenthesised only where it binds looser than `||`. */
export function or(parts: readonly Code[]): Code {
  return parts.length === 0 ? new Code("false") : derived(parts.map((p) => operand(p.text, "||")).join(" || "), parts);
}

/** `a && b && c` (or `true` for none); an operand is parenthesised only where it binds looser than `&&`. */
export function and(parts: readonly Code[]): Code {
  return parts.length === 0 ? new Code("true") : derived(parts.map((p) => operand(p.text, "&&")).join(" && "), parts);
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

