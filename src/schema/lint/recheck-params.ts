// What toolform asks of recheck, in one place: a verdict that depends only on the pattern.
// recheck's inner time limits (matching time while incubating, seeding and trying an
// attack) cut its fuzzing short by the clock, so on a loaded machine the same pattern could
// come out "safe" in one build and "vulnerable" in the next, and a decided verdict is kept on
// disk. They are off: the fuzzing is bounded by recheck's step limits (characters read by its
// VM), and only the analysis' overall `timeout` is time-based, whose "timeout" answer the
// build treats as undecided and asks again (./redos.ts). Seed and seeder are recheck's fixed
// defaults (randomSeed 0, static), and recall validation stays off (its default).
import type { Parameters } from "recheck";

/** recheck's parameters with an overall timeout, always set. */
export type RecheckParams = Parameters & { timeout: number };

export function recheckParams(timeout: number): RecheckParams {
  return { timeout, attackTimeout: null, incubationTimeout: null, seedingTimeout: null };
}

/** Part of the cache's key for verdicts (src/pipeline/cache-identity.ts): verdicts made with other parameters are not reused. */
export const RECHECK_MODE = "step-limits";
