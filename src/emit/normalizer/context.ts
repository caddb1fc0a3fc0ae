// State shared by the normaliser rules while one tool's normaliser is written:
// the queue of `nz_*` functions (one per schema place that has anything to
// repair), and the validator's EmitContext for the checks a repair must pass
// ("only when it fits"): the tool's validator's own when it shares it, else one
// of its own. Both share one Names, so nothing collides; the whole normaliser is
// emitted inside its own closure, so nothing collides with the validator's
// module-level names either.
import type { IR, IRNode } from "../../schema/ir.js";
import { code, type Code, type Name } from "../code.js";
import { EmitContext, type ValidatorOptions } from "../validator/context.js";
import type { SharedValidator } from "../validator/functions.js";
import { nodesWithWork, nullRefusers, requiredByInstance } from "./analysis.js";

export interface NzFn {
  /** A function of the normaliser, or the runtime's own (`rt.nzToString`) where that does all the place needs. */
  name: Code;
  /** The place owns its instance (a property, item or map value, or the root), as the validator's `owner`. */
  owner: boolean;
  /** Places that only cast a scalar share one function per wanted type (its key, e.g. "scalar:string"). */
  shared?: string;
}

export class NormContext {
  /** Validator context for the checks the rules call. */
  readonly vctx: EmitContext;
  readonly work: Set<IRNode>;
  readonly required: Map<IRNode, Set<string>>;
  /** The places that surely refuse null (analysis.ts nullRefusers): an optional property's null is dropped there. */
  readonly refusesNull: ReadonlySet<IRNode>;
  /** Parameter of the closure: the tool's own fast validator (`is(args)`), used for the root. */
  readonly isArgs: Name;
  private fns = new Map<IRNode, NzFn>();
  private sharedFns = new Map<string, NzFn>();
  /**
   * Set by the emitter: the key under which places whose function would be the
   * same text share one (undefined: the place gets its own).
   */
  shareKey: (node: IRNode) => string | undefined = () => undefined;
  private queue: { node: IRNode; fn: NzFn; name: Name }[] = [];

  /** With a shared context: the validator's constants and functions, already in the tool's scope. */
  readonly inScope: ReadonlySet<string>;

  constructor(
    readonly ir: IR,
    readonly opts: ValidatorOptions,
    /** The context the tool's validator was written in (EmittedValidator.shared), when it shares one. */
    shared?: SharedValidator,
  ) {
    this.vctx = shared?.ctx ?? new EmitContext(ir, opts);
    this.inScope = shared?.emitted ?? new Set();
    this.required = requiredByInstance(ir);
    this.refusesNull = nullRefusers(ir);
    this.work = nodesWithWork(ir, this.required, this.refusesNull);
    this.isArgs = this.vctx.names.fresh("isArgs");
  }

  get names() {
    return this.vctx.names;
  }

  rt(name: string): Code {
    return this.vctx.rt(name);
  }

  /** Whether normalising `node` can change anything. */
  hasWork(node: IRNode): boolean {
    return this.work.has(node);
  }

  /** The `nz_*` function of a node (queued on first use), or undefined when the node never repairs anything. */
  nz(node: IRNode, owner: boolean): NzFn | undefined {
    if (!this.work.has(node)) return undefined;
    let f = this.fns.get(node);
    if (!f) {
      const key = this.shareKey(node);
      const runtime = key?.startsWith("runtime:") ? key.slice("runtime:".length) : undefined;
      if (runtime) {
        f = { name: this.rt(runtime), owner };
        this.fns.set(node, f);
        return f;
      }
      f = key === undefined ? undefined : this.sharedFns.get(key);
      if (!f) {
        const name = this.names.fresh(`nz_${node.id}_`);
        f = { name, owner, shared: key };
        if (key !== undefined) this.sharedFns.set(key, f);
        this.queue.push({ node, fn: f, name });
      }
      this.fns.set(node, f);
    }
    return f;
  }

  /** A call of a node's normaliser on `x` at path `p`, assigned back; nothing when the node has no work. */
  call(node: IRNode, owner: boolean, x: Code, p: Code, depth: Code = code`d`): Code | undefined {
    const f = this.nz(node, owner);
    return f ? code`${f.name}(${x}, ${p}, r, m, ${depth})` : undefined;
  }

  next(): { node: IRNode; fn: NzFn; name: Name } | undefined {
    return this.queue.shift();
  }

  /** The error function of `node` (the root's too), which the runtime asks whether a value fits it, without a sink (rt.fitsPlace). */
  fitsFn(node: IRNode, owner: boolean): Code {
    return this.vctx.errFn(node, node === this.ir.root || owner);
  }

  /** Expression: `w` fits an applicator branch (never an owner). */
  fitsBranch(node: IRNode, w: Code): Code {
    return code`${this.vctx.isFn(node)}(${w}, d)`;
  }
}
