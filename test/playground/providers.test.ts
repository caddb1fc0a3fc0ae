// The playground shows each tool's provider forms when the config asks for provider lists
// (issue 34): the same conversion generated/providers writes, per tool and provider.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { listsFor } from "../../src/pipeline/providers.js";
import { snapshotOf } from "../../src/playground/snapshot.js";
import { exampleTools } from "../helpers/generated.js";

describe("playground snapshot: provider forms", () => {
  it("each tool carries its OpenAI, Anthropic and Gemini entries, as the provider lists write them", async () => {
    const providers = ["openai", "anthropic", "gemini"] as const;
    const result = await generate({ tools: exampleTools(), options: { emit: "js", lint: false, providers: [...providers] } });
    const lists = await listsFor(result.tools, providers);
    const snap = snapshotOf(1, result, 0, (f) => f, lists);
    expect(snap.tools.length).toBeGreaterThan(0);
    for (const t of snap.tools) {
      expect(Object.keys(t.providers ?? {}).sort(), t.name).toEqual(["anthropic", "gemini", "openai"]);
      const openai = t.providers!["openai"] as { name: string; parameters: unknown; strict: boolean; plan?: unknown };
      expect(openai.name).toBe(lists.openai!.find((x) => x.name === t.name)!.name);
      expect(openai.plan).toBeUndefined(); // the way back's plan is the build's, not shown
      expect(t.providers!["anthropic"]).toEqual(lists.anthropic!.find((x) => x.name === t.name));
    }
    // Without providers in the config, no forms.
    expect(snapshotOf(2, result, 0, (f) => f).tools.every((t) => t.providers === undefined)).toBe(true);
  });
});
