// Binding a generated toolset to the code that runs each tool: `execute`
// functions, or the `defineTool` specs they live in. Typed end to end: the
// argument type of each executor is the generated interface of its tool.
//
//   import { toolset } from "./generated/index.js";
//   const bound = bindExecutors(toolset, {
//     legal_draft_v3: async (args) => draft(args.counterparty, args.term_months), // args: LegalDraftV3Args
//   });
//   new CallLoop({ ...bound, model });
import { deepEqual } from "../rt/equality.js";
import type { ValidationReport } from "../rt/report.js";
import { errorResult, executionArgs, toToolResult, type ExecuteContext, type Executor, type Executors } from "./call-loop.js";
import { feedback, type FeedbackOptions } from "./feedback.js";
import type { ArgsOf, ToolResult, Toolset } from "./types.js";
import { findTool, toParsedCall } from "./validate.js";

/** What runs a tool: a function, or a `defineTool` spec (its `execute` is used). */
export type ExecutorLike<A> = Executor<A> | { readonly execute?: (args: A, ...rest: any[]) => unknown; readonly inputSchema?: unknown };

/** Tool name → executor or spec, typed from the toolset. */
export type ExecutorsFor<TS extends Toolset> = { [K in keyof TS & string]?: ExecutorLike<ArgsOf<TS[K]>> };

/** A `defineTool` spec as a list item: its name says which tool it runs. */
export interface NamedSpec {
  readonly name: string;
  readonly execute?: (args: any, ...rest: any[]) => unknown;
  readonly inputSchema?: unknown;
}

export type CallOutcomeOf =
  | { ok: true; report: ValidationReport; result: ToolResult }
  | { ok: false; report: ValidationReport; result: ToolResult };

export interface BoundToolset<TS extends Toolset> {
  toolset: TS;
  /** Executors by tool name, ready for `new CallLoop({ ...bound, model })`. */
  tools: Executors<TS>;
  /** Tools of the toolset with no executor. */
  missing: string[];
  /** Tools whose spec's inputSchema differs from the one the code was generated from (run `toolform build`). */
  drift: string[];
  /**
   * Validates and runs one call outside the loop (an MCP server handler, say).
   * An invalid call is not run: the result is the feedback, `isError: true`.
   */
  call<K extends keyof TS & string>(name: K, args: unknown, options?: FeedbackOptions): Promise<CallOutcomeOf>;
}

export interface BindOptions {
  /** Throw when a tool of the toolset has no executor (default false). */
  requireAll?: boolean;
  /** Throw when a spec's inputSchema differs from the generated one (default false: listed in `drift`). */
  rejectDrift?: boolean;
}

function isPlainSchema(s: unknown): boolean {
  return typeof s === "boolean" || (typeof s === "object" && s !== null && !("~standard" in s) && Object.getPrototypeOf(s) === Object.prototype);
}

/**
 * Binds `toolset` to executors: a map from tool name to a function or a
 * `defineTool` spec (typed per tool), or a list of `defineTool` specs (matched
 * by name, checked at run time). Names that are not tools throw.
 */
export function bindExecutors<TS extends Toolset>(toolset: TS, executors: ExecutorsFor<TS> | readonly NamedSpec[], options: BindOptions = {}): BoundToolset<TS> {
  const entries: [string, unknown][] = Array.isArray(executors) ? (executors as readonly NamedSpec[]).map((s) => [s?.name, s]) : Object.entries(executors as object);
  const tools: Record<string, Executor> = {};
  const drift: string[] = [];
  for (const [name, e] of entries) {
    const tool = findTool(toolset, name);
    if (!tool) throw new TypeError(`bindExecutors: ${JSON.stringify(name)} is not a tool of the toolset (${Object.keys(toolset).join(", ")})`);
    if (e === undefined) continue;
    const fn = typeof e === "function" ? e : typeof e === "object" && e !== null ? (e as { execute?: unknown }).execute : undefined;
    if (typeof fn !== "function") throw new TypeError(`bindExecutors: ${JSON.stringify(name)} has no execute function`);
    if (Object.prototype.hasOwnProperty.call(tools, name)) throw new TypeError(`bindExecutors: ${JSON.stringify(name)} is bound twice`);
    const spec = typeof e === "object" ? (e as { inputSchema?: unknown }).inputSchema : undefined;
    if (spec !== undefined && isPlainSchema(spec) && !deepEqual(spec, tool.inputSchema)) drift.push(name);
    tools[name] = typeof e === "function" ? (fn as Executor) : (args, ctx) => (fn as (a: unknown, c: ExecuteContext) => unknown).call(e, args, ctx);
  }
  const missing = Object.keys(toolset).filter((n) => !Object.prototype.hasOwnProperty.call(tools, n));
  if (options.requireAll && missing.length) throw new TypeError(`bindExecutors: no executor for ${missing.join(", ")}`);
  if (options.rejectDrift && drift.length) throw new TypeError(`bindExecutors: the inputSchema of ${drift.join(", ")} differs from the generated code; run toolform build`);
  return {
    toolset,
    tools: tools as Executors<TS>,
    missing,
    drift,
    async call(name, args, fbOptions) {
      const c = toParsedCall("call_1", name, args, toolset, { repair: false, resolveName: false });
      if (!c.valid) return { ok: false, report: c.report, result: { content: feedback(c, fbOptions).content, isError: true } };
      const exec = tools[name];
      if (!exec) return { ok: false, report: c.report, result: { content: `Not run: ${name} is not available here.`, isError: true } };
      try {
        const result = toToolResult(await exec(executionArgs(c), { call: c, turn: 0 }));
        return { ok: !result.isError, report: c.report, result };
      } catch (e) {
        return { ok: false, report: c.report, result: errorResult(name, e) };
      }
    },
  };
}
