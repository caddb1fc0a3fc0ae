// Compiling many tools on worker threads (a cold build of 1,000 tools). Each worker
// loads the compiler once and takes tools a few at a time (up to MAX_BATCH, their
// argument types checked in one esbuild request: emit/types.ts). Diagnostics come back
// schema-relative and are placed in the source on the main thread (the source locator
// is a function, which cannot cross).
// Used only from compiled JavaScript (a worker cannot load TypeScript sources
// without a loader), and only when there is more than one core and enough tools to
// pay for starting the workers (each loads the compiler: ~0.5 s of CPU).
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parentPort, Worker, workerData } from "node:worker_threads";
import type { RedosVerdict } from "../schema/lint/redos.js";
import type { ToolDefinition } from "../sources/types.js";
import { bundleDir } from "./bundle.js";
import { assembleTool, type CompiledTool, type ToolParts } from "./compiled.js";
import type { CompileOptions } from "../schema/compile-options.js";
import type { AnalysisHand } from "../schema/analyze.js";

export interface CompileJob {
  def: ToolDefinition;
  names: { ident: string; typeName: string; file: string };
  opts: CompileOptions;
  /** Write the section as JavaScript (emit "js": an ES module, "cjs": CommonJS) with its declarations, not as TypeScript. */
  js?: "esm" | "cjs";
  /** The lint's analysis of the schema, when this thread made one before compiling (taken once; never sent to a worker). */
  hand?: AnalysisHand;
}

/** A compiled tool, with the parts it was assembled from (the build cache keeps those for a description-only edit). */
export interface CompileDone {
  tool: CompiledTool;
  parts: ToolParts;
  /** A pattern's ReDoS verdict was "unknown" when compiled (hasUndecidedPattern): not to be cached. */
  undecided?: boolean;
}

/** A few jobs at a time: their argument types are checked in one esbuild request (emit/types.ts notOnlyTypesBatched). */
type Request = { ids: number[]; jobs: CompileJob[]; version: string };
/** `verdicts`: ReDoS verdicts the worker decided for these jobs (the main thread stores them with the cache). */
type Reply = { ids: number[]; done?: CompileDone[]; verdicts?: [string, RedosVerdict][]; error?: string };

/** Most jobs in one request: each esbuild request costs ~1-3 ms of its CPU whatever its size, but a worker should not hold many tools back. */
const MAX_BATCH = 8;

/**
 * Tools per worker below which starting workers costs more than it saves: each worker loads the
 * compiler, json-schema-to-typescript, ajv, esbuild's service and recheck's agent of its own
 * (~0.45 s of CPU, measured on 200 corpus tools: 2.81 s of CPU with two workers, 1.91 s on this
 * thread), and compiles a tool in ~6 ms, so a worker pays its start back after ~75 tools, and only
 * on an idle core. Under 2 × this, the tools are compiled here (bench/coldbuild.ts).
 */
const MIN_TOOLS_PER_WORKER = 125;

/** How many workers a build of `n` tools to compile should use (0: compile on this thread). TOOLFORM_WORKERS=N sets it (1: this thread). */
export function workerCount(n: number): number {
  if (!import.meta.url.endsWith(".js")) return 0;
  const env = process.env.TOOLFORM_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env) <= 1 ? 0 : Math.min(Number(env), n);
  const cores = availableParallelism();
  if (cores <= 1) return 0;
  const count = Math.min(cores, Math.floor(n / MIN_TOOLS_PER_WORKER));
  // One worker alone only moves the compile off this thread (which lints meanwhile): its start-up is not paid back.
  return count >= 2 ? count : 0;
}

/**
 * Compiles every job on `count` workers; results in job order, diagnostics unplaced.
 * `verdicts`: ReDoS verdicts already known (each worker starts with them); `onVerdicts`
 * gets the ones the workers decide; `onDone(id)` says job `id` is back (its verdicts given first).
 */
