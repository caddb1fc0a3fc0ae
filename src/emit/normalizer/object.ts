// Objects: each declared property, pattern property and additional property is
// normalised by its own schema (copy-on-write: the object is copied, with own
// data properties only, at the first change); and in normalized mode a `null`
// for an optional property whose schema surely refuses null is removed.
import type { IRNode } from "../../schema/ir.js";
import { keyPatternBound } from "../../schema/lint/redos.js";
import { ann, code, comment, lit, or, type Code } from "../code.js";
import { testsFitAlone, wantedTypes } from "./analysis.js";
import type { NormContext, NzFn } from "./context.js";
import type { NormRule } from "./rule.js";

/** Declared properties that get a statement: normalised by their schema, or a null dropped. */
function declared(n: IRNode, ctx: NormContext): { key: string; node: IRNode; drop: boolean; work: boolean }[] {
  const req = ctx.required.get(n);
  return (n.properties ?? [])
    .map(([key, node]) => ({ key, node, drop: !req?.has(key) && ctx.refusesNull.has(node), work: ctx.hasWork(node) }))
    .filter((x) => x.drop || x.work);
}

function loopNeeded(n: IRNode, ctx: NormContext): boolean {
  return (n.patternProperties ?? []).some(([, node]) => ctx.hasWork(node)) || (n.additionalProperties !== undefined && ctx.hasWork(n.additionalProperties));
}

/**
 * A place that wants an object and nothing else, whose declared properties are its only work:
 * its nzProps call also reads JSON text of an object (what containerRule writes as a call of
 * its own elsewhere), first, as that call would: one call a place instead of two.
 */
export function propsReadJson(n: IRNode, ctx: NormContext): boolean {
  const w = wantedTypes(n);
  return w !== undefined && w.length === 1 && w[0] === "object" && testsFitAlone(n) && declared(n, ctx).length > 0 && !loopNeeded(n, ctx);
}

export const objectRule: NormRule = {
  name: "properties / drop_null",
  applies: (n: IRNode, ctx: NormContext) => declared(n, ctx).length > 0 || loopNeeded(n, ctx),
  emit: (n: IRNode, ctx: NormContext, self: NzFn): Code[] => {
    // The declared properties as one table, [key, normaliser, drop null] a row, run by the
    // runtime (nzProps: read, normalise or drop, copy-on-write; an inherited key such as
    // `constructor` read as an own property only).
    // (The TypeScript's comment is before the statement: esbuild keeps one inside an expression, test/emit/js-emit.test.ts.)
    const rows = declared(n, ctx).map(({ key, node, drop, work }) => {
      const f = work ? ctx.nz(node, true)!.name : code`undefined`;
      // drop false is left out (the runtime reads a missing third item as false): most rows are such.
      return drop ? code`[${lit(key)}, ${f}, true],` : code`[${lit(key)}, ${f}],`;
    });
    const json = propsReadJson(n, ctx);
    const what = comment(`${json ? "JSON text of an object (normalized), then " : ""}the properties of ${n === ctx.ir.root ? "the root schema" : "#" + n.loc}: [key, normaliser, drop a null]`);
    // A constant of the normaliser's scope (its nz_* functions are hoisted there): no table is made per call.
    const table = rows.length ? ctx.vctx.constant("props", code`[
      ${rows}
    ]`, code`rt.NzPropRow[]`) : undefined;
    const props = table ? code`${ctx.rt("nzProps")}(v, p, r, m, d, ${table}${json ? code`, ${self.name}, ${ctx.fitsFn(n, self.owner)}` : code``})` : undefined;
    if (!loopNeeded(n, ctx)) return [code`${what}v = ${props!};`];
    const o = ctx.names.fresh("o");
    return [code`if (typeof v === "object" && v !== null && !Array.isArray(v)) {
      ${props ? what : code``}let ${o}${ann(code`any`)} = ${props ?? code`v`};
      ${keyLoop(n, o, ctx)}
      v = ${o};
    }`];
  },
};

/** patternProperties, then additionalProperties for keys neither declared nor matched. Values are read from the object being written, so a declared key's repair is seen. */
function keyLoop(n: IRNode, o: Code, ctx: NormContext): Code {
  const k = ctx.names.fresh("k");
  const x = ctx.names.fresh("x");
  const y = ctx.names.fresh("y");
  const matched = ctx.names.fresh("matched");
  const extra = n.additionalProperties && ctx.hasWork(n.additionalProperties) ? n.additionalProperties : undefined;
  const patterns = n.patternProperties ?? [];
  const track = extra !== undefined && patterns.length > 0;
  const path = code`${ctx.rt("pk")}(p, ${k})`;
  const body: Code[] = [];
  if (track) body.push(code`let ${matched} = false;`);
  const { limit } = keyPatternBound(patterns.map(([source]) => source), ctx.opts.maxPatternInput);
  for (const [source, node] of patterns) {
    const call = ctx.call(node, true, y, path);
    if (!call && !track) continue;
    const hit = code`${k}.length <= ${limit} && ${ctx.vctx.regex(source)}.test(${k})`;
    body.push(code`if (${hit}) { ${track ? code`${matched} = true;` : code``} ${call ? code`${y} = ${call};` : code``} }`);
  }
  if (extra) {
    const names = (n.properties ?? []).map(([key]) => key);
    const skip: Code[] = [];
    if (track) skip.push(matched);
    if (names.length) skip.push(names.length <= 6 ? or(names.map((nm) => code`${k} === ${lit(nm)}`)) : code`${ctx.vctx.constant("keys", code`new Set(${lit(names)})`)}.has(${k})`);
    body.push(code`if (!(${or(skip)})) ${y} = ${ctx.call(extra, true, y, path)!};`);
  }
  return code`for (const ${k} in v) {
    const ${x} = ${ctx.rt("nzOwn")}(${o}, ${k});
    if (${x} === undefined) continue;
    let ${y}${ann(code`any`)} = ${x};
    ${body}
    if (${y} !== ${x}) ${o} = ${ctx.rt("nzSet")}(${o}, v, ${k}, ${y});
  }`;
}
