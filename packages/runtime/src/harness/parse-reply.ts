// parseReply: a model's reply → the calls in it, each read, repaired where it
// can be, resolved to a tool, validated and normalised (the ParsedCall of each).
import { parseAnthropic } from "./formats/anthropic.js";
import { parseJsonObject } from "./formats/json-object.js";
import { parseMcp } from "./formats/mcp.js";
import { parseOpenAI } from "./formats/openai.js";
import type { FormatContext, FormatResult, ParsedReply, ReplyFormat, Toolset } from "./types.js";
import { show } from "../rt/text.js";
import { isObj, readOr } from "./data.js";

export interface ParseReplyOptions {
  /** Repair malformed JSON (default true). Each repair is listed in the call's `repairs`. */
  repair?: boolean;
  /** Fix a tool name that differs only in case, spaces, "-" or "_" (default true). */
  resolveNames?: boolean;
  /** Prefix of the ids made up for calls whose format carries none (default "call_"). */
  idPrefix?: string;
}

const READERS: Record<ReplyFormat, (reply: unknown, ctx: FormatContext) => FormatResult> = {
  json_object: parseJsonObject,
  openai: parseOpenAI,
  anthropic: parseAnthropic,
  mcp: parseMcp,
};

/** Guesses the format of a reply from its shape. A string is json_object. */
export function detectFormat(reply: unknown): ReplyFormat {
  return readOr(() => formatOf(reply), "json_object");
}

function formatOf(reply: unknown): ReplyFormat {
  if (typeof reply === "string") return "json_object";
  const first = Array.isArray(reply) ? reply[0] : reply;
  if (!isObj(first)) return "json_object";
  if (Array.isArray(first.choices) || Array.isArray(first.output) || "tool_calls" in first || "function_call" in first) return "openai";
  if (first.type === "function_call" || first.type === "function_call_output") return "openai";
  if (first.type === "message" && Array.isArray(first.content)) {
    const openaiParts = first.content.some((p) => isObj(p) && (p.type === "output_text" || p.type === "refusal" || p.type === "input_text"));
    return openaiParts ? "openai" : "anthropic";
  }
  if (first.type === "function" && isObj(first.function)) return "openai";
  if (first.type === "tool_use" || first.type === "text" || Array.isArray(first.content)) return "anthropic";
  if (first.method === "tools/call" || "jsonrpc" in first) return "mcp";
  return "json_object";
}

/**
 * Reads a reply in `format` ("auto" guesses it). Returns the calls (every one
 * validated; invalid ones included, `valid: false`), the reply's text outside
 * the calls, and what could not be read.
 */
export function parseReply(reply: unknown, toolset: Toolset, format: ReplyFormat | "auto" = "auto", options: ParseReplyOptions = {}): ParsedReply {
  const f = format === "auto" ? detectFormat(reply) : format;
  const reader = READERS[f];
  if (!reader) throw new TypeError(`parseReply: unknown format ${JSON.stringify(format)} (use json_object, openai, anthropic, mcp or auto)`);
  let n = 0;
  const prefix = options.idPrefix ?? "call_";
  const ctx: FormatContext = {
    toolset,
    repair: options.repair ?? true,
    resolveNames: options.resolveNames ?? true,
    nextId: () => prefix + ++n,
  };
  try {
    return { format: f, ...reader(reply, ctx) };
  } catch {
    // Reading the reply threw (a Proxy or getter: not data a model sends). Nothing in it is run.
    return { format: f, calls: [], text: "", errors: [{ message: "the reply could not be read as plain JSON data", excerpt: show(reply) }] };
  }
}
