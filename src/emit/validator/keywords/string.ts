// minLength, maxLength (Unicode code points), pattern (unanchored, u flag), format.
// A field with both format and pattern (zod writes both for datetimes) gets one
// error: the pattern is reported only for a value of the right format.
import type { IRNode } from "../../../schema/ir.js";
import { patternInputBound } from "../../../schema/lint/redos.js";
import { NUMBER_FORMATS } from "../../../schema/formats.js";
import { code, lit, type Code } from "../../code.js";
import type { EmitContext } from "../context.js";
import { exArg, type KeywordCxt, type KeywordModule } from "../keyword.js";
import { nodeFormatWords, patternPhrase } from "../phrases.js";

/**
 * Fails when `v` has fewer than `min` code points. UTF-16 length bounds the count: ≥ ⌈len/2⌉,
 * ≤ len; so only a length from `min` to 2·min − 2 needs the count (none for min 1: `v.length < 1`).
 */
function tooShort(v: Code, min: number, ctx: EmitContext): Code {
  if (min <= 1) return code`${v}.length < ${min}`;
  return code`${v}.length < ${min} || (${v}.length < ${2 * min - 1} && ${ctx.rt("ucs2length")}(${v}) < ${min})`;
}
function tooLong(v: Code, max: number, ctx: EmitContext): Code {
  return code`${v}.length > ${max} && ${ctx.rt("ucs2length")}(${v}) > ${max}`;
}

export const lengthKeyword: KeywordModule = {
  name: "minLength/maxLength",
  group: "string",
  applies: (n) => n.minLength !== undefined || n.maxLength !== undefined,
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const size = (kw: string, limit: number) => () => cx.err("sizeErr", code`${v}, ${ctx.rt("ucs2length")}(${v}), ${lit(kw)}, ${limit}${exArg(n)}`);
    return [
      ...(n.minLength !== undefined && n.minLength > 0 ? [cx.fail(tooShort(v, n.minLength, ctx), size("minLength", n.minLength))] : []),
      ...(n.maxLength !== undefined ? [cx.fail(tooLong(v, n.maxLength, ctx), size("maxLength", n.maxLength))] : []),
    ];
  },
};

/**
 * Fails when the pattern does not match. A string longer than the pattern's bound is never
 * given to the regex: `maxPatternInput`, or less for a pattern that backtracks
 * catastrophically (patternInputBound: derived from recheck's analysis). The pattern is
 * reported only for a value of the right format (a wrong one has its format error).
 */
export const patternKeyword: KeywordModule = {
  name: "pattern",
  group: "string",
  applies: (n) => n.pattern !== undefined,
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const { limit, redos } = patternInputBound(n.pattern!, ctx.opts.maxPatternInput);
    const tooLongForPattern = () => {
      const text = redos
        ? `longer than ${limit} characters, the most this pattern is checked on (it can take ${redos} time on longer text: ReDoS)`
        : `longer than ${limit} characters, the most a pattern is checked on`;
      const message = redos ? `must be at most ${limit} characters long (its pattern is too costly to check on longer text)` : `must be at most ${limit} characters long`;
      return [code`if (${cx.err("constraintErr", code`${v}, "maxPatternInput", ${lit(`at most ${limit} characters`)}, ${lit(text)}, ${lit(message)}`)}) return;`];
    };
    const check = cx.gate(code`${v}.length > ${limit}`, tooLongForPattern, [cx.fail(code`!${ctx.regex(n.pattern!)}.test(${v})`, () => patternErrCall(cx))]);
    return stringFormat(n) ? cx.reportIf(() => formatOk(n, v, ctx), check) : check;
  },
};

/** The patternErr call: the pattern described at build time, the example, the fixed length (when there is one). */
function patternErrCall(cx: KeywordCxt): Code {
  const { n, v } = cx;
  const { expected, length } = patternPhrase(n.pattern!, n.example);
  const ex = n.example === undefined ? (length === undefined ? code`` : code`, undefined`) : code`, ${lit(n.example)}`;
  return cx.err("patternErr", code`${v}, ${lit(n.pattern!)}, ${lit(expected)}${ex}${length === undefined ? code`` : code`, ${length}`}`);
}

/** The runtime predicate of a format: "date-time" → fmt_date_time. */
export function formatFn(format: string, ctx: EmitContext): Code {
  return ctx.rt("fmt_" + format.replace(/-/g, "_"));
}

/**
 * The test that `v` has the node's format: the runtime predicate, or for a format of one's own
 * (config `formats: { name: RegExp }`) its regex, run as a pattern is (the same input bound).
 */
export function formatOk(n: IRNode, v: Code, ctx: EmitContext): Code {
  if (n.formatPattern === undefined) return code`${formatFn(n.format!, ctx)}(${v})`;
  return code`(${v}.length <= ${patternInputBound(n.formatPattern, ctx.opts.maxPatternInput).limit} && ${ctx.regex(n.formatPattern)}.test(${v}))`;
}

/** The node has a string format (the number formats are judged in keywords/number.ts). */
function stringFormat(n: IRNode): boolean {
  return n.format !== undefined && (n.formatPattern !== undefined || !NUMBER_FORMATS.has(n.format));
}

export const formatKeyword: KeywordModule = {
  name: "format",
  group: "string",
  applies: stringFormat,
  emit: (cx) => [cx.fail(code`!${formatOk(cx.n, cx.v, cx.ctx)}`, () => cx.err("formatErr", code`${cx.v}, ${lit(cx.n.format!)}, ${lit(nodeFormatWords(cx.n))}${exArg(cx.n)}`))],
};
