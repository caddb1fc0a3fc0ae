// The conformance gate: every case of the JSON Schema Test Suite (draft 2020-12 and
// draft 7, required and optional) through modules made by compileSchema. A case that
// passed before and fails now fails this test; so does a known failure that now
// passes (remove it from known-failures.json: the list stays honest).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runSuite, SKIP_FILES, table } from "./suite.js";

const known = JSON.parse(readFileSync(new URL("./known-failures.json", import.meta.url), "utf8")) as Record<string, string>;

describe("JSON Schema Test Suite", () => {
  it("passes every case except the known failures and the skipped files, each with a reason", async () => {
    const results = await runSuite();
    console.log(table(results));
    const unexpected = results.filter((r) => r.status === "fail" && !known[r.id]).map((r) => `${r.id} ${r.group} / ${r.test}: ${r.reason}`);
    const fixed = results.filter((r) => r.status === "pass" && known[r.id]).map((r) => r.id);
    const skipped = results.filter((r) => r.status === "skip" && !Object.values(SKIP_FILES).includes(r.reason ?? ""));
    expect(unexpected).toEqual([]);
    expect(fixed).toEqual([]);
    expect(skipped).toEqual([]);
    // Every known failure has a reason, and the suite is mostly passing.
    for (const reason of Object.values(known)) expect(reason.length).toBeGreaterThan(20);
    expect(results.filter((r) => r.status === "pass").length).toBeGreaterThan(3800);
  });
});
