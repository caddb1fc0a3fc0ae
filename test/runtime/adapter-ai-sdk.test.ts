// @toolform/runtime/ai-sdk against the real AI SDK (ai@6, its mock language model): the full
// turn (wrong call → feedback in the next prompt → corrected call → the executor runs with
// typed, valid arguments), tools without an executor, normalisation, and the repair function.
import { generateText, stepCountIs, streamText } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { describe, expect, expectTypeOf, it } from "vitest";
import { aiSdkTools, repairToolCall } from "@toolform/runtime/ai-sdk";
import { toolset, type LegalDraftV3Args } from "../../generated/index.js";
import { run } from "../../examples/adapters/ai-sdk.js";
import { toolResultTexts } from "../../examples/adapters/transcript.js";

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const call = (toolName: string, input: string) => ({ content: [{ type: "tool-call" as const, toolCallId: "c1", toolName, input }], finishReason: { unified: "tool-calls" as const, raw: undefined }, usage, warnings: [] });
const answer = { content: [{ type: "text" as const, text: "done" }], finishReason: { unified: "stop" as const, raw: undefined }, usage, warnings: [] };
const scripted = (...turns: object[]) => {
  let i = 0;
  return new MockLanguageModelV3({ doGenerate: async () => turns[i++] as never });
};
const FEEDBACK_HEAD = "Refused: the arguments do not match the input schema of legal_draft_v3.";

describe("aiSdkTools", () => {
  it("the full turn: the refused call's feedback is the tool result in the next prompt; the corrected call runs the executor once, with valid arguments", async () => {
    const r = await run();
    expect(r.refused).toEqual(["legal_draft_v3"]);
    expect(r.prompts[0]).toEqual([]);
    expect(r.prompts[1]).toHaveLength(1);
    expect(r.prompts[1]![0]).toContain(FEEDBACK_HEAD);
    expect(r.prompts[1]![0]).toContain('"value" must be a number; got the string "1500"');
    expect(r.prompts[1]![0]).toContain('"currency" is not a parameter of legal_draft_v3');
    // The second call named the tool "Legal Draft V3" and sent a trailing comma: repaired, validated, run.
    expect(r.ran).toEqual([{ counterparty: "Acme GmbH", value: 1500, term_months: 12 }]);
    expect(r.prompts[2]![1]).toBe('{"draft_id":"DRAFT-0001","counterparty":"Acme GmbH","value_eur":1500}');
    expect(r.text).toBe("Drafted DRAFT-0001 for Acme GmbH.");
    expect(r.steps).toBe(3);
  });

  it("offers each tool with its own JSON Schema and description", async () => {
    const model = scripted(answer);
    await generateText({ model, tools: aiSdkTools(toolset, {}, { only: ["legal_draft_v3"] }), prompt: "hi" });
    const offered = model.doGenerateCalls[0]!.tools as { name: string; description: string; inputSchema: unknown }[];
    expect(offered.map((t) => t.name)).toEqual(["legal_draft_v3"]);
    expect(offered[0]!.inputSchema).toEqual(toolset.legal_draft_v3.inputSchema);
    expect(offered[0]!.description).toBe(toolset.legal_draft_v3.description);
  });

  it("streamText: the same turn when the model streams (the refusal is the tool result of the first step)", async () => {
    const ran: LegalDraftV3Args[] = [];
    const parts = (...p: object[]) => ({ stream: convertArrayToReadableStream([{ type: "stream-start", warnings: [] }, ...p, { type: "finish", finishReason: { unified: p.length === 1 ? "tool-calls" : "stop", raw: undefined }, usage }]) });
    const turns = [
      parts({ type: "tool-call", toolCallId: "c1", toolName: "legal_draft_v3", input: '{"counterparty": "Acme", "value": -1, "term_months": 12}' }),
      parts({ type: "tool-call", toolCallId: "c2", toolName: "legal_draft_v3", input: '{"counterparty": "Acme", "value": 1, "term_months": 12}' }),
      parts({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "done" }, { type: "text-end", id: "t" }),
    ];
    let i = 0;
    const model = new MockLanguageModelV3({ doStream: async () => turns[i++] as never });
    const result = streamText({ model, tools: aiSdkTools(toolset, { legal_draft_v3: (a) => ran.push(a) }), prompt: "hi", stopWhen: stepCountIs(3) });
    expect(await result.text).toBe("done");
    expect(toolResultTexts(model.doStreamCalls[1]!.prompt)[0]).toContain('"value" must be at least 0; got -1');
    expect(ran).toEqual([{ counterparty: "Acme", value: 1, term_months: 12 }]);
  });

  it("a tool without an executor: its refused call is the SDK's tool error, carrying the feedback; nothing runs", async () => {
    const model = scripted(call("legal_draft_v3", '{"counterparty": "", "value": 5, "term_months": 12}'), answer);
    const refused: string[] = [];
    const result = await generateText({ model, tools: aiSdkTools(toolset, {}, { onRefused: (c) => refused.push(c.feedback) }), prompt: "hi", stopWhen: stepCountIs(3) });
    expect(refused).toHaveLength(1);
    const err = result.steps[0]!.content.find((p) => p.type === "tool-error") as { error: unknown } | undefined;
    expect(String(err?.error)).toContain(FEEDBACK_HEAD);
    expect(String(err?.error)).toContain('"counterparty"');
    // A valid call to a tool without an executor comes back to the caller, its input checked.
    const ok = await generateText({ model: scripted(call("legal_draft_v3", '{"counterparty": "A", "value": 5, "term_months": 12}')), tools: aiSdkTools(toolset), prompt: "hi" });
    expect(ok.toolCalls.map((c) => [c.toolName, c.input])).toEqual([["legal_draft_v3", { counterparty: "A", value: 5, term_months: 12 }]]);
  });

  it("normalize: 'lenient' casts an almost-right value before validating, and the executor gets the cast value", async () => {
    const ran: unknown[] = [];
    const exec = { legal_draft_v3: (a: LegalDraftV3Args) => ran.push(a) };
    const send = '{"counterparty": "Acme", "value": "1500", "term_months": "12"}';
    await generateText({ model: scripted(call("legal_draft_v3", send), answer), tools: aiSdkTools(toolset, exec, { normalize: "lenient" }), prompt: "hi", stopWhen: stepCountIs(3) });
    expect(ran).toEqual([{ counterparty: "Acme", value: 1500, term_months: 12 }]);
    // Without it, the same call is refused.
    const model = scripted(call("legal_draft_v3", send), answer);
    await generateText({ model, tools: aiSdkTools(toolset, exec), prompt: "hi", stopWhen: stepCountIs(3) });
    expect(ran).toHaveLength(1);
    expect(toolResultTexts(model.doGenerateCalls[1]!.prompt)[0]).toContain(FEEDBACK_HEAD);
  });

  it("executors are typed by the generated interfaces; a name that is not a tool is refused at set-up", () => {
    aiSdkTools(toolset, {
      legal_draft_v3: (args) => {
        expectTypeOf(args).toEqualTypeOf<LegalDraftV3Args>();
        return args.term_months;
      },
    });
    // `only` narrows the ToolSet's keys.
    const some = aiSdkTools(toolset, {}, { only: ["get_weather", "read_file"] });
    expectTypeOf<keyof typeof some>().toEqualTypeOf<"get_weather" | "read_file">();
    // @ts-expect-error not a tool of the toolset
    expect(() => aiSdkTools(toolset, { legal_draft_v4: () => 1 })).toThrow(/executor is given for "legal_draft_v4", which is not a tool of the toolset/);
    expect(() => aiSdkTools(toolset, {}, { only: ["nope" as never] })).toThrow(/"nope" is not a tool/);
  });
});

