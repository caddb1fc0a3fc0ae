// State shared by the keyword emitters while one validator module is written:
// fresh names, module-level constants, runtime imports, and the queue of
// functions (ref targets, combinator branches) still to emit.
import type { IR, IRNode } from "../../schema/ir.js";
import { linearProgram } from "../../schema/lint/redos.js";
import { ann, Code, code, join, lit, LOCAL_BASES, Name, Names } from "../code.js";
import type { UnknownArgs } from "../../config/types.js";

export interface ValidatorOptions {
  /** "reject": arguments a tool does not declare are errors (a silently ignored argument is where rejection helps). "schema": only what the schema forbids. */
  unknownArgs: UnknownArgs;
  /** Tool name, for messages ("is not a parameter of <tool>"). */
  toolName: string;
  /** Recursion bound for recursive schemas ($ref cycles), reported as a constraint error. */
  maxDepth: number;
  /** Longest string a `pattern` is ever run on (a bound against slow regexes). */
  maxPatternInput: number;
  /** Names declared beside the validator at module level (the tool's exported identifier): fresh names skip them. */
  moduleNames?: readonly string[];
}

/** A path in the error path: known at build time, or computed at run time. */
export type PathExpr = { s: string } | { c: Code };

export interface FnNames {
  is: Name;
  err: Name;
}

export class EmitContext {
  readonly names = new Names(["rt"]);
  /** Module-level `const` declarations (regexes, key lists, enum arrays). */
  readonly consts: Code[] = [];
  /** Runtime helpers used (all reached as `rt.<name>`: the module imports ./_runtime.js as `rt`, so
   *  no helper name can collide with a type name json-schema-to-typescript derives from the schema). */
  readonly runtime = new Set<string>();
  private fns = new Map<IRNode, FnNames>();
  private queue: { node: IRNode; names: FnNames; owner: boolean }[] = [];
  private evalFns = new Map<string, Name>();
  private evalQueue: { node: IRNode; kind: "props" | "items"; name: Name; self: boolean }[] = [];
  private constCache = new Map<string, Name>();

  /**
   * An optional property's place whose type gate refuses null, about to be written (set by
   * properties/required, taken by errorNode): its type error then says, for null, that the
   * field can be left out (rt.optTypeErr), instead of a nullOptional pass after it.
   * `phrase`: what the field takes, in words, when the type's own phrase says less; `taken`:
   * set by errorNode when it wrote that gate.
   */
  optionalNull: { node: IRNode; phrase: string | undefined; taken: boolean } | undefined;

  /** A place the normaliser tests alone, called from one place whose path is known at build time: that path (functions.ts writes it into the function). */
  readonly staticPaths = new Map<IRNode, string>();

  /** The optionalNull of a place checked by a call of its own function, for when that function is written (functions.ts). */
  readonly optionalAt = new Map<IRNode, { node: IRNode; phrase: string | undefined; taken: boolean }>();

  /**
   * Places checked by a call of their own function rather than inline, because the
   * normaliser tests them alone too and asks the same function: their error function
   * (in a probe, node.ts), and their `is_*` where a fast path reaches them.
   */
  alone: ReadonlySet<IRNode> = new Set();

  /** Whether the schema uses $dynamicRef: then every function also carries the dynamic scope `ds`. */
  readonly dynamic: boolean;
  /**
   * Whether the tool's `is` runs the error path without a sink (`s` null: failures counted by rt.probing)
   * instead of a fast-path function of its own: then every error function may get `s` null, and
   * whatever it does with `s` besides handing it to an error helper is guarded. Not with
   * $dynamicRef (its scope bindings name the `is` functions).
   */
  readonly probe: boolean;
  /** Arguments after the value for a call at the same depth: `d` (and `ds`). */
  readonly d: Code;
  /** The same, one $ref deeper. */
  readonly d1: Code;
  /** Parameters after the value in a function definition. */
  readonly dParams: Code;

  constructor(
    readonly ir: IR,
    readonly opts: ValidatorOptions,
  ) {
    for (const n of opts.moduleNames ?? []) this.names.avoid(n);
    this.dynamic = ir.nodes.some((n) => n.dynamicRef !== undefined);
    this.probe = !this.dynamic;
    this.d = this.dynamic ? code`d, ds` : code`d`;
    this.d1 = this.dynamic ? code`d + 1, ds` : code`d + 1`;
    this.dParams = this.dynamic ? code`d${ann(code`number`)}, ds${ann(code`any`)}` : code`d${ann(code`number`)}`;
  }

  /** The type of an error function's `s`. */
  sinkType(): Code {
    return this.probe ? code`rt.Sink` : code`rt.ValidationError[]`;
  }

  /** How many errors `s` holds (0 in a probe: a check of what was found since reads nothing there). */
  sinkLength(): Code {
    return this.probe ? code`(s === null ? 0 : s.length)` : code`s.length`;
  }

