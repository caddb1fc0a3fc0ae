/**
 * ReDoS and uncompilable patterns.
 *
 * Every `pattern` and every `patternProperties` key anywhere in the schema is compiled
 * as the generated validator will (JS `RegExp`, `u` flag) and analysed: first by a proof
 * on its program (./redos-proof.ts: few paths alive per character, so V8's backtracking
 * is linear; no recheck, well under a millisecond for most patterns), then, for a
 * pattern it does not prove linear, by recheck, asked with step limits and no time
 * limit inside the analysis (./recheck-params.ts): both verdicts depend on the pattern
 * alone, whatever the machine's load.
 *
 * In a build, every pattern without a verdict is first sent to recheck's native agent
 * directly (./recheck-agent.ts, analysePatterns) while the build does other work; what
 * that leaves undecided is asked synchronously as below.
 *
 * recheck back end (./redos-verdict.ts): `checkSync` runs in a synckit worker thread
 * which hands the pattern to recheck's native agent (the `recheck-linux-x64` / macOS / Windows binary, spawned
 * once and kept), falling back to the JVM jar and then to the Scala.js build. Measured on
 * a 2-core Linux box: the first call costs ~100-140 ms (worker + agent start), later ones
 * ~1-4 ms per pattern; the in-process Scala.js build (`RECHECK_SYNC_BACKEND=pure`) takes
 * 5-80 ms per pattern, so the default is kept and `pure` is only a fallback when the
 * worker cannot start. Each analysis is bounded by recheck's overall `timeout`
 * (`options.redosTimeoutMs`, default 1000 ms, for the lint; 30 s for the build's
 * analysis); a timed-out analysis is "unknown", reported as `schema/redos-unchecked`,
 * never as a hang and never kept as a verdict. Results are cached per pattern text for the
 * life of the process, and decided verdicts ("safe", "vulnerable", "invalid") also on
 * disk by the build cache (src/pipeline/project.ts: seedRedosVerdicts / redosVerdictsBeyond),
 * so recheck, loaded only on first use, is not even loaded when every pattern is known.
 * The lint rule that reports these verdicts is ./redos-lint.ts.
 */
import { createRequire } from "node:module";
import { patternCompileError } from "../pattern.js";
import { compileLinear, type Compiled, type LinearProgram } from "../linear/compile.js";
import { measuredInput } from "../linear/measure.js";
import type { Diagnostics } from "recheck";
import { DEFAULT_REDOS_TIMEOUT_MS } from "./context.js";
import { agentCheck } from "./recheck-agent.js";
import { fuzzParams, recheckParams, unanalysedSafe, type RecheckParams } from "./recheck-params.js";
import { provenLinear } from "./redos-proof.js";
import { runRecheck, verdictOf, type RedosVerdict } from "./redos-verdict.js";

export type { RedosVerdict } from "./redos-verdict.js";
import { childPointer, isObject, walkSchema } from "./walk.js";

/** A memo of recheck's verdicts by pattern text (an undecided one is asked again with more time), not state: what is new to the disk cache is worked out by whoever stores it (knownRedosVerdicts less what it seeded). */
const cache = new Map<string, RedosVerdict>();

/** A verdict that holds whatever the machine's load: "unknown" (a timeout, mostly) is asked again. */
function decided(v: RedosVerdict): boolean {
  return v.status !== "unknown";
}

/**
 * Verdicts from an earlier build (the cache on disk, keyed by the pattern text; the
 * cache's namespace covers recheck's version). Only decided verdicts are taken.
 */
export function seedRedosVerdicts(entries: Iterable<readonly [string, unknown]>): void {
  for (const [pattern, v] of entries) {
    if (cache.has(pattern) || !isVerdict(v) || !decided(v)) continue;
    cache.set(pattern, v);
  }
}

function isVerdict(v: unknown): v is RedosVerdict {
  const s = (v as { status?: unknown } | null)?.status;
  return typeof v === "object" && v !== null && (s === "safe" || s === "vulnerable" || s === "invalid" || s === "unknown");
}

