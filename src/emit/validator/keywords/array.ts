// prefixItems, items, contains/minContains/maxContains, minItems, maxItems, uniqueItems.
import type { IRNode } from "../../../schema/ir.js";
import { code, lit, uses, type Code } from "../../code.js";
import type { EmitContext } from "../context.js";
import { exArg, itemPath, type KeywordModule } from "../keyword.js";

export const sizeKeyword: KeywordModule = {
  name: "minItems/maxItems",
  group: "array",
  applies: (n) => n.minItems !== undefined || n.maxItems !== undefined,
  emit: (cx) => {
    const { n, v } = cx;
    return [
      ...(n.minItems ? [cx.fail(code`${v}.length < ${n.minItems}`, () => cx.err("sizeErr", code`${v}, ${v}.length, "minItems", ${n.minItems}${exArg(n)}`))] : []),
      ...(n.maxItems !== undefined ? [cx.fail(code`${v}.length > ${n.maxItems}`, () => cx.err("sizeErr", code`${v}, ${v}.length, "maxItems", ${n.maxItems}${exArg(n)}`))] : []),
    ];
  },
};

/** Walks prefixItems then items; `each` gives the statements for one item value at one index. */
function walkItems(n: IRNode, v: Code, ctx: EmitContext, each: (node: IRNode, item: Code, index: Code) => Code[]): Code[] {
  const out: Code[] = [];
  const prefix = n.prefixItems ?? [];
  prefix.forEach((node, i) => {
    const body = each(node, code`${v}[${i}]`, code`${i}`);
    if (body.length) {
      const x = ctx.names.fresh("x");
      const withX = each(node, x, code`${i}`);
      out.push(code`if (${v}.length > ${i}) { ${uses(withX, x.text) ? code`const ${x} = ${v}[${i}];` : code``} ${withX} }`);
    }
  });
  if (n.items && !(n.items.bool === true)) {
    const i = ctx.names.fresh("i");
    const x = ctx.names.fresh("x");
    const body = each(n.items, x, i);
    if (body.length) out.push(code`for (let ${i} = ${prefix.length}; ${i} < ${v}.length; ${i}++) { ${uses(body, x.text) ? code`const ${x} = ${v}[${i}];` : code``} ${body} }`);
  }
  return out;
}

export const itemsKeyword: KeywordModule = {
  name: "prefixItems/items",
  group: "array",
  applies: (n) => n.prefixItems !== undefined || n.items !== undefined,
  emit: (cx) => walkItems(cx.n, cx.v, cx.ctx, (node, item, index) => cx.sub(node, item, itemPath(cx.p, index, cx.ctx), true)),
};

export const containsKeyword: KeywordModule = {
  name: "contains",
  group: "array",
  applies: (n) => n.contains !== undefined,
  // `contains` counts matching items; the bounds are minContains (default 1) and maxContains.
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const c = ctx.names.fresh("count");
    const i = ctx.names.fresh("i");
    const out = [code`let ${c} = 0; for (let ${i} = 0; ${i} < ${v}.length; ${i}++) if (${cx.fits(n.contains!, code`${v}[${i}]`)}) ${c}++;`];
    const minV = n.minContains ?? 1;
    if (minV > 0) {
      const what = minV === 1 ? "an item matching the contains schema" : `at least ${minV} items matching the contains schema`;
      out.push(cx.fail(code`${c} < ${minV}`, () => cx.err("constraintErr", code`${v}, "contains", ${lit(what)}, ${lit(`fewer than ${minV} items match contains`)}, ${lit(`must contain ${what}`)}`)));
    }
    if (n.maxContains !== undefined) out.push(cx.fail(code`${c} > ${n.maxContains}`, () => cx.err("sizeErr", code`${v}, ${c}, "maxContains", ${n.maxContains!}`)));
    return out;
  },
};

export const uniqueKeyword: KeywordModule = {
  name: "uniqueItems",
  group: "array",
  applies: (n) => n.uniqueItems === true,
  emit: (cx) => {
    const dup = cx.ctx.names.fresh("dup");
    return [code`if (${cx.v}.length > 1) { const ${dup} = ${cx.ctx.rt("firstDuplicate")}(${cx.v}); ${cx.fail(code`${dup} !== undefined`, () => cx.err("uniqueErr", code`${dup}[0], ${dup}[1]`))} }`];
  },
};
