// recheck's answer as a build's verdict (RedosVerdict, verdictOf), and recheck asked
// synchronously (runRecheck: its synckit worker and native agent, else its Scala.js build),
// with toolform's parameters (./recheck-params.ts). ./redos.ts keeps the verdicts.
import { createRequire } from "node:module";
import type { Diagnostics } from "recheck";
import { fuzzParams, recheckParams, unanalysedSafe, type RecheckParams } from "./recheck-params.js";

export type RedosVerdict =
  /** `proof`: proven linear by ./redos-proof.ts (recheck was not asked). */
  | { status: "safe"; complexity: string; ms: number; proof?: true }
  | {
      status: "vulnerable";
      /** "exponential" or "polynomial" (with `degree`). */
      complexity: "exponential" | "polynomial";
      degree?: number;
      /** recheck's one-line summary, e.g. "exponential", "2nd degree polynomial". */
      summary: string;
      /** The attack string as a short JS expression, e.g. `'a' + 'a'.repeat(31) + '\x00'`. */
      attack: string;
      /** The parts of the pattern that backtrack ("hot spots"). */
      hotspots: string[];
      /** The attack's parts (a prefix and a repeated pump per pump, then a suffix): what measuredInput grows. Absent in verdicts cached before they were kept. */
      pumps?: { prefix: string; pump: string }[];
      suffix?: string;
      ms: number;
    }
  /** recheck could not decide (timeout, unsupported syntax). */
  | { status: "unknown"; reason: string; ms: number; timeoutMs: number; transient?: boolean }
  /** JS cannot compile the pattern with the `u` flag. */
  | { status: "invalid"; reason: string; ms: number };

let checkSyncFn: typeof import("recheck").checkSync | undefined;
/** recheck (and the worker it starts) loads on the first pattern not already decided. */
function checkSync(source: string, flags: string, params: RecheckParams): Diagnostics {
  checkSyncFn ??= (createRequire(import.meta.url)("recheck") as typeof import("recheck")).checkSync;
  return checkSyncFn(source, flags, params);
}

export function runRecheck(pattern: string, timeoutMs: number): Diagnostics {
  const r = runRecheckWith(pattern, recheckParams(timeoutMs));
  // Without unbounded repetition recheck calls a pattern safe unanalysed: its fuzzer attacks it (./recheck-params.ts).
  return unanalysedSafe(r) ? runRecheckWith(pattern, fuzzParams(timeoutMs)) : r;
}

function runRecheckWith(pattern: string, params: RecheckParams): Diagnostics {
  try {
    return checkSync(pattern, "u", params);
  } catch {
    // The worker back end could not start (no worker_threads, sandbox…): use the
    // in-process Scala.js build once. recheck reads the choice from the environment.
    const saved = process.env.RECHECK_SYNC_BACKEND;
    process.env.RECHECK_SYNC_BACKEND = "pure";
    try {
      return checkSync(pattern, "u", params);
    } finally {
      if (saved === undefined) delete process.env.RECHECK_SYNC_BACKEND;
      else process.env.RECHECK_SYNC_BACKEND = saved;
    }
  }
}

/** recheck's answer as a verdict (`ms`: how long it took; `timeoutMs`: the analysis' bound). */
export function verdictOf(pattern: string, r: Diagnostics, ms: number, timeoutMs: number): RedosVerdict {
  switch (r.status) {
    case "safe":
      return { status: "safe", complexity: r.complexity.type, ms };
    case "vulnerable": {
      const hotspots = r.hotspot.filter((h) => h.temperature === "heat").map((h) => pattern.slice(h.start, h.end));
      const verdict: RedosVerdict = {
        status: "vulnerable",
        complexity: r.complexity.type,
        summary: r.complexity.summary,
        attack: r.attack.pattern,
        hotspots: [...new Set(hotspots)],
        pumps: r.attack.pumps.map((p) => ({ prefix: p.prefix, pump: p.pump })),
        suffix: r.attack.suffix,
        ms,
      };
      if (r.complexity.type === "polynomial") verdict.degree = r.complexity.degree;
      return verdict;
    }
    default: {
      const err = r.error;
      const reason =
        err.kind === "timeout"
          ? `the analysis did not finish within ${timeoutMs} ms`
          : err.kind === "cancel"
            ? "the analysis was cancelled"
            : `recheck: ${err.kind}: ${err.message}`;
      // A timeout (or a failed run) depends on the machine's load; unsupported syntax does not.
      return { status: "unknown", reason, ms, timeoutMs, ...(err.kind === "timeout" || err.kind === "cancel" || err.kind === "unexpected" ? { transient: true } : {}) };
    }
  }
}