/**
 * Whether recheck ran out of time on one of this schema's patterns in this process
 * (mostly under load): then the pattern has no ReDoS bound in the output, which must
 * not be kept in the build cache, or a verdict of the moment would outlive the load
 * that caused it.
 */
export function hasUndecidedPattern(schema: unknown): boolean {
  let patterns;
  try {
    patterns = collectPatterns(schema);
  } catch {
    return true; // nested past the stack (a build error elsewhere): not known, so not kept
  }
  for (const { pattern } of patterns) {
    const v = cache.get(pattern);
    if (v?.status === "unknown" && v.transient) return true;
  }
  return false;
}

/** The decided verdicts this process knows (a compile worker starts with them). */
export function knownRedosVerdicts(): [string, RedosVerdict][] {
  return [...cache].filter(([, v]) => decided(v));
}

/** The decided verdicts this process knows that are not among `known` (patterns): what a store that holds `known` lacks. */
export function redosVerdictsBeyond(known: ReadonlySet<string>): [string, RedosVerdict][] {
  return knownRedosVerdicts().filter(([p]) => !known.has(p));
}

/**
 * recheck's analysis of every pattern of `schemas` that has no verdict yet, started off this
 * thread (on recheck's agent process, asked directly) with the bound's timeout: the
 * verdict the compile needs (patternInputBound, linearProgram), which the lint then reuses.
 * The build lints and compiles the tools without such a pattern meanwhile (src/pipeline/generate.ts);
 * `pending(schema)` says whether a schema has one, `done` settles when every analysis has
 * (one that failed or ran out of time leaves no verdict: the synchronous path asks again).
 */
export function analysePatterns(schemas: readonly unknown[]): { pending(schema: unknown): boolean; done: Promise<void> } | undefined {
  const todo = new Map<string, Promise<void>>();
  const waiting = new Set<unknown>();
  let check: ((source: string, flags: string, params: RecheckParams) => Promise<Diagnostics>) | undefined;
  for (const schema of schemas) {
    let patterns;
    try {
      patterns = collectPatterns(schema);
    } catch {
      continue; // too deep to walk: a build error elsewhere
    }
    for (const { pattern } of patterns) {
      if (cache.has(pattern) || patternCompileError(pattern) !== undefined) continue;
      const proof = provenSafe(pattern);
      if (proof) {
        cache.set(pattern, proof);
        continue;
      }
      waiting.add(schema);
      if (todo.has(pattern)) continue;
      try {
        // recheck's agent asked directly (./recheck-agent.ts), else recheck's own client.
        check ??= agentCheck() ?? (createRequire(import.meta.url)("recheck") as typeof import("recheck")).check;
      } catch {
        return undefined;
      }
      const timeoutMs = boundTimeoutMs();
      const t0 = performance.now();
      const ask = check;
      // Without unbounded repetition recheck calls a pattern safe unanalysed: its fuzzer attacks it (./recheck-params.ts).
      const answer = ask(pattern, "u", recheckParams(timeoutMs)).then((r) => (unanalysedSafe(r) ? ask(pattern, "u", fuzzParams(timeoutMs)) : r)).then(
        (r) => {
          const v = verdictOf(pattern, r, performance.now() - t0, timeoutMs);
          // An analysis that ran out of time here (this thread kept working meanwhile) is asked again as before: synchronously, when needed.
          if (cache.has(pattern) || (v.status === "unknown" && v.transient)) return;
          cache.set(pattern, v);
        },
        () => {},
      );
      todo.set(pattern, answer);
    }
  }
  if (todo.size === 0) return undefined;
  return { pending: (schema) => waiting.has(schema), done: Promise.all(todo.values()).then(() => {}) };
}

/**
 * Is this pattern safe from catastrophic backtracking in a JS `RegExp` with the `u` flag?
 * Cached per pattern text (a timed-out verdict is retried with a larger timeout).
 */
