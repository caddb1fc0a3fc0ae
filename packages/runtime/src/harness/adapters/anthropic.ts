// Anthropic Messages without the SDK and without network: the loop's messages
// as a request body (system prompt apart, tool results as user `tool_result`
// blocks), and a response (or a request's messages) back. Plug in your client:
//
//   const model = (messages) => client.messages.create(toAnthropicRequest(messages, toolset, { model: "claude-sonnet-4-5" }));
//   new CallLoop({ toolset, model, tools, format: "anthropic" });
import type { Message, ToolCallRef, Toolset } from "../types.js";
import { isObj, readOr, textOf } from "../data.js";
import { objectSchema, toolList } from "./shared.js";

export interface AnthropicRequestOptions {
  model: string;
  /** Default 1024. */
  max_tokens?: number;
  /** Offer only these tools (default: the whole toolset). */
  tools?: readonly string[];
  /** Merged into the body as is (temperature, tool_choice, ...). */
  extra?: Record<string, unknown>;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "tool_result"; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicMessage {
  role: "user" | "assistant";
  content: string | AnthropicBlock[];
}

export function anthropicTools(toolset: Toolset, only?: readonly string[]): AnthropicTool[] {
  return toolList(toolset, only).map((t) => ({ name: t.name, description: t.description, input_schema: objectSchema(t.inputSchema) }));
}

/** `tool_use.input` must be an object: arguments that were not one (unreadable text) are sent as {}; the tool result says what was wrong. */
function inputOf(c: ToolCallRef): unknown {
  return isObj(c.arguments) ? c.arguments : {};
}

/** The conversation as Anthropic `system` + `messages`. Consecutive user-side turns (tool results, then text) are merged into one message. */
export function toAnthropicMessages(messages: readonly Message[]): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const userBlocks = (): AnthropicBlock[] => {
    const last = out[out.length - 1];
    if (last && last.role === "user") {
      if (typeof last.content === "string") last.content = [{ type: "text", text: last.content }];
      return last.content;
    }
    const m: AnthropicMessage = { role: "user", content: [] };
    out.push(m);
    return m.content as AnthropicBlock[];
  };
  for (const m of messages) {
    switch (m.role) {
      case "system":
        system.push(m.content);
        break;
      case "user": {
        const last = out[out.length - 1];
        if (last && last.role === "user") userBlocks().push({ type: "text", text: m.content });
        else out.push({ role: "user", content: m.content });
        break;
      }
      case "assistant": {
        if (!m.toolCalls?.length) {
          out.push({ role: "assistant", content: m.content });
          break;
        }
        const blocks: AnthropicBlock[] = m.content ? [{ type: "text", text: m.content }] : [];
        for (const c of m.toolCalls) blocks.push({ type: "tool_use", id: c.id, name: c.name, input: inputOf(c) });
        out.push({ role: "assistant", content: blocks });
        break;
      }
      case "tool":
        userBlocks().push({ type: "tool_result", tool_use_id: m.toolCallId, content: m.content, ...(m.isError ? { is_error: true } : {}) });
        break;
    }
  }
  return { ...(system.length ? { system: system.join("\n\n") } : {}), messages: out };
}

/** A Messages API request body for the conversation. */
export function toAnthropicRequest(messages: readonly Message[], toolset: Toolset, options: AnthropicRequestOptions): Record<string, unknown> {
  const tools = anthropicTools(toolset, options.tools);
  const { system, messages: msgs } = toAnthropicMessages(messages);
  return { model: options.model, max_tokens: options.max_tokens ?? 1024, ...(system !== undefined ? { system } : {}), messages: msgs, ...(tools.length ? { tools } : {}), ...options.extra };
}

function blocksOf(content: unknown): unknown[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
}

/** The assistant message of a Messages response (or an assistant message param), in the loop's form. */
export function fromAnthropicResponse(response: unknown): Message & { role: "assistant" } {
  // Provider data: what cannot be read (a value that throws when read is not JSON) is left out.
  return readOr(() => assistantOf(response), { role: "assistant", content: "" });
}

function assistantOf(response: unknown): Message & { role: "assistant" } {
  const blocks = isObj(response) ? blocksOf(response.content) : Array.isArray(response) ? response : [];
  const texts: string[] = [];
  const toolCalls: ToolCallRef[] = [];
  for (const b of blocks) {
    if (!isObj(b)) continue;
    if (b.type === "text" && typeof b.text === "string") texts.push(b.text);
    else if (b.type === "tool_use") toolCalls.push({ id: textOf(b.id ?? ""), name: textOf(b.name ?? ""), arguments: b.input === undefined ? {} : b.input });
  }
  const content = texts.join("\n");
  return toolCalls.length ? { role: "assistant", content, toolCalls } : { role: "assistant", content };
}

function resultText(c: unknown): string {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((b) => (isObj(b) && typeof b.text === "string" ? b.text : "")).join("\n");
  return "";
}

/** An Anthropic conversation (`system` + `messages`) in the loop's form (the inverse of toAnthropicMessages). */
export function fromAnthropicMessages(body: { system?: unknown; messages: readonly unknown[] }): Message[] {
  return readOr(() => (isObj(body) && Array.isArray(body.messages) ? conversationOf(body) : []), []);
}

function conversationOf(body: { system?: unknown; messages: readonly unknown[] }): Message[] {
  const out: Message[] = [];
  const names = new Map<string, string>();
  if (typeof body.system === "string" && body.system !== "") out.push({ role: "system", content: body.system });
  for (const m of body.messages) {
    if (!isObj(m)) continue;
    if (m.role === "assistant") {
      const a = fromAnthropicResponse(m);
      for (const c of a.toolCalls ?? []) names.set(c.id, c.name);
      out.push(a);
      continue;
    }
    if (typeof m.content === "string") {
      out.push({ role: "user", content: m.content });
      continue;
    }
    for (const b of blocksOf(m.content)) {
      if (!isObj(b)) continue;
      if (b.type === "tool_result") {
        const id = textOf(b.tool_use_id ?? "");
        out.push({ role: "tool", toolCallId: id, name: names.get(id) ?? "", content: resultText(b.content), ...(b.is_error === true ? { isError: true } : {}) });
      } else if (b.type === "text" && typeof b.text === "string") out.push({ role: "user", content: b.text });
    }
  }
  return out;
}
