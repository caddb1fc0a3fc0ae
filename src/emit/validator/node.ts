// One schema place → statements. The keyword modules are applied in schema
// order of concern: type gate, enum/const, then per-type groups, then the
// applicators. The fast path returns false at the first failure; the error
// path pushes every error (but a value of the wrong type, or outside its enum,
// gets just that one error: the rest would be noise to a model).
import type { IRNode } from "../../schema/ir.js";
import { code, comment, lit, type Code } from "../code.js";
import { pathCode, type EmitContext, type PathExpr } from "./context.js";
import { groupGuard, groupImplied, type Group, type KeywordModule, type Sub } from "./keyword.js";
import { containsKeyword, itemsKeyword, sizeKeyword, uniqueKeyword } from "./keywords/array.js";
import { allOfKeyword, anyOfKeyword, ifKeyword, notKeyword, oneOfKeyword } from "./keywords/combinators.js";
import { compareKeyword } from "./keywords/compare.js";
import { constKeyword, enumConstTest, enumKeyword } from "./keywords/enum-const.js";
import { limitKeyword, multipleOfKeyword, numberFormatKeyword } from "./keywords/number.js";
import { additionalKeyword, dependentKeyword, propertiesKeyword, propertyCountKeyword, propertyNamesKeyword } from "./keywords/object.js";
import { dynamicRefKeyword, refKeyword } from "./keywords/ref.js";
import { formatKeyword, lengthKeyword, patternKeyword } from "./keywords/string.js";
import { typeError, typeFast, typeTest } from "./keywords/type.js";
import { unevaluatedItemsKeyword, unevaluatedPropertiesKeyword } from "./keywords/unevaluated.js";

/** Every keyword module, in the order their checks run. */
const MODULES: KeywordModule[] = [
  enumKeyword,
  constKeyword,
  limitKeyword,
  multipleOfKeyword,
  numberFormatKeyword,
  lengthKeyword,
  patternKeyword,
  formatKeyword,
  sizeKeyword,
  uniqueKeyword,
  itemsKeyword,
  containsKeyword,
  propertiesKeyword,
  additionalKeyword,
  propertyNamesKeyword,
  propertyCountKeyword,
  dependentKeyword,
  compareKeyword,
  refKeyword,
  dynamicRefKeyword,
  allOfKeyword,
  anyOfKeyword,
  oneOfKeyword,
  notKeyword,
  ifKeyword,
  // last: they read what everything above evaluated
  unevaluatedPropertiesKeyword,
  unevaluatedItemsKeyword,
];

const GROUPS: Exclude<Group, "any">[] = ["number", "string", "array", "object"];

export function makeSub(ctx: EmitContext): Sub {
  // A place that enters a schema resource with $dynamicAnchors is always a function,
  // so the dynamic scope can be extended on entry.
  const own = (node: IRNode) => ctx.dynamic && node.scope !== undefined;
  const sub: Sub = {
    fast: (node, v, owner) => (own(node) || ctx.alone.has(node) ? [code`if (!${ctx.fn(node, owner).is}(${v}, ${ctx.d})) return false;`] : fastNode(node, v, ctx, sub, owner)),
    // A place the normaliser tests alone is a function of its own in a probe too: the normaliser asks it without a sink (rt.fitsPlace) instead of writing a check of its own.
    errors: (node, v, p, owner) => {
      if (!own(node) && !(ctx.probe && ctx.alone.has(node))) return errorNode(node, v, p, ctx, sub, owner);
      // A place reached only from here (not a $ref target, which other places call too) has its
      // function written as the inline code would be: its optional property's null said by its own
      // type gate (see EmitContext.optionalNull), and its path, when known at build time.
      const onlyHere = !own(node) && !ctx.ir.refTargets.has(node);
      if (onlyHere && ctx.optionalNull?.node === node && node.types?.length) {
        ctx.optionalNull.taken = true;
        ctx.optionalAt.set(node, ctx.optionalNull);
      }
      ctx.optionalNull = undefined;
      if (onlyHere && "s" in p) ctx.staticPaths.set(node, p.s);
      return [code`${ctx.fn(node, owner).err}(${v}, ${ctx.pathArg(p)}, s, ${ctx.d});`];
    },
  };
  return sub;
}

/** Groups keyword statements under their type guard (omitted when `type` already implies it). */
function grouped(n: IRNode, v: Code, mods: KeywordModule[], run: (m: KeywordModule) => Code[]): Code[] {
  const out: Code[] = [];
  for (const m of mods.filter((m) => m.group === "any" && m.applies(n))) out.push(...run(m));
  for (const g of GROUPS) {
    const stmts = mods.filter((m) => m.group === g && m.applies(n)).flatMap(run);
    if (stmts.length === 0) continue;
    out.push(groupImplied(n.types, g) ? code`${stmts}` : code`if (${groupGuard(g, v)}) { ${stmts} }`);
  }
  return out;
}

function where(n: IRNode): Code {
  return comment(n.loc === "" ? "#" : "#" + n.loc);
}

export function fastNode(n: IRNode, v: Code, ctx: EmitContext, sub: Sub, owner: boolean): Code[] {
  if (n.bool === true) return [];
  if (n.bool === false) return [code`return false; ${where(n)}`];
  const body = [
    ...typeFast(n, v),
    ...grouped(
      n,
      v,
      MODULES,
      (m) => m.fast(n, v, ctx, sub, owner),
    ),
  ];
  return body.length ? [where(n), ...body] : [];
}

export function errorNode(n: IRNode, v: Code, p: PathExpr, ctx: EmitContext, sub: Sub, owner: boolean): Code[] {
  // Taken here, before any place below could see it (see EmitContext.optionalNull).
  const optional = ctx.optionalNull?.node === n && n.types?.length ? ctx.optionalNull : undefined;
  ctx.optionalNull = undefined;
  if (optional) optional.taken = true;
  if (n.bool === true) return [];
  if (n.bool === false) return [code`if (${ctx.rt("falseErr")}(s, ${pathCode(p)}, ${v})) return;`];
  const rest = grouped(
    n,
    v,
    MODULES.filter((m) => m !== enumKeyword && m !== constKeyword),
    (m) => m.errors(n, v, p, ctx, sub, owner),
  );
  // enum/const gate: outside the allowed values, that is the one thing to say.
  const ec = enumConstTest(n, v, ctx);
  let body: Code[] = rest;
  if (ec) {
    const report = [...(n.enum ? enumKeyword.errors(n, v, p, ctx, sub, owner) : []), ...(n.const ? constKeyword.errors(n, v, p, ctx, sub, owner) : [])];
    // Nothing else to check: the report's own tests are the gate.
    body = rest.length ? [code`if (!(${ec})) { ${report} } else { ${rest} }`] : report;
  }
  // type gate
  if (n.types && n.types.length) {
    // Braced: the error call is itself an `if` (a probe stops there), and an `else` follows.
    const gate = code`if (!(${typeTest(n.types, v)})) { ${typeError(n, v, p, ctx, optional)} }`;
    body = [body.length ? code`${gate} else { ${body} }` : gate];
  }
  if (body.length === 0) return [];
  if (n.errorMessage !== undefined) {
    const n0 = ctx.names.fresh("n");
    return [where(n), code`const ${n0} = ${ctx.sinkLength()};`, ...body, code`${ctx.rt("overrideMessages")}(s, ${n0}, ${lit(n.errorMessage)});`];
  }
  return [where(n), ...body];
}
