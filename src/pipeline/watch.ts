// The watch loop behind `toolform build --watch`: watches the sources, the config
// and the schemas folder (chokidar), debounces bursts of events (~100 ms), never
// runs two builds at once (a change during a build queues exactly one more), and
// ignores its own output. What a build does, and what to watch after it, is the
// caller's: `rebuild` returns the next plan (the config may have changed).
import { watch as chokidar, type FSWatcher } from "chokidar";
import { existsSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { ResolvedConfig, SourceSpec } from "../config/types.js";
import { globBase } from "./manifest.js";

export interface WatchPlan {
  /** Files and folders to watch (absolute). */
  paths: string[];
  /** Folders and files whose events are ignored (absolute): the output, the cache. */
  ignore: string[];
}

export interface WatchOptions {
  plan: WatchPlan;
  /** Quiet period before a rebuild (default 100 ms). */
  debounceMs?: number;
  /** One build. `changed` is empty for the first one. Returns the plan to watch next (undefined: keep it). */
  rebuild: (changed: string[]) => Promise<WatchPlan | undefined>;
  /** Called when a build failed by throwing (the loop goes on). */
  onCrash?: (e: unknown) => void;
  /** Use polling (slow file systems, containers with bind mounts). */
  usePolling?: boolean;
}

export interface WatchSession {
  /** Resolves when the current (and any queued) build has finished. */
  idle(): Promise<void>;
  /** Stops watching; an in-flight build is left to finish on its own. */
  close(): Promise<void>;
}

/** Extensions whose change can change the output: tool sources, imported fragments, schemas, the config. */
const RELEVANT = /\.(json|[cm]?[jt]s|tsx|jsx)$/;

function under(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

export async function startWatch(opts: WatchOptions): Promise<WatchSession> {
  const debounceMs = opts.debounceMs ?? 100;
  let plan = normalizePlan(opts.plan);
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let building: Promise<void> | undefined;
  let queued = false;
  let pending = new Set<string>();
  let closed = false;

  const ignored = (path: string): boolean => {
    const p = resolve(path);
    if (p.split(sep).some((seg) => seg === "node_modules" || seg === ".git")) return true;
    if (p.endsWith(".tmp")) return true;
    return plan.ignore.some((d) => under(p, d));
  };

  const open = async (): Promise<void> => {
    const w = chokidar(plan.paths, { ignoreInitial: true, ignored, usePolling: opts.usePolling ?? false, interval: 100 });
    w.on("all", (_event, path) => {
      const p = resolve(path);
      if (ignored(p) || !RELEVANT.test(p)) return;
      pending.add(p);
      schedule();
    });
    w.on("error", () => {
      /* a vanished folder: the next plan watches what exists */
    });
    await new Promise<void>((res) => w.once("ready", () => res()));
    watcher = w;
  };

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (building) queued = true;
      else void run();
    }, debounceMs);
  };

  const run = async (): Promise<void> => {
    const changed = [...pending].sort();
    pending = new Set();
    let done!: () => void;
    building = new Promise<void>((r) => (done = r));
    try {
      const next = await opts.rebuild(changed);
      if (next && !closed) {
        // The watcher is changed in place (`ignored` reads the current plan), never
        // closed and reopened: events during a reopen would be lost.
        const n = normalizePlan(next);
        const added = n.paths.filter((x) => !plan.paths.includes(x));
        const removed = plan.paths.filter((x) => !n.paths.includes(x));
        plan = n;
        if (removed.length) watcher?.unwatch(removed);
        if (added.length) watcher?.add(added);
      }
    } catch (e) {
      opts.onCrash?.(e);
    } finally {
      building = undefined;
      done();
    }
    if (queued && !closed) {
      queued = false;
      await run();
    }
  };

  await open();
  // The first build goes through the same queue, so a change during it is not lost.
  const first = run();

  return {
    async idle() {
      await first;
      while (building || timer) {
        if (building) await building;
        else await new Promise((r) => setTimeout(r, debounceMs));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher?.close();
    },
  };
}

function normalizePlan(p: WatchPlan): WatchPlan {
  return { paths: [...new Set(p.paths.map((x) => resolve(x)))].sort(), ignore: [...new Set(p.ignore.map((x) => resolve(x)))].sort() };
}


/**
 * What to watch for a config: the config file, the static folder of each source
 * glob, MCP snapshots, the schemas folder; the whole project root when there are
 * TypeScript sources (they may import schema fragments from anywhere).
 */
export function planFor(config: ResolvedConfig, opts: { configFile?: string; schemasDir?: string; inputs?: string[]; cacheDir?: string }): WatchPlan {
  const root = config.root;
  const paths = new Set<string>();
  if (opts.configFile) paths.add(resolve(opts.configFile));
  let tsSources = false;
  const addBase = (pattern: string) => {
    const neg = pattern.startsWith("!");
    if (neg) return;
    const base = resolve(root, globBase(pattern));
    // A base that does not exist yet (tools/ before the first tool) is seen from
    // the nearest folder that does, but never from above the project root.
    let p = base;
    while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
    paths.add(p === base || under(p, root) ? p : root);
  };
  for (const spec of config.sources as SourceSpec[]) {
    if (typeof spec === "object" && "mcp" in spec) {
      if (spec.snapshot) paths.add(resolve(root, spec.snapshot));
      continue;
    }
    const patterns = typeof spec === "string" ? [spec] : Array.isArray(spec.files) ? spec.files : [spec.files];
    for (const p of patterns) {
      addBase(p);
      if (/\.(m?ts|tsx)$|ts\}?$|\{[^}]*ts[^}]*\}$/.test(p)) tsSources = true;
    }
  }
  if (tsSources) paths.add(root);
  if (opts.schemasDir) paths.add(resolve(root, opts.schemasDir));
  for (const f of opts.inputs ?? []) if (![...paths].some((d) => under(f, d))) paths.add(f);
  const ignore = [config.outDir];
  if (opts.cacheDir) ignore.push(opts.cacheDir);
  ignore.push(join(root, "node_modules"));
  return { paths: [...paths], ignore };
}
