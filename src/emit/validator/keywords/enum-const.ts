// `enum` and `const`: JSON equality (1 equals 1.0, key order does not matter).
// Primitive lists compile to `===` chains; lists holding objects or arrays call deepEqual.
import type { IRNode } from "../../../schema/ir.js";
import { and, code, lit, or, type Code } from "../../code.js";
import { pathCode, type EmitContext, type PathExpr } from "../context.js";
import { exArg, type KeywordModule } from "../keyword.js";

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

export const enumKeyword: KeywordModule = {
  name: "enum",
  group: "any",
  applies: (n) => n.enum !== undefined,
  fast: (n, v, ctx) => [code`if (!(${inList(v, n.enum!, ctx)})) return false;`],
  errors: (n, v, p, ctx) => [code`if (!(${inList(v, n.enum!, ctx)})) { ${enumCall(n, v, p, ctx, n.enum!, "enum")} }`],
};

export const constKeyword: KeywordModule = {
  name: "const",
  group: "any",
  applies: (n) => n.const !== undefined,
  fast: (n, v, ctx) => [code`if (!(${equals(v, n.const!.value, ctx)})) return false;`],
  errors: (n, v, p, ctx) => [code`if (!(${equals(v, n.const!.value, ctx)})) { ${enumCall(n, v, p, ctx, [n.const!.value], "const")} }`],
};

function enumCall(n: IRNode, v: Code, p: PathExpr, ctx: EmitContext, values: unknown[], keyword: string): Code {
  return code`if (${ctx.rt("enumErr")}(s, ${pathCode(p)}, ${v}, ${ctx.constant("allowed", lit(values))}, ${lit(keyword)}${exArg(n)})) return;`;
}

/** Both at once: the error-path gate (a value outside its enum gets that one error). */
export function enumConstTest(n: IRNode, v: Code, ctx: EmitContext): Code | undefined {
  const parts: Code[] = [];
  if (n.enum) parts.push(inList(v, n.enum, ctx));
  if (n.const) parts.push(equals(v, n.const.value, ctx));
  return parts.length ? and(parts) : undefined;
}
