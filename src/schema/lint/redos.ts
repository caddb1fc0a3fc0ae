/**
 * ReDoS and uncompilable patterns.
 *
 * Every `pattern` and every `patternProperties` key anywhere in the schema is compiled
 * as the generated validator will (JS `RegExp`, `u` flag) and analysed with recheck.
 *
 * recheck back end: `checkSync` runs in a synckit worker thread which hands the pattern
 * to recheck's native agent (the `recheck-linux-x64` / macOS / Windows binary, spawned
 * once and kept), falling back to the JVM jar and then to the Scala.js build. Measured on
 * a 2-core Linux box: the first call costs ~100-140 ms (worker + agent start), later ones
 * ~1-4 ms per pattern; the in-process Scala.js build (`RECHECK_SYNC_BACKEND=pure`) takes
 * 5-80 ms per pattern, so the default is kept and `pure` is only a fallback when the
 * worker cannot start. Each analysis is bounded by recheck's `timeout`
 * (`options.redosTimeoutMs`, default 1000 ms); a timed-out analysis is reported as
 * `schema/redos-unchecked`, never as a hang. Results are cached per pattern text for the
 * life of the process.
 */
import { patternCompileError } from "../pattern.js";
import { checkSync, type Diagnostics } from "recheck";
import type { Diagnostic } from "../../diagnostics/types.js";
import { DEFAULT_REDOS_TIMEOUT_MS, LintContext, show, where } from "./context.js";
import { childPointer, isObject, walkSchema } from "./walk.js";

export type RedosVerdict =
  | { status: "safe"; complexity: string; ms: number }
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
      ms: number;
    }
  /** recheck could not decide (timeout, unsupported syntax). */
  | { status: "unknown"; reason: string; ms: number; timeoutMs: number }
  /** JS cannot compile the pattern with the `u` flag. */
  | { status: "invalid"; reason: string; ms: number };

const cache = new Map<string, RedosVerdict>();

function runRecheck(pattern: string, timeoutMs: number): Diagnostics {
  const params = { timeout: timeoutMs };
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
  if (compileError !== undefined) {
    verdict = { status: "invalid", reason: compileError, ms: performance.now() - t0 };
  } else {
    let r: Diagnostics;
    try {
      r = runRecheck(pattern, timeoutMs);
    } catch (e) {
      r = { source: pattern, flags: "u", status: "unknown", error: { kind: "unexpected", message: e instanceof Error ? e.message : String(e) } };
    }
    const ms = performance.now() - t0;
    switch (r.status) {
      case "safe":
        verdict = { status: "safe", complexity: r.complexity.type, ms };
        break;
      case "vulnerable": {
        const hotspots = r.hotspot.filter((h) => h.temperature === "heat").map((h) => pattern.slice(h.start, h.end));
        verdict = {
          status: "vulnerable",
          complexity: r.complexity.type,
          summary: r.complexity.summary,
          attack: r.attack.pattern,
          hotspots: [...new Set(hotspots)],
          ms,
        };
        if (r.complexity.type === "polynomial") verdict.degree = r.complexity.degree;
        break;
      }
      default: {
        const err = r.error;
        const reason =
          err.kind === "timeout"
            ? `the analysis did not finish within ${timeoutMs} ms`
            : err.kind === "cancel"
              ? "the analysis was cancelled"
              : `recheck: ${err.kind}: ${err.message}`;
        verdict = { status: "unknown", reason, ms, timeoutMs };
      }
    }
  }
  cache.set(pattern, verdict);
  return verdict;
}

/** Forget cached verdicts (tests). */
export function clearRedosCache(): void {
  cache.clear();
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

export function lintRedos(ctx: LintContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const wantRedos = ctx.enabled("redos") || ctx.enabled("redos-unchecked");
  const timeout = ctx.options.redosTimeoutMs ?? DEFAULT_REDOS_TIMEOUT_MS;
  for (const { pattern, pointer, kind } of collectPatterns(ctx.def.inputSchema)) {
    const what = kind === "pattern" ? `pattern ${show(pattern, 80)}` : `patternProperties key ${show(pattern, 80)}`;
    // A pattern that does not compile is the compiler's to report (src/schema/to-ir.ts: a build error by default).
    if (patternCompileError(pattern) !== undefined) continue;
    if (!wantRedos) continue;
    const v = checkPattern(pattern, timeout);
    if (v.status === "vulnerable" && ctx.enabled("redos")) {
      const spots = v.hotspots.length ? ` (backtracking in ${v.hotspots.map((h) => show(h, 40)).join(", ")})` : "";
      out.push(
        ctx.atSchema(pointer, {
          rule: "redos",
          code: "schema/redos",
          severity: "warning",
          escalate: true,
          message: `${what} at ${where(pointer)} is vulnerable to ReDoS: ${v.summary} backtracking${spots}; an input like ${show(v.attack, 100)} makes the check take ${v.complexity === "exponential" ? "exponential" : "polynomial"} time.`,
          hint: "Remove the ambiguity: no nested or overlapping quantifiers such as (a+)+ or (\\w+\\s?)*; make alternatives disjoint; bound repetition ({1,64}) and set a maxLength on the field.",
        }),
      );
    } else if (v.status === "unknown" && ctx.enabled("redos-unchecked")) {
      out.push(
        ctx.atSchema(pointer, {
          rule: "redos-unchecked",
          code: "schema/redos-unchecked",
          severity: "warning",
          message: `${what} at ${where(pointer)} could not be checked for ReDoS: ${v.reason}.`,
          hint: "Simplify the pattern (fewer nested counted repetitions, no backreferences) or give the field a small maxLength.",
        }),
      );
    }
  }
  return out;
}
