// ReDoS verdicts do not depend on the machine's load (SECURITY.md, "No pattern can stall a
// call"): recheck is asked with no time limit inside its analysis, only step limits
// (src/schema/lint/recheck-params.ts), so the same pattern gets the same answer — verdict,
// complexity, attack string — on a quiet machine and on one whose cores are all busy.
// No timing is asserted: the load only makes the clock run out sooner, and the answers
// must not notice.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Diagnostics } from "recheck";
import { families } from "../../bench/patterns.js";
import { agentCheck } from "../../src/schema/lint/recheck-agent.js";
import { ATTACK_LIMIT, fuzzParams, recheckParams, unanalysedSafe } from "../../src/schema/lint/recheck-params.js";
import { corpusPatterns, vulnerableFamilies } from "./redos-patterns.js";

/** What a build keeps of an answer (src/schema/lint/redos.ts verdictOf), and the attack it measures a bound from. */
function answer(d: Diagnostics): string {
  if (d.status === "unknown") return `unknown: ${d.error.kind}`;
  if (d.status === "safe") return `safe (${d.checker}, ${d.complexity.summary})`;
  const hot = d.hotspot.filter((h) => h.temperature === "heat").map((h) => `${h.start}-${h.end}`);
  return `vulnerable (${d.checker}, ${d.complexity.summary}) ${d.attack.pattern} [${hot.join(" ")}]`;
}

/** Threads that keep every core busy until stopped. */
function burnCores(n: number): () => Promise<void> {
  const workers = Array.from({ length: n }, () => new Worker("for (;;) Math.sqrt(Math.random());", { eval: true }));
  return async () => void (await Promise.all(workers.map((w) => w.terminate())));
}

describe.skipIf(process.platform === "win32")("ReDoS verdicts whatever the load", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolform-redos-verdicts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("recheck is asked with no time limit inside the analysis: step limits only, no recall validation", async () => {
    // A stand-in agent that records the request and exits (the request fails; a build would ask again).
    const seen = join(dir, "request.json");
    const bin = join(dir, "recheck");
    writeFileSync(bin, `#!/bin/sh\nhead -n 1 > ${JSON.stringify(seen)}\n`);
    chmodSync(bin, 0o755);
    vi.resetModules();
    process.env.RECHECK_BIN = bin;
    try {
      const redos = await import("../../src/schema/lint/redos.js");
      redos.clearRedosCache();
      // Not provable by the proof (a backreference): recheck's to decide.
      const pending = redos.analysePatterns([{ type: "string", pattern: "^(a|b)+\\1$" }]);
      await pending!.done;
    } finally {
      delete process.env.RECHECK_BIN;
      vi.resetModules();
    }
    const request = JSON.parse(readFileSync(seen, "utf8")) as { params: { source: string; params: Record<string, unknown> } };
    expect(request.params.source).toBe("^(a|b)+\\1$");
    expect(request.params.params).toMatchObject({ attackTimeout: null, incubationTimeout: null, seedingTimeout: null, attackLimit: ATTACK_LIMIT, randomSeed: 0 });
    expect(request.params.params.recallTimeout).toBeLessThan(0);
    expect(request.params.params.timeout).toBeGreaterThanOrEqual(10_000);
  });

  it("the corpus's patterns and the ReDoS families get the same answers with every core busy as on a quiet machine", async () => {
    // The two 480-character optional chains of bench/patterns.ts are left out: recheck fuzzes each for 2 s, too long for this test.
    const patterns = [...new Set([...corpusPatterns(), ...families.map((f) => f.pattern).filter((p) => p.length < 300), ...vulnerableFamilies])];
    expect(patterns.length).toBeGreaterThan(40);
    const ask = agentCheck() ?? (await import("recheck")).check;
    // As the build asks (src/schema/lint/redos.ts), with a time limit far above any load: running out of it would be "unknown", which is compared too.
    const check = async (p: string) => {
      const r = await ask(p, "u", recheckParams(120_000));
      return answer(unanalysedSafe(r) ? await ask(p, "u", fuzzParams(120_000)) : r);
    };
    const quiet: string[] = [];
    for (const p of patterns) quiet.push(await check(p));
    // Decided, and the ones the build relies on as they should be.
    expect(quiet.filter((a) => a.startsWith("unknown"))).toEqual([]);
    expect(quiet[patterns.indexOf("^(a+)+\\1$")]).toMatch(/^vulnerable \(fuzz, exponential/);
    expect(quiet[patterns.indexOf("^(a?){25}a{25}$")]).toMatch(/^vulnerable/);
    expect(quiet[patterns.indexOf("^(?:a{1,10}){1,10}$")]).toMatch(/^vulnerable \(fuzz, exponential/);

    const stop = burnCores(2 * availableParallelism());
    let loaded: string[];
    try {
      // All at once too: the agent's own threads compete with each other as well as with the burners.
      loaded = await Promise.all(patterns.map(check));
    } finally {
      await stop();
    }
    expect(loaded.map((a, i) => `${patterns[i]} → ${a}`)).toEqual(quiet.map((a, i) => `${patterns[i]} → ${a}`));
  }, 120_000);
});

describe("patterns without unbounded repetition that still backtrack", () => {
  it("are not taken as safe on recheck's word (it calls them safe unanalysed): its fuzzer attacks them, and the linear matcher runs the flagged ones", async () => {
    const { checkPattern, clearRedosCache, linearProgram } = await import("../../src/schema/lint/redos.js");
    clearRedosCache();
    // V8: 3.4 s on 31 characters for the first; 2^30 paths for the chain.
    for (const p of ["^(?:a{1,10}){1,10}$", "^(?:(?:a{1,5}){1,5}){1,5}$", `^${"a?".repeat(30)}${"a".repeat(30)}$`, "^(?:a|a){1,20}$"]) {
      expect(checkPattern(p, 60_000), p).toMatchObject({ status: "vulnerable", complexity: "exponential" });
      expect(linearProgram(p), p).toBeDefined();
    }
    // Counted repetition that does not backtrack stays safe (and on V8's RegExp).
    for (const p of ["^[\\s\\S]{0,500}$", "^.{1,1000}$", "^(\\d{1,3}\\.){3}\\d{1,3}$", "^#[0-9A-Fa-f]{6}$"]) {
      expect(checkPattern(p, 60_000).status, p).toBe("safe");
      expect(linearProgram(p), p).toBeUndefined();
    }
  }, 60_000);
});
