// Cold start: fresh `node` processes, interleaved in shuffled order, median wall
// time of many runs; reported over plain `node -e 0` start-up.

import { spawnSync } from "node:child_process";
import type { Artefacts } from "./artefacts.js";
import { median } from "./harness.js";

export interface ColdResult {
  id: string;
  label: string;
  medianMs: number;
  /** Median minus the baseline's median. */
  overMs: number;
  runs: number;
  failed?: string;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

export function runColdStart(art: Artefacts, runs: number): ColdResult[] {
  const times = new Map<string, number[]>(art.scripts.map((s) => [s.id, []]));
  const failed = new Map<string, string>();
  // One unmeasured run of each: page cache, and a check that it works.
  for (const s of art.scripts) {
    const r = spawnSync(process.execPath, s.argv, { cwd: art.dir, encoding: "utf8" });
    if (r.status !== 0) failed.set(s.id, (r.stderr || `exit ${r.status}`).trim().split("\n").slice(-3).join(" | "));
  }
  const live = art.scripts.filter((s) => !failed.has(s.id));
  for (let i = 0; i < runs; i++) {
    for (const s of shuffle(live.slice())) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, s.argv, { cwd: art.dir, stdio: "ignore" });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) failed.set(s.id, `exit ${r.status}`);
      times.get(s.id)!.push(ms);
    }
  }
  const base = median(times.get("node")!);
  return art.scripts.map((s) => {
    const t = times.get(s.id)!;
    const m = t.length ? median(t) : NaN;
    return { id: s.id, label: s.label, medianMs: m, overMs: m - base, runs: t.length, failed: failed.get(s.id) };
  });
}
