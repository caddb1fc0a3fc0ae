// The end-to-end example runs with one command and shows the model correcting itself.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("examples/harness/run.ts", () => {
  it("prints the transcript of a model that makes the usual mistakes and corrects itself", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "examples/harness/run.ts"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain('"value" must be a number; got the string "1500". Example: 0');
    expect(out).toContain('"currency" is not a parameter of legal_draft_v3');
    expect(out).toContain('"filters.state" must be one of: "open", "closed", "all"; got "Open" (did you mean "open"?)');
    expect(out).toContain('"query" is required');
    expect(out).toContain("[tool legal_draft_v3, error] Not run: another call in this turn was refused");
    expect(out).toContain('[tool legal_draft_v3] {"draft_id":"DRAFT-0001"');
    expect(out).toContain("stopped: answer after 4 turns");
    expect(out).toContain("search_issues: 3 calls, 2 invalid (missing_required=1, enum_errors=1), 0 not run, 1 executed");
  });
});
