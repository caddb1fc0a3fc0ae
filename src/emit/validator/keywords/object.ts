// properties, required, additionalProperties, patternProperties, propertyNames,
// minProperties, maxProperties, dependentRequired, dependentSchemas — and the
// "reject" policy for arguments a tool does not declare.
import { sameInstanceGroup, type IRNode } from "../../../schema/ir.js";
import { keyPatternBound } from "../../../schema/lint/redos.js";
import { code, isInheritedKey, lit, or, prop, uses, type Code, type Name } from "../../code.js";
import { rejectsUndeclared } from "../../../schema/unknown-args.js";
import { pathCode, type EmitContext, type PathExpr } from "../context.js";
import { exArg, keyPath, type KeywordModule } from "../keyword.js";
import { alternative, ANY_FORM } from "../phrases.js";

/** `v.key`, or undefined when the key is only inherited (constructor, toString, __proto__ …). */
function own(v: Code, key: string): Code {
  return isInheritedKey(key) ? code`(rt.hasOwn.call(${v}, ${lit(key)}) ? ${prop(v, key)} : undefined)` : prop(v, key);
}

/** Expression: the object has property `key` (JSON has no undefined, so undefined counts as absent). */
export function has(v: Code, key: string): Code {
  return isInheritedKey(key) ? code`rt.hasOwn.call(${v}, ${lit(key)}) && ${prop(v, key)} !== undefined` : code`${prop(v, key)} !== undefined`;
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
  fast: (n, v, ctx, sub) => {
    const out: Code[] = [];
    const req = new Set(n.required ?? []);
    for (const [key, node] of n.properties ?? []) {
      const x = ctx.names.fresh("x");
      const inner = sub.fast(node, x, true);
      if (inner.length === 0 && !req.has(key)) continue;
      if (req.has(key)) out.push(code`const ${x} = ${own(v, key)}; if (${x} === undefined) return false; ${inner}`);
      else out.push(code`const ${x} = ${own(v, key)}; if (${x} !== undefined) { ${inner} }`);
    }
    const declared = new Set((n.properties ?? []).map(([k]) => k));
    for (const key of req) if (!declared.has(key)) out.push(code`if (!(${has(v, key)})) return false;`);
    return out;
  },
  errors: (n, v, p, ctx, sub) => {
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
      out.push(code`if (${x === undefined ? code`!(${has(v, key)})` : code`${x} === undefined`}) { if (${ctx.rt("missing")}(s, ${pathCode(p)}, ${lit(key)}${ex})) return; }`);
    }
    for (const [key, node] of n.properties ?? []) {
      const x = read.get(key) ?? ctx.names.fresh("x");
      const at = keyPath(p, key, ctx);
      // An optional field given null: its errors say it can be left out. When null fails the
      // place's type gate and nothing else, its type error says so itself (optTypeErr).
      const phrase = req.has(key) ? ANY_FORM : alternative(node).p;
      const optional = !req.has(key) && node.types?.length && !node.types.includes("null") && node.errorMessage === undefined ? { node, phrase: phrase === ANY_FORM ? undefined : phrase, taken: false } : undefined;
      ctx.optionalNull = optional;
      const inner = sub.errors(node, x, at, true);
      ctx.optionalNull = undefined;
      const folded = optional?.taken === true;
      if (!inner.length) continue;
      // Each property's names are fresh: no block of its own needed.
      if (read.has(key)) out.push(code`if (${x} !== undefined) { ${inner} }`);
      else if (folded) out.push(code`const ${x} = ${own(v, key)}; if (${x} !== undefined) { ${inner} }`);
      else {
        // An optional field given null: its errors say it can be left out (nullOptional).
        const from = ctx.names.fresh("from");
        const words = phrase === ANY_FORM ? code`` : code`, ${lit(phrase)}`;
        out.push(code`const ${x} = ${own(v, key)}; if (${x} !== undefined) { const ${from} = ${ctx.sinkLength()}; ${inner} if (${x} === null) ${ctx.rt("nullOptional")}(s, ${from}, ${pathCode(at)}${words}); }`);
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
  onTooLong: (k: Code) => Code[],
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
  if (patternsMatter) body.unshift(code`if (${k}.length > ${limit}) { ${onTooLong(k)} continue; }`);
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
  fast: (n, v, ctx, sub, owner) =>
    keyLoop(
      n,
      v,
      ctx,
      owner,
      (_k, x) => (n.additionalProperties && n.additionalProperties.bool !== false ? sub.fast(n.additionalProperties, x, true) : [code`return false;`]),
      (node, _k, x) => sub.fast(node, x, true),
      () => [code`return false;`],
    ),
  errors: (n, v, p, ctx, sub, owner) => {
    const closed = closedNames(n, owner, ctx);
    const known = closed ?? (n.properties ?? []).map(([key]) => key);
    const at = (k: Code): PathExpr => ({ c: code`${ctx.rt("pk")}(${pathCode(p)}, ${k})` });
    return keyLoop(
      n,
      v,
      ctx,
      owner,
      (k, x) =>
        n.additionalProperties && n.additionalProperties.bool !== false
          ? sub.errors(n.additionalProperties, x, at(k), true)
          : [code`if (${ctx.rt("unknownKey")}(s, ${pathCode(p)}, ${k}, ${ctx.constant("known", lit(known))}, ${lit(ctx.opts.toolName)})) return;`],
      (node, k, x) => sub.errors(node, x, at(k), true),
      (k) => {
        const { limit: max, redos } = keyPatternBound((n.patternProperties ?? []).map(([source]) => source), ctx.opts.maxPatternInput);
        const why = redos ? ` (a property-name pattern here can take ${redos} time on longer names: ReDoS)` : "";
        return [
          code`if (${ctx.rt("constraintErr")}(s, ${ctx.rt("pk")}(${pathCode(p)}, ${k}), ${k}, "maxPatternInput", ${lit(`a property name of at most ${max} characters`)}, ${lit(`property name longer than ${max} characters, the most a pattern is checked on${why}`)}, ${lit(`is a property name longer than ${max} characters, the most a pattern is checked on${why}`)})) return;`,
        ];
      },
    );
  },
};

export const propertyNamesKeyword: KeywordModule = {
  name: "propertyNames",
  group: "object",
  applies: (n) => n.propertyNames !== undefined,
  fast: (n, v, ctx, sub) => {
    const k = ctx.names.fresh("k");
    const body = sub.fast(n.propertyNames!, k, true);
    return body.length ? [forIn(k, v, body, ctx)] : [];
  },
  errors: (n, v, p, ctx, sub) => {
    const k = ctx.names.fresh("k");
    const body = sub.errors(n.propertyNames!, k, { c: code`${ctx.rt("pk")}(${pathCode(p)}, ${k})` }, true);
    return body.length ? [forIn(k, v, body, ctx)] : [];
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
  fast: (n, v, ctx) => {
    const { n: c, stmt } = countKeys(v, ctx);
    return [stmt, ...(n.minProperties ? [code`if (${c} < ${n.minProperties}) return false;`] : []), ...(n.maxProperties !== undefined ? [code`if (${c} > ${n.maxProperties}) return false;`] : [])];
  },
  errors: (n, v, p, ctx) => {
    const { n: c, stmt } = countKeys(v, ctx);
    const call = (kw: string, lim: number) => code`if (${ctx.rt("sizeErr")}(s, ${pathCode(p)}, ${v}, ${c}, ${lit(kw)}, ${lim}${exArg(n)})) return;`;
    return [
      stmt,
      ...(n.minProperties ? [code`if (${c} < ${n.minProperties}) { ${call("minProperties", n.minProperties)} }`] : []),
      ...(n.maxProperties !== undefined ? [code`if (${c} > ${n.maxProperties}) { ${call("maxProperties", n.maxProperties)} }`] : []),
    ];
  },
};

export const dependentKeyword: KeywordModule = {
  name: "dependentRequired/dependentSchemas",
  group: "object",
  applies: (n) => n.dependentRequired !== undefined || n.dependentSchemas !== undefined,
  fast: (n, v, _ctx, sub) => [
    ...(n.dependentRequired ?? []).filter(([, deps]) => deps.length).map(([key, deps]) => code`if (${has(v, key)}) { ${deps.map((dep) => code`if (!(${has(v, dep)})) return false;`)} }`),
    ...(n.dependentSchemas ?? []).map(([key, node]) => {
      const body = sub.fast(node, v, false);
      return body.length ? code`if (${has(v, key)}) { ${body} }` : code``;
    }),
  ],
  errors: (n, v, p, ctx, sub) => [
    ...(n.dependentRequired ?? []).filter(([, deps]) => deps.length).map(([key, deps]) => code`if (${has(v, key)}) { ${deps.map((dep) => code`if (!(${has(v, dep)})) { if (${ctx.rt("missing")}(s, ${pathCode(p)}, ${lit(dep)})) return; }`)} }`),
    ...(n.dependentSchemas ?? []).map(([key, node]) => {
      const body = sub.errors(node, v, p, false);
      return body.length ? code`if (${has(v, key)}) { ${body} }` : code``;
    }),
  ],
};

