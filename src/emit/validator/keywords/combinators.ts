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
  fast: (n, v, _ctx, sub) => n.allOf!.flatMap((b) => sub.fast(b, v, false)),
  errors: (n, v, p, _ctx, sub) => n.allOf!.flatMap((b) => sub.errors(b, v, p, false)),
};

function anyTest(branches: IRNode[], v: Code, ctx: EmitContext): Code {
  return join(
    branches.map((b) => code`${ctx.fn(b).is}(${v}, ${ctx.d})`),
    code` || `,
  );
}

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

/** Errors of a value that matched none of the branches (in a probe, the failure counted: nothing else to learn). */
function noneMatched(branches: IRNode[], keyword: string, v: Code, p: PathExpr, ctx: EmitContext, holder?: IRNode): Code[] {
  const errs = noneMatchedErrors(branches, keyword, v, p, ctx, holder);
  return ctx.probe ? [code`if (${ctx.rt("probing")}(s)) return; ${errs}`] : errs;
}

function noneMatchedErrors(branches: IRNode[], keyword: string, v: Code, p: PathExpr, ctx: EmitContext, holder?: IRNode): Code[] {
  const nonNull = branches.filter((b) => !isNullOnly(b));
  if (nonNull.length === 1 && branches.length === 2) {
    const n0 = ctx.names.fresh("n");
    const check = code`const ${n0} = s.length; ${ctx.fn(nonNull[0]!).err}(${v}, ${pathCode(p)}, s, ${ctx.d});`;
    // pydantic's Optional[T] = None (anyOf [T, null], default null): null means "not given", so speak of an optional field.
    if (holder?.default !== undefined && holder.default.value === null) return [code`${check} ${ctx.rt("nullOptional")}(s, ${n0}, ${pathCode(p)}, ${lit(alternative(nonNull[0]!).p)});`];
    return [code`${check} ${ctx.rt("orNull")}(s, ${n0}, ${pathCode(p)});`];
  }
  const declared = holder?.discriminator;
  const b = ctx.names.fresh("branches");
  const tag = discriminator(branches, declared);
  const calls = branches.map((br, i) => code`${ctx.fn(br).err}(${v}, ${pathCode(p)}, ${b}[${i}]${tsOnly(code`!`)}, ${ctx.d});`);
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
  fast: (n, v, ctx) => [code`if (!(${anyTest(n.anyOf!, v, ctx)})) return false;`],
  errors: (n, v, p, ctx) => [code`if (!(${anyTest(n.anyOf!, v, ctx)})) { ${noneMatched(n.anyOf!, "anyOf", v, p, ctx, n)} }`],
};

function countMatches(branches: IRNode[], v: Code, ctx: EmitContext): Code {
  return join(
    branches.map((b) => code`(${ctx.fn(b).is}(${v}, ${ctx.d}) ? 1 : 0)`),
    code` + `,
  );
}

export const oneOfKeyword: KeywordModule = {
  name: "oneOf",
  group: "any",
  applies: (n) => n.oneOf !== undefined,
  fast: (n, v, ctx) => [code`if (${countMatches(n.oneOf!, v, ctx)} !== 1) return false;`],
  errors: (n, v, p, ctx) => {
    const c = ctx.names.fresh("matches");
    const matched = n.oneOf!.map((b, i) => code`if (${ctx.fn(b).is}(${v}, ${ctx.d})) ${c}.push(${i + 1});`);
    const errs = code`{ const ${c}${ann(code`number[]`)} = []; ${matched}
        if (${c}.length === 0) { ${noneMatchedErrors(n.oneOf!, "oneOf", v, p, ctx, n)} }
        else if (${c}.length > 1) ${ctx.rt("oneOfMany")}(s, ${pathCode(p)}, ${v}, ${c}, ${n.oneOf!.length}); }`;
    // A probe counts the matches as the fast path does (no array made on every check).
    return [ctx.probe ? code`if (s === null) { if (${countMatches(n.oneOf!, v, ctx)} !== 1 && ${ctx.rt("probing")}(s)) return; } else ${errs}` : errs];
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
  fast: (n, v, ctx) => [code`if (${ctx.fn(n.not!).is}(${v}, ${ctx.d})) return false;`],
  errors: (n, v, p, ctx) => {
    const words = notPhrase(n.not!);
    return [code`if (${ctx.fn(n.not!).is}(${v}, ${ctx.d})) { if (${ctx.rt("constraintErr")}(s, ${pathCode(p)}, ${v}, "not", ${lit(words.replace(/^must /, ""))}, ${lit("matches a schema it must not (not)")}, ${lit(words)})) return; }`];
  },
};

export const ifKeyword: KeywordModule = {
  name: "if/then/else",
  group: "any",
  applies: (n) => n.if !== undefined && (n.then !== undefined || n.else !== undefined),
  fast: (n, v, ctx, sub) => {
    const then = n.then ? sub.fast(n.then, v, false) : [];
    const els = n.else ? sub.fast(n.else, v, false) : [];
    return [code`if (${ctx.fn(n.if!).is}(${v}, ${ctx.d})) { ${then} } else { ${els} }`];
  },
  errors: (n, v, p, ctx, sub) => {
    const then = n.then ? sub.errors(n.then, v, p, false) : [];
    const els = n.else ? sub.errors(n.else, v, p, false) : [];
    return [code`if (${ctx.fn(n.if!).is}(${v}, ${ctx.d})) { ${then} } else { ${els} }`];
  },
};
