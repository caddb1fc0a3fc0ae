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
import type { ToolDefinition } from "../sources/types.js";
import type { CompiledTool, CompileOptions } from "./compile-tool.js";

export interface CompileJob {
  def: ToolDefinition;
  names: { ident: string; typeName: string; file: string };
  opts: CompileOptions;
  /** Also strip the section's types (emit "js"). */
  js: boolean;
}

type Request = { id: number; job: CompileJob; version: string };
type Reply = { id: number; tool?: CompiledTool; error?: string };

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

/** Compiles every job on `count` workers; results in job order, diagnostics unplaced. */
export async function compileOnWorkers(jobs: CompileJob[], version: string, count: number): Promise<CompiledTool[]> {
  const results: CompiledTool[] = new Array(jobs.length);
  let next = 0;
  const workers = Array.from({ length: count }, () => new Worker(fileURLToPath(import.meta.url), { workerData: { toolformCompileWorker: true } }));
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
              results[r.id] = { ...r.tool!, def: jobs[r.id]!.def };
              send();
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
export async function compileJob(job: CompileJob, version: string): Promise<CompiledTool> {
  const { compileToolUnplaced } = await import("./compile-tool.js");
  const t = await compileToolUnplaced(job.def, job.names, job.opts, version);
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
if (parentPort && (workerData as { toolformCompileWorker?: boolean } | null)?.toolformCompileWorker === true) {
  const port = parentPort;
  port.on("message", (m: Request) => {
    compileJob(m.job, m.version).then(
      (tool) => port.postMessage({ id: m.id, tool } satisfies Reply),
      (e: unknown) => port.postMessage({ id: m.id, error: (e as Error)?.stack ?? String(e) } satisfies Reply),
    );
  });
}
