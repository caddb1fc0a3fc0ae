// toolform/harness: parseReply in every format — good, repaired and broken replies.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRepairs, detectFormat, parseReply, readJson, type ParsedCall, type Toolset } from "../../packages/runtime/src/harness/index.js";
import { generateToolset, type GeneratedToolset } from "../fixtures/harness/toolset.js";

let g: GeneratedToolset;
let toolset: Toolset;
beforeAll(async () => {
  g = await generateToolset();
  toolset = g.toolset;
});
afterAll(() => g?.cleanup());

const GOOD = { counterparty: "Acme", value: 1500, term_months: 12 };
const GOOD_JSON = JSON.stringify(GOOD);
const rules = (c: ParsedCall) => c.repairs.map((r) => r.rule);

describe("json_object", () => {
  it("reads a bare call object", () => {
    const r = parseReply(JSON.stringify({ name: "legal_draft_v3", arguments: GOOD }), toolset, "json_object");
    expect(r.errors).toEqual([]);
    expect(r.text).toBe("");
    expect(r.calls).toHaveLength(1);
    const c = r.calls[0]!;
    expect(c).toMatchObject({ id: "call_1", name: "legal_draft_v3", resolved_name: "legal_draft_v3", arguments: GOOD, valid: true, repairs: [] });
    expect(c.validation).toEqual({ ok: true, unknown_tool: false, missing_required: [], unknown_args: [], type_errors: [], enum_errors: [], constraint_errors: [], n_errors: 0 });
    expect(c.normalized_arguments).toEqual({ counterparty: "acme", value: 1500, term_months: 12 });
  });

  it('reads {"tool", "args"} and an array of calls', () => {
    const r = parseReply(JSON.stringify([{ tool: "legal_draft_v3", args: GOOD }, { name: "book_room", arguments: { room_id: "r1", start_iso: "2026-01-01T10:00:00Z" } }]), toolset, "json_object");
    expect(r.calls.map((c) => [c.id, c.resolved_name, c.valid])).toEqual([
      ["call_1", "legal_draft_v3", true],
      ["call_2", "book_room", true],
    ]);
  });

  it("reads a call in a fence with prose around it, and records both", () => {
    const r = parseReply(`I'll draft it now.\n\n\`\`\`json\n{"name": "legal_draft_v3", "arguments": ${GOOD_JSON}}\n\`\`\`\n\nLet me know!`, toolset, "json_object");
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["code_fence", "prose_around"]);
    expect(r.text).toBe("I'll draft it now.\n\nLet me know!");
  });

  it("reads a call with prose around it and no fence", () => {
    const r = parseReply(`Calling the tool: {"name": "legal_draft_v3", "arguments": ${GOOD_JSON}} — done.`, toolset, "json_object");
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["prose_around"]);
    expect(r.text).toBe("Calling the tool: \n — done.");
  });

  it("repairs trailing commas, single quotes, unquoted keys and a missing closing brace, naming each", () => {
    const cases: [string, string[]][] = [
      [`{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme", "value": 1500, "term_months": 12,},}`, ["trailing_comma"]],
      [`{'name': 'legal_draft_v3', 'arguments': {'counterparty': 'Acme', 'value': 1500, 'term_months': 12}}`, ["single_quotes"]],
      [`{name: "legal_draft_v3", arguments: {counterparty: "Acme", value: 1500, term_months: 12}}`, ["unquoted_keys"]],
      [`{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme", "value": 1500, "term_months": 12}`, ["missing_closing"]],
      [`{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme", "value": 1500, "term_months": 12, "x": None}}`, ["python_constants"]],
      [`{"name": "legal_draft_v3" "arguments": {"counterparty": "Acme" "value": 1500, "term_months": 12}}`, ["missing_comma"]],
      [`{"name": "legal_draft_v3", // the tool\n "arguments": {"counterparty": "Acme", "value": 1500, "term_months": 12}}`, ["comments"]],
    ];
    for (const [text, expected] of cases) {
      const r = parseReply(text, toolset, "json_object");
      expect(r.errors, text).toEqual([]);
      expect(r.calls, text).toHaveLength(1);
      expect(rules(r.calls[0]!), text).toEqual(expected);
      expect(r.calls[0]!.arguments, text).toMatchObject(GOOD);
    }
  });

  it("names several repairs in one reply", () => {
    const r = parseReply("```\n{name: 'legal_draft_v3', arguments: {counterparty: 'Acme', value: 1500, term_months: 12,}\n```", toolset, "json_object");
    expect(rules(r.calls[0]!)).toEqual(["code_fence", "unquoted_keys", "single_quotes", "trailing_comma", "missing_closing"]); // in the order met
    expect(r.calls[0]!.valid).toBe(true);
  });

  it("fixes a tool name's case and spacing, and records it", () => {
    const r = parseReply(JSON.stringify({ name: "Legal Draft V3", arguments: GOOD }), toolset, "json_object");
    const c = r.calls[0]!;
    expect(c.name).toBe("Legal Draft V3");
    expect(c.resolved_name).toBe("legal_draft_v3");
    expect(c.valid).toBe(true);
    expect(c.repairs).toEqual([{ rule: "tool_name", where: "name", message: 'read the tool name "Legal Draft V3" as "legal_draft_v3"', from: "Legal Draft V3", to: "legal_draft_v3" }]);
  });

  it("does not rename a different word; the call is an unknown tool with a suggestion", () => {
    const c = parseReply(JSON.stringify({ name: "legal_draft_v2", arguments: GOOD }), toolset, "json_object").calls[0]!;
    expect(c.resolved_name).toBe("legal_draft_v2");
    expect(c.valid).toBe(false);
    expect(c.validation.unknown_tool).toBe(true);
    expect(c.report.nearest).toEqual(["legal_draft_v3"]);
    expect(parseReply(JSON.stringify({ name: "Legal Draft V3", arguments: GOOD }), toolset, "json_object", { resolveNames: false }).calls[0]!.valid).toBe(false);
  });

  it("reads a plain answer as text, with no calls and no errors", () => {
    const r = parseReply("The contract is drafted: 12 months, 1500 EUR. {Braces} in prose are fine.", toolset, "json_object");
    expect(r).toEqual({ format: "json_object", calls: [], text: "The contract is drafted: 12 months, 1500 EUR. {Braces} in prose are fine.", errors: [] });
  });

  it("removes extra closing brackets after the JSON, and says so", () => {
    const r = parseReply(`{"name": "legal_draft_v3", "arguments": ${GOOD_JSON}}}}} }`, toolset, "json_object");
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["extra_closing"]);
    expect(r.text).toBe("");
  });

  it("reports JSON that cannot be read as a parse error", () => {
    const r = parseReply('{"name": "legal_draft_v3", "arguments": {"counterparty" = "Acme"}}', toolset, "json_object");
    expect(r.calls).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.message).toMatch(/^The reply could not be read as a tool call: it is not valid JSON \(Colon expected/);
    expect(r.text).toBe("");
    const strict = parseReply(`{"name": "legal_draft_v3", "arguments": ${GOOD_JSON}`, toolset, "json_object", { repair: false });
    expect(strict.calls).toEqual([]);
    expect(strict.errors[0]!.message).toMatch(/it is not valid JSON/);
    const noName = parseReply('{"arguments": {"a": 1}}', toolset, "json_object");
    expect(noName.errors[0]!.message).toContain('it has no "name"');
  });

  it("keeps unreadable arguments inside a readable call as an invalid call", () => {
    const r = parseReply('{"name": "legal_draft_v3", "arguments": "counterparty=Acme"}', toolset, "json_object");
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]!.valid).toBe(false);
    expect(r.calls[0]!.validation.type_errors).toEqual(["arguments: expected object, got invalid JSON"]);
  });

  it("reads a call already parsed (an object)", () => {
    const r = parseReply({ name: "legal_draft_v3", arguments: GOOD }, toolset, "json_object");
    expect(r.calls[0]!.valid).toBe(true);
  });
});

