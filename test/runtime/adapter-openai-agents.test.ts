// @toolform/runtime/openai-agents against the real Agents SDK (@openai/agents-core 0.14, a
// scripted Model): the full turn, the schema offered (non-strict, or a strict form given),
// arguments that are not JSON, and the executor types.
import { Agent, Runner, Usage, type Model, type ModelRequest, type ModelResponse } from "@openai/agents-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import { agentsTools } from "@toolform/runtime/openai-agents";
import { toolset, type GetWeatherArgs } from "../../generated/index.js";
import { run, toolOutputs } from "../../examples/adapters/openai-agents.js";

/** A Model that makes the given function calls (one per turn), then answers "done". */
function modelCalling(...calls: { name: string; arguments: string }[]) {
  const requests: ModelRequest[] = [];
  const model: Model = {
    async getResponse(request): Promise<ModelResponse> {
      requests.push(request);
      const c = calls[requests.length - 1];
      const output: ModelResponse["output"] = c
        ? [{ type: "function_call", callId: `c${requests.length}`, name: c.name, arguments: c.arguments, status: "completed" }]
        : [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }];
      return { output, usage: new Usage() };
    },
    getStreamedResponse: () => {
      throw new Error("not scripted");
    },
  };
  return { model, requests };
}

const runWith = async (tools: ReturnType<typeof agentsTools>, model: Model) => new Runner({ tracingDisabled: true }).run(new Agent({ name: "a", model, tools }), "go");

describe("agentsTools", () => {
  it("the full turn: the refused call's feedback is the tool output in the next request; the corrected call runs the executor once, with valid arguments", async () => {
    const r = await run();
    expect(r.refused).toEqual(["search_issues"]);
    expect(r.prompts[0]).toEqual([]);
    expect(r.prompts[1]).toHaveLength(1);
    expect(r.prompts[1]![0]).toMatch(/^Refused: the arguments do not match the input schema of search_issues\./);
    expect(r.prompts[1]![0]).toContain('"query" is required');
    expect(r.prompts[1]![0]).toContain('"filters.state" must be one of: "open", "closed", "all"; got "Open" (did you mean "open"?)');
    expect(r.ran).toEqual([{ query: "login page", filters: { state: "open", labels: ["ui"] } }]);
    expect(r.prompts[2]![1]).toBe('{"results":[{"id":41},{"id":57}]}');
    expect(r.text).toBe("Found #41 and #57.");
  });

  it("offers the tools that have an executor, non-strict, each with its own JSON Schema", async () => {
    const r = await run();
    const offered = r.tools as { type: string; name: string; parameters: unknown; strict: boolean }[];
    expect(offered.map((t) => [t.name, t.strict])).toEqual([["search_issues", false]]);
    expect(offered[0]!.parameters).toEqual(toolset.search_issues.inputSchema);
  });

  it("a strict form, when given, is offered strict; its toOriginal maps the call back before validation", async () => {
    const ran: GetWeatherArgs[] = [];
    const parameters = { type: "object", properties: { city: { type: "string" }, units: { type: ["string", "null"], enum: ["celsius", "fahrenheit", null] } }, required: ["city", "units"], additionalProperties: false };
    const toOriginal = (a: unknown) => Object.fromEntries(Object.entries(a as object).filter(([, v]) => v !== null));
    const tools = agentsTools(toolset, { get_weather: (a) => ran.push(a) }, { strict: { get_weather: { parameters, toOriginal } } });
    const { model, requests } = modelCalling({ name: "get_weather", arguments: '{"city": "Denver", "units": null}' });
    await runWith(tools, model);
    expect((requests[0]!.tools[0] as { strict?: boolean }).strict).toBe(true);
    expect(ran).toEqual([{ city: "Denver" }]);
    expect(() => agentsTools(toolset, { get_weather: () => 1 }, { strict: { read_file: { parameters } } })).toThrow(/strict form is given for "read_file", which is not among the tools offered/);
  });

  it("arguments sent as a JSON string holding the object (double-encoded) are decoded, validated and run; JSON that does not parse is the SDK's to answer", async () => {
    const ran: unknown[] = [];
    const tools = agentsTools(toolset, { get_weather: (a) => ran.push(a) });
    await runWith(tools, modelCalling({ name: "get_weather", arguments: JSON.stringify(JSON.stringify({ city: "Denver", units: "celsius" })) }).model);
    expect(ran).toEqual([{ city: "Denver", units: "celsius" }]);
    const { model, requests } = modelCalling({ name: "get_weather", arguments: '{"city": Denver}' });
    await runWith(tools, model);
    expect(toolOutputs(requests[1]!)[0]).toContain("Please try again with valid JSON");
    expect(ran).toHaveLength(1);
  });

  it("normalize applies to double-encoded arguments too: they are read, then cast, then validated", async () => {
    const ran: unknown[] = [];
    const tools = agentsTools(toolset, { legal_draft_v3: (a) => ran.push(a) }, { normalize: "lenient" });
    await runWith(tools, modelCalling({ name: "legal_draft_v3", arguments: JSON.stringify(JSON.stringify({ counterparty: "Acme", value: "1500", term_months: "12" })) }).model);
    expect(ran).toEqual([{ counterparty: "Acme", value: 1500, term_months: 12 }]);
  });

  it("an executor that throws is answered as the SDK answers it (the run goes on)", async () => {
    const { model, requests } = modelCalling({ name: "get_weather", arguments: '{"city": "Denver"}' });
    const result = await runWith(
      agentsTools(toolset, {
        get_weather: () => {
          throw new Error("station offline");
        },
      }),
      model,
    );
    expect(toolOutputs(requests[1]!)[0]).toContain("station offline");
    expect(result.finalOutput).toBe("done");
  });

  it("executors are typed by the generated interfaces; a name that is not a tool is refused at set-up", () => {
    agentsTools(toolset, {
      get_weather: (args) => {
        expectTypeOf(args).toEqualTypeOf<GetWeatherArgs>();
        return args.city;
      },
    });
    // @ts-expect-error not a tool of the toolset
    expect(() => agentsTools(toolset, { get_wether: () => 1 })).toThrow(/executor is given for "get_wether", which is not a tool/);
  });
});
