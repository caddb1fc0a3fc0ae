// $ref: a call to the target's function, one level deeper (the depth bound
// makes recursive schemas total on cyclic or absurdly deep input).
import type { IRNode } from "../../../schema/ir.js";
import { code, lit, type Code } from "../../code.js";
import type { EmitContext } from "../context.js";
import type { KeywordModule } from "../keyword.js";

export const refKeyword: KeywordModule = {
  name: "$ref",
  group: "any",
  applies: (n) => n.ref !== undefined,
  emit: (cx) => cx.ref(cx.n.ref!.target),
};

/**
 * $dynamicRef: the static target, unless the dynamic scope binds the anchor name
 * to an outer resource's $dynamicAnchor (spec 2020-12 core §8.2.3.2).
 */
export const dynamicRefKeyword: KeywordModule = {
  name: "$dynamicRef",
  group: "any",
  applies: (n) => n.dynamicRef !== undefined,
  emit: (cx) => cx.refBound(target(cx.n, cx.ctx)),
};

function target(n: IRNode, ctx: EmitContext): Code {
  const r = n.dynamicRef!;
  const fallback = ctx.binding(r.target);
  return r.name === undefined ? fallback : code`${ctx.rt("dynamicTarget")}(ds, ${lit(r.name)}, ${fallback})`;
}
