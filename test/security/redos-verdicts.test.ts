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
import { ATTACK_LIMIT, recheckParams } from "../../src/schema/lint/recheck-params.js";
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
    const patterns = [...new Set([...corpusPatterns(), ...families.map((f) => f.pattern), ...vulnerableFamilies])];
    const check = agentCheck() ?? (await import("recheck")).check;
    // A time limit far above any load: running out of it would be "unknown", which is compared too.
    const params = recheckParams(120_000);
    const quiet: string[] = [];
    for (const p of patterns) quiet.push(answer(await check(p, "u", params)));
    // Decided, and the ones the build relies on as they should be.
    expect(quiet.filter((a) => a.startsWith("unknown"))).toEqual([]);
    expect(quiet[patterns.indexOf("^(a+)+\\1$")]).toMatch(/^vulnerable \(fuzz, exponential/);
    expect(quiet[patterns.indexOf("^(a?){25}a{25}$")]).toMatch(/^vulnerable/);

    const stop = burnCores(2 * availableParallelism());
    let loaded: string[];
    try {
      // All at once too: the agent's own threads compete with each other as well as with the burners.
      loaded = (await Promise.all(patterns.map((p) => check(p, "u", params)))).map(answer);
    } finally {
      await stop();
    }
    expect(loaded.map((a, i) => `${patterns[i]} → ${a}`)).toEqual(quiet.map((a, i) => `${patterns[i]} → ${a}`));
  }, 120_000);
});
