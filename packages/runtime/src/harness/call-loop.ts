// CallLoop: ask the model, read its calls, validate every one before anything
// runs, answer it, repeat until it answers in words; nothing of a turn
// with a refused call runs (its valid calls are answered "Not run"), with an
// approval gate and per-tool counters.
import { clip, show } from "../rt/text.js";
import type { Bucket } from "../rt/report.js";
import { feedback, notApproved, NOT_RUN, type FeedbackOptions } from "./feedback.js";
import { parseReply, type ParseReplyOptions } from "./parse-reply.js";
import type { ArgsOf, Message, ParseError, ParsedCall, ParsedReply, ReplyFormat, ToolCallRef, ToolResult, Toolset } from "./types.js";
import { findTool } from "./validate.js";
import { excerptOf, isObj, readOr, textOf } from "./data.js";

export interface ExecuteContext {
  /** The call being run (validated, with its report and repairs). */
  call: ParsedCall;
  turn: number;
}

/** Runs one tool. Whatever it returns becomes the tool result (strings as they are, other values as JSON). */
export type Executor<A = any> = (args: A, ctx: ExecuteContext) => unknown;

/** Tool name → executor, typed from the toolset (the generated ToolArgs map). */
export type Executors<TS extends Toolset> = { [K in keyof TS & string]?: Executor<ArgsOf<TS[K]>> };

export interface ModelContext {
  turn: number;
}

/** Your model: given the conversation, returns a reply in the loop's `format` (a provider response, or text). */
export type Model = (messages: readonly Message[], ctx: ModelContext) => unknown;

/** `approve`'s answer: true/false, or with a reason the model is told. */
export type Approval = boolean | { approved: boolean; reason?: string };

export type OnInvalid = "feedback" | "stop" | "execute";

export interface CallLoopOptions<TS extends Toolset> {
  toolset: TS;
  model: Model;
  tools: Executors<TS>;
  /** The reply format (default "auto": guessed from each reply). */
  format?: ReplyFormat | "auto";
  /** What an invalid call does: answer the model and go on (default), stop the loop, or run it anyway. */
  onInvalid?: OnInvalid;
  /** Model calls at most (default 10). */
  maxTurns?: number;
  /**
   * Asked for each call about to run — only validated calls (in "execute" mode,
   * invalid calls that will run are asked too, with `valid: false`). A refusal
   * is answered "Not run: the call was not approved".
   */
  approve?: (call: ParsedCall, ctx: ExecuteContext) => Approval | Promise<Approval>;
  onEvent?: (event: LoopEvent) => void;
  /** How refused calls are answered (JSON, text or both; echo of received values). */
  feedback?: FeedbackOptions;
  /** Reply reading (repair, name resolution). */
  parse?: Omit<ParseReplyOptions, "idPrefix">;
}

export type CallStatus = "ok" | "error" | "invalid" | "not_run" | "not_approved" | "unavailable";

export interface CallOutcome {
  turn: number;
  call: ParsedCall;
  status: CallStatus;
  result: ToolResult;
}

export interface LoopResult {
  stopped: "answer" | "max_turns" | "invalid_call";
  /** The model's final text when it answered; null otherwise. */
  answer: string | null;
  /** Model calls made. */
  turns: number;
  /** Every call read, in order, with what happened to it. */
  calls: CallOutcome[];
  /** The conversation, the given messages first. */
  messages: Message[];
}

export type LoopEvent =
  | { type: "turn"; turn: number }
  | { type: "reply"; turn: number; reply: ParsedReply }
  | { type: "repaired"; turn: number; call: ParsedCall }
  | { type: "invalid"; turn: number; call: ParsedCall; feedback: string }
  | { type: "unreadable"; turn: number; errors: ParseError[]; feedback: string }
  | { type: "not_run"; turn: number; call: ParsedCall }
  | { type: "approval"; turn: number; call: ParsedCall; approved: boolean; reason?: string }
  | { type: "execute"; turn: number; call: ParsedCall; args: unknown }
  | { type: "result"; turn: number; call: ParsedCall; status: CallStatus; result: ToolResult }
  | { type: "stop"; turn: number; stopped: LoopResult["stopped"]; answer: string | null };

