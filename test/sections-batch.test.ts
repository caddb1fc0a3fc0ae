// A compile worker strips the types of a few tools' sections in one esbuild request
// (src/pipeline/workers.ts jsSections): the output must be what each section gives alone.
import { describe, expect, it } from "vitest";
import { generateTools } from "../bench/workload/generate.js";
import { generate } from "../src/pipeline/generate.js";
import type { ToolDefinition } from "../src/sources/types.js";

describe("tool sections stripped of types together (workers.ts jsSections)", () => {
  it("one esbuild request for several sections gives each section's own JavaScript", async () => {
    const { joinSections, cutSections, jsSection } = await import("../src/pipeline/workers.js");
    const { stripTypesAsync } = await import("../src/emit/finish.js");
    const { files, tools } = await generate({ tools: generateTools(6, 99).map((g, i) => ({ ...g.tool, origin: { file: `t${i}.json` } }) as ToolDefinition), options: { emit: "ts" } });
    expect(files.length).toBeGreaterThan(0);
    const tss = tools.map((t) => t.ts);
    const idents = tools.map((t) => t.ident);
    const cut = cutSections(await stripTypesAsync(joinSections(tss)), tss, idents);
    expect(cut).toEqual(await Promise.all(tss.map(jsSection)));
    // A section exporting something else too is not cut (each goes alone).
    const more = [...tss.slice(0, 2), tss[2] + "\nexport const extra = 1;\n"];
    expect(cutSections(await stripTypesAsync(joinSections(more)), more, idents.slice(0, 3))).toBeUndefined();
  });
});
