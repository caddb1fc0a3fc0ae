// `toolform pull` keeps what the server sent: a property named `__proto__` in a tool's
// schema (an own key in the JSON text) reaches the snapshot and the build, over stdio
// and streamable HTTP.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { listMcpTools, pullTools, readSnapshotTools } from "../../src/sources/mcp.js";
import { cleanup, config, fixtureSource, tempDir } from "../fixtures/mcp/helpers.js";

afterEach(cleanup);

const TEXT = `{"tools": [{"name": "tag", "description": "Tag a thing.", "inputSchema": {"type": "object", "properties": {"__proto__": {"type": "string", "description": "a key named __proto__"}, "name": {"type": "string"}}, "required": ["__proto__"], "additionalProperties": false}}]}`;

describe("pull keeps a property named __proto__", () => {
  it("stdio: the snapshot holds the __proto__ property the server listed", async () => {
    const dir = tempDir();
    const file = join(dir, "tools.json");
    writeFileSync(file, TEXT);
    const cfg = config(dir, { sources: [{ ...fixtureSource(file), snapshot: "snap.json" }] });
    const r = await pullTools(cfg, { timeoutMs: 20_000 });
    expect(r.diagnostics).toEqual([]);
    const text = readFileSync(join(dir, "snap.json"), "utf8");
    expect(text).toContain('"__proto__": {');
    const tools = readSnapshotTools(join(dir, "snap.json"))!;
    const props = (tools[0]!.inputSchema as { properties: object }).properties;
    expect(Object.keys(props)).toEqual(["__proto__", "name"]);
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
  });

  it("streamable HTTP: the listed tool keeps its __proto__ property", async () => {
    const http: HttpServer = createServer(async (req, res) => {
      const server = new Server({ name: "http-fixture", version: "0.0.1" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => JSON.parse(TEXT));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    try {
      await new Promise<void>((r) => http.listen(0, "127.0.0.1", () => r()));
      const port = (http.address() as { port: number }).port;
      const listing = await listMcpTools({ mcp: { url: `http://127.0.0.1:${port}/mcp` } }, { root: tempDir(), timeoutMs: 10_000 });
      const props = (listing.tools[0]!.inputSchema as { properties: object }).properties;
      expect(Object.keys(props)).toEqual(["__proto__", "name"]);
    } finally {
      await new Promise<void>((r) => http.close(() => r()));
    }
  });
});
