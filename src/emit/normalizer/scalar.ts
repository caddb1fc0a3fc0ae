// Casts of a scalar: a string that spells the number or boolean the place
// wants ("5" → 5, "2.5" → 2.5, "true" → true; normalized mode also " 7 ",
// "1e3", "yes"/"no" in any case), and in normalized mode a one-element list
// where the place wants a scalar (["5"] → 5). A cast happens only when the
// value does not already have a type the place accepts, and is kept only when
// the result has one: "thing" never becomes true, true never becomes 1.
import type { IRNode, JsonType } from "../../schema/ir.js";
import { code, comment, join, type Code } from "../code.js";
import { castsThenSpells, wantedTypes, wantsScalarOnly } from "./analysis.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

function casts(types: readonly string[]): { num: boolean; int: boolean; bool: boolean } {
  const num = types.includes("number") || types.includes("integer");
  return { num, int: num && !types.includes("number"), bool: types.includes("boolean") };
}

/**
 * The runtime's cast for a place wanting one of these single types (@toolform/runtime's src/rt/normalize.ts:
 * nzCast for one type, as an NzFunction of its own); undefined for other type lists (nzCast).
 */
export function runtimeCast(types: readonly string[]): string | undefined {
  if (types.length !== 1) return undefined;
  return ({ string: "nzToString", integer: "nzToInteger", number: "nzToNumber", boolean: "nzToBoolean" } as Record<string, string>)[types[0]!];
}

/** The runtime's bit for each type (@toolform/runtime's src/rt/normalize.ts nzCast). */
const TYPE_BITS: Record<JsonType, string> = { string: "NZ_STRING", integer: "NZ_INTEGER", number: "NZ_NUMBER", boolean: "NZ_BOOLEAN", null: "NZ_NULL", array: "NZ_ARRAY", object: "NZ_OBJECT" };

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
    if (castsThenSpells(n)) return []; // enumRule's call casts too
    const cast = runtimeCast(types);
    if (cast) return [code`v = ${ctx.rt(cast)}(v, p, r, m, d);`];
    // Any other list of types: the runtime's nzCast, told the types by name.
    const { num, int, bool } = casts(types);
    const what = [num ? (int ? "integer" : "number") : "", bool ? "boolean" : "", wantsScalarOnly(types) ? "scalar (unwrap a one-element list)" : ""].filter(Boolean).join(", ");
    const bits = join([...new Set(types)].map((t) => ctx.rt(TYPE_BITS[t])), code` | `);
    return [code`${comment(`cast to ${what}`)}v = ${ctx.rt("nzCast")}(v, p, r, m, ${bits});`];
  },
};