describe("openai", () => {
  const completion = (message: unknown) => ({ id: "chatcmpl-1", object: "chat.completion", choices: [{ index: 0, finish_reason: "tool_calls", message }] });

  it("reads chat-completions tool_calls (good)", () => {
    const r = parseReply(
      completion({ role: "assistant", content: null, tool_calls: [{ id: "call_abc", type: "function", function: { name: "legal_draft_v3", arguments: GOOD_JSON } }] }),
      toolset,
      "openai",
    );
    expect(r.errors).toEqual([]);
    expect(r.calls[0]).toMatchObject({ id: "call_abc", name: "legal_draft_v3", arguments: GOOD, valid: true, repairs: [], raw_arguments: GOOD_JSON });
  });

  it("repairs malformed arguments strings (repaired)", () => {
    const r = parseReply(
      completion({ role: "assistant", content: "Drafting.", tool_calls: [{ id: "call_1", type: "function", function: { name: "legal_draft_v3", arguments: "{'counterparty': 'Acme', 'value': 1500, 'term_months': 12,}" } }] }),
      toolset,
      "openai",
    );
    expect(r.text).toBe("Drafting.");
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["single_quotes", "trailing_comma"]);
    expect(r.calls[0]!.repairs[0]!.where).toBe("arguments");
  });

  it("answers unreadable arguments with an invalid call and an error tied to it (broken)", () => {
    const r = parseReply([{ id: "call_9", type: "function", function: { name: "legal_draft_v3", arguments: "counterparty=Acme&value=5" } }], toolset, "openai");
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]!.valid).toBe(false);
    expect(r.calls[0]!.arguments).toBe("counterparty=Acme&value=5");
    expect(r.errors).toEqual([{ message: "the arguments of legal_draft_v3 are not valid JSON", call_id: "call_9", excerpt: "counterparty=Acme&value=5" }]);
  });

  it("reads Responses API function_call items", () => {
    const response = {
      id: "resp_1",
      output: [
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "On it." }] },
        { type: "function_call", id: "fc_1", call_id: "call_r1", name: "legal_draft_v3", arguments: GOOD_JSON },
        { type: "function_call", id: "fc_2", call_id: "call_r2", name: "book_room", arguments: '{"room_id": "r1"' },
      ],
    };
    const r = parseReply(response, toolset, "openai");
    expect(r.text).toBe("On it.");
    expect(r.calls.map((c) => [c.id, c.valid])).toEqual([
      ["call_r1", true],
      ["call_r2", false],
    ]);
    expect(r.calls[1]!.validation.missing_required).toEqual(["start_iso"]);
    expect(rules(r.calls[1]!)).toEqual(["missing_closing"]);
    expect(detectFormat(response)).toBe("openai");
    expect(detectFormat(response.output)).toBe("openai");
  });

  it("reads a plain text completion as an answer", () => {
    const r = parseReply(completion({ role: "assistant", content: "All done." }), toolset, "openai");
    expect(r).toMatchObject({ calls: [], text: "All done.", errors: [] });
  });

  it("says when the reply is not an OpenAI reply", () => {
    expect(parseReply({ foo: 1 }, toolset, "openai").errors[0]!.message).toMatch(/^not an OpenAI reply/);
  });
});