export function checkPattern(pattern: string, timeoutMs: number = DEFAULT_REDOS_TIMEOUT_MS): RedosVerdict {
  const cached = cache.get(pattern);
  if (cached && !(cached.status === "unknown" && cached.timeoutMs < timeoutMs)) return cached;
  const t0 = performance.now();
  const compileError = patternCompileError(pattern);
  let verdict: RedosVerdict;
  let proof: RedosVerdict | undefined;
  if (compileError !== undefined) {
    verdict = { status: "invalid", reason: compileError, ms: performance.now() - t0 };
  } else if ((proof = provenSafe(pattern))) {
    verdict = proof;
  } else {
    let r: Diagnostics;
    try {
      r = runRecheck(pattern, timeoutMs);
    } catch (e) {
      r = { source: pattern, flags: "u", status: "unknown", error: { kind: "unexpected", message: e instanceof Error ? e.message : String(e) } };
    }
    verdict = verdictOf(pattern, r, performance.now() - t0, timeoutMs);
  }
  cache.set(pattern, verdict);
  return verdict;
}

/**
 * What a flagged pattern runs on. A pattern recheck flags (or cannot decide) is run by
 * the linear matcher (@toolform/runtime's rt/linear.ts, program from ../linear/compile.ts)
 * and needs no bound of its own: `maxPatternInput` (10,000) bounds every pattern's input.
 * Patterns safe for V8 stay on V8's RegExp, which is faster (BENCHMARKS.md, "Patterns").
 * A flagged pattern the linear matcher cannot express (a backreference, lookaround, a
 * program over MAX_NODES) is a build error (src/schema/to-ir.ts) unless allowUnchecked
 * has "pattern"; then its input is bounded by a measured worst case (../linear/measure.ts:
 * recheck's attack string grown until V8 takes 1 ms on it), or, for a verdict without an
 * attack, by the class bound below: polynomial of degree k runs on at most the largest n
 * with n^k ≤ 10^6, exponential on at most 16 characters. A longer value is refused with
 * keyword "maxPatternInput" and a message that says why. The analysis gets a fixed,
 * generous timeout (not the lint's) so that the verdict, too, is the same everywhere.
 */
export const STEP_BUDGET = 1_000_000;
export const EXPONENTIAL_INPUT = 16;
const BOUND_TIMEOUT_MS = 30_000;

/**
 * How long recheck may analyse a pattern for its input bound: 30 s, or TOOLFORM_REDOS_TIMEOUT_MS. Analyses end by their step
 * limits (./recheck-params.ts) in 0.1-1.2 s on a quiet 2-core machine, a 900-character chain of `a?` in 3-9 s: the limit is
 * there for a machine many times slower, and running out of it is "unknown", never a verdict.
 */
function boundTimeoutMs(): number {
  const env = process.env.TOOLFORM_REDOS_TIMEOUT_MS;
  return env !== undefined && /^[1-9]\d*$/.test(env) ? Number(env) : BOUND_TIMEOUT_MS;
}

/** The largest n with n^degree ≤ STEP_BUDGET (integer arithmetic: no platform rounding). */
function polynomialInput(degree: number): number {
  let n = 1;
  while ((n + 1) ** degree <= STEP_BUDGET) n++;
  return n;
}

export interface PatternBound {
  /** The most characters the pattern is run on. */
  limit: number;
  /** Why the limit is below maxPatternInput ("exponential", "2nd degree polynomial"), when it is. */
  redos?: string;
}

const linearCache = new Map<string, Compiled>();
const measured = new Map<string, number>();
function compiledLinear(pattern: string): Compiled {
  let c = linearCache.get(pattern);
  if (c === undefined) linearCache.set(pattern, (c = compileLinear(pattern)));
  return c;
}

/** "safe" without recheck when ./redos-proof.ts proves V8's backtracking linear on the pattern's program (compiled anyway for a flagged one). */
function provenSafe(pattern: string): RedosVerdict | undefined {
  const t0 = performance.now();
  const c = compiledLinear(pattern);
  return "program" in c && provenLinear(c.program) ? { status: "safe", complexity: "linear", ms: performance.now() - t0, proof: true } : undefined;
}

/** A pattern recheck does not call safe: vulnerable, or undecided. */
function flagged(pattern: string): RedosVerdict | undefined {
  if (patternCompileError(pattern) !== undefined) return undefined;
  const v = checkPattern(pattern, boundTimeoutMs());
  return v.status === "vulnerable" || v.status === "unknown" ? v : undefined;
}