/** Per-tool counters. The bucket fields count errors (the report's buckets); `invalid` counts calls. */
export interface ToolStats {
  calls: number;
  valid: number;
  invalid: number;
  /** Calls read with at least one repair (JSON, tool name) or coercion. */
  repaired: number;
  executed: number;
  /** Executed and threw (or returned isError). */
  failed: number;
  not_run: number;
  not_approved: number;
  unknown_tool: number;
  missing_required: number;
  unknown_args: number;
  type_errors: number;
  enum_errors: number;
  constraint_errors: number;
}

const BUCKETS: readonly Bucket[] = ["missing_required", "unknown_args", "type_errors", "enum_errors", "constraint_errors"];
const MAX_UNKNOWN_KEYS = 100;
const OTHER_UNKNOWN = "(other unknown tools)";

function emptyStats(): ToolStats {
  return { calls: 0, valid: 0, invalid: 0, repaired: 0, executed: 0, failed: 0, not_run: 0, not_approved: 0, unknown_tool: 0, missing_required: 0, unknown_args: 0, type_errors: 0, enum_errors: 0, constraint_errors: 0 };
}

/** The arguments an executor gets: the validator's coerced value when it gives one (a `coerce` mode), else what the model wrote. */
export function executionArgs(call: Pick<ParsedCall, "report" | "arguments">): unknown {
  const v = (call.report as { value?: unknown }).value;
  return v !== undefined ? v : call.arguments;
}

/** The arguments string is kept in the assistant message only when it is not exactly the arguments' JSON (repaired, or unreadable). */
function keepRaw(c: ParsedCall): c is ParsedCall & { raw_arguments: string } {
  if (c.raw_arguments === undefined) return false;
  try {
    return JSON.stringify(c.arguments) !== c.raw_arguments;
  } catch {
    return true;
  }
}

/** An executor's return value as a tool result. An MCP CallToolResult ({content: [{type: "text", text}], isError}) is read as one. */
export function toToolResult(v: unknown): ToolResult {
  return readOr(() => resultOf(v), { content: `Error: the tool returned ${show(v)}, which cannot be read as a result`, isError: true });
}

function resultOf(v: unknown): ToolResult {
  if (typeof v === "string") return { content: v, isError: false };
  if (v === undefined || v === null) return { content: "(no output)", isError: false };
  if (isObj(v) && Array.isArray(v.content) && ("isError" in v || v.content.every((c) => isObj(c) && typeof c.type === "string"))) {
    const text = v.content.map((c) => (isObj(c) && typeof c.text === "string" ? c.text : JSON.stringify(c))).join("\n");
    return { content: text, isError: v.isError === true };
  }
  try {
    return { content: JSON.stringify(v) ?? String(v), isError: false };
  } catch {
    return { content: show(v), isError: false }; // a BigInt, a cycle: no JSON
  }
}

/** A thrown error as a result the model can read: its class and message, never a stack trace. */
export function errorResult(toolName: string, e: unknown): ToolResult {
  const what = readOr(() => (e instanceof Error ? `${textOf(e.name)}: ${textOf(e.message)}` : typeof e === "string" ? e : excerptOf(e, 200)), show(e));
  return { content: `Error: ${toolName} failed: ${clip(what, 1000)}`, isError: true };
}

/** The text a model gets when its reply could not be read as a call at all. */
export function unreadableFeedback(errors: readonly ParseError[], format: FeedbackOptions["format"] = "both"): string {
  const lines = errors.map((e) => `- ${e.message}${e.excerpt ? `: ${clip(e.excerpt, 80)}` : ""}`);
  const text = `Refused: the reply could not be read as a tool call. Nothing was run. Write each call as one JSON object, {"name": "<tool>", "arguments": {...}}, and send it again:\n${lines.join("\n")}`;
  const json = JSON.stringify({ ok: false, error: "unreadable reply", errors: errors.map((e) => e.message) });
  return format === "json" ? json : format === "text" ? text : `${text}\n\n${json}`;
}

/**
 * A model's answer, awaited. A value whose `then` throws when read (a Proxy) is
 * taken as it is — parseReply then refuses it — not thrown out of the loop; a
 * promise that rejects (the model's own failure) still rejects.
 */
