// Arrays: prefixItems and items, each item normalised by its schema
// (copy-on-write: the array is copied at the first change).
import type { IRNode } from "../../schema/ir.js";
import { ann, code, comment, type Code } from "../code.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

export const arrayRule: NormRule = {
  name: "prefixItems / items",
  applies: (n: IRNode, ctx: NormContext) => (n.prefixItems ?? []).some((x) => ctx.hasWork(x)) || (n.items !== undefined && ctx.hasWork(n.items)),
  emit: (n: IRNode, ctx: NormContext): Code[] => {
    const a = ctx.names.fresh("a");
    const stmts: Code[] = [];
    const prefix = n.prefixItems ?? [];
    prefix.forEach((node, i) => {
      const x = ctx.names.fresh("x");
      const y = ctx.names.fresh("y");
      const call = ctx.call(node, true, x, code`${ctx.rt("pi")}(p, ${i})`);
      if (call) stmts.push(code`${comment(`#${node.loc}`)}if (v.length > ${i}) { const ${x} = v[${i}]; const ${y} = ${call}; if (${y} !== ${x}) ${a} = ${ctx.rt("nzItem")}(${a}, v, ${i}, ${y}); }`);
    });
    const f = n.items && ctx.nz(n.items, true);
    const items = f ? code`${ctx.rt("nzItems")}(${stmts.length ? a : code`v`}, v, ${prefix.length}, ${f.name}, p, r, m, d)` : undefined;
    // Only items: one call, copy-on-write from `v` itself.
    if (items && stmts.length === 0) return [code`${comment(`#${n.items!.loc}`)}if (Array.isArray(v)) v = ${items};`];
    if (items) stmts.push(code`${comment(`#${n.items!.loc}`)}${a} = ${items};`);
    return [code`if (Array.isArray(v)) {
      let ${a}${ann(code`any`)} = v;
      ${stmts}
      v = ${a};
    }`];
  },
};
