// The call editor's check: what the page shows for the text in the editor, computed
// with the generated module the page imported (validateCall) and the harness's
// feedback/parseReply, exactly as a harness would. No DOM here: test/playground/browser.test.ts
// runs these functions in node against the same generated code.
import { feedback, parseReply, type Toolset, type ParsedReply, type ParseRepair, type Repair, type ReportDict, type ValidationError, type ValidationReport } from "@toolform/runtime/harness";

/** What the page needs of a generated index module. */
export interface GeneratedModule {
  validateCall(call: { name: string; arguments?: unknown }): ValidationReport;
  toolset: Toolset;
  toolNames: readonly string[];
}

/** One call's result, as the report panel shows it. */
export interface CallView {
  name: string;
  resolved: string;
  ok: boolean;
  dict: ReportDict;
  errors: readonly ValidationError[];
  /** The reading's repairs (JSON, the tool name) and the validator's coercions. */
  repairs: readonly (ParseRepair | Repair)[];
  /** feedback(report).text: what the model reads ("" for a valid call). */
  text: string;
  /** feedback(report).content with format "json". */
  json: string;
}

export type Outcome = { kind: "calls"; format: string; calls: CallView[]; notes: string[] } | { kind: "unreadable"; message: string };

function view(name: string, resolved: string, report: ValidationReport, repairs: readonly (ParseRepair | Repair)[], echo: boolean): CallView {
  const fb = feedback(report, { echoReceived: echo, format: "json" });
  return { name, resolved, ok: report.ok, dict: report.toDict(), errors: report.errors, repairs, text: fb.text, json: JSON.stringify(fb.json, null, 2) };
}

/** The editor's text as the arguments of `tool` (empty: {}). */
export function checkArguments(mod: GeneratedModule, tool: string, text: string, echo = true): Outcome {
  let args: unknown = {};
  if (text.trim() !== "") {
    try {
      args = JSON.parse(text);
    } catch (e) {
      return { kind: "unreadable", message: `not JSON: ${(e as Error).message}. (A model's malformed JSON is repaired in the "model reply" mode.)` };
    }
  }
  const report = mod.validateCall({ name: tool, arguments: args });
  return { kind: "calls", format: "arguments", calls: [view(tool, tool, report, report.repairs ?? [], echo)], notes: [] };
}

/** The editor's text as a whole model reply (OpenAI, Anthropic, MCP or a JSON list of calls; detected). */
export function checkReply(mod: GeneratedModule, text: string, echo = true): Outcome {
  let reply: unknown = text;
  try {
    reply = JSON.parse(text);
  } catch {
    /* read as text: parseReply repairs what it can */
  }
  const parsed: ParsedReply = parseReply(reply, mod.toolset, "auto");
  const notes = parsed.errors.map((e) => e.message + (e.excerpt ? `: ${e.excerpt}` : ""));
  if (parsed.text) notes.unshift(`text outside the calls: ${parsed.text.slice(0, 200)}`);
  if (parsed.calls.length === 0) notes.push("no tool call found in this reply");
  return { kind: "calls", format: parsed.format, calls: parsed.calls.map((c) => view(c.name, c.resolved_name, c.report, [...c.repairs, ...c.coercions], echo)), notes };
}

/** A reply of each provider's shape carrying one call (the editor's arguments), for the reply mode's examples. */
export function replyShapes(tool: string, args: unknown): Record<"openai" | "anthropic" | "mcp", unknown> {
  return {
    openai: { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: tool, arguments: JSON.stringify(args) } }] } }] },
    anthropic: { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: tool, input: args }] },
    mcp: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } },
  };
}
