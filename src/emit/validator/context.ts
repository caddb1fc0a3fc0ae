// State shared by the keyword emitters while one validator module is written:
// fresh names, module-level constants, and the queue of functions (a place's
// fast check or error function, annotation collectors) still to write.
import type { IR, IRNode } from "../../schema/ir.js";
import { linearProgram } from "../../schema/lint/redos.js";
import { ann, code, join, lit, LOCAL_BASES, Names, RtRef, type Code, type Name } from "../code.js";
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

/** What a call site knows of the one place that calls a function (written into it): its path, when known at build time, and an optional property's null to say in its type error. */
export interface PlaceSpec {
  path?: string;
  optional?: OptionalNull;
}

/**
 * An optional property's place whose type gate refuses null: its type error then says, for
 * null, that the field can be left out (rt.optTypeErr), instead of a nullOptional pass after
 * it. `phrase`: what the field takes, in words, when the type's own phrase says less.
 */
export interface OptionalNull {
  phrase: string | undefined;
}

/** The two ways a place's checks are written: a fast check that returns false at the first failure, or the error path that reports. */
export type Mode = "fast" | "errors";

/** A function still to write: a place's check in one mode. */
export interface QueuedFn {
  node: IRNode;
  mode: Mode;
  name: Name;
  owner: boolean;
  spec?: PlaceSpec;
}

export class EmitContext {
  readonly names = new Names(["rt"]);
  /** Module-level `const` declarations (regexes, key lists, enum arrays), by name. */
  readonly consts: { name: Name; fn: Code }[] = [];
  /** Every function written so far (place checks and annotation collectors), in order; functions.ts keeps those the entries reach. */
  readonly functions: { name: Name; fn: Code }[] = [];
  private isFns = new Map<IRNode, Name>();
  private errFns = new Map<IRNode, { name: Name; key: string }[]>();
  private queue: QueuedFn[] = [];
  private evalFns = new Map<string, Name>();
  private evalQueue: { node: IRNode; kind: "props" | "items"; name: Name; self: boolean }[] = [];
  // A memo of constants by their text, so one value is declared once (a pure cache of what `consts` holds).
  private constCache = new Map<string, Name>();

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
    /**
     * Places checked by a call of their own function rather than inline, because something
     * asks them alone too (the normaliser, rt.fitsPlace; example checks): their error
     * function (in a probe), and their `is_*` where a fast check reaches them.
     */
    readonly alone: ReadonlySet<IRNode> = new Set(),
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
    return new RtRef(name);
  }

  /** A module-level constant holding `value` (deduplicated by its text), of TypeScript type `type` when given (else inferred). */
  constant(prefix: string, value: Code, type?: Code): Name {
    if (LOCAL_BASES.has(prefix)) throw new Error(`constant prefix ${prefix} is a local name's (naming.ts LOCAL_BASES)`);
    const key = prefix + "\u0000" + value.text;
    const seen = this.constCache.get(key);
    if (seen) return seen;
    const name = this.names.fresh(prefix);
    // An empty array literal would be an implicit any[] (noImplicitAny): say the type.
    this.consts.push({ name, fn: value.text === "[]" ? code`const ${name}${ann(code`any[]`)} = [];` : type ? code`const ${name}${ann(type)} = ${value};` : code`const ${name} = ${value};` });
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

  /** A node's fast check `is_*(v, d) => boolean`, queued for writing on first use (`owner`: as first asked). */
  isFn(node: IRNode, owner = false): Name {
    let f = this.isFns.get(node);
    if (!f) {
      f = this.names.fresh(`is_${node.id}_`);
      this.isFns.set(node, f);
      this.queue.push({ node, mode: "fast", name: f, owner });
    }
    return f;
  }

  /**
   * A node's error function `err_*(v, p, s, d)`, queued for writing on first use. `spec`: what
   * the one place that calls it knows (its path, an optional property's null); a caller without
   * one (a $ref, the normaliser's questions without a sink) takes the function as written.
   */
  errFn(node: IRNode, owner = false, spec?: PlaceSpec): Name {
    const made = this.errFns.get(node) ?? [];
    const key = spec === undefined ? undefined : JSON.stringify([spec.path ?? null, spec.optional ? (spec.optional.phrase ?? null) : false]);
    const f = key === undefined ? made[0] : made.find((x) => x.key === key);
    if (f) return f.name;
    // A second call site that knows other things than the first (only where a question without a sink came first: what it knows changes no verdict) gets a function of its own.
    const name = this.names.fresh(`err_${node.id}_`);
    made.push({ name, key: key ?? "" });
    this.errFns.set(node, made);
    this.queue.push({ node, mode: "errors", name, owner, ...(spec ? { spec } : {}) });
    return name;
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
    const uses = (k: "unevaluatedProperties" | "unevaluatedItems") => this.ir.nodes.some((x) => x[k] !== undefined);
    const props = uses("unevaluatedProperties") ? code`, props: ${this.evalFn(node, "props")}` : code``;
    const items = uses("unevaluatedItems") ? code`, items: ${this.evalFn(node, "items")}` : code``;
    return this.constant("bind", code`{ is: ${this.isFn(node)}, err: ${this.errFn(node)}${props}${items} }`);
  }

  /** The constant of names → bindings a scope-entering node adds. */
  scopeConst(node: IRNode): Code {
    const entries = (node.scope ?? []).map(([name, target]) => code`[${lit(name)}]: ${this.binding(target)}`);
    return this.constant("scope", code`{ ${join(entries, code`, `)} }`);
  }

  /** Next queued function to write, if any. */
  next(): QueuedFn | undefined {
    return this.queue.shift();
  }

  isRecursive(node: IRNode): boolean {
    return this.ir.refTargets.has(node);
  }
}

export function pathCode(p: PathExpr): Code {
  return "s" in p ? lit(p.s) : p.c;
}
