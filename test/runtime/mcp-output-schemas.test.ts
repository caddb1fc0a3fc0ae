// Output schemas compiled (issue 27.5): a real MCP server that declares an outputSchema on
// every tool (@modelcontextprotocol/server-filesystem, a dev dependency of this repo) is
// pulled, built, and called through the SDK's Client with toolform's validator provider and no
// fallback: listTools succeeds, valid calls succeed, and their structuredContent is checked by
// the generated output checks (which refuse a reply that does not fit).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { listMcpTools } from "../../src/sources/mcp.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { toolformValidator } from "../../packages/runtime/src/mcp/validator-provider.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const SERVER = join(import.meta.dirname, "..", "..", "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
const root = mkdtempSync(join(tmpdir(), "toolform-fs-root-"));
let gen: LoadedToolset;
let snapshot: { tools: { name: string; outputSchema?: unknown }[] };

beforeAll(async () => {
  writeFileSync(join(root, "notes.txt"), "first line\nsecond line\n");
  const listed = await listMcpTools({ mcp: { command: process.execPath, args: [SERVER, root] }, label: "filesystem" }, { root });
  snapshot = { tools: listed.tools as never };
  const defs = toolsFromJson(snapshot, "filesystem.tools.json").tools;
  gen = await loadToolset(defs);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a server whose tools declare outputSchema", () => {
  it("every tool that declares one gets a compiled output check with the schema's hash", () => {
    const declaring = snapshot.tools.filter((t) => t.outputSchema !== undefined);
    expect(declaring.length).toBeGreaterThanOrEqual(10);
    for (const t of declaring) {
      const tool = gen.toolset[t.name]!;
      expect(tool.output, t.name).toBeDefined();
      expect(tool.output!.schema).toEqual(t.outputSchema);
    }
  });

  it("the SDK client lists and calls through toolform's validators alone (no fallback), checking structuredContent", async () => {
    const client = new Client({ name: "test", version: "1.0.0" }, { jsonSchemaValidator: toolformValidator({ tools: gen.toolset }) });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER, root], stderr: "ignore" }));
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(snapshot.tools.length);
      const r = await client.callTool({ name: "read_text_file", arguments: { path: join(root, "notes.txt") } });
      expect(r.isError ?? false).toBe(false);
      expect(JSON.stringify(r.structuredContent)).toContain("second line");
      const readTool = gen.toolset["read_text_file"]!;
      expect(readTool.output!.is(r.structuredContent)).toBe(true);
      // A reply that does not fit the declared output is refused by the same check.
      const bad = readTool.output!.validate({ content: 42 });
      expect(bad.ok).toBe(false);
      expect(bad.feedback).toMatch(/"content" must be a string/);
    } finally {
      await client.close();
    }
  });
});
