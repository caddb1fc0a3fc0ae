// `toolform pull` and `toolform check --live` through the real CLI against the real
// example MCP server (stdio): snapshot, build from it offline, then drift after the
// server changes what it publishes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repo = process.cwd();
const cli = join(repo, "bin", "toolform.js");

function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("pull and check --live", () => {
  it("snapshots a live server, builds from the snapshot, and reports drift after a change", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolform-cli-mcp-"));
    writeFileSync(
      join(dir, "toolform.config.mjs"),
      `export default {
  sources: [{ mcp: { command: ${JSON.stringify(process.execPath)}, args: ["--import", "tsx", ${JSON.stringify(join(repo, "examples", "mcp-server", "server.ts"))}], cwd: ${JSON.stringify(repo)}, env: { EXAMPLE_SCHEMA: process.env.EXAMPLE_SCHEMA ?? "v1" } }, snapshot: "tools/server.tools.json" }],
  outDir: "generated",
  lint: false,
};\n`,
    );
    const pulled = run(["pull"], dir);
    expect(pulled.code, pulled.err).toBe(0);
    const snapshot = JSON.parse(readFileSync(join(dir, "tools", "server.tools.json"), "utf8")) as { tools: { name: string }[] };
    expect(snapshot.tools.map((t) => t.name)).toEqual(["book_room", "convert_temperature", "search_docs"]);
    // Pulling again changes nothing.
    const before = readFileSync(join(dir, "tools", "server.tools.json"), "utf8");
    expect(run(["pull"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "tools", "server.tools.json"), "utf8")).toBe(before);

    expect(run(["build", "--quiet"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "generated", "index.ts"), "utf8")).toContain("export const bookRoom:");
    const clean = run(["check", "--live"], dir);
    expect(clean.code, clean.out + clean.err).toBe(0);

    const drifted = run(["check", "--live"], dir, { EXAMPLE_SCHEMA: "v2" });
    expect(drifted.code, drifted.out + drifted.err).toBe(1);
    expect(drifted.out).toContain("book_room");
    expect(drifted.out).toContain("search_docs");
    const asJson = JSON.parse(run(["check", "--live", "--json"], dir, { EXAMPLE_SCHEMA: "v2" }).out) as { exitCode: number; items: { tool: string; kind: string }[] };
    expect(asJson.exitCode).toBe(1);
    expect(asJson.items.map((i) => `${i.tool}:${i.kind}`).sort()).toEqual(["book_room:schema", "search_docs:description"]);
  });
});