describe("anthropic", () => {
  it("reads tool_use blocks (good)", () => {
    const message = {
      id: "msg_1",
      type: "message",
      role: "assistant",
      stop_reason: "tool_use",
      content: [
        { type: "text", text: "Drafting the contract." },
        { type: "tool_use", id: "toolu_1", name: "legal_draft_v3", input: GOOD },
      ],
    };
    const r = parseReply(message, toolset, "anthropic");
    expect(r.text).toBe("Drafting the contract.");
    expect(r.calls[0]).toMatchObject({ id: "toolu_1", name: "legal_draft_v3", arguments: GOOD, valid: true });
    expect(r.calls[0]!.raw_arguments).toBeUndefined();
    expect(detectFormat(message)).toBe("anthropic");
    expect(detectFormat(message.content)).toBe("anthropic");
  });

  it("repairs a streamed partial_json input string (repaired)", () => {
    const r = parseReply([{ type: "tool_use", id: "toolu_2", name: "legal_draft_v3", input: '{"counterparty": "Acme", "value": 1500, "term_months": 12' }], toolset, "anthropic");
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["missing_closing"]);
  });

  it("reports invalid input and a block without a name (broken)", () => {
    const r = parseReply({ content: [{ type: "tool_use", id: "toolu_3", name: "legal_draft_v3", input: { counterparty: "", value: "lots" } }, { type: "tool_use", id: "toolu_4", input: {} }] }, toolset, "anthropic");
    expect(r.calls).toHaveLength(2);
    expect(r.calls[0]!.validation).toMatchObject({ missing_required: ["term_months"], type_errors: ["value: expected number, got string"] });
    expect(r.calls[0]!.validation.constraint_errors).toHaveLength(1);
    expect(r.calls[1]!.validation.unknown_tool).toBe(true);
    expect(r.errors).toEqual([{ message: "a tool_use block has no name", call_id: "toolu_4" }]);
  });
});

