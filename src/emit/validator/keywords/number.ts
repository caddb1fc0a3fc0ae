// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, and OpenAPI's
// number formats (int8 … uint64, double-int, float, double: src/schema/formats.ts), judged on numbers as ajv-formats does.
import { NUMBER_FORMATS } from "../../../schema/formats.js";
import { code, lit, type Code } from "../../code.js";
import { formatWords } from "../phrases.js";
import { formatFn } from "./string.js";
import { exArg, type KeywordModule } from "../keyword.js";
import type { IRNode } from "../../../schema/ir.js";

const LIMITS = [
  ["minimum", "<"],
  ["maximum", ">"],
  ["exclusiveMinimum", "<="],
  ["exclusiveMaximum", ">="],
] as const;

function failTest(v: Code, op: string, limit: number): Code {
  switch (op) {
    case "<":
      return code`${v} < ${limit}`;
    case ">":
      return code`${v} > ${limit}`;
    case "<=":
      return code`${v} <= ${limit}`;
    default:
      return code`${v} >= ${limit}`;
  }
}

export const limitKeyword: KeywordModule = {
  name: "minimum/maximum",
  group: "number",
  applies: (n) => LIMITS.some(([k]) => n[k] !== undefined),
  emit: (cx) => {
    const { n, v } = cx;
    return LIMITS.filter(([k]) => n[k] !== undefined).map(([k, op]) =>
      cx.fail(failTest(v, op, n[k]!), () => {
        const bound = boundExample(n, k);
        return cx.err("limitErr", code`${v}, ${lit(k)}, ${n[k]!}${bound === undefined ? exArg(n) : code`, ${lit(bound)}`}`);
      }),
    );
  },
};

/**
 * For a broken bound, the nearest allowed value (the minimum itself; for an exclusive bound
 * on integers, the next integer) as JSON, when this place has no other rule it could break
 * (an enum, a const, a combinator): else undefined and the place's example is shown.
 */
function boundExample(n: IRNode, k: (typeof LIMITS)[number][0]): string | undefined {
  if (n.enum || n.const || n.anyOf || n.oneOf || n.allOf || n.not || n.ref || n.format !== undefined) return undefined;
  const integer = n.types?.includes("integer") && !n.types.includes("number");
  const limit = n[k]!;
  const v = k === "minimum" || k === "maximum" ? limit : integer && Number.isInteger(limit) ? limit + (k === "exclusiveMinimum" ? 1 : -1) : undefined;
  if (v === undefined || (integer && !Number.isInteger(v)) || !Number.isFinite(v)) return undefined;
  if ((n.minimum !== undefined && v < n.minimum) || (n.maximum !== undefined && v > n.maximum)) return undefined;
  if ((n.exclusiveMinimum !== undefined && v <= n.exclusiveMinimum) || (n.exclusiveMaximum !== undefined && v >= n.exclusiveMaximum)) return undefined;
  if (n.multipleOf !== undefined && !(Number.isInteger(n.multipleOf) && Number.isInteger(v) && v % n.multipleOf === 0)) return undefined;
  return JSON.stringify(v);
}

/**
 * A safe integer by a safe integer is exact with `%` and allocates nothing; the
 * exact decimal helper decides the rest (a fraction, or beyond 2^53 where the
 * binary value is not the decimal the model wrote), so `%` is only a first test.
 */
function multipleFail(v: Code, m: number, rt: (name: string) => Code): Code {
  const exact = code`!${rt("isMultipleOf")}(${v}, ${m})`;
  return Number.isSafeInteger(m) ? code`(${v} % ${m} !== 0 || !Number.isSafeInteger(${v})) && ${exact}` : exact;
}

export const multipleOfKeyword: KeywordModule = {
  name: "multipleOf",
  group: "number",
  applies: (n) => n.multipleOf !== undefined,
  emit: (cx) => [cx.fail(multipleFail(cx.v, cx.n.multipleOf!, (x) => cx.ctx.rt(x)), () => cx.err("multipleErr", code`${cx.v}, ${cx.n.multipleOf!}${exArg(cx.n)}`))],
};

export const numberFormatKeyword: KeywordModule = {
  name: "format (number)",
  group: "number",
  applies: (n) => n.format !== undefined && n.formatPattern === undefined && NUMBER_FORMATS.has(n.format),
  emit: (cx) => [cx.fail(code`!${formatFn(cx.n.format!, cx.ctx)}(${cx.v})`, () => cx.err("formatErr", code`${cx.v}, ${lit(cx.n.format!)}, ${lit(formatWords(cx.n.format!))}${exArg(cx.n)}`))],
};
