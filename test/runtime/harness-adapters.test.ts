// toolform/harness adapters: the loop's messages ↔ OpenAI chat-completions,
// OpenAI Responses and Anthropic Messages bodies and responses, and plain text.
// No network, no SDK: the "clients" here are scripted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anthropicTools,
  CallLoop,
  fromAnthropicMessages,
  fromAnthropicResponse,
  fromOpenAIChatMessages,
  fromOpenAIChatResponse,
  fromOpenAIResponsesInput,
  fromOpenAIResponsesResponse,
  jsonObjectInstructions,
  openaiChatTools,
  scriptedModel,
  toAnthropicMessages,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesInput,
  toOpenAIResponsesRequest,
  toTextMessages,
  type Message,
  type Toolset,
} from "../../packages/runtime/src/harness/index.js";
import { generateToolset, type GeneratedToolset } from "../fixtures/harness/toolset.js";

let g: GeneratedToolset;
let toolset: Toolset;
beforeAll(async () => {
  g = await generateToolset();
  toolset = g.toolset;
});
afterAll(() => g?.cleanup());

const GOOD = { counterparty: "Acme", value: 1500, term_months: 12 };

/** A conversation with every kind of message, as the loop writes it. */
const CONVERSATION: Message[] = [
  { role: "system", content: "You draft contracts." },
  { role: "user", content: "Draft one for Acme and book a room." },
  {
    role: "assistant",
    content: "Drafting.",
    toolCalls: [
      { id: "call_1", name: "legal_draft_v3", arguments: { counterparty: "Acme", value: -5, term_months: 12 } },
      { id: "call_2", name: "book_room", arguments: { room_id: "r1", start_iso: "2026-03-02T10:00:00Z" } },
    ],
  },
  { role: "tool", toolCallId: "call_1", name: "legal_draft_v3", content: "Refused: the arguments do not match ...", isError: true },
  { role: "tool", toolCallId: "call_2", name: "book_room", content: "Not run: ...", isError: true },
  { role: "assistant", content: "", toolCalls: [{ id: "call_3", name: "legal_draft_v3", arguments: GOOD }] },
  { role: "tool", toolCallId: "call_3", name: "legal_draft_v3", content: '{"draft":"c-1"}', isError: false },
  { role: "user", content: "Thanks. Anything else?" },
  { role: "assistant", content: "No, all done." },
];

/** What survives a provider that has no isError on tool results (OpenAI). */
const withoutErrorFlags = (ms: Message[]) => ms.map((m) => (m.role === "tool" ? { role: m.role, toolCallId: m.toolCallId, name: m.name, content: m.content } : m));

describe("OpenAI chat completions", () => {
  it("builds a request body: function tools from the toolset, tool_calls with string arguments, tool messages", () => {
    const body = toOpenAIChatRequest(CONVERSATION, toolset, { model: "gpt-4.1", tools: ["legal_draft_v3"], extra: { temperature: 0 } });
    expect(body.model).toBe("gpt-4.1");
    expect(body.temperature).toBe(0);
    expect(body.tools).toEqual([{ type: "function", function: { name: "legal_draft_v3", description: toolset.legal_draft_v3!.description, parameters: toolset.legal_draft_v3!.inputSchema } }]);
    const msgs = body.messages as Record<string, unknown>[];
    expect(msgs[2]).toEqual({
      role: "assistant",
      content: "Drafting.",
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "legal_draft_v3", arguments: '{"counterparty":"Acme","value":-5,"term_months":12}' } },
        { id: "call_2", type: "function", function: { name: "book_room", arguments: '{"room_id":"r1","start_iso":"2026-03-02T10:00:00Z"}' } },
      ],
    });
    expect(msgs[3]).toEqual({ role: "tool", tool_call_id: "call_1", content: "Refused: the arguments do not match ..." });
    expect(msgs[5]).toMatchObject({ role: "assistant", content: null });
    expect(openaiChatTools(toolset).map((t) => t.function.name)).toEqual(Object.keys(toolset));
  });

  it("round-trips the conversation (all but the isError flag, which OpenAI does not carry)", () => {
    const body = toOpenAIChatRequest(CONVERSATION, toolset, { model: "m" });
    expect(fromOpenAIChatMessages(JSON.parse(JSON.stringify(body.messages)) as unknown[])).toEqual(withoutErrorFlags(CONVERSATION));
  });

  it("echoes a model's arguments string unchanged when it was not canonical JSON", () => {
    const raw = "{'counterparty': 'Acme', 'value': 1, 'term_months': 1}";
    const back = fromOpenAIChatResponse({ choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "legal_draft_v3", arguments: raw } }] } }] });
    expect(back.toolCalls![0]).toEqual({ id: "c", name: "legal_draft_v3", arguments: raw, rawArguments: raw });
    const body = toOpenAIChatRequest([back], toolset, { model: "m" });
    expect((body.messages as { tool_calls: { function: { arguments: string } }[] }[])[0]!.tool_calls[0]!.function.arguments).toBe(raw);
  });

  it("plugs into the loop: a scripted client sees valid request bodies, every tool_call answered", async () => {
    const bodies: Record<string, unknown>[] = [];
    const replies = [
      { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "call_x", type: "function", function: { name: "legal_draft_v3", arguments: '{"counterparty":"Acme","value":"lots","term_months":12}' } }] } }] },
      { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "call_y", type: "function", function: { name: "legal_draft_v3", arguments: JSON.stringify(GOOD) } }] } }] },
      { choices: [{ message: { role: "assistant", content: "Done: c-1." } }] },
    ];
    const client = { chat: { completions: { create: async (body: Record<string, unknown>) => (bodies.push(structuredClone(body)), replies[bodies.length - 1]) } } };
    const model = (messages: readonly Message[]) => client.chat.completions.create(toOpenAIChatRequest(messages, toolset, { model: "gpt-4.1" }));
    const r = await new CallLoop({ toolset, model, tools: { legal_draft_v3: () => ({ draft: "c-1" }) }, format: "openai" }).run("Draft for Acme");
    expect(r.answer).toBe("Done: c-1.");
    const last = bodies[2]!.messages as Record<string, unknown>[];
    expect(last.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
    expect(last[2]).toMatchObject({ tool_call_id: "call_x" });
    expect(String(last[2]!.content)).toMatch(/^Refused: the arguments do not match the input schema of legal_draft_v3/);
    expect(last[4]).toEqual({ role: "tool", tool_call_id: "call_y", content: '{"draft":"c-1"}' });
  });
});

