// The description guard on text nobody here wrote (issue 29, item 9):
//  - the real-tool corpus (test/corpus/, 30 public MCP servers) built with `strict: true`,
//    as SECURITY.md advises for servers you do not trust: the guard must stay quiet on
//    honest tools (the count of its findings is asserted: 0);
//  - a public attack set, promptfoo's prompt-injection payloads (test/fixtures/attacks/):
//    recall is printed and must stay at or above 90%.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { scanText } from "../../src/schema/lint/index.js";
import { toolsFromJson } from "../../src/sources/json.js";

// prettier is cosmetics and most of a build's time; the build is otherwise as `toolform build`.
vi.mock("../../src/emit/finish.js", async (importOriginal) => ({ ...(await importOriginal<typeof import("../../src/emit/finish.js")>()), formatSource: async (text: string) => text }));

/** Advice for a tool's author (poka-yoke.ts): nothing a user of someone else's server can act on, so SECURITY.md's strict setup switches it off. */
const AUTHOR_ADVICE = ["unconstrained-string", "ambiguous-name", "prose-enum", "missing-description", "open-object", "required-with-default", "relative-path"];

const DIR = "test/corpus";
const sources = JSON.parse(readFileSync(`${DIR}/sources.json`, "utf8")) as { file: string }[];

describe("the real-tool corpus built with strict: true", () => {
  it("has no description-guard finding (the other errors are printed: not the guard's)", { timeout: 600_000 }, async () => {
    const byCode = new Map<string, number>();
    const guard: string[] = [];
    let tools = 0;
    for (const s of sources) {
      const path = `${DIR}/${s.file}`;
      const { tools: defs } = toolsFromJson(JSON.parse(readFileSync(path, "utf8")), path);
      tools += defs.length;
      const lint = Object.fromEntries(AUTHOR_ADVICE.map((r) => [r, false]));
      const { diagnostics } = await generate({ tools: defs, options: { strict: true, lint } });
      for (const d of diagnostics) {
        byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
        if (d.code === "guard/description") guard.push(`${s.file} ${d.tool}: ${d.message}`);
      }
    }
    console.log(`strict build of ${tools} real tools: ${[...byCode].map(([c, n]) => `${c} ${n}`).join(", ") || "no findings"}`);
    expect(tools).toBeGreaterThan(550);
    expect(guard).toEqual([]);
    expect(byCode.get("guard/description") ?? 0).toBe(0);
    // What is left is not the guard's (at the time of writing: OpenAPI formats toolform refuses in
    // notion.json, test/corpus/README.md, and one tool's patterns the ReDoS check cannot decide).
    expect([...byCode.keys()].filter((c) => !c.startsWith("schema/"))).toEqual([]);
  });
});

describe("a public attack set: promptfoo's prompt-injection payloads", () => {
  const attacks = JSON.parse(readFileSync("test/fixtures/attacks/promptfoo-prompt-injections.json", "utf8")) as string[];
  it("flags at least 90% of them (recall printed)", () => {
    const missed = attacks.filter((a) => scanText(a).length === 0);
    const hit = attacks.length - missed.length;
    console.log(
      [`description guard on ${attacks.length} promptfoo payloads: recall ${hit}/${attacks.length} (${((100 * hit) / attacks.length).toFixed(1)}%)`, ...missed.map((m) => `  missed: ${m.slice(0, 140).replace(/\s+/g, " ")}…`)].join("\n"),
    );
    expect(attacks.length).toBeGreaterThan(100);
    expect(hit / attacks.length).toBeGreaterThanOrEqual(0.9);
  });
});
