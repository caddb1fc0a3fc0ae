// toolform: generate the validators for the workload in a temp dir (emit "js"),
// import the generated index, time each tool's `is` and `validate` (and
// `normalize`, when the generated tools have it).
//
// The generator is written alongside this bench; until `src/index` exports
// `generate`, this adapter reports "not available yet" and the rest of the bench runs.

import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Adapter, AdapterResult, Prepared, ValidatorRow } from "./types.js";
import type { BenchTool } from "../workload/tools.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface GeneratedFile {
  path: string;
  contents: string;
}

export interface ToolformBuild {
  dir: string;
  indexFile: string;
  files: GeneratedFile[];
  warnings: string[];
}

interface GeneratedTool {
  name: string;
  is: (a: unknown) => boolean;
  validate: (a: unknown) => { ok: boolean; n_errors: number; errors: { message?: string }[]; feedback: string };
  normalize?: (a: unknown) => unknown;
}

type Generate = (input: { tools: unknown[]; options: Record<string, unknown> }) => Promise<{
  files: GeneratedFile[];
  diagnostics: { severity: string; code?: string; message: string; tool?: string; pointer?: string }[];
}>;

/** Why toolform cannot be benchmarked yet, or its `generate`. */
export async function loadGenerate(): Promise<{ generate?: Generate; reason?: string }> {
  const candidates = ["src/index.ts", "src/index.js"].map((p) => join(repoRoot, p));
  const entry = candidates.find((p) => existsSync(p));
  if (!entry) return { reason: "src/index.ts does not exist yet" };
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  } catch (e) {
    return { reason: `src/index could not be imported: ${(e as Error).message.split("\n")[0]}` };
  }
  if (typeof mod.generate !== "function") return { reason: "src/index does not export generate() yet" };
  return { generate: mod.generate as Generate };
}

/** Run toolform's generator for `tools`, write the files under `dir`. Throws with the diagnostics on error. */
export async function buildToolform(generate: Generate, tools: BenchTool[], dir: string): Promise<ToolformBuild> {
  const input = tools.map((t, i) => ({ ...t, origin: { file: "bench/workload", pointer: `/${i}` } }));
  const { files, diagnostics } = await generate({ tools: input, options: { emit: "js", outDir: dir } });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length) {
    const shown = errors.slice(0, 5).map((d) => `${d.tool ?? ""}${d.pointer ? " " + d.pointer : ""}: ${d.message}`);
    throw new Error(`generate() reported ${errors.length} error(s): ${shown.join("; ")}`);
  }
  // The generated .js files are ESM: a project loading them has "type": "module".
  if (!files.some((f) => f.path === "package.json")) writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const f of files) {
    const p = join(dir, f.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.contents);
  }
  const indexFile = join(dir, "index.js");
  if (!existsSync(indexFile)) throw new Error(`generate() wrote no index.js (files: ${files.map((f) => f.path).slice(0, 8).join(", ")})`);
  return { dir, indexFile, files, warnings: diagnostics.filter((d) => d.severity !== "error").map((d) => d.message) };
}

/** Where the timed "validate + feedback" row leaves each text, so reading it cannot be optimised away. */
export let feedbackSink = "";

export const toolformAdapter: Adapter = async (tools): Promise<AdapterResult> => {
  const { generate, reason } = await loadGenerate();
  if (!generate) return { versions: {}, rows: [], unavailable: `toolform: not available yet (${reason})` };
  let toolset: Record<string, GeneratedTool>;
  try {
    const b = await buildToolform(generate, tools, mkdtempSync(join(tmpdir(), "toolform-bench-tf-")));
    const mod = (await import(pathToFileURL(b.indexFile).href)) as { toolset?: Record<string, GeneratedTool> };
    if (!mod.toolset) throw new Error("the generated index.js exports no `toolset`");
    toolset = mod.toolset;
  } catch (e) {
    return { versions: {}, rows: [], unavailable: `toolform: generation failed (${(e as Error).message.split("\n")[0]})` };
  }
  const tool = (t: BenchTool) => toolset[t.name];
  const rows: ValidatorRow[] = [
    {
      id: "toolform-is",
      label: "toolform is",
      prepare: (t): Prepared | undefined => {
        const g = tool(t);
        if (!g || typeof g.is !== "function") return undefined;
        return { run: g.is, ok: (r) => r === true, nErrors: () => NaN };
      },
    },
    {
      id: "toolform",
      label: "toolform validate",
      prepare: (t): Prepared | undefined => {
        const g = tool(t);
        if (!g || typeof g.validate !== "function") return undefined;
        return {
          run: g.validate,
          ok: (r) => (r as { ok: boolean }).ok,
          nErrors: (r) => (r as { n_errors: number }).n_errors,
          firstMessage: (r) => (r as { errors: { message?: string }[] }).errors[0]?.message ?? "",
        };
      },
    },
    {
      // What a harness does with a refused call: validate, then send the model the feedback text
      // (the report builds it on first read). The hand-written floor builds its text in every call.
      id: "toolform-feedback",
      label: "toolform validate + feedback",
      prepare: (t): Prepared | undefined => {
        const g = tool(t);
        if (!g || typeof g.validate !== "function") return undefined;
        const validate = g.validate;
        return {
          run: (a: unknown) => {
            const r = validate(a);
            feedbackSink = r.feedback;
            return r;
          },
          ok: (r) => (r as { ok: boolean }).ok,
          nErrors: (r) => (r as { n_errors: number }).n_errors,
          firstMessage: (r) => (r as { errors: { message?: string }[] }).errors[0]?.message ?? "",
        };
      },
    },
  ];
  if (Object.values(toolset).some((g) => typeof g.normalize === "function")) {
    rows.push({
      id: "toolform-normalize",
      label: "toolform normalize",
      prepare: (t): Prepared | undefined => {
        const g = tool(t);
        if (!g || typeof g.normalize !== "function") return undefined;
        // normalize is not a validator: its row is timed, not checked for a verdict.
        return { run: g.normalize, ok: () => true, nErrors: () => NaN, timingOnly: true };
      },
    });
  }
  return { versions: { toolform: "working tree" }, rows };
};