describe("OpenAI Responses", () => {
  it("builds input items and round-trips them", () => {
    const body = toOpenAIResponsesRequest(CONVERSATION, toolset, { model: "gpt-4.1" });
    const input = body.input as Record<string, unknown>[];
    expect(input.map((i) => i.type ?? i.role)).toEqual(["system", "user", "assistant", "function_call", "function_call", "function_call_output", "function_call_output", "function_call", "function_call_output", "user", "assistant"]);
    expect(input[3]).toEqual({ type: "function_call", call_id: "call_1", name: "legal_draft_v3", arguments: '{"counterparty":"Acme","value":-5,"term_months":12}' });
    expect((body.tools as { name: string; type: string }[])[0]).toMatchObject({ type: "function", name: "book_room" });
    expect(fromOpenAIResponsesInput(toOpenAIResponsesInput(CONVERSATION))).toEqual(withoutErrorFlags(CONVERSATION));
  });

  it("reads a response's output back as the loop's assistant message", () => {
    const m = fromOpenAIResponsesResponse({
      output: [
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "Calling." }] },
        { type: "function_call", id: "fc_1", call_id: "call_9", name: "legal_draft_v3", arguments: JSON.stringify(GOOD) },
      ],
    });
    expect(m).toEqual({ role: "assistant", content: "Calling.", toolCalls: [{ id: "call_9", name: "legal_draft_v3", arguments: GOOD }] });
  });
});