async function settle(v: unknown): Promise<{ value: unknown }> {
  let then: unknown;
  try {
    then = (typeof v === "object" && v !== null) || typeof v === "function" ? (v as { then?: unknown }).then : undefined;
  } catch {
    return { value: v };
  }
  if (typeof then !== "function") return { value: v };
  return { value: await new Promise((resolve, reject) => (then as (ok: (x: unknown) => void, no: (e: unknown) => void) => void).call(v, resolve, reject)) };
}

export class CallLoop<TS extends Toolset = Toolset> {
  readonly toolset: TS;
  private readonly opts: CallLoopOptions<TS>;
  private readonly counters = new Map<string, ToolStats>();
  /** Replies that held no readable call but looked like one (json_object text that is not JSON, say). */
  unreadableReplies = 0;
  private runs = 0;

  constructor(options: CallLoopOptions<TS>) {
    if (!options || typeof options.model !== "function") throw new TypeError("CallLoop: `model` must be a function");
    if (!options.toolset || typeof options.toolset !== "object") throw new TypeError("CallLoop: `toolset` is required");
    const tools = options.tools ?? {};
    for (const name of Object.keys(tools)) {
      if (!findTool(options.toolset, name)) throw new TypeError(`CallLoop: an executor is given for ${JSON.stringify(name)}, which is not in the toolset (${Object.keys(options.toolset).join(", ")})`);
      if (typeof (tools as Record<string, unknown>)[name] !== "function") throw new TypeError(`CallLoop: the executor for ${JSON.stringify(name)} is not a function`);
    }
    const maxTurns = options.maxTurns ?? 10;
    if (!Number.isInteger(maxTurns) || maxTurns < 1) throw new TypeError("CallLoop: `maxTurns` must be a positive integer");
    const onInvalid = options.onInvalid ?? "feedback";
    if (!["feedback", "stop", "execute"].includes(onInvalid)) throw new TypeError(`CallLoop: onInvalid must be "feedback", "stop" or "execute"`);
    this.toolset = options.toolset;
    this.opts = { ...options, tools, maxTurns, onInvalid };
  }

  /** Per-tool counters (a snapshot), keyed by tool name; unknown tools by the name the model wrote. */
  get stats(): Record<string, ToolStats> {
    const out: Record<string, ToolStats> = {};
    for (const [k, v] of this.counters) out[k] = { ...v };
    return out;
  }

  private statsFor(name: string, known: boolean): ToolStats {
    let key = name;
    if (!known && !this.counters.has(key) && [...this.counters.keys()].filter((k) => !findTool(this.toolset, k)).length >= MAX_UNKNOWN_KEYS) key = OTHER_UNKNOWN;
    let s = this.counters.get(key);
    if (!s) this.counters.set(key, (s = emptyStats()));
    return s;
  }

  private emit(e: LoopEvent): void {
    this.opts.onEvent?.(e);
  }

