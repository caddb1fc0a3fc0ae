// allOf (inline), anyOf, oneOf, not, if/then/else. Branches that must answer
// yes/no without failing the whole value become functions (is_N / err_N).
// In the error path a failed anyOf/oneOf reports the branch the value was
// aiming at (a discriminating const property, else the closest branch: same
// JSON type, a near-miss rather than an unequal const, the object whose keys
// the value uses) and names what the other branches accept (phrases.ts); a
// nullable `anyOf: [X, {type: "null"}]` speaks of X "or null".
import type { IRNode } from "../../../schema/ir.js";
import { ann, code, join, lit, tsOnly, type Code } from "../../code.js";
import { pathCode, type EmitContext, type PathExpr } from "../context.js";
import type { KeywordModule } from "../keyword.js";
import { alternative, joinOr } from "../phrases.js";
import { typePhrase } from "./type.js";

export const allOfKeyword: KeywordModule = {
  name: "allOf",
  group: "any",
  applies: (n) => n.allOf !== undefined,
  emit: (cx) => cx.n.allOf!.flatMap((b) => cx.sub(b, cx.v, cx.p, false)),
};

function isNullOnly(b: IRNode): boolean {
  return b.types?.length === 1 && b.types[0] === "null" && Object.keys(b).every((k) => ["id", "loc", "types", "description", "title", "example"].includes(k));
}

/**
 * The property that tells the branches apart, with its value per branch: OpenAPI's declared
 * `discriminator` (its mapping, else the branches' consts of that property) first, then the
 * first property whose const (or one-value enum) differs in every branch.
 */
function discriminator(branches: IRNode[], declared?: IRNode["discriminator"]): { key: string; values: unknown[] } | undefined {
  const tagOf = (b: IRNode, key: string): unknown[] | undefined => {
    const t = b.ref?.target ?? b;
    const node = (t.properties ?? []).find(([k]) => k === key)?.[1];
    if (!node) return undefined;
    if (node.const) return [node.const.value];
    if (node.enum?.length === 1) return node.enum;
    return undefined;
  };
  const distinct = (values: unknown[]) => new Set(values.map((x) => JSON.stringify(x))).size === values.length;
  if (declared !== undefined) {
    const byRef = new Map(Object.entries(declared.mapping ?? {}).map(([value, ref]) => [ref, value]));
    const mapped = branches.map((b) => (b.ref ? byRef.get(b.ref.ref) : undefined));
    if (mapped.every((m) => m !== undefined) && distinct(mapped)) return { key: declared.property, values: mapped };
    const tags = branches.map((b) => tagOf(b, declared.property));
    if (tags.every((t) => t !== undefined) && distinct(tags.map((t) => t![0]))) return { key: declared.property, values: tags.map((t) => t![0]) };
  }
  const first = branches[0]?.ref?.target ?? branches[0];
  for (const [key] of first?.properties ?? []) {
    const tags = branches.map((b) => tagOf(b, key));
    if (tags.every((t) => t !== undefined)) {
      const values = tags.map((t) => t![0]);
      if (new Set(values.map((x) => JSON.stringify(x))).size === values.length) return { key, values };
    }
  }
  return undefined;
}

/** Errors of a value that matched none of the branches. */
function noneMatched(branches: IRNode[], keyword: string, v: Code, p: PathExpr, ctx: EmitContext, holder?: IRNode): Code[] {
  const nonNull = branches.filter((b) => !isNullOnly(b));
  if (nonNull.length === 1 && branches.length === 2) {
    const n0 = ctx.names.fresh("n");
    const check = code`const ${n0} = s.length; ${ctx.errFn(nonNull[0]!)}(${v}, ${pathCode(p)}, s, ${ctx.d});`;
    // pydantic's Optional[T] = None (anyOf [T, null], default null): null means "not given", so speak of an optional field.
    if (holder?.default !== undefined && holder.default.value === null) return [code`${check} ${ctx.rt("nullOptional")}(s, ${n0}, ${pathCode(p)}, ${lit(alternative(nonNull[0]!).p)});`];
    return [code`${check} ${ctx.rt("orNull")}(s, ${n0}, ${pathCode(p)});`];
  }
  const declared = holder?.discriminator;
  const b = ctx.names.fresh("branches");
  const tag = discriminator(branches, declared);
  const calls = branches.map((br, i) => code`${ctx.errFn(br)}(${v}, ${pathCode(p)}, ${b}[${i}]${tsOnly(code`!`)}, ${ctx.d});`);
  const tagArgs = tag ? code`, ${lit(tag.key)}, ${ctx.constant("tags", lit(tag.values))}` : code``;
  const alts = branches.map(alternative);
  const altArgs = code`${ctx.constant("alts", lit(alts))}, ${lit(joinOr(alts.map((a) => a.p)))}`;
  return [
    code`const ${b}${ann(code`any[][]`)} = [${join(branches.map(() => code`[]`), code`, `)}]; ${calls} ${ctx.rt("pickBranch")}(s, ${pathCode(p)}, ${v}, ${b}, ${lit(keyword)}, ${altArgs}${tagArgs});`,
  ];
}

