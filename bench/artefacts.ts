// Build, once per run, what the size and cold-start figures look at: toolform's
// generated module and ajv's standalone modules for the same N generated tools,
// plus the scripts that a fresh `node` runs for each cold-start variant.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildAjvStandalone, exportName, type StandaloneBuild } from "./adapters/ajv-standalone.js";
import { buildToolform, loadGenerate, type ToolformBuild } from "./adapters/toolform.js";
import type { GeneratedTool } from "./workload/generate.js";

const require = createRequire(import.meta.url);

export interface Artefacts {
  dir: string;
  count: number;
  toolform?: ToolformBuild;
  /** Why toolform's module is missing. */
  toolformMissing?: string;
  ajvFirst: StandaloneBuild;
  ajvAll: StandaloneBuild;
  /** Cold-start variants: label → argv for `node`. */
  scripts: { id: string; label: string; argv: string[] }[];
}

export async function buildArtefacts(gen: GeneratedTool[]): Promise<Artefacts> {
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-art-"));
  const tools = gen.map((g) => g.tool);
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "calls.json"), JSON.stringify(gen.map((g) => ({ name: g.tool.name, arguments: g.valid }))));
  writeFileSync(join(dir, "schemas.json"), JSON.stringify(tools.map((t) => t.inputSchema)));

  const ajvFirst = await buildAjvStandalone(tools, false, dir);
  const ajvAll = await buildAjvStandalone(tools, true, dir);

  let toolform: ToolformBuild | undefined;
  let toolformMissing: string | undefined;
  const { generate, reason } = await loadGenerate();
  if (generate) {
    try {
      const tfDir = join(dir, "toolform");
      mkdirSync(tfDir);
      toolform = await buildToolform(generate, tools, tfDir);
    } catch (e) {
      toolformMissing = `generation failed: ${(e as Error).message.split("\n")[0]}`;
    }
  } else toolformMissing = reason;

  // Every script validates one (valid) call of each tool and exits 1 if any is refused.
  const readCalls = `import { readFileSync } from "node:fs";\nconst calls = JSON.parse(readFileSync(new URL("./calls.json", import.meta.url), "utf8"));\n`;
  const fail = `if (bad) { console.error(bad + " valid calls refused"); process.exit(1); }\n`;
  const scripts: Artefacts["scripts"] = [{ id: "node", label: "`node -e 0` (baseline)", argv: ["-e", "0"] }];

  if (toolform) {
    writeFileSync(
      join(dir, "cold-toolform.mjs"),
      readCalls +
        `import * as m from "./toolform/index.js";\n` +
        `let bad = 0;\n` +
        `for (const c of calls) {\n` +
        `  const r = typeof m.validateCall === "function" ? m.validateCall(c) : m.toolset[c.name].validate(c.arguments);\n` +
        `  if (!r.ok) bad++;\n` +
        `}\n` +
        fail,
    );
    scripts.push({ id: "toolform", label: `toolform: import generated module, validate ${gen.length} calls`, argv: [join(dir, "cold-toolform.mjs")] });
    // For the reader, not a goal: the same module bundled into one file, to show what the number of files costs.
    try {
      await build({ entryPoints: [toolform.indexFile], bundle: true, format: "esm", platform: "node", outfile: join(dir, "toolform-bundle.mjs"), logLevel: "silent" });
      writeFileSync(
        join(dir, "cold-toolform-bundle.mjs"),
        readCalls + `import * as m from "./toolform-bundle.mjs";\nlet bad = 0;\nfor (const c of calls) if (!m.validateCall(c).ok) bad++;\n` + fail,
      );
      scripts.push({ id: "toolform-bundle", label: `toolform, its ${toolform.files.filter((f) => f.path.endsWith(".js")).length} files bundled into one by esbuild (for comparison)`, argv: [join(dir, "cold-toolform-bundle.mjs")] });
    } catch {
      /* the bundle is only a comparison */
    }
  }

  const ajvUrl = pathToFileURL(require.resolve("ajv/dist/2020.js")).href;
  const fmtUrl = pathToFileURL(require.resolve("ajv-formats")).href;
  writeFileSync(
    join(dir, "cold-ajv-compile.mjs"),
    readCalls +
      `import Ajv2020 from ${JSON.stringify(ajvUrl)};\nimport addFormats from ${JSON.stringify(fmtUrl)};\n` +
      `const schemas = JSON.parse(readFileSync(new URL("./schemas.json", import.meta.url), "utf8"));\n` +
      `const ajv = new (Ajv2020.default ?? Ajv2020)({ allErrors: true, strict: false });\n(addFormats.default ?? addFormats)(ajv);\n` +
      `const vs = schemas.map((s) => ajv.compile(s));\n` +
      `let bad = 0;\ncalls.forEach((c, i) => { if (!vs[i](c.arguments)) bad++; });\n` +
      fail,
  );
  scripts.push({ id: "ajv-compile", label: `ajv: compile ${gen.length} schemas at start-up (allErrors:true), validate`, argv: [join(dir, "cold-ajv-compile.mjs")] });

  for (const [id, b, label] of [
    ["ajv-sa", ajvFirst, "allErrors:false"],
    ["ajv-sa-all", ajvAll, "allErrors:true"],
  ] as const) {
    const f = join(dir, `cold-${id}.mjs`);
    writeFileSync(
      f,
      readCalls +
        `import * as m from ${JSON.stringify("./" + b.file.split(/[\\/]/).pop())};\n` +
        `let bad = 0;\ncalls.forEach((c, i) => { if (!m["v" + i](c.arguments)) bad++; });\n` +
        fail,
    );
    scripts.push({ id, label: `ajv standalone (${label}, esbuild ESM bundle): import, validate`, argv: [f] });
  }
  void exportName;
  return { dir, count: gen.length, toolform, toolformMissing, ajvFirst, ajvAll, scripts };
}
