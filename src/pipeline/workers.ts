// Compiling many tools on worker threads (a cold build of 1,000 tools). Each worker
// loads the compiler once and takes tools a few at a time, so a slow tool does not
// hold the others up. Diagnostics come back schema-relative and are placed in the
// source on the main thread (the source locator is a function, which cannot cross).
// Used only from compiled JavaScript (a worker cannot load TypeScript sources
// without a loader), and only when there is more than one core and enough tools to
// pay for starting the workers (each loads the compiler: ~0.5 s of CPU).
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { parentPort, Worker, workerData } from "node:worker_threads";
import type { RedosVerdict } from "../schema/lint/redos.js";
import type { ToolDefinition } from "../sources/types.js";
import { assembleTool, type CompiledTool, type CompileOptions, type ToolParts } from "./compiled.js";

export interface CompileJob {
  def: ToolDefinition;
  names: { ident: string; typeName: string; file: string };
  opts: CompileOptions;
  /** Also strip the section's types (emit "js"). */
  js: boolean;
}

/** A compiled tool, with the parts it was assembled from (the build cache keeps those for a description-only edit). */
export interface CompileDone {
  tool: CompiledTool;
  parts: ToolParts;
  /** A pattern's ReDoS verdict was "unknown" when compiled (hasUndecidedPattern): not to be cached. */
  undecided?: boolean;
}

type Request = { id: number; job: CompileJob; version: string };
/** `verdicts`: ReDoS verdicts the worker decided for this job (the main thread stores them with the cache). */
type Reply = { id: number; done?: CompileDone; verdicts?: [string, RedosVerdict][]; error?: string };

/** Tools per worker below which starting workers costs more than it saves. */
const MIN_TOOLS_PER_WORKER = 25;

/** How many workers a build of `n` tools to compile should use (0: compile on this thread). */
export function workerCount(n: number): number {
  if (!import.meta.url.endsWith(".js")) return 0;
  const env = process.env.TOOLFORM_WORKERS;
  const cores = env !== undefined && /^\d+$/.test(env) ? Number(env) : availableParallelism();
  if (cores <= 1) return 0;
  return Math.min(cores, Math.floor(n / MIN_TOOLS_PER_WORKER));
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
  const workers = Array.from({ length: count }, () => new Worker(fileURLToPath(import.meta.url), { workerData: { toolformCompileWorker: true, verdicts } }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const send = () => {
              // Two in flight: the worker never waits for the next tool.
              while (inFlight < 2 && next < jobs.length) {
                const id = next++;
                const { locate: _l, ...def } = jobs[id]!.def;
                w.postMessage({ id, job: { ...jobs[id]!, def }, version } satisfies Request);
                inFlight++;
              }
              if (inFlight === 0) resolve();
            };
            w.on("message", (r: Reply) => {
              inFlight--;
              if (r.error !== undefined) return reject(new Error(`compiling tool ${JSON.stringify(jobs[r.id]!.def.name)} on a worker: ${r.error}`));
              if (r.verdicts?.length) onVerdicts(r.verdicts);
              results[r.id] = { tool: { ...r.done!.tool, def: jobs[r.id]!.def }, parts: r.done!.parts, ...(r.done!.undecided ? { undecided: true } : {}) };
              send();
              onDone(r.id);
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
  const { compileToolParts } = await import("./compile-tool.js");
  const parts = await compileToolParts(job.def, job.names, job.opts);
  const { hasUndecidedPattern } = await import("../schema/lint/redos.js");
  // A tool with build errors is not cached anyway (and its schema may be too deep to walk).
  const undecided = !parts.diagnostics.some((d) => d.severity === "error") && hasUndecidedPattern(job.def.inputSchema);
  return { tool: await finishTool(job, version, parts), parts, ...(undecided ? { undecided } : {}) };
}

/** A tool from its parts (compiled now, or from the cache), holding only what the emit writes. */
export async function finishTool(job: CompileJob, version: string, parts: ToolParts): Promise<CompiledTool> {
  const t = assembleTool(job.def, job.names, job.opts, version, parts);
  // Only what the emit writes is kept (and cached): the index module's section, and its declarations under "js".
  if (job.js && t.ts) {
    t.js = await jsSection(t.ts);
    t.ts = "";
  } else t.dts = "";
  return t;
}

/** A tool's JavaScript section: its TypeScript with the types stripped, under the same two header lines (esbuild drops comments). */
export async function jsSection(ts: string): Promise<string> {
  const { stripTypesAsync } = await import("../emit/finish.js");
  return ts.split("\n", 2).join("\n") + "\n" + (await stripTypesAsync(ts));
}

// A thread started by compileOnWorkers (not any worker that imports this file, such as a test runner's).
const data = workerData as { toolformCompileWorker?: boolean; verdicts?: [string, RedosVerdict][] } | null;
if (parentPort && data?.toolformCompileWorker === true) {
  const port = parentPort;
  const redos = import("../schema/lint/redos.js").then((m) => (m.seedRedosVerdicts(data.verdicts ?? []), m));
  port.on("message", (m: Request) => {
    redos.then(async (r) => {
      const done = await compileJob(m.job, m.version);
      return { done, verdicts: r.takeNewRedosVerdicts() };
    }).then(
      ({ done, verdicts }) => port.postMessage({ id: m.id, done, verdicts } satisfies Reply),
      (e: unknown) => port.postMessage({ id: m.id, error: (e as Error)?.stack ?? String(e) } satisfies Reply),
    );
  });
}