  /** A path handed to an error function: a probe makes no error, so a computed path is not computed there. */
  pathArg(p: PathExpr): Code {
    return "s" in p || !this.probe ? pathCode(p) : code`s === null ? "" : ${p.c}`;
  }

  /** A runtime helper: `rt.<name>`. */
  rt(name: string): Code {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a runtime helper name: ${name}`);
    this.runtime.add(name);
    return new Code("rt." + name);
  }

  /** A module-level constant holding `value` (deduplicated by its text), of TypeScript type `type` when given (else inferred). */
  constant(prefix: string, value: Code, type?: Code): Name {
    if (LOCAL_BASES.has(prefix)) throw new Error(`constant prefix ${prefix} is a local name's (code.ts LOCAL_BASES)`);
    const key = prefix + "\u0000" + value.text;
    const seen = this.constCache.get(key);
    if (seen) return seen;
    const name = this.names.fresh(prefix);
    // An empty array literal would be an implicit any[] (noImplicitAny): say the type.
    this.consts.push(value.text === "[]" ? code`const ${name}${ann(code`any[]`)} = [];` : type ? code`const ${name}${ann(type)} = ${value};` : code`const ${name} = ${value};`);
    this.constCache.set(key, name);
    return name;
  }

  /**
   * The matcher constant for a pattern: a RegExp (u flag, unanchored, no g/y: `test` keeps no
   * state), or for a pattern V8 could backtrack on, the linear matcher (rt.linearRegex, its
   * program written here; src/schema/lint/redos.ts decides). Both are used as `re.test(v)`.
   */
  regex(source: string): Name {
    const linear = linearProgram(source);
    if (!linear) return this.constant("re", code`new RegExp(${lit(source)}, "u")`);
    const { bounds, nodes, sets } = linear;
    return this.constant("re", code`${this.rt("linearRegex")}(${lit(bounds)}, ${lit(nodes)}, ${lit(sets)})`);
  }

  /** The is/err function pair of a node, queued for emission on first use. */
  fn(node: IRNode, owner = false): FnNames {
    let f = this.fns.get(node);
    if (!f) {
      f = { is: this.names.fresh(`is_${node.id}_`), err: this.names.fresh(`err_${node.id}_`) };
      this.fns.set(node, f);
      this.byIs.set(f.is.text, { node, owner });
      this.queue.push({ node, names: f, owner });
    }
    return f;
  }

  private byIs = new Map<string, { node: IRNode; owner: boolean }>();

  /** Queues the pair named by `isName` again (for a second writer of this context: the normaliser), if it is one; says whether it was. */
  requeue(isName: string): boolean {
    const at = this.byIs.get(isName);
    if (!at) return false;
    this.queue.push({ node: at.node, names: this.fns.get(at.node)!, owner: at.owner });
    return true;
  }

  /**
   * The function that adds to `out` what `node` evaluates of an instance (property
   * names, or item indices) — the annotations unevaluatedProperties/Items read.
   */
  evalFn(node: IRNode, kind: "props" | "items", self = false): Name {
    // `self`: the collector of the place that holds the unevaluated* keyword, which
    // must not count that keyword itself (nested ones do count: they evaluate everything).
    const key = `${kind}:${node.id}:${self}`;
    let f = this.evalFns.get(key);
    if (!f) {
      f = this.names.fresh(`${kind === "props" ? "evalProps" : "evalItems"}_${node.id}_`);
      this.evalFns.set(key, f);
      this.evalQueue.push({ node, kind, name: f, self });
    }
    return f;
  }

  nextEval(): { node: IRNode; kind: "props" | "items"; name: Name; self: boolean } | undefined {
    return this.evalQueue.shift();
  }

  /** A module-level `{is, err, props, items}` object for a node (what a dynamic scope binds a name to). */
  binding(node: IRNode): Code {
    const f = this.fn(node);
    const uses = (k: "unevaluatedProperties" | "unevaluatedItems") => this.ir.nodes.some((x) => x[k] !== undefined);
    const props = uses("unevaluatedProperties") ? code`, props: ${this.evalFn(node, "props")}` : code``;
    const items = uses("unevaluatedItems") ? code`, items: ${this.evalFn(node, "items")}` : code``;
    return this.constant("bind", code`{ is: ${f.is}, err: ${f.err}${props}${items} }`);
  }

  /** The constant of names → bindings a scope-entering node adds. */
  scopeConst(node: IRNode): Code {
    const entries = (node.scope ?? []).map(([name, target]) => code`[${lit(name)}]: ${this.binding(target)}`);
    return this.constant("scope", code`{ ${join(entries, code`, `)} }`);
  }

  /** Next queued function to emit, if any. */
  next(): { node: IRNode; names: FnNames; owner: boolean } | undefined {
    return this.queue.shift();
  }

  isRecursive(node: IRNode): boolean {
    return this.ir.refTargets.has(node);
  }
}

export function pathCode(p: PathExpr): Code {
  return "s" in p ? lit(p.s) : p.c;
}
