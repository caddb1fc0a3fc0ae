// MCP servers as a source: listing over real stdio and streamable HTTP, pagination,
// bounded waits, processes always ended, and `pullTools` snapshots the build reads.
import { createServer, type Server as HttpServer } from "node:http";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { readSources } from "../../src/sources/read.js";
import { listMcpTools, pullTools, formatPull, readMcpSource, snapshotText } from "../../src/sources/mcp.js";
import { ToolformError } from "../../src/diagnostics/format.js";
import { cleanup, config, FIXTURES, fixtureSource, pidFile, tempDir, tsxSource, waitGone } from "../fixtures/mcp/helpers.js";

afterEach(cleanup);

const v1 = JSON.parse(readFileSync(join(FIXTURES, "tools.v1.json"), "utf8")) as { tools: Tool[] };

describe("listMcpTools over stdio", () => {
  it("lists every tool across pages, in server order, and ends the server process", async () => {
    const dir = tempDir();
    const pf = pidFile(dir);
    const listing = await listMcpTools(fixtureSource("tools.v1.json", { PAGE_SIZE: "2", PID_FILE: pf }), { root: dir });
    expect(listing.tools.map((t) => t.name)).toEqual(v1.tools.map((t) => t.name));
    expect(listing.tools[1]!.inputSchema).toEqual(v1.tools[1]!.inputSchema);
    expect(listing.server).toEqual({ name: "fixture-server", version: "1.2.3" });
    const pid = Number(readFileSync(pf, "utf8"));
    expect(await waitGone(pid)).toBe(true);
  });

  it("a server that never answers fails within the timeout, names the source, and is killed", async () => {
    const dir = tempDir();
    const pf = pidFile(dir);
    const err = await listMcpTools(tsxSource("test/fixtures/mcp/hang-server.ts", { PID_FILE: pf }, { label: "hanging-server" }), { root: dir, timeoutMs: 3000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolformError);
    const msg = (err as Error).message;
    expect(msg).toContain('"hanging-server"');
    expect(msg).toMatch(/cannot connect: .*timed out/i);
    expect(msg).toContain("fixture: hanging"); // the server's stderr tail
    // No wall-clock bound (shared machines): a blow-up would run into the test timeout instead.
    expect(await waitGone(Number(readFileSync(pf, "utf8")))).toBe(true);
  });

  it("a server that exits at once: a clear error with its stderr", async () => {
    const err = await listMcpTools(fixtureSource("tools.v1.json", { MODE: "crash" }, { label: "crasher" }), { root: tempDir(), timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolformError);
    expect((err as ToolformError).diagnostics[0]!.code).toBe("source/mcp");
    expect((err as Error).message).toContain("configuration missing");
  });

  it("a command that does not exist: a clear error with the fix", async () => {
    const err = await listMcpTools({ mcp: { command: "toolform-no-such-command-xyz" } }, { root: tempDir(), timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolformError);
    expect((err as Error).message).toMatch(/toolform-no-such-command-xyz.*cannot connect.*ENOENT/s);
    expect((err as ToolformError).diagnostics[0]!.hint).toMatch(/command, args and cwd/);
  });
});

describe("listMcpTools over streamable HTTP", () => {
  let http: HttpServer | undefined;
  afterEach(async () => {
    await new Promise<void>((r) => (http ? http.close(() => r()) : r()));
    http = undefined;
  });

  it("lists a real SDK server's tools, following cursors", async () => {
    http = createServer(async (req, res) => {
      // Stateless: one SDK server and transport per request.
      const server = new Server({ name: "http-fixture", version: "0.0.1" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, (r) => {
        const start = r.params?.cursor ? Number(r.params.cursor) : 0;
        return { tools: v1.tools.slice(start, start + 3), ...(start + 3 < v1.tools.length ? { nextCursor: String(start + 3) } : {}) };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((r) => http!.listen(0, "127.0.0.1", () => r()));
    const port = (http.address() as { port: number }).port;
    const listing = await listMcpTools({ mcp: { url: `http://127.0.0.1:${port}/mcp` } }, { root: tempDir(), timeoutMs: 5000 });
    expect(listing.label).toBe(`http://127.0.0.1:${port}/mcp`);
    expect(listing.tools.map((t) => t.name)).toEqual(v1.tools.map((t) => t.name));
  });

  it("nothing listening: a clear error", async () => {
    const err = await listMcpTools({ mcp: { url: "http://127.0.0.1:9/mcp" }, label: "down" }, { root: tempDir(), timeoutMs: 3000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolformError);
    expect((err as Error).message).toContain('MCP source "down": cannot connect');
  });
});

describe("pullTools", () => {
  it("writes a sorted, stable snapshot with a trailing newline that the build reads; a second pull writes nothing", async () => {
    const root = tempDir();
    const cfg = config(root, { sources: [fixtureSource("tools.v1.json", { PAGE_SIZE: "2" }, { snapshot: "snap/server.tools.json", label: "fixture" })] });
    const r1 = await pullTools(cfg);
    expect(r1.diagnostics).toEqual([]);
    expect(r1.changed).toBe(true);
    expect(r1.sources).toMatchObject([{ label: "fixture", file: "snap/server.tools.json", written: true, created: true, tools: 5, changes: [] }]);
    const text = readFileSync(join(root, "snap/server.tools.json"), "utf8");
    expect(text.endsWith("}\n")).toBe(true);
    const snap = JSON.parse(text) as { server: unknown; tools: Tool[] };
    expect(snap.server).toEqual({ name: "fixture-server", version: "1.2.3" });
    expect(snap.tools.map((t) => t.name)).toEqual(["add_numbers", "book_room", "delete_file", "get_weather", "search_docs"]);
    expect(Object.keys(snap.tools[1]!)).toEqual(["name", "description", "inputSchema"]);
    // the server's key order inside schemas is kept (it is the order of checks and of the generated type)
    expect(Object.keys((snap.tools[1]!.inputSchema as { properties: object }).properties)).toEqual(["room_id", "start_iso", "duration_min"]);
    expect(text).toBe(snapshotText({ server: snap.server as { name: string; version: string }, tools: [...v1.tools].reverse() }));

    const read = await readSources(cfg.sources, root);
    expect(read.diagnostics).toEqual([]);
    expect(read.tools.map((t) => t.name)).toEqual(["add_numbers", "book_room", "delete_file", "get_weather", "search_docs"]);

    const r2 = await pullTools(cfg);
    expect(r2.changed).toBe(false);
    expect(r2.sources[0]).toMatchObject({ written: false, created: false, changes: [] });
    expect(formatPull(r2)).toBe("snap/server.tools.json: unchanged (5 tools from fixture)");
  });

  it("reports what changed since the last pull", async () => {
    const root = tempDir();
    const snapshot = "server.tools.json";
    await pullTools(config(root, { sources: [fixtureSource("tools.v1.json", {}, { snapshot, label: "fx" })] }));
    const r = await pullTools(config(root, { sources: [fixtureSource("tools.v2.json", {}, { snapshot, label: "fx" })] }));
    expect(r.changed).toBe(true);
    expect(r.sources[0]!.changes.map((c) => `${c.kind} ${c.tool}`)).toEqual(["schema book_room", "description get_weather", "added list_rooms", "removed delete_file"]);
    expect(formatPull(r)).toBe(
      ["server.tools.json: updated (5 tools from fx)", "  ~ book_room: input schema changed", "  ~ get_weather: description changed", "  + list_rooms", "  - delete_file"].join("\n"),
    );
  });

  it("a source without snapshot, or a server that fails, is a diagnostic; the other sources are still pulled", async () => {
    const root = tempDir();
    const cfg = config(root, {
      sources: [
        fixtureSource("tools.v1.json", {}, { label: "no-snapshot" }),
        fixtureSource("tools.v1.json", { MODE: "crash" }, { label: "broken", snapshot: "broken.json" }),
        fixtureSource("tools.v2.json", {}, { label: "good", snapshot: "good.json" }),
        "tools/**/*.json",
      ],
    });
    const r = await pullTools(cfg, { timeoutMs: 5000 });
    expect(r.diagnostics.map((d) => d.message.split(":")[0])).toEqual(['MCP source "no-snapshot" has no `snapshot` file to pull into', 'MCP source "broken"']);
    expect(r.sources.map((s) => s.label)).toEqual(["good"]);
    expect(existsSync(join(root, "good.json"))).toBe(true);
    expect(existsSync(join(root, "broken.json"))).toBe(false);
  });

  it("keeps a previous snapshot byte for byte when the server lists the same tools in another order", async () => {
    const root = tempDir();
    const reversed = join(root, "reversed.json");
    writeFileSync(reversed, JSON.stringify({ tools: [...v1.tools].reverse() }));
    await pullTools(config(root, { sources: [fixtureSource("tools.v1.json", {}, { snapshot: "s.json" })] }));
    const before = readFileSync(join(root, "s.json"), "utf8");
    const r = await pullTools(config(root, { sources: [fixtureSource(reversed, {}, { snapshot: "s.json" })] }));
    expect(r.changed).toBe(false);
    expect(readFileSync(join(root, "s.json"), "utf8")).toBe(before);
  });
});

describe("readMcpSource (a build straight from a live server)", () => {
  it("gives ToolDefinitions labelled with the source, or an error diagnostic", async () => {
    const r = await readMcpSource(fixtureSource("tools.v1.json", {}, { label: "fx" }), tempDir());
    expect(r.diagnostics).toEqual([]);
    expect(r.tools.map((t) => t.name)).toEqual(v1.tools.map((t) => t.name));
    expect(r.tools[0]!.origin).toEqual({ file: "mcp:fx", pointer: "/tools/0", schemaPointer: "/tools/0/inputSchema" });
    const bad = await readMcpSource(fixtureSource("tools.v1.json", { MODE: "crash" }, { label: "fx" }), tempDir(), { timeoutMs: 5000 });
    expect(bad.tools).toEqual([]);
    expect(bad.diagnostics.map((d) => d.code)).toEqual(["source/mcp"]);
  });
});

describe("a build from an MCP source with no snapshot", () => {
  it("lists the server live and builds its tools; a server that fails is an error naming the source", async () => {
    const root = tempDir();
    const r = await readSources([fixtureSource("tools.v1.json", {}, { label: "live" })], root);
    expect(r.diagnostics).toEqual([]);
    expect(r.tools.map((t) => t.name)).toEqual(v1.tools.map((t) => t.name));
    expect(r.tools[0]!.origin.file).toBe("mcp:live");
    const bad = await readSources([fixtureSource("tools.v1.json", { MODE: "crash" }, { label: "down" })], root);
    expect(bad.tools).toEqual([]);
    expect(bad.diagnostics.map((d) => [d.severity, d.code, d.message.split(":")[0]])).toEqual([["error", "source/mcp", 'MCP source "down"']]);
  });
});