export async function compileOnWorkers(
  jobs: CompileJob[],
  version: string,
  count: number,
  verdicts: [string, RedosVerdict][] = [],
  onVerdicts: (v: [string, RedosVerdict][]) => void = () => {},
  onDone: (id: number) => void = () => {},
): Promise<CompileDone[]> {
  const results: CompileDone[] = new Array(jobs.length);
  let next = 0;
  // From the bundled CLI, the bundled worker: the threads run the code the command runs (bundle.ts).
  const entry = bundleDir ? join(bundleDir, "worker.cjs") : fileURLToPath(import.meta.url);
  const workers = Array.from({ length: count }, () => new Worker(entry, { workerData: { toolformCompileWorker: true, verdicts } }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const send = () => {
              // Two requests in flight: the worker never waits for the next tools. Smaller ones near the end, so both workers finish together.
              while (inFlight < 2 && next < jobs.length) {
                const size = Math.max(1, Math.min(MAX_BATCH, Math.floor((jobs.length - next) / (count * 2))));
                const ids = Array.from({ length: Math.min(size, jobs.length - next) }, () => next++);
                const batch = ids.map((id) => {
                  const { locate: _l, ...def } = jobs[id]!.def;
                  const { hand: _h, ...job } = jobs[id]!;
                  return { ...job, def };
                });
                w.postMessage({ ids, jobs: batch, version } satisfies Request);
                inFlight++;
              }
              if (inFlight === 0) resolve();
            };
            w.on("message", (r: Reply) => {
              inFlight--;
              if (r.error !== undefined) return reject(new Error(`compiling tools ${r.ids.map((id) => JSON.stringify(jobs[id]!.def.name)).join(", ")} on a worker: ${r.error}`));
              if (r.verdicts?.length) onVerdicts(r.verdicts);
              r.ids.forEach((id, k) => {
                const d = r.done![k]!;
                results[id] = { tool: { ...d.tool, def: jobs[id]!.def }, parts: d.parts, ...(d.undecided ? { undecided: true } : {}) };
              });
              send();
              for (const id of r.ids) onDone(id);
            });
            w.on("error", reject);
            w.on("exit", (code) => (next < jobs.length || inFlight > 0 ? reject(new Error(`a compile worker exited (code ${code})`)) : resolve()));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

/** One tool as a worker compiles it (also the in-process path, so both give the same text). */
export async function compileJob(job: CompileJob, version: string): Promise<CompileDone> {
  return (await compileJobs([job], version))[0]!;
}

/** Batches compiled on this thread that may wait for esbuild's answer at once (compileHere). */
const HERE_IN_FLIGHT = 4;

/**
 * Every job on this thread, in batches as a worker takes them (MAX_BATCH): one esbuild request
 * per batch for the argument types' checks, not one per tool (~3 ms each, most of it writing
 * the request to esbuild's pipe: 200 tools, 0.6 s of a cold build). The next batch starts once
 * a batch's types check has gone to esbuild (or the batch is done): while esbuild checks one
 * batch, this thread compiles the next (waiting for each answer left it idle ~0.1 s in 200
 * tools). At most HERE_IN_FLIGHT batches wait for esbuild at once (its answer can take longer than
 * compiling a batch on a busy machine).
 */
export async function compileHere(jobs: CompileJob[], version: string): Promise<CompileDone[]> {
  const { typesCheckSent } = await import("../emit/types.js");
  const done: CompileDone[][] = [];
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < jobs.length; i += MAX_BATCH) {
    const b = done.length;
    done.push([]);
    const sent = typesCheckSent();
    const batch: Promise<void> = compileJobs(jobs.slice(i, i + MAX_BATCH), version).then((d) => void (done[b] = d));
    inFlight.add(batch);
    void batch.then(
      () => inFlight.delete(batch),
      () => inFlight.delete(batch),
    );
    await Promise.race([batch, sent]);
    if (inFlight.size >= HERE_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return done.flat();
}

/** Tools compiled together (their argument types' checks go to esbuild in one request), then finished. */
async function compileJobs(jobs: CompileJob[], version: string): Promise<CompileDone[]> {
  const { compileToolParts } = await import("./compile-tool.js");
  const { hasUndecidedPattern } = await import("../schema/lint/redos.js");
  // All at once: each runs until it waits for esbuild (its types' check), and those waits go in one request (emit/types.ts).
  const made = await Promise.all(
    jobs.map(async (job) => {
      // Taken once: the compile writes its examples into the IR.
      const given = job.hand?.analysis;
      if (job.hand) job.hand.analysis = undefined;
      const parts = await compileToolParts(job.def, job.names, job.opts, given);
      // A tool with build errors is not cached anyway (and its schema may be too deep to walk).
      return { job, parts, undecided: !parts.diagnostics.some((d) => d.severity === "error") && hasUndecidedPattern(job.def.inputSchema) };
    }),
  );
  return made.map(({ job, parts, undecided }) => ({ tool: finishTool(job, version, parts), parts, ...(undecided ? { undecided } : {}) }));
}

/** A tool from its parts (compiled now, or from the cache), holding only what the emit writes (and the cache keeps): its section in its language, and its declarations under "js"/"cjs". */
export function finishTool(job: CompileJob, version: string, parts: ToolParts): CompiledTool {
  return assembleTool(job.def, job.names, job.opts, version, parts, job.js);
}

// A thread started by compileOnWorkers (not any worker that imports this file, such as a test runner's).
const data = workerData as { toolformCompileWorker?: boolean; verdicts?: [string, RedosVerdict][] } | null;
if (parentPort && data?.toolformCompileWorker === true) {
  const port = parentPort;
  const redos = import("../schema/lint/redos.js").then((m) => (m.seedRedosVerdicts(data.verdicts ?? []), m));
  // The verdicts the main thread has: those it started this worker with, and those sent back since.
  const sent = new Set((data.verdicts ?? []).map(([p]) => p));
  port.on("message", (m: Request) => {
    redos.then(async (r) => {
      const done = await compileJobs(m.jobs, m.version);
      const verdicts = r.redosVerdictsBeyond(sent);
      for (const [p] of verdicts) sent.add(p);
      return { done, verdicts };
    }).then(
      ({ done, verdicts }) => port.postMessage({ ids: m.ids, done, verdicts } satisfies Reply),
      (e: unknown) => port.postMessage({ ids: m.ids, error: (e as Error)?.stack ?? String(e) } satisfies Reply),
    );
  });
}