describe("mcp", () => {
  it("reads a tools/call request and its params (good)", () => {
    const req = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "legal_draft_v3", arguments: GOOD } };
    const r = parseReply(req, toolset, "mcp");
    expect(r.calls[0]).toMatchObject({ id: "7", resolved_name: "legal_draft_v3", valid: true });
    expect(parseReply(req.params, toolset, "mcp").calls[0]!.id).toBe("call_1");
    expect(detectFormat(req)).toBe("mcp");
  });

  it("repairs string arguments (repaired)", () => {
    const r = parseReply({ name: "legal_draft_v3", arguments: `{counterparty: "Acme", value: 1500, term_months: 12}` }, toolset, "mcp");
    expect(r.calls[0]!.valid).toBe(true);
    expect(rules(r.calls[0]!)).toEqual(["unquoted_keys"]);
  });

  it("reports another method, a missing name, and invalid arguments (broken)", () => {
    expect(parseReply({ jsonrpc: "2.0", id: 1, method: "tools/list" }, toolset, "mcp").errors[0]!.message).toContain("not a tools/call request");
    expect(parseReply({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }, toolset, "mcp").errors[0]!.message).toContain('need a "name"');
    const bad = parseReply({ name: "book_room", arguments: { room_id: "r1", start_iso: "tomorrow", duration_min: 5 } }, toolset, "mcp").calls[0]!;
    expect(bad.valid).toBe(false);
    expect(bad.validation.constraint_errors).toHaveLength(2);
  });
});

describe("auto format and JSON reading", () => {
  it("guesses the format from the shape", () => {
    expect(detectFormat("text")).toBe("json_object");
    expect(detectFormat({ choices: [] })).toBe("openai");
    expect(detectFormat([{ id: "x", type: "function", function: { name: "a", arguments: "{}" } }])).toBe("openai");
    expect(detectFormat({ type: "tool_use", id: "x", name: "a", input: {} })).toBe("anthropic");
    expect(detectFormat({ name: "a", arguments: {} })).toBe("json_object");
    expect(parseReply(`{"name": "legal_draft_v3", "arguments": ${GOOD_JSON}}`, toolset).format).toBe("json_object");
  });

  it("rejects an unknown format name", () => {
    expect(() => parseReply("x", toolset, "xml" as never)).toThrow(/unknown format/);
  });

  it("does not turn a bare word into a JSON string", () => {
    expect(readJson("hello", "arguments", true).ok).toBe(false);
  });

  it("names no repair for valid JSON, and describes an unclassified one generically", () => {
    expect(describeRepairs('{"a": [1, 2, {"b": "c"}]}', "reply")).toEqual([]);
    const r = readJson('{"a": 01}', "arguments", true);
    expect(r.ok).toBe(true);
    expect(r.repairs.map((x) => x.rule)).toEqual(["malformed_json"]);
  });

  it("never throws, whatever the reply (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), fc.constantFrom("json_object", "openai", "anthropic", "mcp", "auto" as const), (reply, format) => {
        const r = parseReply(reply, toolset, format);
        expect(Array.isArray(r.calls)).toBe(true);
        for (const c of r.calls) expect(c.valid).toBe(c.validation.ok);
      }),
      { numRuns: 400 },
    );
  });

  it("reads back any call written as JSON, with or without prose and fences (property)", () => {
    const args = fc.record({ counterparty: fc.string({ minLength: 1 }), value: fc.nat(), term_months: fc.integer({ min: 1, max: 120 }) });
    fc.assert(
      fc.property(args, fc.constantFrom("", "Sure: ", "I'll call it.\n"), fc.boolean(), (a, prose, fence) => {
        const json = JSON.stringify({ name: "legal_draft_v3", arguments: a });
        const r = parseReply(prose + (fence ? "```json\n" + json + "\n```" : json), toolset, "json_object");
        expect(r.calls).toHaveLength(1);
        expect(r.calls[0]!.arguments).toEqual(a);
        expect(r.calls[0]!.valid).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
