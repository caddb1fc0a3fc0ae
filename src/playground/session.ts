// A playground session: the project's tools generated in memory (emit "js", nothing
// written, the project's build cache left alone), rebuilt by the watch loop of
// `toolform watch` (src/pipeline/watch.ts) as the sources or the config change, and
// served by server.ts. A failed build keeps the last good one on the page.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildCache } from "../pipeline/cache.js";
import { planFor, startWatch, type WatchPlan } from "../pipeline/watch.js";
import { loadProject } from "../cli/project.js";
import { generateProject, openCache, type Project } from "../pipeline/project.js";
import { ToolformError } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { compileScratch } from "./scratch.js";
import { snapshotOf, type Snapshot } from "./snapshot.js";
import { listsFor } from "../pipeline/providers.js";
import { startServer, type PlaygroundServer } from "./server.js";

export interface PlaygroundOptions {
  cwd: string;
  configPath?: string;
  /** 0: a free port. */
  port: number;
  usePolling?: boolean;
  /** One line per build (stderr). */
  log: (line: string) => void;
}

export interface Playground {
  url: string;
  server: PlaygroundServer;
  /** Resolves when the current and any queued build are done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The page's files: dist/playground, beside dist/src where this module runs from (the CLI
 * bundle keeps each module's own URL: scripts/bundle-cli.mjs); from src/playground (tests
 * run the sources) the same folder under dist/.
 */
export function assetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, "..", "..", "playground"), join(here, "..", "..", "dist", "playground")]) if (existsSync(join(dir, "index.html"))) return dir;
  throw new ToolformError([{ severity: "error", code: "playground/assets", message: `the playground page is not built (no index.html in ${join(here, "..", "..", "playground")})`, hint: "run `npm run build` in the toolform package" }]);
}

export async function startPlayground(opts: PlaygroundOptions): Promise<Playground> {
  const assets = assetsDir();
  let project: Project = await loadProject(opts.cwd, opts.configPath, { emit: "js" });
  let cache: BuildCache = await openCache(project, true);
  let latest: Snapshot | undefined;
  let good: Snapshot | undefined;
  let builds = 0;
  let scratches = 0;

  const server = await startServer({
    port: opts.port,
    assets,
    source: {
      current: () => (latest ? { latest, good } : undefined),
      scratch: (text) => compileScratch(++scratches, text, { ...project.config, emit: "js" }),
    },
  });

  const planOf = (files?: string[]): WatchPlan => planFor(project.config, { configFile: project.configFile, schemasDir: typeof project.raw.schemas === "string" ? project.raw.schemas : undefined, ...(files ? { inputs: files } : {}) });

  const rebuild = async (changed: string[]): Promise<WatchPlan | undefined> => {
    if (changed.includes(project.configFile)) {
      try {
        project = await loadProject(opts.cwd, opts.configPath, { emit: "js" });
        cache = await openCache(project, true);
      } catch (e) {
        const ds: Diagnostic[] = e instanceof ToolformError ? e.diagnostics : [{ severity: "error", code: "config/error", message: (e as Error).message }];
        latest = { id: ++builds, ok: false, builtAt: new Date().toISOString(), ms: 0, tools: [], other: ds, files: new Map() };
        opts.log(`✗ config error: ${ds[0]?.message ?? "?"}`);
        server.notify();
        return undefined;
      }
    }
    const t0 = performance.now();
    const result = await generateProject(project, cache);
    // Sources name their files relative to the project root already.
    // The provider forms of each tool, when the config asks for provider lists (the same conversion as generated/providers).
    const lists = project.config.providers?.length && result.tools.length ? await listsFor(result.tools, project.config.providers) : undefined;
    latest = snapshotOf(++builds, result, performance.now() - t0, (f) => f, lists);
    if (latest.ok) good = latest;
    const errors = [...latest.other, ...latest.tools.flatMap((t) => t.findings)].filter((d) => d.severity === "error").length;
    opts.log(latest.ok ? `✓ ${latest.tools.length} tools built in ${Math.round(latest.ms)} ms` : `✗ ${errors} errors; the page keeps the last good build`);
    server.notify();
    return planOf(result.inputs);
  };

  const session = await startWatch({
    plan: planOf(),
    rebuild,
    usePolling: opts.usePolling ?? false,
    onCrash: (e) => opts.log(`toolform crashed during a build (a bug; please report it): ${(e as Error)?.stack ?? String(e)}`),
  });
  return {
    url: server.url,
    server,
    idle: () => session.idle(),
    async close() {
      await session.close();
      await server.close();
    },
  };
}