  /** Runs the loop on a conversation (a user prompt, or messages). */
  async run(input: string | readonly Message[]): Promise<LoopResult> {
    const messages: Message[] = typeof input === "string" ? [{ role: "user", content: input }] : input.map((m) => ({ ...m }));
    const calls: CallOutcome[] = [];
    const { model, maxTurns = 10, onInvalid = "feedback", approve } = this.opts;
    const fb = this.opts.feedback ?? {};
    const toolNames = Object.keys(this.toolset);
    const run = ++this.runs;
    let turn = 0;

    const answerCall = (call: ParsedCall, status: CallStatus, result: ToolResult) => {
      messages.push({ role: "tool", toolCallId: call.id, name: call.resolved_name, content: result.content, isError: result.isError });
      calls.push({ turn, call, status, result });
      this.emit({ type: "result", turn, call, status, result });
    };
    const stop = (stopped: LoopResult["stopped"], answer: string | null): LoopResult => {
      this.emit({ type: "stop", turn, stopped, answer });
      return { stopped, answer, turns: turn, calls, messages };
    };
    const refuse = (call: ParsedCall) => {
      const f = feedback(call, { ...fb, toolNames });
      this.emit({ type: "invalid", turn, call, feedback: f.text });
      answerCall(call, "invalid", { content: f.content, isError: true });
    };

    while (turn < maxTurns) {
      turn++;
      this.emit({ type: "turn", turn });
      const { value: raw } = await settle(model(messages.slice(), { turn }));
      const parsed = parseReply(raw, this.toolset, this.opts.format ?? "auto", { ...this.opts.parse, idPrefix: `call_${run}_${turn}_` });
      this.emit({ type: "reply", turn, reply: parsed });

      const toolCalls: ToolCallRef[] = parsed.calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments, ...(keepRaw(c) ? { rawArguments: c.raw_arguments } : {}) }));
      const content = typeof raw === "string" ? raw : parsed.text;
      messages.push(toolCalls.length ? { role: "assistant", content, toolCalls } : { role: "assistant", content });

      // Count and announce.
      for (const c of parsed.calls) {
        const known = findTool(this.toolset, c.resolved_name) !== undefined;
        const s = this.statsFor(c.resolved_name, known);
        s.calls++;
        if (c.repairs.length || c.coercions.length) {
          s.repaired++;
          this.emit({ type: "repaired", turn, call: c });
        }
        if (c.valid) s.valid++;
        else {
          s.invalid++;
          if (c.validation.unknown_tool) s.unknown_tool++;
          for (const b of BUCKETS) s[b] += c.validation[b].length;
        }
      }
      const unreadable = parsed.errors.filter((e) => e.call_id === undefined);
      let unreadableText: string | undefined;
      if (unreadable.length) {
        this.unreadableReplies++;
        unreadableText = unreadableFeedback(unreadable, fb.format);
        this.emit({ type: "unreadable", turn, errors: unreadable, feedback: unreadableText });
      }

      if (parsed.calls.length === 0 && !unreadableText) return stop("answer", parsed.text);

      const refused = parsed.calls.some((c) => !c.valid) || unreadableText !== undefined;
      if (refused && onInvalid !== "execute") {
        // Nothing of a turn with a refused call runs; its valid calls are answered "Not run".
        for (const c of parsed.calls) {
          if (!c.valid) refuse(c);
          else {
            this.statsFor(c.resolved_name, true).not_run++;
            this.emit({ type: "not_run", turn, call: c });
            answerCall(c, "not_run", { content: NOT_RUN, isError: true });
          }
        }
        if (unreadableText) messages.push({ role: "user", content: unreadableText });
        if (onInvalid === "stop") return stop("invalid_call", null);
        continue;
      }

      for (const c of parsed.calls) {
        const tool = findTool(this.toolset, c.resolved_name);
        const unreadableArgs = c.raw_arguments !== undefined && c.arguments === c.raw_arguments;
        if (!tool || unreadableArgs) {
          refuse(c); // "execute" mode: nothing to run for an unknown tool or arguments that are not JSON
          continue;
        }
        const exec = (this.opts.tools as Record<string, Executor | undefined>)[c.resolved_name];
        const ctx: ExecuteContext = { call: c, turn };
        if (!exec) {
          answerCall(c, "unavailable", { content: `Not run: ${c.resolved_name} is not available here.`, isError: true });
          continue;
        }
        if (approve) {
          let a: Approval;
          try {
            a = await approve(c, ctx);
          } catch (e) {
            a = { approved: false, reason: readOr(() => (e instanceof Error ? textOf(e.message) : textOf(e)), show(e)) };
          }
          // Fail-closed: an answer that cannot be read is a refusal.
          const approved = readOr(() => (typeof a === "boolean" ? a : a?.approved === true), false);
          const reason = readOr(() => (typeof a === "object" && a !== null && typeof a.reason === "string" && a.reason ? a.reason : undefined), undefined);
          this.emit({ type: "approval", turn, call: c, approved, ...(reason !== undefined ? { reason } : {}) });
          if (!approved) {
            this.statsFor(c.resolved_name, true).not_approved++;
            answerCall(c, "not_approved", { content: notApproved(reason), isError: true });
            continue;
          }
        }
        const args = executionArgs(c);
        this.emit({ type: "execute", turn, call: c, args });
        const s = this.statsFor(c.resolved_name, true);
        s.executed++;
        let result: ToolResult;
        try {
          result = toToolResult(await exec(args, ctx));
        } catch (e) {
          result = errorResult(c.resolved_name, e);
        }
        if (result.isError) s.failed++;
        answerCall(c, result.isError ? "error" : "ok", result);
      }
      if (unreadableText) messages.push({ role: "user", content: unreadableText });
    }
    return stop("max_turns", null);
  }
}