describe("repairToolCall", () => {
  it("an unknown name that is no tool's: the model reads toolform's did-you-mean; with rename 'suggested' the call is renamed and runs", async () => {
    const ran: unknown[] = [];
    const tools = aiSdkTools(toolset, { get_weather: (a) => ran.push(a) }, { only: ["get_weather", "legal_draft_v3"] });
    const model = scripted(call("get_wether", '{"city": "Denver"}'), answer);
    await generateText({ model, tools, prompt: "hi", stopWhen: stepCountIs(3), experimental_repairToolCall: repairToolCall() });
    const sent = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(sent).toContain('there is no tool named \\"get_wether\\"');
    expect(sent).toContain('Did you mean \\"get_weather\\"?');
    expect(ran).toEqual([]);
    await generateText({ model: scripted(call("get_wether", '{"city": "Denver"}'), answer), tools, prompt: "hi", stopWhen: stepCountIs(3), experimental_repairToolCall: repairToolCall({ rename: "suggested" }) });
    expect(ran).toEqual([{ city: "Denver" }]);
  });

  it("arguments that are not JSON are repaired (single quotes, trailing commas); JSON that merely fails the schema is left alone", async () => {
    const fix = repairToolCall();
    const tc = { type: "tool-call" as const, toolCallId: "c", toolName: "get_weather", input: "{'city': 'Denver',}" };
    const { InvalidToolInputError } = await import("ai");
    const err = new InvalidToolInputError({ toolName: "get_weather", toolInput: tc.input, cause: new Error("bad") });
    expect(await fix({ toolCall: tc, tools: { get_weather: {} }, error: err })).toEqual({ ...tc, input: '{"city":"Denver"}' });
    expect(await fix({ toolCall: { ...tc, input: '{"city": 5}' }, tools: { get_weather: {} }, error: err })).toBeNull();
  });
});
