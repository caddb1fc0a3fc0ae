// OpenAI without the SDK and without network: the loop's messages as a
// chat-completions or Responses request body, and a response (or a request's
// messages) back as the loop's messages. Plug in your own client:
//
//   const model = (messages) => client.chat.completions.create(toOpenAIChatRequest(messages, toolset, { model: "gpt-4.1" }));
//   new CallLoop({ toolset, model, tools, format: "openai" });
import type { Message, ToolCallRef, Toolset } from "../types.js";
import { isObj, readOr, textOf } from "../data.js";
import { argumentsString, objectSchema, parseArgs, toolList } from "./shared.js";

export interface OpenAIRequestOptions {
  model: string;
  /** Offer only these tools (default: the whole toolset). */
  tools?: readonly string[];
  /** Merged into the body as is (temperature, tool_choice, parallel_tool_calls, ...). */
  extra?: Record<string, unknown>;
}

// ---------------------------------------------------------------- chat completions

export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export type OpenAIChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[] }
  | { role: "tool"; tool_call_id: string; content: string };

export function openaiChatTools(toolset: Toolset, only?: readonly string[]): OpenAIChatTool[] {
  return toolList(toolset, only).map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: objectSchema(t.inputSchema) } }));
}

export function toOpenAIChatMessages(messages: readonly Message[]): OpenAIChatMessage[] {
  return messages.map((m): OpenAIChatMessage => {
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content };
      case "assistant":
        return m.toolCalls?.length
          ? { role: "assistant", content: m.content === "" ? null : m.content, tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: argumentsString(c.arguments, c.rawArguments) } })) }
          : { role: "assistant", content: m.content };
      case "tool":
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

/** A chat-completions request body for the conversation. */
export function toOpenAIChatRequest(messages: readonly Message[], toolset: Toolset, options: OpenAIRequestOptions): Record<string, unknown> {
  const tools = openaiChatTools(toolset, options.tools);
  return { model: options.model, messages: toOpenAIChatMessages(messages), ...(tools.length ? { tools } : {}), ...options.extra };
}

function chatToolCalls(v: unknown): ToolCallRef[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map((tc) => {
    const f = isObj(tc.function) ? tc.function : {};
    return { id: textOf(tc.id ?? ""), name: textOf(f.name ?? ""), ...parseArgs(f.arguments) };
  });
}

function text(c: unknown): string {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === "string" ? p.text : "")).join("");
  return "";
}

/** The assistant message of a chat completion (or of a message object), in the loop's form. */
export function fromOpenAIChatResponse(response: unknown): Message & { role: "assistant" } {
  // Provider data: what cannot be read (a value that throws when read is not JSON) is left out.
  return readOr(() => chatAssistantOf(response), { role: "assistant", content: "" });
}

function chatAssistantOf(response: unknown): Message & { role: "assistant" } {
  const m = isObj(response) && Array.isArray(response.choices) ? (response.choices[0] as { message?: unknown } | undefined)?.message : response;
  if (!isObj(m)) return { role: "assistant", content: "" };
  const toolCalls = chatToolCalls(m.tool_calls);
  return toolCalls.length ? { role: "assistant", content: text(m.content), toolCalls } : { role: "assistant", content: text(m.content) };
}

/** A chat-completions conversation (a request's `messages`) in the loop's form. Tool results get their tool's name from the call they answer. */
export function fromOpenAIChatMessages(messages: readonly unknown[]): Message[] {
  return readOr(() => (Array.isArray(messages) ? chatConversationOf(messages) : []), []);
}

function chatConversationOf(messages: readonly unknown[]): Message[] {
  const names = new Map<string, string>();
  const out: Message[] = [];
  for (const m of messages) {
    if (!isObj(m)) continue;
    if (m.role === "system" || m.role === "developer") out.push({ role: "system", content: text(m.content) });
    else if (m.role === "user") out.push({ role: "user", content: text(m.content) });
    else if (m.role === "assistant") {
      const a = fromOpenAIChatResponse(m);
      for (const c of a.toolCalls ?? []) names.set(c.id, c.name);
      out.push(a);
    } else if (m.role === "tool") {
      const id = textOf(m.tool_call_id ?? "");
      out.push({ role: "tool", toolCallId: id, name: names.get(id) ?? "", content: text(m.content) });
    }
  }
  return out;
}

