// How many compile workers a cold build starts (src/pipeline/workers.ts workerCount), from the
// built code (the TypeScript sources never start workers). A worker's start-up (~0.45 s of CPU:
// the compiler, json-schema-to-typescript, ajv, esbuild, recheck of its own) is paid back only
// by many tools: 200 real tools compile on the main thread (bench/coldbuild.ts measured 1.91 s
// of CPU there against 2.81 s on two workers).
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const { workerCount } = (await import(pathToFileURL("dist/src/pipeline/workers.js").href)) as { workerCount: (n: number) => number };
const saved = process.env.TOOLFORM_WORKERS;
afterEach(() => {
  if (saved === undefined) delete process.env.TOOLFORM_WORKERS;
  else process.env.TOOLFORM_WORKERS = saved;
});

describe("workerCount", () => {
  it("compiles a few hundred tools on this thread, and many on at least two workers when there are cores", () => {
    delete process.env.TOOLFORM_WORKERS;
    expect(workerCount(60)).toBe(0);
    expect(workerCount(200)).toBe(0);
    // Never one worker alone: it would only move the compile off the thread that lints meanwhile.
    for (const n of [0, 10, 200, 249, 250, 1000, 5000]) expect(workerCount(n)).not.toBe(1);
    expect(workerCount(1000)).toBe(availableParallelism() <= 1 ? 0 : Math.min(availableParallelism(), 8));
  });

  it("TOOLFORM_WORKERS sets the number (1: this thread), never more than the tools", () => {
    process.env.TOOLFORM_WORKERS = "2";
    expect(workerCount(60)).toBe(2);
    expect(workerCount(1)).toBe(1);
    process.env.TOOLFORM_WORKERS = "1";
    expect(workerCount(1000)).toBe(0);
  });
});
