// prefixItems, items, contains/minContains/maxContains, minItems, maxItems, uniqueItems.
import type { IRNode } from "../../../schema/ir.js";
import { code, lit, uses, type Code } from "../../code.js";
import { pathCode, type EmitContext } from "../context.js";
import { exArg, itemPath, type KeywordModule } from "../keyword.js";

export const sizeKeyword: KeywordModule = {
  name: "minItems/maxItems",
  group: "array",
  applies: (n) => n.minItems !== undefined || n.maxItems !== undefined,
  fast: (n, v) => [
    ...(n.minItems ? [code`if (${v}.length < ${n.minItems}) return false;`] : []),
    ...(n.maxItems !== undefined ? [code`if (${v}.length > ${n.maxItems}) return false;`] : []),
  ],
  errors: (n, v, p, ctx) => [
    ...(n.minItems ? [code`if (${v}.length < ${n.minItems}) { if (${ctx.rt("sizeErr")}(s, ${pathCode(p)}, ${v}, ${v}.length, "minItems", ${n.minItems}${exArg(n)})) return; }`] : []),
    ...(n.maxItems !== undefined ? [code`if (${v}.length > ${n.maxItems}) { if (${ctx.rt("sizeErr")}(s, ${pathCode(p)}, ${v}, ${v}.length, "maxItems", ${n.maxItems}${exArg(n)})) return; }`] : []),
  ],
};

/** Walks prefixItems then items; `each` gives the statements for one item value at one path. */
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
  fast: (n, v, ctx, sub) => walkItems(n, v, ctx, (node, item) => sub.fast(node, item, true)),
  errors: (n, v, p, ctx, sub) => walkItems(n, v, ctx, (node, item, index) => sub.errors(node, item, itemPath(p, index, ctx), true)),
};

/** `contains` counts matching items; bounds are minContains (default 1) and maxContains. */
function containsCount(n: IRNode, v: Code, ctx: EmitContext): { count: Code; stmts: Code[] } {
  const f = ctx.fn(n.contains!);
  const c = ctx.names.fresh("count");
  const i = ctx.names.fresh("i");
  return { count: c, stmts: [code`let ${c} = 0; for (let ${i} = 0; ${i} < ${v}.length; ${i}++) if (${f.is}(${v}[${i}], ${ctx.d})) ${c}++;`] };
}

function containsBad(n: IRNode, c: Code): { min: Code | undefined; max: Code | undefined; minV: number } {
  const minV = n.minContains ?? 1;
  return { min: minV > 0 ? code`${c} < ${minV}` : undefined, max: n.maxContains !== undefined ? code`${c} > ${n.maxContains}` : undefined, minV };
}

export const containsKeyword: KeywordModule = {
  name: "contains",
  group: "array",
  applies: (n) => n.contains !== undefined,
  fast: (n, v, ctx) => {
    const { count, stmts } = containsCount(n, v, ctx);
    const { min, max } = containsBad(n, count);
    return [...stmts, ...(min ? [code`if (${min}) return false;`] : []), ...(max ? [code`if (${max}) return false;`] : [])];
  },
  errors: (n, v, p, ctx) => {
    const { count, stmts } = containsCount(n, v, ctx);
    const { min, max, minV } = containsBad(n, count);
    const out = [...stmts];
    if (min) {
      const what = minV === 1 ? "an item matching the contains schema" : `at least ${minV} items matching the contains schema`;
      out.push(code`if (${min}) { if (${ctx.rt("constraintErr")}(s, ${pathCode(p)}, ${v}, "contains", ${lit(what)}, ${lit(`fewer than ${minV} items match contains`)}, ${lit(`must contain ${what}`)})) return; }`);
    }
    if (max) out.push(code`if (${max}) { if (${ctx.rt("sizeErr")}(s, ${pathCode(p)}, ${v}, ${count}, "maxContains", ${n.maxContains!})) return; }`);
    return out;
  },
};

export const uniqueKeyword: KeywordModule = {
  name: "uniqueItems",
  group: "array",
  applies: (n) => n.uniqueItems === true,
  fast: (_n, v, ctx) => [code`if (${v}.length > 1 && ${ctx.rt("firstDuplicate")}(${v}) !== undefined) return false;`],
  errors: (_n, v, p, ctx) => {
    const dup = ctx.names.fresh("dup");
    return [code`if (${v}.length > 1) { const ${dup} = ${ctx.rt("firstDuplicate")}(${v}); if (${dup} !== undefined) { if (${ctx.rt("uniqueErr")}(s, ${pathCode(p)}, ${dup}[0], ${dup}[1])) return; } }`];
  },
};
