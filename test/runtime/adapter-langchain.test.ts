// @toolform/runtime/langchain against the real @langchain/core (1.4, a scripted BaseChatModel):
// the full turn, the schema offered, a refusal outside a tool call, and the executor types.
import { ToolMessage } from "@langchain/core/messages";
import { tool as lcTool } from "@langchain/core/tools";
import { describe, expect, expectTypeOf, it } from "vitest";
import { langchainTools } from "@toolform/runtime/langchain";
import { toolset, type GetWeatherArgs } from "../../generated/index.js";
import { run } from "../../examples/adapters/langchain.js";

describe("langchainTools", () => {
  it("the full turn: the refused call is a ToolMessage (status error) with the feedback in the next prompt; the corrected call runs the executor once, with valid arguments", async () => {
    const r = await run();
    expect(r.refused).toEqual(["schedule_meeting"]);
    expect(r.prompts[0]).toEqual([]);
    expect(r.prompts[1]).toHaveLength(1);
    expect(r.prompts[1]![0]).toMatch(/^\[error\] Refused: the arguments do not match the input schema of schedule_meeting\./);
    expect(r.prompts[1]![0]).toContain('"atendees" is not a parameter of schedule_meeting (did you mean "attendees"?)');
    // A cross-field rule (x-compare) that only the generated validator knows: LangChain's own check would pass this call.
    expect(r.prompts[1]![0]).toContain('"end_iso" must be after "start_iso"');
    expect(r.ran).toEqual([{ title: "Launch review", start_iso: "2026-03-02T10:00:00Z", end_iso: "2026-03-02T10:45:00Z", attendees: [{ email: "ana@example.com" }] }]);
    expect(r.prompts[2]![1]).toBe('Scheduled "Launch review" from 2026-03-02T10:00:00Z to 2026-03-02T10:45:00Z.');
    const refusedMsg = r.messages.find((m) => ToolMessage.isInstance(m) && m.status === "error") as ToolMessage;
    expect(refusedMsg.tool_call_id).toBe("call_1");
    expect(refusedMsg.name).toBe("schedule_meeting");
    expect(r.text).toBe("Scheduled the launch review.");
  });

  it("bindTools offers each tool with its own JSON Schema and description", async () => {
    const r = await run();
    const offered = r.offered as { function: { name: string; description: string; parameters: unknown } }[];
    expect(offered.map((t) => t.function.name)).toEqual(["schedule_meeting"]);
    expect(offered[0]!.function.parameters).toEqual(toolset.schedule_meeting.inputSchema);
    expect(offered[0]!.function.description).toBe(toolset.schedule_meeting.description);
  });

  it("a refused call is never LangChain's ToolInputParsingException: invoked with bare arguments it returns the feedback string", async () => {
    const [weather] = langchainTools(toolset, { get_weather: (a) => a.city });
    expect(await weather!.invoke({ city: "Denver", units: "kelvin" })).toContain('"units" must be one of: "celsius", "fahrenheit"; got "kelvin"');
    expect(await weather!.invoke({ city: "Denver" })).toBe("Denver");
    // The same schema in a plain LangChain tool: the model would read LangChain's generic line instead.
    const plain = lcTool((a: { city: string }) => a.city, { name: "get_weather", description: "", schema: toolset.get_weather.inputSchema as never });
    await expect(plain.invoke({ city: "Denver", units: "kelvin" } as never)).rejects.toThrow(/did not match expected schema/);
  });

  it("an invalid tool call (arguments LangChain could not parse as JSON) invoked as a tool call: repaired and run, or answered with toolform's text for unreadable arguments", async () => {
    const ran: unknown[] = [];
    const [weather] = langchainTools(toolset, { get_weather: (a) => (ran.push(a), "ok") });
    const repaired = (await weather!.invoke({ type: "tool_call", id: "c1", name: "get_weather", args: "{'city': 'Denver',}" as never })) as ToolMessage;
    expect(repaired.content).toBe("ok");
    expect(ran).toEqual([{ city: "Denver" }]);
    const unreadable = (await weather!.invoke({ type: "tool_call", id: "c2", name: "get_weather", args: "city=Denver" as never })) as ToolMessage;
    expect(unreadable.status).toBe("error");
    expect(unreadable.content).toContain("The arguments are not valid JSON");
    expect(unreadable.content).toContain("with the parameters: city, units");
    expect(ran).toHaveLength(1);
  });

  it("executors are typed by the generated interfaces; a name that is not a tool is refused at set-up", () => {
    langchainTools(toolset, {
      get_weather: (args) => {
        expectTypeOf(args).toEqualTypeOf<GetWeatherArgs>();
        return args.city;
      },
    });
    // @ts-expect-error not a tool of the toolset
    expect(() => langchainTools(toolset, { get_wether: () => 1 })).toThrow(/executor is given for "get_wether", which is not a tool/);
  });
});
