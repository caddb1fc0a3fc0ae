// What one build did (src/pipeline/build.ts), as the commands report it. Light: the
// no-change answer (src/cli/fast.ts) makes one from the manifest with nothing else loaded.
import type { CacheStats } from "./cache.js";
import type { WriteResult } from "../io/write.js";
import type { Diagnostic } from "../diagnostics/types.js";

export interface BuildOutcome {
  ok: boolean;
  /** 0 written, 1 errors in sources or schemas (nothing written). */
  exitCode: 0 | 1;
  /** Names of the tools built. */
  tools: string[];
  /** Source files read (for watch). */
  inputs: string[];
  write?: WriteResult;
  ms: number;
  stats: CacheStats;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** True when the inputs were those of the last build and the output was intact: nothing ran. */
  upToDate?: boolean;
}

/** The outcome of a build that found nothing to do, from what the last build recorded (src/pipeline/manifest.ts). */
export function upToDateOutcome(m: { result: string; outputs: [string, unknown][] }, ms: number, r = JSON.parse(m.result) as { tools: string[]; inputs: string[]; diagnostics: Diagnostic[] }): BuildOutcome {
  const files = m.outputs.map((o) => o[0]).sort();
  return {
    ok: true,
    exitCode: 0,
    tools: r.tools,
    inputs: r.inputs,
    write: { written: [], unchanged: files, removed: [] },
    ms,
    stats: { tools: r.tools.length, compiled: 0, fromDisk: 0, formats: files.length, formatted: 0 },
    errors: [],
    warnings: r.diagnostics,
    upToDate: true,
  };
}
