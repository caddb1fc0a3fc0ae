// A small benchmark harness: every case is timed in the same process,
// interleaved and in shuffled order, after calibration and warm-up; the figure
// reported is the median over rounds of ns per call.
//
// Each case gets its own loop function (built with `new Function`), so the call
// site inside the loop stays monomorphic for that case instead of being shared
// (and made megamorphic) by every validator. Results go to a sink that is read
// at the end, so no call can be dropped as dead code.
import { rng } from "./workload/generate.js";

export interface Case {
  id: string;
  /** The function being measured. */
  fn: (input: unknown) => unknown;
  /** The inputs, cycled through; ns/op is per call. */
  inputs: unknown[];
}

export interface Result {
  id: string;
  /** Median ns per call over rounds. */
  median: number;
  /** Min and max of the per-round figures, for the reader to judge noise. */
  min: number;
  max: number;
  /** Relative median absolute deviation of the rounds. */
  rmad: number;
  callsPerSample: number;
  rounds: number;
}

export interface HarnessOptions {
  /** Target time of one sample, ms. */
  sampleMs: number;
  /** Warm-up time per case, ms. */
  warmupMs: number;
  rounds: number;
  /** Seeded shuffle, so a run can be repeated. */
  seed: number;
  onProgress?: (round: number, rounds: number) => void;
}

type Loop = (fn: (x: unknown) => unknown, inputs: unknown[], reps: number) => unknown;

function makeLoop(): Loop {
  // A fresh function per case: its own feedback vector, its own inline caches.
  return new Function(
    "fn",
    "inputs",
    "reps",
    `"use strict";
     let last;
     const n = inputs.length;
     for (let r = 0; r < reps; r++) {
       for (let i = 0; i < n; i++) last = fn(inputs[i]);
     }
     return last;`,
  ) as Loop;
}

let sink: unknown;
let sinkCount = 0;
function consume(v: unknown) {
  sink = v;
  if (v !== undefined) sinkCount++;
}
/** Read the sink, so the engine must keep every result alive. */
export function sinkCheck(): number {
  return sinkCount + (sink === Symbol.for("never") ? 1 : 0);
}

function shuffle<T>(xs: T[], r: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

const now = () => process.hrtime.bigint();

export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function geomean(xs: number[]): number {
  if (xs.length === 0) return NaN;
  return Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
}

interface Prepared {
  c: Case;
  loop: Loop;
  reps: number;
  samples: number[];
}

function timeOnce(p: Prepared): number {
  const t0 = now();
  consume(p.loop(p.c.fn, p.c.inputs, p.reps));
  const t1 = now();
  return Number(t1 - t0) / (p.reps * p.c.inputs.length);
}

export function runCases(cases: Case[], opts: HarnessOptions): Result[] {
  const prepared: Prepared[] = cases.map((c) => ({ c, loop: makeLoop(), reps: 1, samples: [] }));

  const r = rng(opts.seed);
  // Calibrate: grow reps until one sample takes about sampleMs; this also warms up.
  for (const p of shuffle(prepared.slice(), r)) {
    for (;;) {
      const t0 = now();
      consume(p.loop(p.c.fn, p.c.inputs, p.reps));
      const ms = Number(now() - t0) / 1e6;
      if (ms >= opts.sampleMs / 4 || p.reps > 1e8) {
        p.reps = Math.max(1, Math.round((p.reps * opts.sampleMs) / Math.max(ms, 1e-3)));
        break;
      }
      p.reps *= ms < opts.sampleMs / 100 ? 10 : 2;
    }
  }
  // Warm-up: every case, interleaved, until each has run warmupMs.
  const warmRounds = Math.max(1, Math.ceil(opts.warmupMs / opts.sampleMs));
  for (let w = 0; w < warmRounds; w++) for (const p of shuffle(prepared.slice(), r)) timeOnce(p);

  for (let round = 0; round < opts.rounds; round++) {
    for (const p of shuffle(prepared.slice(), r)) p.samples.push(timeOnce(p));
    opts.onProgress?.(round + 1, opts.rounds);
  }

  return prepared.map((p) => {
    const med = median(p.samples);
    const rmad = median(p.samples.map((s) => Math.abs(s - med))) / med;
    return {
      id: p.c.id,
      median: med,
      min: Math.min(...p.samples),
      max: Math.max(...p.samples),
      rmad,
      callsPerSample: p.reps * p.c.inputs.length,
      rounds: p.samples.length,
    };
  });
}
