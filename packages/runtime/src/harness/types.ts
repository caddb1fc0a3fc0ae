// The harness's shared types: the toolset it is given, a parsed call, the
// loop's provider-neutral messages. Report types come from the runtime template
// (the same shapes every generated toolset carries).
import type { Repair, ReportDict, ValidationReport } from "../rt/report.js";
import type { Tool } from "../rt/tool.js";

export type { Bucket, Repair, ReportDict, ValidationError, ValidationReport } from "../rt/report.js";
export type { Tool } from "../rt/tool.js";

/** A generated toolset (`toolset` from generated/index), or any name → Tool record. */
export type Toolset = Readonly<Record<string, Tool<any>>>;

/** The argument type of a generated tool. */
export type ArgsOf<T> = T extends Tool<infer A> ? A : unknown;

/** Tool name → argument type, read off a toolset (the generated `ToolArgs` map, recovered). */
export type ArgsMap<TS extends Toolset> = { [K in keyof TS & string]: ArgsOf<TS[K]> };

/** The reply formats `parseReply` reads. */
export type ReplyFormat = "json_object" | "openai" | "anthropic" | "mcp";

/**
 * Something changed on the way from what the model sent to what was validated:
 * a JSON repair, a tool name fixed in case or spacing. `rule` is a stable key
 * for logs and counters; `message` says what happened in words.
 */
export interface ParseRepair {
  rule:
    | "code_fence"
    | "prose_around"
    | "trailing_comma"
    | "single_quotes"
    | "unquoted_keys"
    | "unquoted_value"
    | "python_constants"
    | "comments"
    | "missing_comma"
    | "missing_colon"
    | "missing_closing"
    | "unterminated_string"
    | "extra_closing"
    | "double_encoded"
    | "empty_arguments"
    | "malformed_json"
    | "tool_name";
  message: string;
  /** Where: "arguments" for a call's arguments, "reply" for the reply text, "name" for the tool name. */
  where: "reply" | "arguments" | "name";
  from?: unknown;
  to?: unknown;
}

/** One tool call read from a model reply, checked against the toolset. */
export interface ParsedCall {
  /** The provider's call id (tool_call id, tool_use id, JSON-RPC id); made up ("call_1") where the format has none. */
  id: string;
  /** The tool name as the model wrote it. */
  name: string;
  /**
   * The toolset name the call resolves to: `name` itself, or the one tool whose
   * name equals it after folding case, spaces, "-" and "_". When nothing
   * matches, `name` unchanged (and `validation.unknown_tool` is true).
   */
  resolved_name: string;
  /** What the model wrote, after JSON repair (an object for a well-formed call; the raw text when it could not be read). */
  arguments: unknown;
  /** `arguments` normalised for comparison (the tool's generated `normalize`, "compare" mode). */
  normalized_arguments: unknown;
  /** The report as a plain dict of buckets. */
  validation: ReportDict;
  /** `validation.ok`. */
  valid: boolean;
  /** Repairs made to read the call, in order. */
  repairs: ParseRepair[];
  /**
   * What the tool's validator coerced (under a `coerce` mode: "5" → 5, "Open" →
   * "open", ...), as the generated code lists it; empty under "none". The
   * executor gets the coerced value (`report.value`), not `arguments`.
   */
  coercions: readonly Repair[];
  /** The full report (structured errors, model-facing `feedback`). */
  report: ValidationReport;
  /** The arguments as sent, when they came as a string (OpenAI); kept to echo the call back verbatim. */
  raw_arguments?: string;
}

/** Something in a reply that could not be read as a call. */
export interface ParseError {
  message: string;
  /** The call it belongs to, when it belongs to one (that call is in `calls`, invalid). */
  call_id?: string;
  /** A short excerpt of what could not be read. */
  excerpt?: string;
}

export interface ParsedReply {
  format: ReplyFormat;
  calls: ParsedCall[];
  /** The reply's text outside the calls (prose, an answer). */
  text: string;
  errors: ParseError[];
}

// ---------------------------------------------------------------- loop messages

/** A call as the assistant message keeps it (provider-neutral). */
export interface ToolCallRef {
  id: string;
  name: string;
  arguments: unknown;
  /** The arguments string as sent (OpenAI), echoed back unchanged. */
  rawArguments?: string;
}

export type Message =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCallRef[] }
  | { role: "tool"; toolCallId: string; name: string; content: string; isError?: boolean };

/** A tool's answer. `isError` results are what a model reads for a refused, unrun or failed call. */
export interface ToolResult {
  content: string;
  isError: boolean;
}

/** What a format reader is handed (internal to parseReply). */
export interface FormatContext {
  toolset: Toolset;
  repair: boolean;
  resolveNames: boolean;
  /** A fresh id for a call whose format carries none. */
  nextId(): string;
}

/** A format reader's result (parseReply adds the format). */
export type FormatResult = Omit<ParsedReply, "format">;
