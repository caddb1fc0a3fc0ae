// A FIFO in the `schemas` folder is an error naming it, as among sources; the build does
// not wait forever on it. Through the CLI in a child process: the old code blocked in a
// synchronous read, so only a process bound (the spawn's kill) could end it.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..", "..");

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "toolform-schemas-fifo-"));
  mkdirSync(join(root, "tools"));
  mkdirSync(join(root, "schemas", "nested"), { recursive: true });
  writeFileSync(join(root, "tools", "t.json"), JSON.stringify({ name: "t", inputSchema: { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } } }));
  writeFileSync(join(root, "schemas", "a.json"), JSON.stringify({ $id: "https://example.com/a.json", type: "string" }));
  execFileSync("mkfifo", [join(root, "schemas", "nested", "pipe.json")]);
  writeFileSync(join(root, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], schemas: "schemas", lint: false, emit: "js" };\n`);
  return root;
}

describe.runIf(process.platform !== "win32")("a FIFO in the schemas folder", () => {
  it("toolform build exits with the error instead of waiting", () => {
    const root = project();
    const r = spawnSync(process.execPath, [join(REPO, "bin", "toolform.js"), "build"], { cwd: root, encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } });
    expect(r.signal).toBe(null);
    expect(r.status).toBe(2);
    expect(r.stderr + r.stdout).toMatch(/config\/invalid|error/);
    expect(r.stderr + r.stdout).toMatch(/schemas\/nested\/pipe\.json: not a file: it is a FIFO \(named pipe\)/);
  });
});
