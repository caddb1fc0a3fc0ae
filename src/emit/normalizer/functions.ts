// The normaliser of one tool: one `nz_*` function per schema place that can
// repair anything, the checks its repairs must pass (the validator's), and the entry
// `(args, mode, repairs) => value`, all inside one closure (so its names never
// meet the validator's). The entry returns the input itself when it already
// fits (the validator's fast path says so) — nothing is copied or allocated.
import type { IR, IRNode } from "../../schema/ir.js";
import { ann, code, comment, Names, params, RtRef, tsOnly, type Code, type Name } from "../code.js";
import type { ValidatorOptions } from "../validator/context.js";
import { referencedOnly, writeQueued, type SharedValidator } from "../validator/functions.js";
import { wantedTypes } from "./analysis.js";
import { allOfRule, anyOfRule, dependentRule, ifRule, oneOfRule, refRule } from "./applicators.js";
import { arrayRule } from "./array.js";
import { containerRule } from "./container.js";
import { NormContext } from "./context.js";
import { enumRule } from "./enum.js";
import { objectRule } from "./object.js";
import type { NormRule } from "./rule.js";
import { runtimeCast, scalarRule } from "./scalar.js";
// Recursive functions count their calls against the runtime's work budget (see `work` in @toolform/runtime's src/rt/budget.ts).
import { WORK_MAX } from "@toolform/runtime/rt/budget";

/** Every rule, in the order its statements run at one place. */
export const RULES: readonly NormRule[] = [scalarRule, containerRule, enumRule, objectRule, arrayRule, refRule, allOfRule, anyOfRule, oneOfRule, ifRule, dependentRule];

export interface EmittedNormalizer {
  /** `const <entry> = ...;` — put after the validator's functions (it calls the validator's `is`). */
  body: Code;
  /** `(args: unknown, mode: number, repairs: rt.Repair[]) => unknown`, for makeTool's `normalize`. */
  entry: Name;
}

const ENTRY_DOC = tsOnly(code`/**
 * Normaliser (docs/normalize.md): (args, mode, repairs) => value. mode 1 lenient,
 * 2 normalized, 3 compare (normalized, then strings trimmed and lower-cased).
 * Never mutates args; returns args itself when nothing is repaired.
 */`);

function entryName(ctxNames: { fresh(p: string): Name }, avoid: readonly string[]): Name {
  let n = ctxNames.fresh("normalize");
  while (avoid.includes(n.text)) n = ctxNames.fresh("normalize");
  return n;
}

/**
 * Emits the normaliser of a tool from its IR. `validator`: the tool's validator (emitValidator),
 * whose `is` is the entry's `(v) => boolean` and in whose context, when it shares one, the
 * normaliser writes on; `avoid` lists module-level names the normaliser's one module-level
 * constant must not take (the tool's identifier).
 */
export function emitNormalizer(ir: IR, opts: ValidatorOptions, validator: { is: Code; shared?: SharedValidator }, avoid: readonly string[] = []): EmittedNormalizer {
  const isEntry = validator.is;
  const ctx = new NormContext(ir, opts, validator.shared);
  // A validator that threads a dynamic scope ($dynamicRef) through its functions is not
  // one these repairs can call with a bare depth: such tools repair nothing (yet).
  if (ctx.vctx.dynamic) return emitIdentityNormalizer(avoid);
  const entry = entryName(ctx.names, avoid);
  ctx.shareKey = (node) => scalarShareKey(node, ctx);
  // As the validator: the root owns its instance, also when a $ref re-enters it.
  if (ir.refTargets.has(ir.root)) {
    ctx.vctx.errFn(ir.root, true);
    ctx.vctx.isFn(ir.root, true);
  }
  const root = ctx.nz(ir.root, true);
  const fns: { name: Name; fn: Code }[] = [];
  for (let item = ctx.next(); item; item = ctx.next()) {
    const { node, fn, name } = item;
    const bounded = ir.refTargets.has(node);
    ctx.names.restartLocals();
    const stmts = RULES.filter((r) => r.applies(node, ctx)).flatMap((r) => r.emit(node, ctx, fn));
    const body = code`${bounded ? code`if (++${ctx.rt("work")}.n > ${WORK_MAX} || d > ${opts.maxDepth}) throw ${ctx.rt("NZ_ABORT")};` : code``}
        ${stmts}
        return v;`;
    fns.push({
      name,
      fn: code`${comment(fn.shared ? `normalise every place that only casts to ${fn.shared.slice("scalar:".length)} (first: #${node.loc})` : `normalise ${node === ir.root ? "the root schema" : "#" + node.loc}${bounded ? " (recursive: depth-bounded)" : ""}`)}
      function ${fn.name}(${params(code`v${ann(code`any`)}, p${ann(code`string`)}, r${ann(code`rt.Repair[]`)}, m${ann(code`number`)}, d${ann(code`number`)}`, body)})${ann(code`any`)} {
        ${body}
      }`,
    });
  }
  const fold = ctx.rt("nzFold");
  const run = root ? code`${ctx.rt("nzEntry")}(${validator.shared ? isEntry : ctx.isArgs}, ${root.name})` : code`(v${ann(code`unknown`)}, m${ann(code`number`)}, _r${ann(code`rt.Repair[]`)})${ann(code`unknown`)} => (m === 3 ? ${fold}(v) : v)`;
  // The checks the repairs ask, written in the validator's context: those it kept are in the
  // tool's scope already; the rest (those it wrote but left out, those it never needed) go here.
  writeQueued(ctx.vctx);
  const theirs = [...ctx.vctx.consts, ...ctx.vctx.functions].filter((c) => !ctx.inScope.has(c.name.text));
  const decls = referencedOnly([...theirs, ...fns], [run]);
  // Written in the validator's context, its names never meet the validator's: it goes in the
  // tool's scope as it is, the entry first (its functions are hoisted, and its constants are
  // read only when it runs). Else in a closure of its own, which gets the tool's `is`.
  const body = validator.shared
    ? code`${ENTRY_DOC}
const ${entry} = ${run};
${decls}`
    : code`${ENTRY_DOC}
const ${entry} = ((${params(code`${ctx.isArgs}${ann(code`(v: unknown) => boolean`)}`, [...decls, run])}) => {
  ${decls}
  return ${run};
})(${isEntry});`;
  return { body, entry };
}

/**
 * A place whose only rule is the scalar cast writes the same function as every
 * other such place wanting the same types (the cast reads nothing else of the
 * schema): those places share one. Not the root, nor a $ref target (those count
 * their calls).
 */
function scalarShareKey(node: IRNode, ctx: NormContext): string | undefined {
  if (node === ctx.ir.root || ctx.ir.refTargets.has(node)) return undefined;
  const rules = RULES.filter((r) => r.applies(node, ctx));
  if (rules.length !== 1 || rules[0] !== scalarRule) return undefined;
  const types = wantedTypes(node)!;
  const cast = runtimeCast(types);
  return cast ? `runtime:${cast}` : `scalar:${types.join(" or ")}`;
}

/** For tools without an IR normaliser (engine "ajv"): compare mode still folds strings; nothing is repaired. */
export function emitIdentityNormalizer(avoid: readonly string[] = []): EmittedNormalizer {
  const entry = entryName(new Names(["rt"]), avoid);
  return {
    body: code`${ENTRY_DOC}
const ${entry} = (v${ann(code`unknown`)}, m${ann(code`number`)}, _r${ann(code`rt.Repair[]`)})${ann(code`unknown`)} => (m === 3 ? ${new RtRef("nzFold")}(v) : v);`,
    entry,
  };
}
