// One emit, three languages: a module is emitted once and written as TypeScript, as ES
// module JavaScript or as CommonJS, without a parser (text only one of them has is
// carried between marks).
import { Code, derived, type Name } from "./fragment.js";

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
  return derived(open + inner + close, [c]);
}

/** Text only TypeScript has (an annotation, a type argument, a type declaration): cut from the JavaScript. */
export function tsOnly(c: Code): Code {
  return marked(TS_ONLY, c);
}

/** An annotation: `: type` in TypeScript, nothing in JavaScript. */
export function ann(type: Code): Code {
  return marked(TS_ONLY, derived(": " + type.text, [type]));
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
  return derived(esmOnly(new Code("export ")).text + decl.text + cjsOnly(new Code(`\nexports.${name.text} = ${name.text};`)).text, [name, decl]);
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
export function escapeMarks(text: string): string {
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

