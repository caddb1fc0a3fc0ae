// `enum` and `const`: JSON equality (1 equals 1.0, key order does not matter).
// Primitive lists compile to `===` chains; lists holding objects or arrays call deepEqual.
import type { IRNode } from "../../../schema/ir.js";
import { and, code, lit, or, type Code } from "../../code.js";
import type { EmitContext } from "../context.js";
import { exArg, type KeywordCxt, type KeywordModule } from "../keyword.js";

function equals(v: Code, value: unknown, ctx: EmitContext): Code {
  if (value === null || typeof value !== "object") return code`${v} === ${lit(value)}`;
  return code`${ctx.rt("deepEqual")}(${v}, ${ctx.constant("value", lit(value))})`;
}

/** Expression: `v` is one of `values`. */
function inList(v: Code, values: unknown[], ctx: EmitContext): Code {
  if (values.length > 8 && values.every((x) => typeof x === "string")) {
    const set = ctx.constant("enum", code`new Set(${lit(values)})`);
    return code`${set}.has(${v})`;
  }
  return or(values.map((x) => equals(v, x, ctx)));
}

// Each is also half of the place's enum/const gate (node.ts): a value outside the allowed values gets that one error.
export const enumKeyword: KeywordModule = {
  name: "enum",
  group: "any",
  applies: (n) => n.enum !== undefined,
  emit: (cx) => [cx.fail(code`!(${inList(cx.v, cx.n.enum!, cx.ctx)})`, () => enumCall(cx, cx.n.enum!, "enum"))],
};

export const constKeyword: KeywordModule = {
  name: "const",
  group: "any",
  applies: (n) => n.const !== undefined,
  emit: (cx) => [cx.fail(code`!(${equals(cx.v, cx.n.const!.value, cx.ctx)})`, () => enumCall(cx, [cx.n.const!.value], "const"))],
};

function enumCall(cx: KeywordCxt, values: unknown[], keyword: string): Code {
  return cx.err("enumErr", code`${cx.v}, ${cx.ctx.constant("allowed", lit(values))}, ${lit(keyword)}${exArg(cx.n)}`);
}

/** Both at once: the place's enum/const gate (node.ts). */
export function enumConstTest(n: IRNode, v: Code, ctx: EmitContext): Code | undefined {
  const parts: Code[] = [];
  if (n.enum) parts.push(inList(v, n.enum, ctx));
  if (n.const) parts.push(equals(v, n.const.value, ctx));
  return parts.length ? and(parts) : undefined;
}
