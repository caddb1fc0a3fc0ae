// The runtime package as a user installs it: `npm pack` packages/runtime, install
// the tarball alone into an empty project (offline: its one dependency,
// jsonrepair, comes packed from this install), and run a harness loop there
// with plain node against a generated toolset. The app's node_modules must hold
// the runtime and jsonrepair and nothing else (no compiler, no MCP SDK).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { toolsFromJson } from "../../src/sources/json.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const work = mkdtempSync(join(tmpdir(), "toolform-runtime-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function npm(args: string[], cwd: string): string {
  return execFileSync(NPM, [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
}

/** Packs a folder into `work`; returns the tarball's path and its file list. */
function pack(folder: string, ignoreScripts: boolean): { tarball: string; files: string[] } {
  const out = JSON.parse(npm(["pack", folder, "--json", "--pack-destination", work, ...(ignoreScripts ? ["--ignore-scripts"] : [])], ROOT)) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(work, out[0]!.filename), files: out[0]!.files.map((f) => f.path) };
}

const APP = `
import { defineTool } from "@toolform/runtime";
import { bindExecutors, CallLoop, scriptedModel } from "@toolform/runtime/harness";
import { toolset } from "./generated/index.js";

const draft = defineTool({
  name: "legal_draft_v3",
  inputSchema: toolset.legal_draft_v3.inputSchema,
  execute: (args) => ({ draft_id: "DRAFT-1", counterparty: args.counterparty }),
});
const model = scriptedModel([
  '[{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme", "value": "1500", "term_months": 12, "currency": "EUR"}}]',
  '[{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme", "value": 1500, "term_months": 12,}}]',
  "Drafted.",
]);
const loop = new CallLoop({ ...bindExecutors(toolset, { legal_draft_v3: draft }), model, format: "json_object" });
const result = await loop.run("Draft a contract with Acme.");
console.log(JSON.stringify({ stopped: result.stopped, turns: result.turns, tool: result.messages.filter((m) => m.role === "tool").map((m) => m.content) }));
`;

describe("@toolform/runtime from npm pack", () => {
  it("installs alone and runs a harness loop with plain node", async () => {
    // The package builds itself when packed (prepack); the root's build already did, so skip it here.
    const runtime = pack("./packages/runtime", true);
    expect(runtime.files).toContain("LICENSE");
    expect(runtime.files).toContain("README.md");
    // Compiled JavaScript, and the sources toolform joins into the runtime it writes beside generated code: src/rt/ and the name matcher.
    const sources = runtime.files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).sort();
    expect(sources).toContain("src/rt/index.ts");
    expect(sources.filter((f) => f !== "src/suggest.ts" && !/^src\/rt\/[a-z-]+\.ts$/.test(f))).toEqual([]);
    expect(runtime.files).toContain("dist/rt/index.js");
    // The framework adapters ship too; their frameworks are optional peers, so the install below stays jsonrepair alone.
    for (const a of ["ai-sdk", "openai-agents", "langchain"]) expect(runtime.files).toContain(`dist/adapters/${a}.js`);
    const { tarball: jsonrepair } = pack("./node_modules/jsonrepair", true);

    const app = join(work, "app");
    mkdirSync(join(app, "generated"), { recursive: true });
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    npm(["install", "--offline", "--ignore-scripts", runtime.tarball, jsonrepair], app);
    expect(readdirSync(join(app, "node_modules")).filter((f) => !f.startsWith(".")).sort()).toEqual(["@toolform", "jsonrepair"]);
    const manifest = JSON.parse(readFileSync(join(app, "node_modules/@toolform/runtime/package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).toEqual(["jsonrepair"]);

    const tools = toolsFromJson(JSON.parse(readFileSync(join(ROOT, "examples/tools/legal_draft_v3.json"), "utf8")), "examples/tools/legal_draft_v3.json").tools;
    const { files, diagnostics } = await generate({ tools, options: { emit: "js", lint: false } });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const f of files) writeFileSync(join(app, "generated", f.path), f.contents);
    writeFileSync(join(app, "main.js"), APP);

    const r = spawnSync(process.execPath, ["main.js"], { cwd: app, encoding: "utf8", timeout: 60_000 });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { stopped: string; turns: number; tool: string[] };
    expect(out.stopped).toBe("answer");
    expect(out.turns).toBe(3);
    expect(out.tool[0]).toContain('"value" must be a number; got the string "1500"');
    expect(out.tool[0]).toContain('"currency" is not a parameter of legal_draft_v3');
    expect(out.tool[1]).toBe('{"draft_id":"DRAFT-1","counterparty":"Acme"}');
  });
});
