// The adapter examples run offline as scripts, each printing the turn where the model reads
// toolform's feedback and corrects itself.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const runExample = (name: string) => spawnSync(process.execPath, ["--import", "tsx", `examples/adapters/${name}.ts`], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });

describe("examples/adapters", () => {
  it.each([
    ["ai-sdk", "legal_draft_v3", '"value" must be a number; got the string "1500"'],
    ["openai-agents", "search_issues", '"filters.state" must be one of: "open", "closed", "all"; got "Open" (did you mean "open"?)'],
    ["mcp-client", "book_room", '"duration_min" must be at least 15; got 10'],
    ["langchain", "schedule_meeting", '"end_iso" must be after "start_iso"'],
  ])("%s: the feedback reaches the model, the corrected call runs once", (name, tool, line) => {
    const r = runExample(name);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Refused: the arguments do not match the input schema of ${tool}.`);
    expect(r.stdout).toContain(line);
    expect(r.stdout).toContain(`refused: ${tool}\n`);
    expect(r.stdout).toContain("executor ran 1 time(s) with: {");
  });

  it("the MCP example's refused call never reaches the server", () => {
    expect(runExample("mcp-client").stdout).toContain("tools/call requests the server received: 1");
  });
});
