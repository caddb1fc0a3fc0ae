// properties, required, additionalProperties, patternProperties, propertyNames,
// minProperties, maxProperties, dependentRequired, dependentSchemas — and the
// "reject" policy for arguments a tool does not declare.
import { sameInstanceGroup, type IRNode } from "../../../schema/ir.js";
import { keyPatternBound } from "../../../schema/lint/redos.js";
import { code, isInheritedKey, lit, or, prop, RtRef, uses, type Code, type Name } from "../../code.js";
import { rejectsUndeclared } from "../../../schema/unknown-args.js";
import { pathCode, type EmitContext, type PathExpr } from "../context.js";
import { exArg, keyPath, type KeywordModule } from "../keyword.js";
import { alternative, ANY_FORM } from "../phrases.js";

const hasOwn = new RtRef("hasOwn");

/** `v.key`, or undefined when the key is only inherited (constructor, toString, __proto__ …). */
function own(v: Code, key: string): Code {
  return isInheritedKey(key) ? code`(${hasOwn}.call(${v}, ${lit(key)}) ? ${prop(v, key)} : undefined)` : prop(v, key);
}

/** Expression: the object has property `key` (JSON has no undefined, so undefined counts as absent). */
export function has(v: Code, key: string): Code {
  return isInheritedKey(key) ? code`${hasOwn}.call(${v}, ${lit(key)}) && ${prop(v, key)} !== undefined` : code`${prop(v, key)} !== undefined`;
}

/**
 * Under unknownArgs "reject", an object node that owns its instance and says nothing
 * about extra properties is closed to the names it (and its applicators) declare, where
 * src/schema/unknown-args.ts says "reject" applies (not on an open map).
 * Returns the declared names, or undefined when the node is not closed this way.
 */
export function closedNames(n: IRNode, owner: boolean, ctx: EmitContext): string[] | undefined {
  if (ctx.opts.unknownArgs !== "reject" || !owner) return undefined;
  const group = sameInstanceGroup(n);
  const names = new Set<string>();
  for (const g of group) for (const [k] of g.properties ?? []) names.add(k);
  const saysExtra =
    n.additionalProperties !== undefined ||
    n.patternProperties !== undefined ||
    group.some((g) => g.unevaluatedProperties || (g !== n && ((g.additionalProperties && g.additionalProperties.bool !== false) || g.patternProperties)));
  const place = { root: n === ctx.ir.root, listsProperties: group.some((g) => g.properties), declared: names.size, saysExtra };
  return rejectsUndeclared(place) ? [...names] : undefined;
}

/** Expression: `k` is one of `names`. */
function declaredTest(k: Code, names: string[], ctx: EmitContext): Code {
  if (names.length <= 6) return or(names.map((x) => code`${k} === ${lit(x)}`));
  return code`${ctx.constant("keys", code`new Set(${lit(names)})`)}.has(${k})`;
}

