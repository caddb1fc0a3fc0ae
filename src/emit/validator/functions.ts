// The functions of one validator: the root pair, then one pair per $ref target
// and per combinator branch, emitted as they are first needed.
import type { IR } from "../../schema/ir.js";
import { ann, code, comment, params, tsOnly, type Code, type Name } from "../code.js";
import type { IRNode } from "../../schema/ir.js";
import { EmitContext, type FnNames, type ValidatorOptions } from "./context.js";
import { placesTestedAlone } from "../normalizer/analysis.js";
import { evalItemsBody, evalPropsBody } from "./keywords/unevaluated.js";
import { errorNode, fastNode, makeSub } from "./node.js";
import { errorsInPathOrder } from "./order.js";
// Recursive functions count their calls against this budget (exponential anyOf/oneOf recursion; see the runtime's `work`).
import { WORK_MAX } from "@toolform/runtime/rt/budget";

export interface EmittedValidator {
  /** Module-level constants, then the functions. */
  body: Code;
  /** Runtime helpers to import from ./_runtime.js. */
  runtime: Set<string>;
  /** `(v) => boolean` and `(v, s) => void` entry points. */
  is: Name;
  collect: Name;
}

export function emitValidator(ir: IR, opts: ValidatorOptions): EmittedValidator {
  const ctx = new EmitContext(ir, opts);
  if (!ctx.dynamic) ctx.alone = placesTestedAlone(ir);
  const root = ctx.fn(ir.root, true);
  const fns = emitQueued(ctx, false);
  const is = ctx.names.fresh("is");
  const collect = ctx.names.fresh("collect");
  const entries = [
    ctx.probe
      ? // The error path run without a sink: its helpers count failures and make nothing (one function per place instead of two).
        code`${tsOnly(code`/** Fast path: true when the arguments fit. Allocates nothing: the error path, run without a sink, counts failures. */`)}
    function ${is}(v${ann(code`unknown`)})${ann(code`boolean`)} { return ${ctx.rt("fitsPlace")}(${root.err}, v, 0); }`
      : code`${tsOnly(code`/** Fast path: true when the arguments fit. Allocates nothing. */`)}
    function ${is}(v${ann(code`unknown`)})${ann(code`boolean`)} { return ${root.is}(v, 0${ctx.dynamic ? code`, undefined` : code``}); }`,
    collectEntry(collect, is, code`${root.err}(v, "", s, 0${ctx.dynamic ? code`, undefined` : code``});`, errorsInPathOrder(ir)),
  ];
  const consts = ctx.consts.map((c) => ({ name: constName(c), fn: c }));
  const all = [...consts, ...fns.map((f) => ({ name: f.name.text, fn: f.fn }))];
  const kept = new Set(referencedOnly(all, entries));
  const used = (c: Code) => kept.has(c);
  const emitted = new Set(all.filter((x) => kept.has(x.fn)).map((x) => x.name));
  if (!ir.nodes.some((n) => n.unevaluatedProperties !== undefined || n.unevaluatedItems !== undefined)) written.set(is, { ctx, emitted });
  return { body: code`${ctx.consts.filter(used)}\n\n${fns.map((f) => f.fn).filter(used)}\n${entries}`, runtime: ctx.runtime, is, collect };
}

/**
 * The fast checks alone, for build-time use (src/emit/example-check.ts checks example
 * candidates with them): an `is_*(v, d)` function for each of `nodes` (each tested
 * alone, so no place's code is written twice), no error functions, every constant and
 * function kept. Not for a schema with $dynamicRef (a check starting mid-schema would
 * start without the dynamic scope).
 */
export function emitChecks(ir: IR, opts: ValidatorOptions, nodes: readonly IRNode[]): { body: Code; names: Map<IRNode, Name> } {
  const ctx = new EmitContext(ir, opts);
  if (ctx.dynamic) throw new Error("emitChecks: not for a schema with $dynamicRef");
  ctx.alone = new Set(nodes);
  // Each place's function is made where the root's checks first reach it, so it owns its instance
  // as in the validator (under unknownArgs "reject" an owner closes its object); then the places
  // the root does not reach.
  if (ctx.alone.has(ir.root)) ctx.fn(ir.root, true);
  const fns = emitQueued(ctx, true);
  for (const n of nodes) ctx.fn(n);
  fns.push(...emitQueued(ctx, true));
  const names = new Map(nodes.map((n) => [n, ctx.fn(n).is] as const));
  return { body: code`${ctx.consts}\n\n${fns.map((f) => f.fn)}`, names };
}