describe("Anthropic Messages", () => {
  it("builds a request body: system apart, tool_use blocks, tool results merged into one user turn", () => {
    const body = toAnthropicRequest(CONVERSATION, toolset, { model: "claude-sonnet-4-5" });
    expect(body.system).toBe("You draft contracts.");
    expect(body.max_tokens).toBe(1024);
    expect((body.tools as unknown[])[0]).toEqual(anthropicTools(toolset)[0]);
    expect(anthropicTools(toolset, ["legal_draft_v3"])).toEqual([{ name: "legal_draft_v3", description: toolset.legal_draft_v3!.description, input_schema: toolset.legal_draft_v3!.inputSchema }]);
    const msgs = body.messages as { role: string; content: unknown }[];
    expect(msgs.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(msgs[1]!.content).toEqual([
      { type: "text", text: "Drafting." },
      { type: "tool_use", id: "call_1", name: "legal_draft_v3", input: { counterparty: "Acme", value: -5, term_months: 12 } },
      { type: "tool_use", id: "call_2", name: "book_room", input: { room_id: "r1", start_iso: "2026-03-02T10:00:00Z" } },
    ]);
    expect(msgs[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "call_1", content: "Refused: the arguments do not match ...", is_error: true },
      { type: "tool_result", tool_use_id: "call_2", content: "Not run: ...", is_error: true },
    ]);
    // The tool result and the user's next words share one user turn.
    expect(msgs[4]!.content).toEqual([
      { type: "tool_result", tool_use_id: "call_3", content: '{"draft":"c-1"}' },
      { type: "text", text: "Thanks. Anything else?" },
    ]);
  });

  it("round-trips the conversation, isError included", () => {
    const { system, messages } = toAnthropicMessages(CONVERSATION);
    const back = fromAnthropicMessages({ system, messages: JSON.parse(JSON.stringify(messages)) as unknown[] });
    expect(back).toEqual(CONVERSATION.map((m) => (m.role === "tool" && !m.isError ? { role: m.role, toolCallId: m.toolCallId, name: m.name, content: m.content } : m)));
  });

  it("reads a response back, and plugs into the loop", async () => {
    expect(fromAnthropicResponse({ content: [{ type: "text", text: "Hi" }, { type: "tool_use", id: "toolu_1", name: "legal_draft_v3", input: GOOD }] })).toEqual({
      role: "assistant",
      content: "Hi",
      toolCalls: [{ id: "toolu_1", name: "legal_draft_v3", arguments: GOOD }],
    });
    const bodies: Record<string, unknown>[] = [];
    const replies = [
      { type: "message", role: "assistant", stop_reason: "tool_use", content: [{ type: "tool_use", id: "toolu_1", name: "legal_draft_v3", input: { counterparty: "Acme", value: 1500, term_months: "12 months" } }] },
      { type: "message", role: "assistant", stop_reason: "tool_use", content: [{ type: "tool_use", id: "toolu_2", name: "legal_draft_v3", input: GOOD }] },
      { type: "message", role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text: "Drafted." }] },
    ];
    const client = { messages: { create: async (body: Record<string, unknown>) => (bodies.push(structuredClone(body)), replies[bodies.length - 1]) } };
    const model = (messages: readonly Message[]) => client.messages.create(toAnthropicRequest(messages, toolset, { model: "claude-sonnet-4-5" }));
    const r = await new CallLoop({ toolset, model, tools: { legal_draft_v3: () => "c-1" }, format: "anthropic" }).run("Draft for Acme");
    expect(r.answer).toBe("Drafted.");
    const msgs = bodies[1]!.messages as { role: string; content: { type: string; is_error?: boolean; content?: string }[] }[];
    expect(msgs[2]!.content[0]).toMatchObject({ type: "tool_result", is_error: true });
    expect(msgs[2]!.content[0]!.content).toContain('"term_months" must be an integer; got the string "12 months"');
  });
});

describe("plain text (json_object models)", () => {
  it("sends tool results back as a user turn starting 'Tool result:'", () => {
    const msgs: Message[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: '{"name": "legal_draft_v3", "arguments": {}}', toolCalls: [{ id: "c1", name: "legal_draft_v3", arguments: {} }] },
      { role: "tool", toolCallId: "c1", name: "legal_draft_v3", content: '{"ok": false}', isError: true },
    ];
    expect(toTextMessages(msgs)).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: '{"name": "legal_draft_v3", "arguments": {}}' },
      { role: "user", content: 'Tool result: {"ok": false}' },
    ]);
    const text = toTextMessages(CONVERSATION);
    expect(text.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(text[3]!.content).toBe("Tool result (1 of 2, legal_draft_v3): Refused: the arguments do not match ...\n\nTool result (2 of 2, book_room): Not run: ...");
    expect(text[4]!.content).toBe('{"name":"legal_draft_v3","arguments":{"counterparty":"Acme","value":1500,"term_months":12}}');
    expect(text[5]!.content).toBe('Tool result: {"draft":"c-1"}\n\nThanks. Anything else?');
  });

  it("describes the tools and the JSON protocol in a system prompt", () => {
    const s = jsonObjectInstructions(toolset, ["legal_draft_v3"]);
    expect(s).toContain("- legal_draft_v3: Draft a contract");
    expect(s).toContain('{"name": "<tool>", "arguments": {...}}');
  });

  it("a json_object loop through the text adapter", async () => {
    const seen: string[] = [];
    const model = scriptedModel([
      (ms: readonly Message[]) => (seen.push(JSON.stringify(toTextMessages(ms))), '{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme"}}'),
      (ms: readonly Message[]) => (seen.push(JSON.stringify(toTextMessages(ms))), JSON.stringify({ name: "legal_draft_v3", arguments: GOOD })),
      "Done.",
    ]);
    const r = await new CallLoop({ toolset, model, tools: { legal_draft_v3: () => "ok" }, format: "json_object" }).run("go");
    expect(r.answer).toBe("Done.");
    expect(seen[1]).toContain("Tool result: Refused: the arguments do not match the input schema of legal_draft_v3");
  });
});
