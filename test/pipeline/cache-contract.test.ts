// `toolform build --print-inputs` / `--print-outputs` (src/cli/commands/contract.ts):
// exactly the files a build reads and writes, relative and sorted, and nothing written.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = resolve("bin/toolform.js");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("build --print-inputs / --print-outputs", () => {
  it("lists the TypeScript files a defineTool source imports, and the config", () => {
    // This repository's own config: JSON tools, defineTool files, and the fragment two of them import.
    const out = execFileSync(process.execPath, [BIN, "build", "--print-inputs", "--no-cache"], { encoding: "utf8" }).trim().split("\n");
    expect(out).toContain("toolform.config.ts");
    expect(out).toContain("examples/tools/get_weather.tool.ts");
    expect(out).toContain("examples/tools/shared/fragments.ts");
    expect(out).toEqual([...out].sort());
    expect(out.some((f) => f.includes("node_modules") || f.startsWith("/"))).toBe(false);
  });

  it("lists the schemas folder's documents, relative to the current folder, and writes nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolform-contract-"));
    dirs.push(dir);
    mkdirSync(join(dir, "app", "tools"), { recursive: true });
    mkdirSync(join(dir, "app", "schemas", "nested"), { recursive: true });
    writeFileSync(join(dir, "app", "toolform.config.mjs"), `export default { sources: ["tools/*.json"], schemas: "schemas", outDir: "out" };\n`);
    writeFileSync(join(dir, "app", "schemas", "nested", "id.json"), JSON.stringify({ $id: "https://example.com/id.json", type: "string", pattern: "^[a-z]+$" }));
    writeFileSync(
      join(dir, "app", "tools", "t.json"),
      JSON.stringify({ name: "get_thing", description: "Get a thing by its id.", inputSchema: { type: "object", properties: { id: { $ref: "https://example.com/id.json", description: "The thing's id, e.g. \"abc\"." } }, required: ["id"] } }),
    );
    const r = run(dir, "build", "--config", "app/toolform.config.mjs", "--print-inputs", "--print-outputs", "--no-cache");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toEqual(["app/schemas/nested/id.json", "app/toolform.config.mjs", "app/tools/t.json", expect.stringMatching(/^app\/out\/_runtime\.[0-9a-f]{10}\.ts$/), "app/out/index.ts"]);
    expect(existsSync(join(dir, "app", "out"))).toBe(false);
    // The same files, built: exactly the outputs stated.
    expect(run(join(dir, "app"), "build", "--no-cache", "--quiet").code).toBe(0);
    const outs = JSON.parse(run(join(dir, "app"), "build", "--print-outputs", "--json", "--no-cache").stdout) as { outputs: string[] };
    expect(outs.outputs.map((f) => f.replace(/^out\//, "")).sort()).toEqual(execFileSync("ls", [join(dir, "app", "out")], { encoding: "utf8" }).trim().split("\n").sort());
  });

  it("a build that fails says why and exits 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolform-contract-"));
    dirs.push(dir);
    cpSync("test/fixtures/turbo-monorepo/packages/weather", dir, { recursive: true });
    writeFileSync(join(dir, "tools", "broken.json"), "{ not json");
    const r = run(dir, "build", "--print-inputs", "--no-cache");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("tools/broken.json");
  });
});
