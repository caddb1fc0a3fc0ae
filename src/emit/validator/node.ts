// One schema place → statements, in one of two modes (context.ts Mode): the fast
// check returns false at the first failure; the error path reports every error (but
// a value of the wrong type, or outside its enum, gets just that one error: the rest
// would be noise to a model). Both are written from the same keyword definitions,
// applied in order of concern: type gate, enum/const gate, per-type groups, then the
// applicators. PlaceCx is the context they write against (keyword.ts KeywordCxt).
import type { IRNode } from "../../schema/ir.js";
import { code, comment, lit, type Code, type Name } from "../code.js";
import { pathCode, type EmitContext, type Mode, type OptionalNull, type PathExpr } from "./context.js";
import { groupGuard, groupImplied, type Group, type KeywordCxt, type KeywordModule } from "./keyword.js";
import { containsKeyword, itemsKeyword, sizeKeyword, uniqueKeyword } from "./keywords/array.js";
import { allOfKeyword, anyOfKeyword, ifKeyword, notKeyword, oneOfKeyword } from "./keywords/combinators.js";
import { compareKeyword } from "./keywords/compare.js";
import { constKeyword, enumConstTest, enumKeyword } from "./keywords/enum-const.js";
import { limitKeyword, multipleOfKeyword, numberFormatKeyword } from "./keywords/number.js";
import { additionalKeyword, dependentKeyword, propertiesKeyword, propertyCountKeyword, propertyNamesKeyword } from "./keywords/object.js";
import { dynamicRefKeyword, refKeyword } from "./keywords/ref.js";
import { formatKeyword, lengthKeyword, patternKeyword } from "./keywords/string.js";
import { typeError, typeTest } from "./keywords/type.js";
import { unevaluatedItemsKeyword, unevaluatedPropertiesKeyword } from "./keywords/unevaluated.js";