export const propertiesKeyword: KeywordModule = {
  name: "properties/required",
  group: "object",
  applies: (n) => n.properties !== undefined || n.required !== undefined,
  emit: (cx) => {
    const { n, v, ctx } = cx;
    const out: Code[] = [];
    const req = new Set(n.required ?? []);
    const declared = new Map(n.properties ?? []);
    // A required property's value is read once, before the missing checks: they and its own checks below use it.
    const read = new Map<string, Name>();
    for (const key of req) {
      if (!declared.has(key)) continue;
      const x = ctx.names.fresh("x");
      read.set(key, x);
      out.push(code`const ${x} = ${own(v, key)};`);
    }
    for (const key of req) {
      const node = declared.get(key);
      const ex = node?.example === undefined ? code`` : code`, ${lit(node.example)}`;
      const x = read.get(key);
      out.push(cx.fail(x === undefined ? code`!(${has(v, key)})` : code`${x} === undefined`, () => cx.err("missing", code`${lit(key)}${ex}`)));
    }
    for (const [key, node] of n.properties ?? []) {
      const x = read.get(key) ?? ctx.names.fresh("x");
      const at = keyPath(cx.p, key, ctx);
      // An optional field given null: its errors say it can be left out. When null fails the
      // place's type gate and nothing else, its type error says so itself (optTypeErr).
      const phrase = req.has(key) ? ANY_FORM : alternative(node).p;
      const optional = !req.has(key) && node.types?.length && !node.types.includes("null") && node.errorMessage === undefined ? { phrase: phrase === ANY_FORM ? undefined : phrase } : undefined;
      const inner = cx.sub(node, x, at, true, optional);
      if (!inner.length) continue;
      // Each property's names are fresh: no block of its own needed.
      if (read.has(key)) out.push(code`if (${x} !== undefined) { ${inner} }`);
      else if (optional && cx.foldsNull(node)) out.push(code`const ${x} = ${own(v, key)}; if (${x} !== undefined) { ${inner} }`);
      else {
        // An optional field given null: its errors say it can be left out (nullOptional).
        let from: Name | undefined;
        const words = phrase === ANY_FORM ? code`` : code`, ${lit(phrase)}`;
        const before = cx.reporting(() => [code`const ${(from = ctx.names.fresh("from"))} = ${ctx.sinkLength()};`]);
        const after = cx.reporting(() => [code`if (${x} === null) ${ctx.rt("nullOptional")}(s, ${from!}, ${pathCode(at)}${words});`]);
        out.push(code`const ${x} = ${own(v, key)}; if (${x} !== undefined) { ${before} ${inner} ${after} }`);
      }
    }
    return out;
  },
};

/** The per-key loop: patternProperties, then additionalProperties or the closed set. */
function keyLoop(
  n: IRNode,
  v: Code,
  ctx: EmitContext,
  owner: boolean,
  onExtra: (k: Code, x: Code) => Code[],
  onPattern: (node: IRNode, k: Code, x: Code) => Code[],
  onTooLong: (k: Code) => Code,
): Code[] {
  const closed = closedNames(n, owner, ctx);
  const extra = n.additionalProperties;
  const patterns = n.patternProperties ?? [];
  const hasExtraCheck = closed !== undefined || (extra !== undefined && extra.bool !== true);
  if (!hasExtraCheck && patterns.length === 0) return [];
  const k = ctx.names.fresh("k");
  const x = ctx.names.fresh("x");
  const m = ctx.names.fresh("matched");
  const body: Code[] = [];
  const track = hasExtraCheck && patterns.length > 0;
  if (track) body.push(code`let ${m} = false;`);
  let patternsMatter = false;
  const { limit } = keyPatternBound(patterns.map(([source]) => source), ctx.opts.maxPatternInput);
  for (const [source, node] of patterns) {
    const stmts = onPattern(node, k, x);
    const hit = code`${k}.length <= ${limit} && ${ctx.regex(source)}.test(${k})`;
    if (stmts.length || track) {
      patternsMatter = true;
      body.push(code`if (${hit}) { ${track ? code`${m} = true;` : code``} ${stmts} }`);
    }
  }
  // A key longer than the patterns' bound (maxPatternInput, less where a pattern backtracks
  // catastrophically) is never given to a regex, so whether a pattern matches it is unknown:
  // it is refused (fail-closed, as `pattern` on a value), or a long key would slip past the
  // patternProperties schema it matches.
  if (patternsMatter) body.unshift(onTooLong(k));
  if (hasExtraCheck) {
    const names = closed ?? (n.properties ?? []).map(([key]) => key);
    const skip: Code[] = [];
    if (track) skip.push(m);
    if (names.length) skip.push(declaredTest(k, names, ctx));
    body.push(code`if (!(${or(skip)})) { ${onExtra(k, x)} }`);
  }
  // No check left (patterns whose schemas accept anything): no loop. Read the value only when some check needs it.
  if (body.length === 0) return [];
  return [code`for (const ${k} in ${v}) { ${uses(body, x.text) ? code`const ${x} = ${v}[${k}];` : code``} ${body} }`];
}