/** Every function `ctx` has queued, and those they queue: is/err pairs (only `is` when `isOnly`) and annotation collectors. */
function emitQueued(ctx: EmitContext, isOnly: boolean): { name: Name; fn: Code }[] {
  const { ir, opts } = ctx;
  const sub = makeSub(ctx);
  const fns: { name: Name; fn: Code }[] = [];
  const rootIsRecursive = ctx.isRecursive(ir.root);
  // Entering a schema resource that declares $dynamicAnchors extends the dynamic scope
  // (the outermost resource's anchor wins, so names already bound are kept).
  const enter = (node: IRNode): Code => (ctx.dynamic && node.scope ? code`ds = ${ctx.rt("enterScope")}(ds, ${ctx.scopeConst(node)});` : code``);
  // Recursive (ref-target) functions count calls against the runtime's work budget before the
  // depth bound; an error-path call counts 4 (it allocates: branch arrays, errors).
  const pairFor = ({ node, names, owner }: { node: IRNode; names: FnNames; owner: boolean }): { name: Name; fn: Code }[] => {
    const bounded = ctx.isRecursive(node);
    // The root's error function knows its path statically ("") unless a $ref re-enters it.
    const staticRoot = node === ir.root && !rootIsRecursive;
    const v = code`v`;
    // The node's own body (sub.fast would turn a scope-entering node into a call to this very function).
    ctx.names.restartLocals();
    const fast = fastNode(node, v, ctx, sub, owner);
    let errs: Code[] = [];
    if (!isOnly) {
      ctx.names.restartLocals();
      ctx.optionalNull = ctx.optionalAt.get(node);
      const known = staticRoot ? "" : ctx.staticPaths.get(node);
      errs = errorNode(node, v, known !== undefined ? { s: known } : { c: code`p` }, ctx, sub, owner);
    }
    const isBody = code`${bounded ? code`if (++${ctx.rt("work")}.n > ${WORK_MAX} || d > ${opts.maxDepth}) return false;` : code``}
        ${enter(node)}
        ${fast}
        return true;`;
    const isFn = { name: names.is, fn: code`${comment(`${node === ir.root ? "root schema" : "schema at #" + node.loc}${bounded ? " (recursive: depth-bounded)" : ""}`)}
      function ${names.is}(${params(code`v${ann(code`any`)}, ${ctx.dParams}`, isBody)})${ann(code`boolean`)} {
        ${isBody}
      }` };
    if (isOnly) return [isFn];
    // In a probe a call counts 1, as on the fast path, and running out is a failure.
    const budget = ctx.probe
      ? code`if ((${ctx.rt("work")}.n += s === null ? 1 : 4) > ${WORK_MAX}) return void ${ctx.rt("probing")}(s);`
      : code`if ((${ctx.rt("work")}.n += 4) > ${WORK_MAX}) return;`;
    const errBody = code`${bounded ? code`${budget} if (d > ${opts.maxDepth}) { ${ctx.rt("depthErr")}(s, p, v, ${opts.maxDepth}); return; }` : code``}
        ${enter(node)}
        ${errs}`;
    return [
      isFn,
      { name: names.err, fn: code`function ${names.err}(${params(code`v${ann(code`any`)}, p${ann(code`string`)}, s${ann(ctx.sinkType())}, ${ctx.dParams}`, errBody)})${ann(code`void`)} {
        ${errBody}
      }` },
    ];
  };
  // Functions are emitted as first needed: is/err pairs (ref targets, branches) and the
  // annotation collectors of unevaluatedProperties/Items, which may queue more of each other.
  for (let e = ctx.nextEval(), f = ctx.next(); e || f; e = ctx.nextEval(), f = ctx.next()) {
    if (e) {
      ctx.names.restartLocals();
      const body = e.kind === "props" ? evalPropsBody(e.node, ctx, e.self) : evalItemsBody(e.node, ctx, e.self);
      fns.push({ name: e.name, fn: code`function ${e.name}(${params(code`v${ann(code`any`)}, ${ctx.dParams}, out${ann(code`Set<${e.kind === "props" ? code`string` : code`number`}>`)}`, body)})${ann(code`void`)} { ${body} }` });
    }
    if (f) fns.push(...pairFor(f));
  }
  return fns;
}