// ---------------------------------------------------------------- Responses API

export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function openaiResponsesTools(toolset: Toolset, only?: readonly string[]): OpenAIResponsesTool[] {
  return toolList(toolset, only).map((t) => ({ type: "function", name: t.name, description: t.description, parameters: objectSchema(t.inputSchema) }));
}

/** The conversation as Responses `input` items. */
export function toOpenAIResponsesInput(messages: readonly Message[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const m of messages) {
    switch (m.role) {
      case "system":
      case "user":
        out.push({ role: m.role, content: m.content });
        break;
      case "assistant":
        if (m.content !== "" || !m.toolCalls?.length) out.push({ role: "assistant", content: m.content });
        for (const c of m.toolCalls ?? []) out.push({ type: "function_call", call_id: c.id, name: c.name, arguments: argumentsString(c.arguments, c.rawArguments) });
        break;
      case "tool":
        out.push({ type: "function_call_output", call_id: m.toolCallId, output: m.content });
        break;
    }
  }
  return out;
}

/** A Responses API request body for the conversation. */
export function toOpenAIResponsesRequest(messages: readonly Message[], toolset: Toolset, options: OpenAIRequestOptions): Record<string, unknown> {
  const tools = openaiResponsesTools(toolset, options.tools);
  return { model: options.model, input: toOpenAIResponsesInput(messages), ...(tools.length ? { tools } : {}), ...options.extra };
}

/** The assistant turn of a Responses response (its `output` items), in the loop's form. */
export function fromOpenAIResponsesResponse(response: unknown): Message & { role: "assistant" } {
  return readOr(() => responsesAssistantOf(response), { role: "assistant", content: "" });
}

function responsesAssistantOf(response: unknown): Message & { role: "assistant" } {
  const items = isObj(response) && Array.isArray(response.output) ? response.output : Array.isArray(response) ? response : [];
  const texts: string[] = [];
  const toolCalls: ToolCallRef[] = [];
  for (const it of items) {
    if (!isObj(it)) continue;
    if (it.type === "message") texts.push(text(it.content));
    else if (it.type === "function_call") toolCalls.push({ id: textOf(it.call_id ?? it.id ?? ""), name: textOf(it.name ?? ""), ...parseArgs(it.arguments) });
  }
  const content = texts.join("\n");
  return toolCalls.length ? { role: "assistant", content, toolCalls } : { role: "assistant", content };
}

/** Responses `input` items in the loop's form (the inverse of toOpenAIResponsesInput). */
export function fromOpenAIResponsesInput(items: readonly unknown[]): Message[] {
  return readOr(() => (Array.isArray(items) ? responsesConversationOf(items) : []), []);
}

function responsesConversationOf(items: readonly unknown[]): Message[] {
  const names = new Map<string, string>();
  const out: Message[] = [];
  let open: (Message & { role: "assistant" }) | undefined;
  for (const it of items) {
    if (!isObj(it)) continue;
    if (it.type === "function_call") {
      const c: ToolCallRef = { id: textOf(it.call_id ?? ""), name: textOf(it.name ?? ""), ...parseArgs(it.arguments) };
      names.set(c.id, c.name);
      if (!open) out.push((open = { role: "assistant", content: "" }));
      (open.toolCalls ??= []).push(c);
      continue;
    }
    if (it.type === "function_call_output") {
      open = undefined;
      const id = textOf(it.call_id ?? "");
      out.push({ role: "tool", toolCallId: id, name: names.get(id) ?? "", content: typeof it.output === "string" ? it.output : (readOr(() => JSON.stringify(it.output), undefined) ?? textOf(it.output)) });
      continue;
    }
    const role = it.role;
    if (role === "assistant") out.push((open = { role: "assistant", content: text(it.content) }));
    else {
      open = undefined;
      if (role === "system" || role === "developer") out.push({ role: "system", content: text(it.content) });
      else if (role === "user") out.push({ role: "user", content: text(it.content) });
    }
  }
  return out;
}
