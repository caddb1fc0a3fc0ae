// The functions of one validator: the root's, then one per $ref target, combinator
// branch and place asked alone, each written (as a fast check or an error function,
// from the same keyword definitions: node.ts) when first needed.
import type { IR, IRNode } from "../../schema/ir.js";
import { ann, code, comment, params, refsOf, tsOnly, type Code, type Name } from "../code.js";
import { EmitContext, type PathExpr, type QueuedFn, type ValidatorOptions } from "./context.js";
import { placesTestedAlone } from "../normalizer/analysis.js";
import { evalItemsBody, evalPropsBody } from "./keywords/unevaluated.js";
import { emitNode, PlaceCx } from "./node.js";
import { errorsInPathOrder } from "./order.js";
// Recursive functions count their calls against this budget (exponential anyOf/oneOf recursion; see the runtime's `work`).
import { WORK_MAX } from "@toolform/runtime/rt/budget";

export interface EmittedValidator {
  /** Module-level constants, then the functions. */
  body: Code;
  /** Runtime helpers the body uses (as `rt.<name>`). */
  runtime: Set<string>;
  /** `(v) => boolean` and `(v, s) => void` entry points. */
  is: Name;
  collect: Name;
  /**
   * The context the validator was written in and the names of the constants and functions
   * it kept: the same tool's normaliser writes on in that context (normalizer/functions.ts),
   * so it calls the validator's functions instead of writing its own. Absent for validators
   * with unevaluatedProperties/Items (their annotation collectors are not shared).
   */
  shared?: SharedValidator;
}

export interface SharedValidator {
  ctx: EmitContext;
  emitted: ReadonlySet<string>;
}

export function emitValidator(ir: IR, opts: ValidatorOptions): EmittedValidator {
  const dynamic = ir.nodes.some((n) => n.dynamicRef !== undefined);
  const ctx = new EmitContext(ir, opts, dynamic ? undefined : placesTestedAlone(ir));
  // The root's error function knows its path statically ("") unless a $ref re-enters it.
  const rootErr = ctx.errFn(ir.root, true, ctx.isRecursive(ir.root) ? undefined : { path: "" });
  const is = ctx.names.fresh("is");
  const collect = ctx.names.fresh("collect");
  const entries = ctx.probe
    ? // The error path run without a sink: its helpers count failures and make nothing (one function per place instead of two);
      // the runtime makes both entries from the root's error function (one call per tool, not two generated functions).
      [
        code`${tsOnly(code`/** ${is}: true when the arguments fit (allocates nothing: the error path, run without a sink, counts failures); ${collect}: every error, run only when ${is} said no. */`)}
    const [${is}, ${collect}] = ${ctx.rt("rootEntries")}(${rootErr}, ${errorsInPathOrder(ir) ? code`true` : code`false`});`,
      ]
    : [
        code`${tsOnly(code`/** Fast path: true when the arguments fit. Allocates nothing. */`)}
    function ${is}(v${ann(code`unknown`)})${ann(code`boolean`)} { return ${ctx.isFn(ir.root, true)}(v, 0${ctx.dynamic ? code`, undefined` : code``}); }`,
        collectEntry(collect, is, code`${rootErr}(v, "", s, 0${ctx.dynamic ? code`, undefined` : code``});`, errorsInPathOrder(ir)),
      ];
  writeQueued(ctx);
  const kept = new Set(referencedOnly([...ctx.consts, ...ctx.functions], entries));
  const used = (c: { fn: Code }) => kept.has(c.fn);
  const body = code`${ctx.consts.filter(used).map((c) => c.fn)}\n\n${ctx.functions.filter(used).map((f) => f.fn)}\n${entries}`;
  const emitted = new Set([...ctx.consts, ...ctx.functions].filter(used).map((x) => x.name.text));
  const annotations = ir.nodes.some((n) => n.unevaluatedProperties !== undefined || n.unevaluatedItems !== undefined);
  return { body, runtime: refsOf(body).runtime, is, collect, ...(annotations ? {} : { shared: { ctx, emitted } }) };
}

/**
 * The fast checks alone, for build-time use (src/emit/example-check.ts checks example
 * candidates with them): an `is_*(v, d)` function for each of `nodes` (each asked
 * alone, so no place's code is written twice), no error functions, every constant and
 * function kept. Not for a schema with $dynamicRef (a check starting mid-schema would
 * start without the dynamic scope).
 */
export function emitChecks(ir: IR, opts: ValidatorOptions, nodes: readonly IRNode[]): { body: Code; names: Map<IRNode, Name> } {
  if (ir.nodes.some((n) => n.dynamicRef !== undefined)) throw new Error("emitChecks: not for a schema with $dynamicRef");
  const ctx = new EmitContext(ir, opts, new Set(nodes));
  // Each place's function is made where the root's checks first reach it, so it owns its instance
  // as in the validator (under unknownArgs "reject" an owner closes its object); then the places
  // the root does not reach.
  if (ctx.alone.has(ir.root)) ctx.isFn(ir.root, true);
  writeQueued(ctx);
  const names = new Map(nodes.map((n) => [n, ctx.isFn(n)] as const));
  writeQueued(ctx);
  return { body: code`${ctx.consts.map((c) => c.fn)}\n\n${ctx.functions.map((f) => f.fn)}`, names };
}