export const additionalKeyword: KeywordModule = {
  name: "additionalProperties/patternProperties",
  group: "object",
  // Also nodes without properties of their own: under "reject" a node that only
  // $refs or combines object schemas is closed to what they declare. keyLoop decides.
  applies: () => true,
  emit: (cx) => {
    const { n, v, ctx, owner } = cx;
    const closed = closedNames(n, owner, ctx);
    const known = closed ?? (n.properties ?? []).map(([key]) => key);
    const at = (k: Code): PathExpr => ({ c: code`${ctx.rt("pk")}(${pathCode(cx.p)}, ${k})` });
    return keyLoop(
      n,
      v,
      ctx,
      owner,
      (k, x) =>
        n.additionalProperties && n.additionalProperties.bool !== false
          ? cx.sub(n.additionalProperties, x, at(k), true)
          : [cx.fail(undefined, () => cx.err("unknownKey", code`${k}, ${ctx.constant("known", lit(known))}, ${lit(ctx.opts.toolName)}`))],
      (node, k, x) => cx.sub(node, x, at(k), true),
      (k) => {
        const { limit: max, redos } = keyPatternBound((n.patternProperties ?? []).map(([source]) => source), ctx.opts.maxPatternInput);
        const why = redos ? ` (a property-name pattern here can take ${redos} time on longer names: ReDoS)` : "";
        return cx.fail(
          code`${k}.length > ${max}`,
          () => cx.errAt(at(k), "constraintErr", code`${k}, "maxPatternInput", ${lit(`a property name of at most ${max} characters`)}, ${lit(`property name longer than ${max} characters, the most a pattern is checked on${why}`)}, ${lit(`is a property name longer than ${max} characters, the most a pattern is checked on${why}`)}`),
          code`continue;`,
        );
      },
    );
  },
};

export const propertyNamesKeyword: KeywordModule = {
  name: "propertyNames",
  group: "object",
  applies: (n) => n.propertyNames !== undefined,
  emit: (cx) => {
    const k = cx.ctx.names.fresh("k");
    const body = cx.sub(cx.n.propertyNames!, k, { c: code`${cx.ctx.rt("pk")}(${pathCode(cx.p)}, ${k})` }, true);
    return body.length ? [forIn(k, cx.v, body, cx.ctx)] : [];
  },
};

/** `for (const k in v) { body }`, the key named `_k…` when the body never reads it (noUnusedLocals exempts it then). */
function forIn(k: Name, v: Code, body: Code[], ctx: EmitContext): Code {
  return code`for (const ${uses(body, k.text) ? k : ctx.names.fresh("_k")} in ${v}) { ${body} }`;
}

function countKeys(v: Code, ctx: EmitContext): { n: Code; stmt: Code } {
  const c = ctx.names.fresh("nkeys");
  const k = ctx.names.fresh("_k"); // never read: the underscore tells noUnusedLocals so
  return { n: c, stmt: code`let ${c} = 0; for (const ${k} in ${v}) ${c}++;` };
}

export const propertyCountKeyword: KeywordModule = {
  name: "minProperties/maxProperties",
  group: "object",
  applies: (n) => !!n.minProperties || n.maxProperties !== undefined,
  emit: (cx) => {
    const { n, v } = cx;
    const { n: c, stmt } = countKeys(v, cx.ctx);
    const size = (kw: string, lim: number) => () => cx.err("sizeErr", code`${v}, ${c}, ${lit(kw)}, ${lim}${exArg(n)}`);
    return [
      stmt,
      ...(n.minProperties ? [cx.fail(code`${c} < ${n.minProperties}`, size("minProperties", n.minProperties))] : []),
      ...(n.maxProperties !== undefined ? [cx.fail(code`${c} > ${n.maxProperties}`, size("maxProperties", n.maxProperties))] : []),
    ];
  },
};

export const dependentKeyword: KeywordModule = {
  name: "dependentRequired/dependentSchemas",
  group: "object",
  applies: (n) => n.dependentRequired !== undefined || n.dependentSchemas !== undefined,
  emit: (cx) => [
    ...(cx.n.dependentRequired ?? []).filter(([, deps]) => deps.length).map(([key, deps]) => code`if (${has(cx.v, key)}) { ${deps.map((dep) => cx.fail(code`!(${has(cx.v, dep)})`, () => cx.err("missing", lit(dep))))} }`),
    ...(cx.n.dependentSchemas ?? []).map(([key, node]) => {
      const body = cx.sub(node, cx.v, cx.p, false);
      return body.length ? code`if (${has(cx.v, key)}) { ${body} }` : code``;
    }),
  ],
};
