// What every framework adapter does with one call before it runs: read the arguments
// (repairing malformed JSON when they came as a string), normalise them where configured,
// validate them with the tool's generated validator, and either hand the executor the
// checked value or give the model toolform's feedback. The adapters differ only in how a
// framework delivers the call and takes the answer.
import { executionArgs } from "../harness/call-loop.js";
import { feedback, type FeedbackOptions } from "../harness/feedback.js";
import type { Toolset, ValidationReport } from "../harness/types.js";
import { check, findTool, readArguments } from "../harness/validate.js";

/** A refused call, as `onRefused` sees it. */
export interface RefusedCall {
  /** The tool name the call was made with. */
  tool: string;
  /** What the model sent (after JSON repair). */
  arguments: unknown;
  report: ValidationReport;
  /** The text the model gets back. */
  feedback: string;
}

export interface CheckOptions {
  /** What a refusal says (default `{ format: "text" }`: the model-facing lines; see harness `feedback`). */
  feedback?: FeedbackOptions;
  /** Repair malformed JSON in arguments that come as a string (default true). */
  repair?: boolean;
  /**
   * Normalise the arguments before validating, for tools built with `coerce: "none"`
   * ("lenient": the casts a tool makes, "5" → 5; "normalized": almost-right values too;
   * docs/normalize.md). A tool built with a coerce mode already normalises in `validate`.
   */
  normalize?: "lenient" | "normalized";
  /** Called for every refused call (count them per tool: a rising count calls for a description review). */
  onRefused?: (call: RefusedCall) => void;
}

export type Checked =
  /** `args`: what the executor gets (the coerced value under a coerce mode). */
  | { ok: true; args: unknown; report: ValidationReport }
  | { ok: false; feedback: string; report: ValidationReport };

/** Checks one call to `name` (a tool of `toolset`); never throws for any arguments. */
export function checkCall(toolset: Toolset, name: string, args: unknown, options: CheckOptions = {}): Checked {
  const tool = findTool(toolset, name);
  const repair = options.repair ?? true;
  let given = args;
  if (tool && options.normalize && tool.coerce === "none") {
    // Normalise what the arguments say, also when they came as a (double-encoded) JSON string.
    const read = readArguments(given, repair);
    if (read.ok && typeof read.value === "object" && read.value !== null) given = tool.normalize(read.value, options.normalize).value;
  }
  const c = check({ name, arguments: given }, toolset, repair, false);
  if (c.report.ok) return { ok: true, args: executionArgs({ report: c.report, arguments: c.args }), report: c.report };
  const text = feedback(c.report, { format: "text", toolNames: Object.keys(toolset), ...options.feedback }).content;
  options.onRefused?.({ tool: name, arguments: c.args, report: c.report, feedback: text });
  return { ok: false, feedback: text, report: c.report };
}

/** The tool names to adapt: `only` (each checked to be a tool), or the whole toolset. */
export function namesOf(toolset: Toolset, only: readonly string[] | undefined, who: string): string[] {
  if (!only) return Object.keys(toolset);
  for (const n of only) if (!findTool(toolset, n)) throw new TypeError(`${who}: ${JSON.stringify(n)} is not a tool of the toolset (${Object.keys(toolset).join(", ")})`);
  return [...only];
}

/** Executor names that are not tools are a mistake worth an error at set-up (a typo would silently leave a tool unrun). */
export function checkExecutorNames(toolset: Toolset, executors: object, who: string): void {
  for (const n of Object.keys(executors)) if (!findTool(toolset, n)) throw new TypeError(`${who}: an executor is given for ${JSON.stringify(n)}, which is not a tool of the toolset (${Object.keys(toolset).join(", ")})`);
}