/**
 * The context a validator was written with and the names of the constants and
 * functions it kept, by its `is` entry: the same tool's normaliser writes on in that
 * context (normalizer/functions.ts), so it calls the validator's `is_*` functions
 * instead of writing its own. Not for validators with unevaluatedProperties/Items
 * (their annotation collectors are not shared).
 */
const written = new WeakMap<Code, { ctx: EmitContext; emitted: ReadonlySet<string> }>();

export function writtenValidator(isEntry: Code): { ctx: EmitContext; emitted: ReadonlySet<string> } | undefined {
  return written.get(isEntry);
}

/** The name of a constant of EmitContext.constant (`const <name> = …;`). */
export function constName(c: Code): string {
  return /^const ([\w$]+)/.exec(c.text)![1]!;
}

/**
 * The constants and functions the entry points `entries` reach (directly, or through
 * others they reach), in their order. A pair is made whole, but a branch's error
 * function may go unused (a nullable anyOf reports the non-null branch only), a
 * place's `is_*` is unused when only the error path checks it, and with them the
 * constants only they used: left out, so generated code passes noUnusedLocals and
 * ships nothing dead (two recursive checks that only call each other included).
 */
export function referencedOnly(items: readonly { name: string; fn: Code }[], entries: readonly Code[]): Code[] {
  // A name is referenced where it stands as a whole word (no [\w$] on either side): for a
  // name made of [\w$] only, exactly when it is one of the text's maximal [\w$]+ runs, so
  // each text is scanned once (linear in the code, however many functions; a 2,000-target
  // $ref chain made this quadratic). Any other name is searched for as before.
  const byWord = new Map<string, { name: string; fn: Code }[]>();
  const other: { f: { name: string; fn: Code }; re: RegExp }[] = [];
  for (const f of items) {
    if (/^[\w$]+$/.test(f.name)) {
      const list = byWord.get(f.name);
      if (list) list.push(f);
      else byWord.set(f.name, [f]);
    } else other.push({ f, re: new RegExp(`(?<![\\w$])${f.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`) });
  }
  const named = (text: string): { name: string; fn: Code }[] => {
    const out: { name: string; fn: Code }[] = [];
    for (const w of text.match(/[\w$]+/g) ?? []) out.push(...(byWord.get(w) ?? []));
    for (const { f, re } of other) if (re.test(text)) out.push(f);
    return out;
  };
  const reached = new Set<Code>();
  const todo = entries.flatMap((e) => named(e.text));
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (reached.has(f.fn)) continue;
    reached.add(f.fn);
    for (const g of named(f.fn.text)) if (!reached.has(g.fn)) todo.push(g);
  }
  return items.filter((f) => reached.has(f.fn)).map((f) => f.fn);
}

/** The error path's entry; it returns true when the errors come in the feedback's order (errorsInPathOrder), so the report need not sort them. */
function collectEntry(collect: Name, is: Name, call: Code, inOrder: boolean): Code {
  return inOrder
    ? code`${tsOnly(code`/** Error path: runs only when ${is} said no. True: the errors come in the feedback's order (grouped by path; see errorsInPathOrder). */`)}
    function ${collect}(v${ann(code`unknown`)}, s${ann(code`rt.ValidationError[]`)})${ann(code`boolean`)} { ${call} return true; }`
    : code`${tsOnly(code`/** Error path: runs only when ${is} said no. */`)}
    function ${collect}(v${ann(code`unknown`)}, s${ann(code`rt.ValidationError[]`)})${ann(code`void`)} { ${call} }`;
}
