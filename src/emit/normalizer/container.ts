// Normalized mode, where the place wants an object or an array and the value
// is not one: a JSON-encoded string of that container is parsed ("[{...}]" →
// [{...}]), and a bare value where an array is wanted becomes a one-element
// list ("bug" → ["bug"], {...} → [{...}]). Either repair is kept only when the
// result, normalised in turn, fits this place (the validator's fast path for
// it); otherwise the value stays as it was and the validator reports it.
import type { IRNode } from "../../schema/ir.js";
import { code, comment, lit, type Code } from "../code.js";
import { typeTest } from "../validator/keywords/type.js";
import { testsFitAlone, wantedTypes } from "./analysis.js";
import type { NormContext, NzFn } from "./context.js";
import type { NormRule } from "./rule.js";

export const containerRule: NormRule = {
  name: "json_string / wrap_list",
  applies: (n: IRNode) => {
    const w = wantedTypes(n);
    return !!w && (w.includes("object") || w.includes("array"));
  },
  emit: (n: IRNode, ctx: NormContext, self: NzFn): Code[] => {
    const types = wantedTypes(n)!;
    const wantArray = types.includes("array");
    const want = (types.includes("object") ? 1 : 0) | (wantArray ? 2 : 0);
    const v = code`v`;
    if (!wantArray) {
      // A string that fits the place is left alone; otherwise only a string can be JSON text.
      if (!testsFitAlone(n)) return [];
      return [code`${comment("JSON text of an object (normalized)")}if (m >= 2 && typeof v === "string") v = ${ctx.rt("nzJsonFix")}(v, p, r, m, d, ${want}, ${self.name}, ${ctx.fitsFn(n, self.owner)});`];
    }
    const j = ctx.names.fresh("j");
    const n0 = ctx.names.fresh("n");
    const w = ctx.names.fresh("w");
    const stmts: Code[] = [
      code`let ${j}: unknown = undefined;
      if (typeof v === "string") {
        ${j} = ${ctx.rt("nzJson")}(v, ${want});
        if (${j} !== undefined) {
          const ${n0} = r.length;
          const ${w} = ${self.name}(${j}, p, r, m, d);
          if (${ctx.fits(n, self.owner, w)}) { ${ctx.rt("nzFixAt")}(r, ${n0}, p, v, ${j}, ${lit("json_string")}); v = ${w}; } else r.length = ${n0};
        }
      }`,
    ];
    if (wantArray) {
      const a = ctx.names.fresh("a");
      const n1 = ctx.names.fresh("n");
      const w1 = ctx.names.fresh("w");
      stmts.push(
        code`if (${j} === undefined && v !== null) {
          const ${a} = [v];
          const ${n1} = r.length;
          const ${w1} = ${self.name}(${a}, p, r, m, d);
          if (${ctx.fits(n, self.owner, w1)}) { ${ctx.rt("nzFixAt")}(r, ${n1}, p, v, ${a}, ${lit("wrap_list")}); v = ${w1}; } else r.length = ${n1};
        }`,
      );
    }
    const what = [types.includes("object") ? "object" : "", wantArray ? "array" : ""].filter(Boolean).join(" or ");
    return [code`${comment(`JSON text of an ${what}${wantArray ? "; a bare value as a one-element list" : ""} (normalized)`)}if (m >= 2 && !(${typeTest(types, v)})) { ${stmts} }`];
  },
};