/**
 * Writes every function `ctx` has queued, and those they queue (place checks and the
 * annotation collectors of unevaluatedProperties/Items, which may queue more of each
 * other), into ctx.functions. The normaliser calls it again for what it asks.
 */
export function writeQueued(ctx: EmitContext): void {
  for (let e = ctx.nextEval(), f = ctx.next(); e || f; e = ctx.nextEval(), f = ctx.next()) {
    if (e) {
      ctx.names.restartLocals();
      const body = e.kind === "props" ? evalPropsBody(e.node, ctx, e.self) : evalItemsBody(e.node, ctx, e.self);
      ctx.functions.push({ name: e.name, fn: code`function ${e.name}(${params(code`v${ann(code`any`)}, ${ctx.dParams}, out${ann(code`Set<${e.kind === "props" ? code`string` : code`number`}>`)}`, body)})${ann(code`void`)} { ${body} }` });
    }
    if (f) ctx.functions.push({ name: f.name, fn: placeFunction(ctx, f) });
  }
}

/**
 * One place's function: its fast check `is_*(v, d)` or its error function `err_*(v, p, s, d)`.
 * Recursive (ref-target) ones count their calls against the runtime's work budget before the
 * depth bound; an error-path call counts 4 (it allocates: branch arrays, errors), 1 in a probe.
 */
function placeFunction(ctx: EmitContext, { node, mode, name, owner, spec }: QueuedFn): Code {
  const { ir, opts } = ctx;
  const bounded = ctx.isRecursive(node);
  // Entering a schema resource that declares $dynamicAnchors extends the dynamic scope
  // (the outermost resource's anchor wins, so names already bound are kept).
  const enter = ctx.dynamic && node.scope ? code`ds = ${ctx.rt("enterScope")}(ds, ${ctx.scopeConst(node)});` : code``;
  ctx.names.restartLocals();
  if (mode === "fast") {
    const body = code`${bounded ? code`if (++${ctx.rt("work")}.n > ${WORK_MAX} || d > ${opts.maxDepth}) return false;` : code``}
        ${enter}
        ${emitNode(new PlaceCx(ctx, "fast", node, code`v`, { s: "" }, owner))}
        return true;`;
    return code`${comment(`${node === ir.root ? "root schema" : "schema at #" + node.loc}${bounded ? " (recursive: depth-bounded)" : ""}`)}
      function ${name}(${params(code`v${ann(code`any`)}, ${ctx.dParams}`, body)})${ann(code`boolean`)} {
        ${body}
      }`;
  }
  const p: PathExpr = spec?.path !== undefined ? { s: spec.path } : { c: code`p` };
  const errs = emitNode(new PlaceCx(ctx, "errors", node, code`v`, p, owner, spec?.optional));
  // In a probe a call counts 1, as on the fast path, and running out is a failure.
  const budget = ctx.probe
    ? code`if ((${ctx.rt("work")}.n += s === null ? 1 : 4) > ${WORK_MAX}) return void ${ctx.rt("probing")}(s);`
    : code`if ((${ctx.rt("work")}.n += 4) > ${WORK_MAX}) return;`;
  const body = code`${bounded ? code`${budget} if (d > ${opts.maxDepth}) { ${ctx.rt("depthErr")}(s, p, v, ${opts.maxDepth}); return; }` : code``}
        ${enter}
        ${errs}`;
  return code`function ${name}(${params(code`v${ann(code`any`)}, p${ann(code`string`)}, s${ann(ctx.sinkType())}, ${ctx.dParams}`, body)})${ann(code`void`)} {
        ${body}
      }`;
}

/**
 * The constants and functions the entry points `entries` reach (directly, or through
 * others they reach), in their order. A branch's error function may go unused (a
 * nullable anyOf reports the non-null branch only), and with it the constants only it
 * used: left out, so generated code passes noUnusedLocals and ships nothing dead (two
 * recursive checks that only call each other included). What a fragment reaches is read
 * from the names spliced into it (refsOf), once per fragment.
 */
export function referencedOnly(items: readonly { name: Name; fn: Code }[], entries: readonly Code[]): Code[] {
  const byName = new Map(items.map((f) => [f.name.text, f]));
  const reached = new Set<{ name: Name; fn: Code }>();
  const todo: { name: Name; fn: Code }[] = [];
  const reach = (from: Code | readonly Code[]) => {
    for (const n of refsOf(from).names) {
      const f = byName.get(n);
      if (f && !reached.has(f)) todo.push(f);
    }
  };
  reach(entries);
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (reached.has(f)) continue;
    reached.add(f);
    reach(f.fn);
  }
  return items.filter((f) => reached.has(f)).map((f) => f.fn);
}

/** The error path's entry; it returns true when the errors come in the feedback's order (errorsInPathOrder), so the report need not sort them. */
function collectEntry(collect: Name, is: Name, call: Code, inOrder: boolean): Code {
  return inOrder
    ? code`${tsOnly(code`/** Error path: runs only when ${is} said no. True: the errors come in the feedback's order (grouped by path; see errorsInPathOrder). */`)}
    function ${collect}(v${ann(code`unknown`)}, s${ann(code`rt.ValidationError[]`)})${ann(code`boolean`)} { ${call} return true; }`
    : code`${tsOnly(code`/** Error path: runs only when ${is} said no. */`)}
    function ${collect}(v${ann(code`unknown`)}, s${ann(code`rt.ValidationError[]`)})${ann(code`void`)} { ${call} }`;
}
