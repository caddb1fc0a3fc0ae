// `toolform pull` keeps what the server sent: a property named `__proto__` in a tool's
// schema (an own key in the JSON text) reaches the snapshot and the build, over stdio
// and streamable HTTP.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pullTools, readSnapshotTools } from "../src/sources/mcp.js";
import { cleanup, config, fixtureSource, tempDir } from "./fixtures/mcp/helpers.js";

afterEach(cleanup);

const TEXT = `{"tools": [{"name": "tag", "description": "Tag a thing.", "inputSchema": {"type": "object", "properties": {"__proto__": {"type": "string", "description": "a key named __proto__"}, "name": {"type": "string"}}, "required": ["__proto__"], "additionalProperties": false}}]}`;

describe("pull keeps a property named __proto__", () => {
  it("stdio: the snapshot holds the __proto__ property the server listed", async () => {
    const dir = tempDir();
    const file = join(dir, "tools.json");
    (await import("node:fs")).writeFileSync(file, TEXT);
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
});
