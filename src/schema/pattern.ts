// Whether a schema's regular expression compiles as the generated validator will
// run it: a JavaScript RegExp with the "u" flag. One test for the compiler
// (src/schema/to-ir.ts), the lint's ReDoS check and its example checker.

/** The compile error of `pattern` under the "u" flag; undefined when it compiles. */
export function patternCompileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** How to write a pattern that compiles (PCRE and Python habits that "u" refuses). */
export const PATTERN_FIX =
  'write it in ECMA-262 syntax with the "u" flag in mind: escape only syntax characters (\\-, \\_ and \\" are errors under "u"), and no PCRE-only features such as possessive quantifiers (a++), atomic groups or inline flags ((?i))';
