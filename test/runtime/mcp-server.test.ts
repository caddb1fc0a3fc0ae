// Generated tools inside MCP servers and clients built with the real SDK:
// Standard Schema v1 on every tool, what McpServer.registerTool accepts in this
// SDK version, and the serveTools adapter over real stdio (valid call runs,
// invalid call comes back as an isError result carrying toolform's feedback).
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { callToolChecked } from "../../packages/runtime/src/mcp/client.js";
import { REPORT_META_KEY, serveTools, toolformServerTool } from "../../packages/runtime/src/mcp/server.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";
import { cleanup, FIXTURES, onCleanup, REPO, tempDir } from "../fixtures/mcp/helpers.js";

afterEach(cleanup);

let gen: LoadedToolset;
beforeAll(async () => {
  const defs = toolsFromJson(JSON.parse(readFileSync(join(FIXTURES, "tools.v1.json"), "utf8")), "tools.v1.json").tools;
  gen = await loadToolset(defs);
});

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", join(FIXTURES, "validated-server.ts")],
    env: { GENERATED_DIR: gen.dir, ...env },
    cwd: REPO,
    stderr: "pipe",
  });
  const client = new Client({ name: "test-client", version: "0.0.0" });
  onCleanup(() => client.close());
  await client.connect(transport, { timeout: 15_000 });
  return client;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");

describe("Standard Schema v1 on a generated tool", () => {
  it("validate gives {value} or {issues: [{message, path}]} with toolform's messages; jsonSchema.input is the tool's schema", () => {
    const t = gen.toolset.book_room!;
    const std = t["~standard"];
    expect(std.version).toBe(1);
    expect(std.vendor).toBe("toolform");
    const good = { room_id: "r1", start_iso: "2025-06-18T10:00:00Z" };
    expect(std.validate(good)).toEqual({ value: good });
    const bad = std.validate({ room_id: "r1", start_iso: "tomorrow", duration_min: 5 });
    expect("issues" in bad && bad.issues).toBeTruthy();
    const issues = (bad as { issues: { message: string; path?: PropertyKey[] }[] }).issues;
    expect(issues.map((i) => i.path).sort()).toEqual([["duration_min"], ["start_iso"]]);
    expect(issues.map((i) => i.message).join("\n")).toBe(t.validate({ room_id: "r1", start_iso: "tomorrow", duration_min: 5 }).errors.map((e) => e.message).join("\n"));
    expect(std.jsonSchema!.input()).toBe(t.inputSchema);
  });
});

describe("McpServer.registerTool in @modelcontextprotocol/sdk 1.x", () => {
  it("accepts zod only: a generated tool (Standard Schema, not zod) is refused — so serveTools is the supported path", () => {
    const mcp = new McpServer({ name: "s", version: "1" });
    const tool = gen.toolset.book_room!;
    const registerTool = mcp.registerTool.bind(mcp) as (name: string, config: object, cb: () => unknown) => unknown;
    expect(() => registerTool("book_room", { description: tool.description, inputSchema: tool }, () => ({ content: [] }))).toThrow(/inputSchema must be a Zod schema or raw shape/);
    expect(() => registerTool("book_room", { description: tool.description, inputSchema: tool["~standard"] }, () => ({ content: [] }))).toThrow(/inputSchema must be a Zod schema or raw shape/);
    // and zod still works side by side on another McpServer (unaffected by toolform)
    expect(() => new McpServer({ name: "z", version: "1" }).registerTool("echo", { inputSchema: { s: z.string() } }, () => ({ content: [] }))).not.toThrow();
  });
});

describe.each(["server", "mcp"] as const)("serveTools on a real stdio server (SERVER_KIND=%s)", (kind) => {
  it("lists each tool's own JSON Schema; a valid call runs; an invalid call is an isError result with toolform's feedback; the handler never sees it", async () => {
    const log = join(tempDir(), "calls.log");
    const client = await connect({ SERVER_KIND: kind, CALL_LOG: log });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(gen.toolset).sort());
    for (const t of tools) {
      expect(t.inputSchema).toEqual(gen.toolset[t.name]!.inputSchema);
      expect(t.description).toBe(gen.toolset[t.name]!.description);
    }

    const ok = (await client.callTool({ name: "add_numbers", arguments: { a: 2, b: 40 } })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
    expect(text(ok)).toBe("42");

    const badArgs = { room_id: "r1", start_iso: "next tuesday", duration_min: "ten", colour: "red" };
    const bad = (await client.callTool({ name: "book_room", arguments: badArgs })) as CallToolResult;
    expect(bad.isError).toBe(true);
    const report = gen.toolset.book_room!.validate(badArgs);
    expect(text(bad)).toBe(report.feedback);
    expect(text(bad)).toMatch(/^Refused: the arguments do not match the input schema of book_room\./);
    expect(text(bad)).toContain('"duration_min" must be');
    expect(bad._meta?.[REPORT_META_KEY]).toEqual(report.toDict());

    const missing = (await client.callTool({ name: "book_room", arguments: {} })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/"room_id" .*required/);

    const unknown = (await client.callTool({ name: "book_rooms", arguments: {} })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('there is no tool named "book_rooms". Did you mean "book_room"?');

    const failing = (await client.callTool({ name: "delete_file", arguments: { path: "/tmp/x" } })) as CallToolResult;
    expect(failing.isError).toBe(true);
    expect(text(failing)).toBe("Tool delete_file failed: permission denied");

    const calls = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { name: string });
    expect(calls.map((c) => c.name)).toEqual(["add_numbers", "delete_file"]);
  });
});

describe("callToolChecked (client side)", () => {
  it("refuses an invalid call locally (no round trip) and sends a valid one", async () => {
    const log = join(tempDir(), "calls.log");
    const client = await connect({ CALL_LOG: log });
    const refused = await callToolChecked(client, gen.validateCall, { name: "get_weather", arguments: { city: "X", units: "Metric" } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(gen.validateCall({ name: "get_weather", arguments: { city: "X", units: "Metric" } }).feedback);
    const unknown = await callToolChecked(client, gen.validateCall, { name: "get_wether", arguments: {} });
    expect(text(unknown)).toContain('Did you mean "get_weather"');
    expect(existsSync(log)).toBe(false); // nothing reached the server
    const ok = await callToolChecked(client, gen.validateCall, { name: "get_weather", arguments: { city: "Oslo", units: "metric" } });
    expect(ok.isError).toBeFalsy();
    expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(1);
  });
});

describe("serveTools misuse", () => {
  it("after connect, or with a non-object schema, it says what is wrong", async () => {
    const server = new Server({ name: "s", version: "1" }, { capabilities: {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    onCleanup(() => server.close());
    void b;
    expect(() => serveTools(server, [toolformServerTool(gen.toolset.add_numbers!, () => ({ content: [] }))])).toThrow(/before server.connect\(\)/);
    const weird = { ...gen.toolset.add_numbers!, inputSchema: true };
    expect(() => serveTools(new Server({ name: "s", version: "1" }), [toolformServerTool(weird, () => ({ content: [] }))])).toThrow(/"type": "object"/);
  });
});
