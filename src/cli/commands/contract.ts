// `toolform build --print-inputs` / `--print-outputs`: the cache contract for build
// systems with a cache (Turborepo, Nx, Bazel; docs/cli.md). The build runs in memory
// through the same pipeline (nothing is written to outDir), then prints the files it
// reads, or the files it writes: relative to the current folder, forward slashes,
// sorted, one per line (or one JSON object with --json).
import { readdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { BuildCache } from "../../pipeline/cache.js";
import type { GenerateResult } from "../../pipeline/generate.js";
import type { Io } from "../output.js";
import { generateProject, type Project } from "../../pipeline/project.js";

export interface Contract {
  inputs: string[];
  outputs: string[];
}

/** The files a build of `project` reads and writes, as paths relative to `cwd`. */
export function contractOf(project: Project, result: GenerateResult, cwd: string): Contract {
  const rel = (abs: string) => relative(cwd, abs).split("\\").join("/") || ".";
  const inputs = new Set<string>([project.configFile, ...result.inputs, ...(result.imports ?? [])].map((f) => resolve(project.config.root, f)));
  // The `schemas` folder: every JSON document in it is read (remote $ref targets).
  if (typeof project.raw.schemas === "string") {
    const dir = isAbsolute(project.raw.schemas) ? project.raw.schemas : resolve(project.config.root, project.raw.schemas);
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (e.name.endsWith(".json")) inputs.add(join(d, e.name));
      }
    };
    walk(dir);
  }
  const outputs = result.files.map((f) => join(project.config.outDir, f.path));
  return { inputs: [...inputs].map(rel).sort(), outputs: outputs.map(rel).sort() };
}

/** Prints the contract; exit 1 (with the errors) when the build would fail. */
export async function printContract(project: Project, cache: BuildCache, which: { inputs: boolean; outputs: boolean }, io: Io, json: boolean): Promise<number> {
  const result = await generateProject(project, cache);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) {
    const { formatDiagnostic } = await import("../../diagnostics/format.js");
    for (const d of errors) io.stderr.write(formatDiagnostic(d) + "\n");
    io.stderr.write("toolform: the build fails, so it has no outputs to state; fix the errors above\n");
    return 1;
  }
  const c = contractOf(project, result, io.cwd);
  if (json) io.stdout.write(JSON.stringify({ ...(which.inputs ? { inputs: c.inputs } : {}), ...(which.outputs ? { outputs: c.outputs } : {}) }, null, 2) + "\n");
  else io.stdout.write([...(which.inputs ? c.inputs : []), ...(which.outputs ? c.outputs : [])].map((l) => l + "\n").join(""));
  return 0;
}
