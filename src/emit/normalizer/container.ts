// Normalized mode, where the place wants an object or an array and the value
// is not one: a JSON-encoded string of that container is parsed ("[{...}]" →
// [{...}]), and a bare value where an array is wanted becomes a one-element
// list ("bug" → ["bug"], {...} → [{...}]). Either repair is kept only when the
// result, normalised in turn, fits this place (the validator's fast path for
// it); otherwise the value stays as it was and the validator reports it.
import type { IRNode } from "../../schema/ir.js";
import { code, comment, type Code } from "../code.js";
import { typeTest } from "../validator/keywords/type.js";
import { testsFitAlone, wantedTypes } from "./analysis.js";
import type { NormContext, NzFn } from "./context.js";
import type { NormRule } from "./rule.js";
import { propsReadJson } from "./object.js";

export const containerRule: NormRule = {
  name: "json_string / wrap_list",
  applies: (n: IRNode) => {
    const w = wantedTypes(n);
    return !!w && (w.includes("object") || w.includes("array"));
  },
  emit: (n: IRNode, ctx: NormContext, self: NzFn): Code[] => {
    if (!testsFitAlone(n)) return []; // a string fits the place: it is never JSON text to parse
    if (propsReadJson(n, ctx)) return []; // the object rule's nzProps call reads it
    const types = wantedTypes(n)!;
    const wantArray = types.includes("array");
    const want = (types.includes("object") ? 1 : 0) | (wantArray ? 2 : 0);
    const what = [types.includes("object") ? "object" : "", wantArray ? "array" : ""].filter(Boolean).join(" or ");
    // The runtime reads the mode (normalized only) and, for an object place, only a string;
    // an array place repairs what is not a string too (a bare value becomes a one-element
    // list), so only a value of a type it does not want is passed.
    const call = code`v = ${ctx.rt("nzContainer")}(v, p, r, m, d, ${want}, ${self.name}, ${ctx.fitsFn(n, self.owner)});`;
    return [code`${comment(`JSON text of an ${what}${wantArray ? "; a bare value as a one-element list" : ""} (normalized)`)}${wantArray ? code`if (!(${typeTest(types, code`v`)})) ${call}` : call}`];
  },
};
