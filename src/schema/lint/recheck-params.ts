// What toolform asks of recheck, in one place (its agent, its client and the synchronous
// path send the same): a verdict that depends on the pattern alone, never on the clock.
//
// recheck's fuzz checker ends its trials by time as well as by work: a trial string that
// runs past `attackTimeout` (1 s) counts as an attack that succeeded, and one past
// `incubationTimeout` (250 ms) or `seedingTimeout` (100 ms) is attacked or seeded where a
// quiet machine would not, so under load a safe pattern could come out "vulnerable" (and a
// decided verdict is kept on disk). Those three are off here; the trials end by recheck's
// step limits (characters its VM reads), which count the same on every machine. With the
// time limit off, an attack trial on a backtracking pattern runs until it has read
// `attackLimit` characters: recheck's default (1.5 × 10^9) is tens of seconds on a pattern
// with a backreference, so it is lowered to 10^5, which is 25 times recheck's
// incubation limit (the work that makes a string worth attacking) and is crossed by
// 17 pumps of an exponential pattern, 316 of a quadratic one. Over the corpus's patterns,
// the test suites' and the ReDoS families of bench/patterns.ts and test/security/, every
// verdict is the one recheck's defaults give on a quiet machine, but one:
// `^(a?){25}a{25}$` (2^25 paths on 25 characters), "safe" after 2-4 s of fuzzing with the
// defaults, is "vulnerable" (test/security/redos-verdicts.test.ts). (Patterns without
// unbounded repetition are another matter: unanalysedSafe below.)
//
// Only the analysis' overall `timeout` is still a time; running out of it is "unknown",
// which the build never keeps as a verdict and asks again (./redos.ts). The random seed,
// the seeder and the checker are recheck's defaults, written out so that a change of
// recheck's defaults cannot change a verdict silently; recall validation (which runs
// node on the attack and times it) stays off.
import type { Diagnostics, Parameters } from "recheck";

/** recheck's parameters with an overall timeout, always set. */
export type RecheckParams = Parameters & { timeout: number };

/** The step limit of one attack trial (recheck's `attackLimit`). */
export const ATTACK_LIMIT = 100_000;

export function recheckParams(timeout: number): RecheckParams {
  return {
    timeout,
    checker: "auto",
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
    recallTimeout: -1,
    attackLimit: ATTACK_LIMIT,
    randomSeed: 0,
    seeder: "static",
  };
}

/**
 * Whether recheck's answer is its shortcut for a pattern without unbounded repetition:
 * "safe" from the automaton checker without analysis, because such a pattern reads a
 * bounded part of its input. The bound can be exponential: V8 takes 3.4 s on 31
 * characters for `^(?:a{1,10}){1,10}$`, and `a?` × 30 then `a` × 30 has 2^30 paths. Such
 * a pattern, when the proof (./redos-proof.ts) did not prove it, is asked again of the
 * fuzz checker (fuzzParams), which attacks it: a string past recheck's step limit makes it
 * "vulnerable" (then the linear matcher runs it), and one it calls safe costs V8 fewer
 * than the attack limit's steps on every string it tried.
 */
export function unanalysedSafe(d: Diagnostics): boolean {
  return d.status === "safe" && d.checker === "automaton" && d.complexity.type === "safe";
}

/** recheckParams with the fuzz checker: for a pattern unanalysedSafe says recheck did not look at. */
export function fuzzParams(timeout: number): RecheckParams {
  return { ...recheckParams(timeout), checker: "fuzz" };
}

/**
 * The analysis as the build cache keys its verdicts (with recheck's version,
 * src/pipeline/cache-identity.ts): bumped whenever the parameters above or the proof in
 * ./redos-proof.ts change, so that verdicts decided otherwise are not reused.
 */
export const REDOS_ANALYSIS = "steps-3";