export const anyOfKeyword: KeywordModule = {
  name: "anyOf",
  group: "any",
  applies: (n) => n.anyOf !== undefined,
  emit: (cx) => [
    cx.failWith(code`!(${join(
      cx.n.anyOf!.map((b) => cx.fits(b, cx.v)),
      code` || `,
    )})`, () => noneMatched(cx.n.anyOf!, "anyOf", cx.v, cx.p, cx.ctx, cx.n)),
  ],
};

export const oneOfKeyword: KeywordModule = {
  name: "oneOf",
  group: "any",
  applies: (n) => n.oneOf !== undefined,
  // The matches are counted (no array made on a passing check); only a value matching more than one is asked which.
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const c = ctx.names.fresh("count");
    const count = code`const ${c} = ${join(
      n.oneOf!.map((b) => code`(${cx.fits(b, v)} ? 1 : 0)`),
      code` + `,
    )};`;
    return [
      count,
      cx.failWith(code`${c} !== 1`, () => {
        const m = ctx.names.fresh("matches");
        const matched = n.oneOf!.map((b, i) => code`if (${cx.fits(b, v)}) ${m}.push(${i + 1});`);
        return [code`if (${c} === 0) { ${noneMatched(n.oneOf!, "oneOf", v, cx.p, ctx, n)} }
        else { const ${m}${ann(code`number[]`)} = []; ${matched} ${ctx.rt("oneOfMany")}(s, ${pathCode(cx.p)}, ${v}, ${m}, ${n.oneOf!.length}); }`];
      }),
    ];
  },
};

/** A few words for what a `not` schema excludes. */
function notPhrase(n: IRNode): string {
  if (n.const) return `must not be ${JSON.stringify(n.const.value)?.slice(0, 60)}`;
  if (n.enum) return `must not be one of ${JSON.stringify(n.enum)?.slice(0, 80)}`;
  if (n.types && Object.keys(n).every((k) => ["id", "loc", "types", "description", "title"].includes(k))) return `must not be ${typePhrase(n.types)}`;
  if (n.required && n.required.length) return `must not have ${n.required.map((r) => JSON.stringify(r)).join(", ")}`;
  return `must not match the schema at ${n.loc || "#"}`;
}

export const notKeyword: KeywordModule = {
  name: "not",
  group: "any",
  applies: (n) => n.not !== undefined,
  emit: (cx) => {
    const words = notPhrase(cx.n.not!);
    return [cx.fail(cx.fits(cx.n.not!, cx.v), () => cx.err("constraintErr", code`${cx.v}, "not", ${lit(words.replace(/^must /, ""))}, ${lit("matches a schema it must not (not)")}, ${lit(words)}`))];
  },
};

export const ifKeyword: KeywordModule = {
  name: "if/then/else",
  group: "any",
  applies: (n) => n.if !== undefined && (n.then !== undefined || n.else !== undefined),
  emit: (cx) => {
    const { n, v } = cx;
    const then = n.then ? cx.sub(n.then, v, cx.p, false) : [];
    const els = n.else ? cx.sub(n.else, v, cx.p, false) : [];
    return [code`if (${cx.fits(n.if!, v)}) { ${then} } else { ${els} }`];
  },
};
