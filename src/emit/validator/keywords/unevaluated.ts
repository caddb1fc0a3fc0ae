// unevaluatedProperties / unevaluatedItems. What counts as evaluated is what the
// place's own keywords and its *passing* subschemas (allOf, the anyOf/oneOf
// branches that match, if+then or else, dependentSchemas, $ref) looked at.
// That is collected at run time by small generated functions (evalProps_N /
// evalItems_N) into a Set — only for schemas that use these keywords.
import type { IRNode } from "../../../schema/ir.js";
import { code, lit, tsOnly, type Code } from "../../code.js";
import { pathCode, type EmitContext } from "../context.js";
import { itemPath, type KeywordModule } from "../keyword.js";
import { keyPatternBound } from "../../../schema/lint/redos.js";
import { has } from "./object.js";

/** Body of evalProps_N(v, d, out): adds the property names `n` evaluates on object `v`. */
export function evalPropsBody(n: IRNode, ctx: EmitContext, self: boolean): Code[] {
  const out: Code[] = [];
  if (n.bool !== undefined) return out;
  const k = ctx.names.fresh("k");
  if (n.additionalProperties || (n.unevaluatedProperties && !self)) return [code`for (const ${k} in v) out.add(${k});`];
  for (const [key] of n.properties ?? []) out.push(code`if (${has(code`v`, key)}) out.add(${lit(key)});`);
  if (n.patternProperties?.length) {
    const tests = n.patternProperties.map(([re]) => code`${ctx.regex(re)}.test(${k})`);
    // No regex runs on a key longer than the patterns' bound (patternProperties refuses such a
    // key itself); it counts as evaluated so it is not reported twice.
    const { limit } = keyPatternBound(n.patternProperties.map(([re]) => re), ctx.opts.maxPatternInput);
    out.push(code`for (const ${k} in v) if (${k}.length > ${limit} || ${tests.map((t, i) => (i ? code` || ${t}` : t))}) out.add(${k});`);
  }
  out.push(...applicators(n, ctx, "props"));
  return out;
}

/** Body of evalItems_N(v, d, out): adds the indices `n` evaluates on array `v`. */
export function evalItemsBody(n: IRNode, ctx: EmitContext, self: boolean): Code[] {
  const out: Code[] = [];
  if (n.bool !== undefined) return out;
  const i = ctx.names.fresh("i");
  if (n.items || (n.unevaluatedItems && !self)) return [code`for (let ${i} = 0; ${i} < v.length; ${i}++) out.add(${i});`];
  if (n.prefixItems?.length) out.push(code`for (let ${i} = 0; ${i} < v.length && ${i} < ${n.prefixItems.length}; ${i}++) out.add(${i});`);
  if (n.contains) {
    const j = ctx.names.fresh("i");
    out.push(code`for (let ${j} = 0; ${j} < v.length; ${j}++) if (${ctx.isFn(n.contains)}(v[${j}], ${ctx.d})) out.add(${j});`);
  }
  out.push(...applicators(n, ctx, "items"));
  return out;
}

/** Annotations flow up from passing subschemas on the same instance. */
function applicators(n: IRNode, ctx: EmitContext, kind: "props" | "items"): Code[] {
  const call = (b: IRNode, depth: Code = ctx.d) => code`${ctx.evalFn(b, kind)}(v, ${depth}, out);`;
  const out: Code[] = [];
  if (n.ref) out.push(code`if (d <= ${ctx.opts.maxDepth}) ${call(n.ref.target, ctx.d1)}`);
  if (n.dynamicRef) {
    const r = n.dynamicRef;
    const t = r.name === undefined ? ctx.binding(r.target) : code`${ctx.rt("dynamicTarget")}(ds, ${lit(r.name)}, ${ctx.binding(r.target)})`;
    out.push(code`if (d <= ${ctx.opts.maxDepth}) ${t}.${kind === "props" ? code`props` : code`items`}${tsOnly(code`!`)}(v, ${ctx.d1}, out);`);
  }
  for (const b of n.allOf ?? []) out.push(call(b));
  for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) out.push(code`if (${ctx.isFn(b)}(v, ${ctx.d})) ${call(b)}`);
  if (n.if) {
    const then = n.then ? call(n.then) : code``;
    const els = n.else ? call(n.else) : code``;
    out.push(code`if (${ctx.isFn(n.if)}(v, ${ctx.d})) { ${call(n.if)} ${then} } else { ${els} }`);
  }
  if (kind === "props") for (const [key, b] of n.dependentSchemas ?? []) out.push(code`if (${has(code`v`, key)}) ${call(b)}`);
  return out;
}

export const unevaluatedPropertiesKeyword: KeywordModule = {
  name: "unevaluatedProperties",
  group: "object",
  applies: (n) => n.unevaluatedProperties !== undefined && n.unevaluatedProperties.bool !== true,
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const seen = ctx.names.fresh("evaluated");
    const k = ctx.names.fresh("k");
    const at = { c: code`${ctx.rt("pk")}(${pathCode(cx.p)}, ${k})` };
    const body =
      n.unevaluatedProperties!.bool === false
        ? [cx.fail(undefined, () => cx.err("unknownKey", code`${k}, ${ctx.constant("known", lit((n.properties ?? []).map(([key]) => key)))}, ${lit(ctx.opts.toolName)}`))]
        : cx.sub(n.unevaluatedProperties!, code`${v}[${k}]`, at, true);
    return [code`{ const ${seen} = new Set${tsOnly(code`<string>`)}(); ${ctx.evalFn(n, "props", true)}(${v}, ${ctx.d}, ${seen}); for (const ${k} in ${v}) if (!${seen}.has(${k})) { ${body} } }`];
  },
};

export const unevaluatedItemsKeyword: KeywordModule = {
  name: "unevaluatedItems",
  group: "array",
  applies: (n) => n.unevaluatedItems !== undefined && n.unevaluatedItems.bool !== true,
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const seen = ctx.names.fresh("evaluated");
    const i = ctx.names.fresh("i");
    const at = itemPath(cx.p, i, ctx);
    const body =
      n.unevaluatedItems!.bool === false
        ? [cx.fail(undefined, () => cx.errAt(at, "constraintErr", code`${v}[${i}], "unevaluatedItems", "no further items", "item not allowed (unevaluatedItems)", "is an item this array does not allow"`))]
        : cx.sub(n.unevaluatedItems!, code`${v}[${i}]`, at, true);
    return [code`{ const ${seen} = new Set${tsOnly(code`<number>`)}(); ${ctx.evalFn(n, "items", true)}(${v}, ${ctx.d}, ${seen}); for (let ${i} = 0; ${i} < ${v}.length; ${i}++) if (!${seen}.has(${i})) { ${body} } }`];
  },
};
