// @toolform/runtime/mcp checkedClient against a real McpServer over the SDK's in-memory
// transport: the full turn (the refused call never reaches the server), unknown tools, the
// arguments sent, and structuredContent checked against a compiled output schema.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { checkedClient, OUTPUT_REPORT_META_KEY, REPORT_META_KEY, serveTools, toolformServerTool, type ClientTool, type OutputCheck } from "@toolform/runtime/mcp";
import { toolset } from "../../generated/index.js";
import { run } from "../../examples/adapters/mcp-client.js";
import { loadToolset } from "../helpers/generated.js";
import { toolsFromJson } from "../../src/sources/json.js";

const textOf = (r: unknown) => (r as CallToolResult).content.map((c) => (c.type === "text" ? c.text : "")).join("");

/** A server offering get_weather (answering `structured` as its structuredContent) and the methods it received. */
async function connect(structured: (args: { city: string }) => unknown, tools: Record<string, ClientTool>, options: { unknownTools?: "send"; invalidOutput?: "throw"; normalize?: "lenient" } = {}) {
  const received: { method: string; params?: unknown }[] = [];
  const server = new McpServer({ name: "weather", version: "1.0.0" });
  serveTools(server, [
    toolformServerTool(toolset.get_weather, (args) => {
      const sc = structured(args);
      return { content: [{ type: "text", text: JSON.stringify(args) }], ...(sc === undefined ? {} : { structuredContent: sc as Record<string, unknown> }) };
    }),
    toolformServerTool(toolset.book_room, (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] })),
  ]);
  const [c, s] = InMemoryTransport.createLinkedPair();
  await server.connect(s);
  const deliver = s.onmessage!;
  s.onmessage = (m, extra) => {
    if ("method" in m) received.push({ method: m.method, params: m.params });
    deliver(m, extra);
  };
  const client = checkedClient(new Client({ name: "t", version: "0" }), { toolset: tools, ...options });
  await client.connect(c);
  const calls = () => received.filter((m) => m.method === "tools/call");
  return { client, calls };
}

// A compiled output schema of the shape generated tools carry (`output`): built here by the
// generator from a JSON Schema, so `is` and `validate` are real generated checks.
let output: OutputCheck;
beforeAll(async () => {
  const schema = { type: "object", properties: { temperature: { type: "number" }, conditions: { type: "string" } }, required: ["temperature", "conditions"] };
  const gen = await loadToolset(toolsFromJson({ name: "weather_result", description: "The result of get_weather.", inputSchema: schema }, "weather_result.json").tools);
  output = gen.toolset.weather_result!;
});

describe("checkedClient", () => {
  it("the full turn: the wrong call is answered on the client with the feedback, the corrected call reaches the server and runs once with valid arguments", async () => {
    const r = await run();
    expect(r.received.filter((m) => m === "tools/call")).toHaveLength(1);
    expect(r.refused).toEqual(["book_room"]);
    expect(r.prompts[1]![0]).toMatch(/^Refused: the arguments do not match the input schema of book_room\./);
    expect(r.prompts[1]![0]).toContain('"start_iso" must be a date-time');
    expect(r.prompts[1]![0]).toContain('"duration_min" must be at least 15; got 10');
    expect(r.ran).toEqual([{ room_id: "room-12", start_iso: "2025-06-18T09:00:00+02:00", duration_min: 30 }]);
    expect(r.prompts[2]![1]).toBe("Booked room-12 at 2025-06-18T09:00:00+02:00.");
  });

  it("a refused call carries the report dict in _meta; other members are the client's own", async () => {
    const { client, calls } = await connect(() => undefined, toolset);
    const r = (await client.callTool({ name: "get_weather", arguments: { city: "Denver", units: "Kelvin" } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect((r._meta?.[REPORT_META_KEY] as { enum_errors: string[] }).enum_errors).toHaveLength(1);
    expect(calls()).toHaveLength(0);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["get_weather", "book_room"]);
  });

  it("an unknown tool: refused with toolform's did-you-mean (no request), or sent to the server with unknownTools 'send'", async () => {
    const a = await connect(() => undefined, toolset);
    const r = await a.client.callTool({ name: "get_wether", arguments: { city: "Denver" } });
    expect(textOf(r)).toContain('Did you mean "get_weather"?');
    expect(a.calls()).toHaveLength(0);
    const b = await connect(() => undefined, toolset, { unknownTools: "send" });
    const sent = await b.client.callTool({ name: "get_wether", arguments: { city: "Denver" } });
    expect(b.calls()).toHaveLength(1);
    expect((sent as CallToolResult).isError).toBe(true); // the server's own answer
  });

  it("sends the checked arguments: with normalize 'lenient' the cast value, not what the model wrote", async () => {
    const { client, calls } = await connect(() => undefined, toolset, { normalize: "lenient" });
    const r = await client.callTool({ name: "book_room", arguments: { room_id: "r1", start_iso: "2025-06-18T09:00:00Z", duration_min: "30" } });
    expect(textOf(r)).toBe('{"room_id":"r1","start_iso":"2025-06-18T09:00:00Z","duration_min":30}');
    expect((calls()[0]!.params as { arguments: unknown }).arguments).toEqual({ room_id: "r1", start_iso: "2025-06-18T09:00:00Z", duration_min: 30 });
  });

  describe("structuredContent against the tool's compiled output schema", () => {
    const withOutput = () => ({ ...toolset, get_weather: Object.assign(Object.create(toolset.get_weather) as ClientTool, { output }) });

    it("a result that fits comes back unchanged", async () => {
      const { client } = await connect(() => ({ temperature: 21.5, conditions: "sunny" }), withOutput());
      const r = (await client.callTool({ name: "get_weather", arguments: { city: "Denver" } })) as CallToolResult;
      expect(r.isError).toBeUndefined();
      expect(r.structuredContent).toEqual({ temperature: 21.5, conditions: "sunny" });
    });

    it("a result that does not fit becomes an isError result naming each error, with the output report in _meta", async () => {
      const { client } = await connect(() => ({ temperature: "21.5" }), withOutput());
      const r = (await client.callTool({ name: "get_weather", arguments: { city: "Denver" } })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^The result of get_weather does not match its output schema:/);
      expect(textOf(r)).toContain('"temperature" must be a number');
      expect(textOf(r)).toContain('"conditions" is required');
      expect(r._meta?.[OUTPUT_REPORT_META_KEY]).toMatchObject({ ok: false });
      // The same tool without an output check lets it through.
      const plain = await connect(() => ({ temperature: "21.5" }), toolset);
      expect(((await plain.client.callTool({ name: "get_weather", arguments: { city: "Denver" } })) as CallToolResult).isError).toBeUndefined();
    });

    it("a missing structuredContent is reported; invalidOutput 'throw' throws instead", async () => {
      const missing = await connect(() => undefined, withOutput());
      expect(textOf(await missing.client.callTool({ name: "get_weather", arguments: { city: "Denver" } }))).toContain("has no structuredContent");
      const thrown = await connect(() => ({ temperature: 1 }), withOutput(), { invalidOutput: "throw" });
      await expect(thrown.client.callTool({ name: "get_weather", arguments: { city: "Denver" } })).rejects.toThrow(/does not match its output schema/);
    });
  });
});
