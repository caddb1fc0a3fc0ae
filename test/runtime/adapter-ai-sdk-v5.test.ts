// @toolform/runtime/ai-sdk on AI SDK 5 (ai@5.0.277, installed as "ai-v5"): the adapter's own
// import of "ai" is pointed at it, and the full turn runs with AI SDK 5's mock model
// (LanguageModelV2). AI SDK 6 is tested in adapter-ai-sdk.test.ts; 7 needs Node 22.
import { describe, expect, it, vi } from "vitest";
import { generateText, stepCountIs, jsonSchema as v5JsonSchema } from "ai-v5";
import { MockLanguageModelV2 } from "ai-v5/test";
import { aiSdkTools, repairToolCall } from "@toolform/runtime/ai-sdk";
import { toolset, type LegalDraftV3Args } from "../../generated/index.js";
import { toolResultTexts } from "../../examples/adapters/transcript.js";

// The adapter's "ai" is AI SDK 5, its jsonSchema wrapped to see that the adapter calls it.
vi.mock("ai", async () => {
  const v5 = await import("ai-v5");
  return { ...v5, jsonSchema: vi.fn(v5.jsonSchema) };
});

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const call = (toolName: string, input: string) => ({ content: [{ type: "tool-call" as const, toolCallId: "c1", toolName, input }], finishReason: "tool-calls" as const, usage, warnings: [] });
const answer = { content: [{ type: "text" as const, text: "done" }], finishReason: "stop" as const, usage, warnings: [] };

describe("aiSdkTools on AI SDK 5", () => {
  it("the adapter builds its schemas with AI SDK 5's jsonSchema (its import of \"ai\" is redirected)", async () => {
    const { jsonSchema } = await import("ai");
    const spy = jsonSchema as unknown as ReturnType<typeof vi.fn>;
    spy.mockClear();
    aiSdkTools(toolset, {}, { only: ["legal_draft_v3", "get_weather"] });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[0]![0]).toEqual(toolset.legal_draft_v3.inputSchema);
    expect(spy.getMockImplementation()).toBe(v5JsonSchema);
  });

  it("the full turn: feedback as the tool result in the next prompt, the misnamed corrected call repaired, the executor run once with valid arguments", async () => {
    const ran: LegalDraftV3Args[] = [];
    const turns = [
      call("legal_draft_v3", '{"counterparty": "Acme GmbH", "value": "1500", "term_months": 12, "currency": "EUR"}'),
      call("Legal Draft V3", '{"counterparty": "Acme GmbH", "value": 1500, "term_months": 12,}'),
      answer,
    ];
    let i = 0;
    const model = new MockLanguageModelV2({ doGenerate: async () => turns[i++] as never });
    const tools = aiSdkTools(toolset, { legal_draft_v3: (args) => (ran.push(args), { draft_id: "DRAFT-1" }) }, { only: ["legal_draft_v3"] });
    // Here the adapter's types are those of the `ai` this repository installs (6); an app with AI SDK 5
    // installed gets 5's (it type-checks there too, see docs/adapters.md): only the types are cast.
    const result = await generateText({ model, tools: tools as unknown as Parameters<typeof generateText>[0]["tools"], prompt: "Draft it.", stopWhen: stepCountIs(5), experimental_repairToolCall: repairToolCall() });
    const second = toolResultTexts(model.doGenerateCalls[1]!.prompt);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatch(/^Refused: the arguments do not match the input schema of legal_draft_v3\./);
    expect(second[0]).toContain('"value" must be a number; got the string "1500"');
    expect(ran).toEqual([{ counterparty: "Acme GmbH", value: 1500, term_months: 12 }]);
    expect(toolResultTexts(model.doGenerateCalls[2]!.prompt)[1]).toBe('{"draft_id":"DRAFT-1"}');
    expect(result.text).toBe("done");
  });
});
