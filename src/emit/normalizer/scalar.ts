// Casts of a scalar: a string that spells the number or boolean the place
// wants ("5" → 5, "2.5" → 2.5, "true" → true; normalized mode also " 7 ",
// "1e3", "yes"/"no" in any case), and in normalized mode a one-element list
// where the place wants a scalar (["5"] → 5). A cast happens only when the
// value does not already have a type the place accepts, and is kept only when
// the result has one: "thing" never becomes true, true never becomes 1.
import type { IRNode } from "../../schema/ir.js";
import { ann, code, comment, type Code } from "../code.js";
import { typeTest } from "../validator/keywords/type.js";
import { wantedTypes, wantsScalarOnly } from "./analysis.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

function casts(types: readonly string[]): { num: boolean; int: boolean; bool: boolean } {
  const num = types.includes("number") || types.includes("integer");
  return { num, int: num && !types.includes("number"), bool: types.includes("boolean") };
}

/**
 * The runtime's cast for a place wanting one of these single types (@toolform/runtime's src/rt/normalize.ts:
 * the statements below, as one function); undefined for other type lists, written inline.
 */
export function runtimeCast(types: readonly string[]): string | undefined {
  if (types.length !== 1) return undefined;
  return ({ string: "nzToString", integer: "nzToInteger", number: "nzToNumber", boolean: "nzToBoolean" } as Record<string, string>)[types[0]!];
}

export const scalarRule: NormRule = {
  name: "number_string / boolean_string / unwrap_list",
  applies: (n: IRNode) => {
    const w = wantedTypes(n);
    if (!w) return false;
    const c = casts(w);
    return wantsScalarOnly(w) || c.num || c.bool;
  },
  emit: (n: IRNode, ctx: NormContext): Code[] => {
    const types = wantedTypes(n)!;
    const cast = runtimeCast(types);
    if (cast) return [code`v = ${ctx.rt(cast)}(v, p, r, m, d);`];
    const { num, int, bool } = casts(types);
    const unwrap = wantsScalarOnly(types);
    const v = code`v`;
    const w = ctx.names.fresh("w");
    const u = ctx.names.fresh("u");
    const c = ctx.names.fresh("c");
    const stmts: Code[] = [];
    if (unwrap) stmts.push(code`const ${u} = m >= 2 && Array.isArray(${w}) && ${w}.length === 1; if (${u}) ${w} = ${w}[0];`);
    if (num || bool) {
      const numCall = code`${ctx.rt("nzNumber")}(${w}, m, ${int})`;
      const boolCall = code`${ctx.rt("nzBoolean")}(${w}, m)`;
      const cast = num && bool ? code`${numCall} ?? ${boolCall}` : num ? numCall : boolCall;
      stmts.push(code`if (typeof ${w} === "string") { const ${c}${ann(code`number | boolean | undefined`)} = ${cast}; if (${c} !== undefined) ${w} = ${c}; }`);
    }
    const what = [num ? (int ? "integer" : "number") : "", bool ? "boolean" : "", unwrap ? "scalar (unwrap a one-element list)" : ""].filter(Boolean).join(", ");
    return [
      code`${comment(`cast to ${what}`)}if (!(${typeTest(types, v)})) {
        let ${w}${ann(code`any`)} = v;
        ${stmts}
        if (${w} !== v && (${typeTest(types, w)})) v = ${ctx.rt("nzScalar")}(r, p, v, ${w}, ${unwrap ? u : false});
      }`,
    ];
  },
};
