// One tool in a bundle (issue 33): a bundler that imports one tool from the generated index
// keeps that tool and drops the others (the index's tables are built by calls marked pure),
// and the runtime's tables it does not read (runtime-build.ts marks their calls pure).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const def = (name: string, key: string): ToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object", properties: { [key]: { type: "string", minLength: 1 } }, required: [key] },
  origin: { file: "test/emit/bundle-treeshake.test.ts", pointer: "" },
});

async function bundleOf(emit: "js" | "ts", entry: string): Promise<string> {
  const r = await generate({ tools: [def("keep_me", "kept_key"), def("drop_me", "dropped_key")], options: { lint: false, emit } });
  const dir = mkdtempSync(join(tmpdir(), "toolform-treeshake-"));
  try {
    for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
    writeFileSync(join(dir, "entry.mjs"), entry);
    const out = await build({ entryPoints: [join(dir, "entry.mjs")], bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
    return out.outputFiles[0]!.text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a bundle of one tool", () => {
  for (const emit of ["js", "ts"] as const) {
    it(`keeps that tool and drops the others (emit ${emit})`, async () => {
      const one = await bundleOf(emit, `export { keepMe } from "./index.js";\n`);
      expect(one).toContain("keep_me");
      expect(one).toContain("kept_key");
      expect(one).not.toContain("drop_me");
      expect(one).not.toContain("dropped_key");
      // No format in the tool: the runtime's table of format checks is dropped with its checks.
      expect(one).not.toContain("idn-hostname");
      // The whole toolset keeps both.
      const all = await bundleOf(emit, `export { toolset } from "./index.js";\n`);
      expect(all).toContain("drop_me");
      expect(all).toContain("dropped_key");
    });
  }
});
