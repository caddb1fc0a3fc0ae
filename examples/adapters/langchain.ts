// LangChain.js with toolform's validators, offline: a scripted chat model (a BaseChatModel that
// answers from a script) sends a wrong call, reads toolform's feedback as a ToolMessage in its
// next turn, and corrects itself; the executor runs once, with typed, valid arguments.
//
//   node --import tsx examples/adapters/langchain.ts
import { pathToFileURL } from "node:url";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { langchainTools } from "@toolform/runtime/langchain";
import { toolset, type ScheduleMeetingArgs } from "../../generated/index.js";
import { printTranscript } from "./transcript.js";

/** One scripted model turn: a tool call, or a final text. */
type Turn = { call: string; args: Record<string, unknown> } | { text: string };

/** An end before the start and a misspelt argument name; then the corrected call; then the answer. */
const SCRIPT: Turn[] = [
  { call: "schedule_meeting", args: { title: "Launch review", start_iso: "2026-03-02T10:00:00Z", end_iso: "2026-03-02T09:45:00Z", atendees: [{ email: "ana@example.com" }] } },
  { call: "schedule_meeting", args: { title: "Launch review", start_iso: "2026-03-02T10:00:00Z", end_iso: "2026-03-02T10:45:00Z", attendees: [{ email: "ana@example.com" }] } },
  { text: "Scheduled the launch review." },
];

/** A chat model that answers from SCRIPT and keeps every list of messages it was sent. */
class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
  offered: unknown[] = [];
  #turn = 0;
  _llmType() {
    return "scripted";
  }
  override bindTools(tools: Parameters<NonNullable<BaseChatModel["bindTools"]>>[0]) {
    this.offered = tools.map((t) => convertToOpenAITool(t));
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push([...messages]);
    const t = SCRIPT[this.#turn++]!;
    const message = "text" in t ? new AIMessage(t.text) : new AIMessage({ content: "", tool_calls: [{ id: `call_${this.#turn}`, name: t.call, args: t.args, type: "tool_call" }] });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

export async function run() {
  const ran: ScheduleMeetingArgs[] = [];
  const refused: string[] = [];
  const tools = langchainTools(
    toolset,
    {
      schedule_meeting: (args) => {
        ran.push(args); // args: ScheduleMeetingArgs, and valid
        return `Scheduled "${args.title}" from ${args.start_iso} to ${args.end_iso}.`;
      },
    },
    { onRefused: (c) => refused.push(c.tool) },
  );
  const byName = new Map(tools.map((t) => [t.name, t]));
  const chat = new ScriptedChatModel({});
  const model = chat.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage("Schedule a 45-minute launch review with Ana on 2 March at 10:00 UTC.")];
  // The agent loop: call the model, run its tool calls, give it the ToolMessages, until it answers.
  for (let turn = 0; turn < 5; turn++) {
    const ai = (await model.invoke(messages)) as AIMessage;
    messages.push(ai);
    if (!ai.tool_calls?.length) break;
    for (const call of ai.tool_calls) messages.push((await byName.get(call.name)!.invoke({ ...call, type: "tool_call" })) as ToolMessage);
  }
  const toolTexts = (ms: BaseMessage[]) => ms.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).map((m) => `${m.status === "error" ? "[error] " : ""}${String(m.content)}`);
  return { text: String(messages.at(-1)!.content), ran, refused, prompts: chat.seen.map(toolTexts), offered: chat.offered, messages };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printTranscript("LangChain.js", await run());