/** Every keyword module after the type and enum/const gates, in the order their checks run. */
const MODULES: KeywordModule[] = [
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

/** The context a place's keywords are written against: the place, its value and path, and the mode that decides how a failure is answered. */
export class PlaceCx implements KeywordCxt {
  constructor(
    readonly ctx: EmitContext,
    readonly mode: Mode,
    readonly n: IRNode,
    readonly v: Code,
    readonly p: PathExpr,
    readonly owner: boolean,
    /** Given by `sub` (see OptionalNull): the type gate's error says null may be left out. */
    readonly optional?: OptionalNull,
  ) {}

  private get fast(): boolean {
    return this.mode === "fast";
  }

  fail(bad: Code | undefined, report: () => Code, then?: Code): Code {
    if (this.fast) return bad === undefined ? code`return false;` : code`if (${bad}) return false;`;
    const stop = code`if (${report()}) return;`;
    if (bad === undefined) return then ? code`${stop} ${then}` : stop;
    return code`if (${bad}) { ${stop} ${then} }`;
  }

  failWith(bad: Code | undefined, report: () => Code[]): Code {
    if (this.fast) return bad === undefined ? code`return false;` : code`if (${bad}) return false;`;
    const stmts = this.ctx.probe ? [code`if (${this.ctx.rt("probing")}(s)) return;`, ...report()] : report();
    return bad === undefined ? code`${stmts}` : code`if (${bad}) { ${stmts} }`;
  }

  gate(bad: Code, report: () => Code[], rest: Code[], selfGated = false): Code[] {
    if (this.fast) return [code`if (${bad}) return false;`, ...rest];
    if (rest.length === 0) return selfGated ? report() : [code`if (${bad}) { ${report()} }`];
    // Braced: a report is itself an `if` (a probe stops there), and an `else` follows.
    return [code`if (${bad}) { ${report()} } else { ${rest} }`];
  }

  err(helper: string, args: Code): Code {
    return this.errAt(this.p, helper, args);
  }

  errAt(at: PathExpr, helper: string, args: Code): Code {
    return code`${this.ctx.rt(helper)}(s, ${pathCode(at)}, ${args})`;
  }

  reporting(make: () => Code[]): Code[] {
    return this.fast ? [] : make();
  }

  reportIf(ok: () => Code, stmts: Code[]): Code[] {
    return this.fast || stmts.length === 0 ? stmts : [code`if (${ok()}) { ${stmts} }`];
  }

  /** A place that enters a schema resource with $dynamicAnchors is always a function, so the dynamic scope can be extended on entry. */
  private own(node: IRNode): boolean {
    return this.ctx.dynamic && node.scope !== undefined;
  }

  /** Whether the error path checks `node` by a call of its function (else inline). A place something asks alone is a function in a probe too: the normaliser asks it without a sink (rt.fitsPlace) instead of writing a check of its own. */
  private called(node: IRNode): boolean {
    return this.own(node) || (this.fast ? this.ctx.alone.has(node) : this.ctx.probe && this.ctx.alone.has(node));
  }

  /** A place reached only from here (not a $ref target, which other places call too): its function is written as the inline code would be (its path when known at build time, an optional property's null). */
  private onlyHere(node: IRNode): boolean {
    return !this.own(node) && !this.ctx.ir.refTargets.has(node);
  }

  foldsNull(node: IRNode): boolean {
    return !this.fast && !!node.types?.length && (!this.called(node) || this.onlyHere(node));
  }

  sub(node: IRNode, v: Code, at: PathExpr, owner: boolean, optional?: OptionalNull): Code[] {
    const folded = optional !== undefined && this.foldsNull(node) ? optional : undefined;
    if (!this.called(node)) return emitNode(new PlaceCx(this.ctx, this.mode, node, v, at, owner, folded));
    if (this.fast) return [code`if (!${this.ctx.isFn(node, owner)}(${v}, ${this.ctx.d})) return false;`];
    const spec = this.onlyHere(node) ? { ...("s" in at ? { path: at.s } : {}), ...(folded ? { optional: folded } : {}) } : undefined;
    return [code`${this.ctx.errFn(node, owner, spec)}(${v}, ${this.ctx.pathArg(at)}, s, ${this.ctx.d});`];
  }

  ref(node: IRNode): Code[] {
    if (this.fast) return [code`if (!${this.ctx.isFn(node)}(${this.v}, ${this.ctx.d1})) return false;`];
    return [code`${this.ctx.errFn(node)}(${this.v}, ${this.ctx.pathArg(this.p)}, s, ${this.ctx.d1});`];
  }

  refBound(binding: Code): Code[] {
    if (this.fast) return [code`if (!${binding}.is(${this.v}, ${this.ctx.d1})) return false;`];
    return [code`${binding}.err(${this.v}, ${this.ctx.pathArg(this.p)}, s, ${this.ctx.d1});`];
  }

  fits(node: IRNode, v: Code): Code {
    return code`${this.ctx.isFn(node)}(${v}, ${this.ctx.d})`;
  }
}

/** Groups keyword statements under their type guard (omitted when `type` already implies it). */
function grouped(n: IRNode, v: Code, run: (m: KeywordModule) => Code[]): Code[] {
  const out: Code[] = [];
  for (const m of MODULES.filter((m) => m.group === "any" && m.applies(n))) out.push(...run(m));
  for (const g of GROUPS) {
    const stmts = MODULES.filter((m) => m.group === g && m.applies(n)).flatMap(run);
    if (stmts.length === 0) continue;
    out.push(groupImplied(n.types, g) ? code`${stmts}` : code`if (${groupGuard(g, v)}) { ${stmts} }`);
  }
  return out;
}

function where(n: IRNode): Code {
  return comment(n.loc === "" ? "#" : "#" + n.loc);
}

/** The statements of one place (`cx.n`) in `cx.mode`. */
export function emitNode(cx: PlaceCx): Code[] {
  const { n, v, ctx } = cx;
  if (n.bool === true) return [];
  if (n.bool === false) return [cx.fail(undefined, () => cx.err("falseErr", v))];
  let body = grouped(n, v, (m) => m.emit(cx));
  // enum/const gate: outside the allowed values, that is the one thing to say.
  const ec = enumConstTest(n, v, ctx);
  if (ec) body = cx.gate(code`!(${ec})`, () => [...(n.enum ? enumKeyword.emit(cx) : []), ...(n.const ? constKeyword.emit(cx) : [])], body, true);
  // type gate
  if (n.types && n.types.length) body = cx.gate(code`!(${typeTest(n.types, v)})`, () => [typeError(n, v, cx.p, ctx, cx.optional)], body);
  if (body.length === 0) return [];
  if (n.errorMessage !== undefined) {
    let n0: Name | undefined;
    const before = cx.reporting(() => [code`const ${(n0 = ctx.names.fresh("n"))} = ${ctx.sinkLength()};`]);
    return [where(n), ...before, ...body, ...cx.reporting(() => [code`${ctx.rt("overrideMessages")}(s, ${n0!}, ${lit(n.errorMessage)});`])];
  }
  return [where(n), ...body];
}
