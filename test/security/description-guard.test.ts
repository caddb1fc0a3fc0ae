// The description guard (src/schema/lint/description-guard.ts) on the hand-written fixtures
// (test/fixtures/descriptions/): every poisoned description flagged, few clean ones.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { lintTool, scanText } from "../../src/schema/lint/index.js";

interface Entry {
  id: string;
  modelledOn: string;
  tool: { name: string; description?: string; inputSchema: JsonSchema };
}

const dir = new URL("../fixtures/descriptions/", import.meta.url);
const load = (file: string): Entry[] => JSON.parse(readFileSync(new URL(file, dir), "utf8")) as Entry[];

function guard(e: Entry): Diagnostic[] {
  const def: ToolDefinition = { ...e.tool, origin: { file: `fixtures/descriptions/${e.id}.json`, pointer: "" } };
  return lintTool(def).filter((d) => d.code === "guard/description");
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;

describe("description guard corpus", () => {
  const poisoned = load("poisoned.json");
  const clean = load("clean.json");

  it("has the corpus sizes the brief asks for", () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(25);
    expect(clean.length).toBeGreaterThanOrEqual(40);
    expect(new Set([...poisoned, ...clean].map((e) => e.id)).size).toBe(poisoned.length + clean.length);
  });

  it("flags every poisoned description and at most 10% of clean ones", () => {
    const missed = poisoned.filter((e) => guard(e).length === 0);
    const falsePositives = clean.map((e) => ({ e, ds: guard(e) })).filter((x) => x.ds.length > 0);
    const detected = poisoned.length - missed.length;
    const rules = new Map<string, number>();
    for (const e of poisoned) {
      for (const d of guard(e)) {
        const rule = /\(rule ([\w-]+)\)/.exec(d.message)?.[1] ?? "?";
        rules.set(rule, (rules.get(rule) ?? 0) + 1);
      }
    }
    console.log(
      [
        `description guard: detection ${detected}/${poisoned.length} (${pct(detected, poisoned.length)}), ` +
          `false positives ${falsePositives.length}/${clean.length} (${pct(falsePositives.length, clean.length)})`,
        `  rules firing on poisoned entries: ${[...rules].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(", ")}`,
        ...missed.map((e) => `  MISSED ${e.id}`),
        ...falsePositives.map(({ e, ds }) => `  false positive ${e.id}: ${ds.map((d) => d.message).join(" | ")}`),
      ].join("\n"),
    );
    expect(missed.map((e) => e.id)).toEqual([]);
    expect(falsePositives.length / clean.length).toBeLessThanOrEqual(0.1);
  });

  it("reports the rates on the held-out set (printed, not asserted)", () => {
    const holdout = JSON.parse(readFileSync(new URL("holdout.json", dir), "utf8")) as {
      poisoned: { id: string; description: string }[];
      clean: { id: string; description: string }[];
    };
    const hit = holdout.poisoned.filter((h) => scanText(h.description).length > 0);
    const fp = holdout.clean.filter((h) => scanText(h.description).length > 0);
    console.log(
      [
        `description guard, held-out: detection ${hit.length}/${holdout.poisoned.length} (${pct(hit.length, holdout.poisoned.length)}), ` +
          `false positives ${fp.length}/${holdout.clean.length} (${pct(fp.length, holdout.clean.length)})`,
        ...holdout.poisoned.filter((h) => !hit.includes(h)).map((h) => `  missed ${h.id}: ${h.description}`),
        ...fp.map((h) => `  false positive ${h.id}: ${h.description}`),
      ].join("\n"),
    );
    expect(holdout.poisoned.length).toBeGreaterThan(0);
  });
});
