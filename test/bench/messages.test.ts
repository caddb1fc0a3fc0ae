// The message benchmark's core (bench/messages.ts, `npm run messages`) on a small subset:
// every example a message gives fits its field (ajv), and no suggestion is wrong.
import { describe, expect, it } from "vitest";
import { KINDS, markdown, runMessages } from "../../bench/messages.js";

describe("message benchmark (issue 14.6)", () => {
  it("on the example tools and the filesystem server: examples 100% valid, no wrong suggestion", async () => {
    const { results, summary } = await runMessages(["examples/tools/legal_draft_v3.json", "examples/tools/book_room.json", "examples/tools/tools.json", "test/corpus/filesystem.json"], 3);
    expect(summary.examples).toBeGreaterThan(5);
    expect(summary.examplesValid).toBe(summary.examples);
    expect(summary.wrong).toBe(0);
    // issue 31: no placeholder example, wrong tool names always lead somewhere and are never wrongly suggested, the annotated style is longer but present
    expect(summary.placeholders).toBe(0);
    expect(summary.toolCases).toBeGreaterThan(5);
    expect(summary.toolWrong).toBe(0);
    expect(summary.toolNearestEmpty).toBe(0);
    expect(summary.toolLed).toBeGreaterThanOrEqual(0.9 * summary.toolCases);
    expect(summary.annotatedLength.median).toBeGreaterThan(summary.toolformLength.median);
    expect(results.every((r) => r.kind === "unknown_tool" || r.annotated.includes("// ←"))).toBe(true);
    expect(summary.suggestible).toBeGreaterThan(0);
    expect(summary.hits).toBeGreaterThan(0);
    // the subset covers most kinds, each case refused by toolform with feedback
    expect(new Set(results.map((r) => r.kind)).size).toBeGreaterThanOrEqual(6);
    for (const r of results) expect(r.toolform.startsWith("Refused:")).toBe(true);
    const md = markdown(results, summary);
    for (const k of new Set(results.map((r) => r.kind))) expect(md).toContain(`## ${k}`);
    expect(KINDS).toContain(results[0]!.kind);
  }, 120_000);
});
