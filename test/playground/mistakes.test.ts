// The playground's ready-made wrong calls (src/playground/page/mistakes.ts) over the
// real-tools corpus (test/corpus/): every wrong call offered for a tool must be one its
// generated validator refuses, and in the bucket the mistake names; the share of tools
// offered each mistake is printed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { mistakes, type Mistake } from "../../src/playground/page/mistakes.js";
import type { Tool } from "../../packages/runtime/src/rt/index.js";

// Formatting is cosmetics and most of a build's time; the checks are the same without it.
vi.mock("../../src/emit/finish.js", async (importOriginal) => ({ ...(await importOriginal<typeof import("../../src/emit/finish.js")>()), formatSource: async (text: string) => text }));

const DIR = "test/corpus";
const work = mkdtempSync(join(tmpdir(), "toolform-mistakes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The report bucket each mistake must land in (a mistake may bring others along, e.g. a missing parent). */
const BUCKET: Record<Mistake["id"], string> = {
  "numeric-string": "type_errors",
  "enum-case": "enum_errors",
  "unknown-argument": "unknown_args",
  "missing-field": "missing_required",
  "wrong-format": "constraint_errors",
};

describe("ready-made wrong calls over the corpus", () => {
  it("every offered wrong call is refused, in the bucket of its mistake", async () => {
    const failures: string[] = [];
    const offered: Record<string, number> = {};
    let tools = 0;
    for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()) {
      const read = toolsFromJson(JSON.parse(readFileSync(join(DIR, file), "utf8")), `${DIR}/${file}`);
      const { files, tools: compiled } = await generate({ tools: read.tools, options: { emit: "js", lint: false } });
      if (!files.some((f) => f.path === "index.js")) continue; // a file with a refused tool: the corpus test reports it
      const dir = join(work, file.replace(/\.json$/, ""));
      mkdirSync(dir, { recursive: true });
      for (const f of files) writeFileSync(join(dir, f.path), f.contents);
      writeFileSync(join(dir, "package.json"), '{"type":"module"}');
      const mod = (await import(pathToFileURL(join(dir, "index.js")).href)) as { toolset: Record<string, Tool> };
      for (const t of compiled) {
        const tool = mod.toolset[t.def.name];
        if (!tool) continue;
        tools++;
        for (const m of mistakes(t.def.inputSchema)) {
          if (!m.args) continue;
          offered[m.id] = (offered[m.id] ?? 0) + 1;
          const r = tool.validate(m.args);
          const bucket = BUCKET[m.id] as "type_errors";
          if (r.ok || r[bucket].length === 0) failures.push(`${file} ${t.def.name} ${m.id}: ${JSON.stringify(m.args).slice(0, 160)} → ${r.ok ? "valid" : JSON.stringify(r.toDict())}`);
        }
      }
    }
    console.log(`wrong calls offered over ${tools} corpus tools: ${Object.entries(offered).map(([k, n]) => `${k} ${n} (${Math.round((100 * n) / tools)}%)`).join(", ")}`);
    expect(tools).toBeGreaterThan(400);
    expect(failures).toEqual([]);
  });
});
