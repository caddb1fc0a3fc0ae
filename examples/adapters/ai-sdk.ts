// The Vercel AI SDK with toolform's validators, offline: the AI SDK's mock language model
// plays a model that sends a wrong call, reads toolform's feedback in its next prompt, and
// corrects itself; the executor runs once, with typed, valid arguments.
//
//   node --import tsx examples/adapters/ai-sdk.ts
import { pathToFileURL } from "node:url";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { aiSdkTools, repairToolCall } from "@toolform/runtime/ai-sdk";
import { toolset, type LegalDraftV3Args } from "../../generated/index.js";
import { printTranscript, toolResultTexts } from "./transcript.js";

/** One scripted model turn: a tool call, or a final text. */
type Turn = { call: string; input: string } | { text: string };

/** The model's turns: "1500" as a string and an argument the tool does not take; then a misspelt tool name with trailing-comma JSON (both repaired); then the answer. */
const SCRIPT: Turn[] = [
  { call: "legal_draft_v3", input: '{"counterparty": "Acme GmbH", "value": "1500", "term_months": 12, "currency": "EUR"}' },
  { call: "Legal Draft V3", input: '{"counterparty": "Acme GmbH", "value": 1500, "term_months": 12,}' },
  { text: "Drafted DRAFT-0001 for Acme GmbH." },
];

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };

export async function run() {
  const ran: LegalDraftV3Args[] = [];
  const refused: string[] = [];
  let turn = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      const t = SCRIPT[turn++]!;
      return "text" in t
        ? { content: [{ type: "text", text: t.text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] }
        : { content: [{ type: "tool-call", toolCallId: `call_${turn}`, toolName: t.call, input: t.input }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] };
    },
  });
  const tools = aiSdkTools(
    toolset,
    {
      legal_draft_v3: (args) => {
        ran.push(args); // args: LegalDraftV3Args, and valid
        return { draft_id: "DRAFT-0001", counterparty: args.counterparty, value_eur: args.value };
      },
    },
    { only: ["legal_draft_v3", "search_issues"], onRefused: (c) => refused.push(c.tool) },
  );
  const result = await generateText({
    model,
    tools,
    prompt: "Draft a 12-month contract with Acme GmbH worth 1500 EUR.",
    stopWhen: stepCountIs(5),
    experimental_repairToolCall: repairToolCall(),
  });
  // What each model call was sent: the tool results it read.
  const prompts = model.doGenerateCalls.map((c) => toolResultTexts(c.prompt));
  return { text: result.text, steps: result.steps.length, ran, refused, prompts };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printTranscript("AI SDK", await run());