/**
 * Flagged for good: vulnerable, or undecided for a reason that is not the machine's load.
 * An analysis that ran out of time says nothing that holds on the next build, so it makes
 * no build error and no bound (the build cache keeps no such tool: hasUndecidedPattern).
 */
function flaggedForGood(pattern: string): RedosVerdict | undefined {
  const v = flagged(pattern);
  return v && !(v.status === "unknown" && v.transient) ? v : undefined;
}

/** The linear matcher's program for `pattern` when generated code runs it so: flagged, and expressible. */
export function linearProgram(pattern: string): LinearProgram | undefined {
  if (!flagged(pattern)) return undefined;
  const c = compiledLinear(pattern);
  return "program" in c ? c.program : undefined;
}

/** Why a flagged pattern has no linear matcher (then a build error, unless allowUnchecked "pattern"); undefined when it needs none or has one. */
export function unboundedPattern(pattern: string): { why: string; verdict: string } | undefined {
  const c = compiledLinear(pattern);
  if ("program" in c) return undefined;
  const v = flaggedForGood(pattern);
  if (!v) return undefined;
  return { why: c.unsupported, verdict: v.status === "vulnerable" ? `vulnerable to ReDoS (${v.summary} backtracking)` : `not known to be safe from ReDoS (${v.status === "unknown" ? v.reason : ""})` };
}

/** The input bound of `pattern` in generated code: `maxPatternInput`, or less for a flagged pattern the linear matcher cannot run. */
export function patternInputBound(pattern: string, maxPatternInput: number): PatternBound {
  const v = flaggedForGood(pattern);
  if (!v || "program" in compiledLinear(pattern)) return { limit: maxPatternInput };
  let safe: number;
  if (v.status === "vulnerable" && v.pumps && v.suffix !== undefined) {
    // Measured once per process and pattern: every check of one build uses the same bound.
    const key = `${maxPatternInput}:${pattern}`;
    let m = measured.get(key);
    if (m === undefined) measured.set(key, (m = measuredInput(pattern, v.pumps, v.suffix, maxPatternInput)));
    safe = m;
  } else if (v.status === "vulnerable") safe = v.complexity === "exponential" ? EXPONENTIAL_INPUT : Math.max(EXPONENTIAL_INPUT, polynomialInput(v.degree ?? 2));
  else safe = EXPONENTIAL_INPUT;
  const why = v.status === "vulnerable" ? v.summary : "an unknown amount of";
  return safe < maxPatternInput ? { limit: safe, redos: why } : { limit: maxPatternInput };
}

/**
 * The bound on property names for an object's `patternProperties`: the least of its
 * patterns' bounds. A longer name is given to none of them (whether it matches is then
 * unknown, so it is refused), and `redos` says why when the bound is below maxPatternInput.
 */
export function keyPatternBound(patterns: readonly string[], maxPatternInput: number): PatternBound {
  let out: PatternBound = { limit: maxPatternInput };
  for (const p of patterns) {
    const b = patternInputBound(p, maxPatternInput);
    if (b.limit < out.limit) out = b;
  }
  return out;
}

/** Forget cached verdicts (tests). */
export function clearRedosCache(): void {
  cache.clear();
  measured.clear();
}

/** Every regular expression in the schema: `pattern` values and `patternProperties` keys. */
export function collectPatterns(root: unknown): { pattern: string; pointer: string; kind: "pattern" | "patternProperties" }[] {
  const out: { pattern: string; pointer: string; kind: "pattern" | "patternProperties" }[] = [];
  if (typeof root !== "boolean" && !isObject(root)) return out;
  walkSchema(root, (node) => {
    const s = node.schema;
    if (!isObject(s)) return;
    if (typeof s.pattern === "string") out.push({ pattern: s.pattern, pointer: childPointer(node.pointer, "pattern"), kind: "pattern" });
    if (isObject(s.patternProperties)) {
      for (const key of Object.keys(s.patternProperties)) {
        out.push({ pattern: key, pointer: childPointer(node.pointer, "patternProperties", key), kind: "patternProperties" });
      }
    }
  });
  return out;
}
