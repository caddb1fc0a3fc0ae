// A loaded project (its config resolved, with the command line's overrides) and what every
// command that builds shares: the build cache opened for it, and one run of generate()
// with that cache plugged in.
import type { ResolvedConfig, ToolformConfig } from "../config/types.js";
import type { BuildCache } from "./cache.js";
import type { GenerateResult } from "./generate.js";
import type { Handoff } from "./handoff.js";

export interface Project {
  config: ResolvedConfig;
  /** The config as written (before defaults), for the watch plan. */
  raw: ToolformConfig;
  /** The config file's default export, before the flags (the build manifest keeps it: Manifest.configJson). */
  loaded: ToolformConfig;
  configFile: string;
}

/** One generate() over the project, through the cache (compiled tools and formatted files). */
export async function generateProject(project: Project, cache: BuildCache): Promise<GenerateResult> {
  const { generate } = await import("./generate.js");
  const redos = cache.dir ? await import("../schema/lint/redos.js") : undefined;
  // ReDoS verdicts of earlier builds: a pattern already judged does not start recheck.
  const onDisk = redos ? cache.redosVerdicts() : [];
  redos?.seedRedosVerdicts(onDisk);
  const { SourceChangedError } = await import("../sources/memo.js");
  const config = Object.assign({}, project.config, { cache: cache.tools, formatCache: cache.formats, partsCache: cache.parts, sourceMemo: cache.sources, runtimeFileSha: cache.runtimeFileSha }) as ResolvedConfig;
  let result: GenerateResult;
  for (let attempt = 1; ; attempt++) {
    cache.beginBuild();
    try {
      result = await generate({ config });
      break;
    } catch (e) {
      // A source edited while this build read it: read it again (a few times at most).
      if (!(e instanceof SourceChangedError) || attempt >= 3) throw e;
      cache.sources.forget(e.file);
    }
  }
  const ok = !result.diagnostics.some((d) => d.severity === "error");
  cache.endBuild(ok);
  cache.sources.save(ok ? result.inputs : undefined);
  // The verdicts this process knows that the disk cache does not (decided here or on a worker).
  if (redos) cache.saveRedosVerdicts(redos.redosVerdictsBeyond(new Set(onDisk.map(([p]) => p))));
  return result;
}

/**
 * The build cache of the project (`noCache`: in memory only). `handoff`: what the no-change
 * check of this process found (src/cli/fast.ts), when it was about this project.
 */
export async function openCache(project: Project, noCache: boolean, opts: { onActivity?: BuildCache["onActivity"]; handoff?: Handoff } = {}): Promise<BuildCache> {
  const { BuildCache } = await import("./cache.js");
  // toolform's code as the no-change check found it: its fingerprint is known, its code not walked again.
  const same = opts.handoff?.configFile === project.configFile ? opts.handoff : undefined;
  const known = same?.toolform?.fingerprint;
  const cache = new BuildCache({ root: project.config.root, dir: noCache ? false : undefined, configFile: project.configFile, ...(opts.onActivity ? { onActivity: opts.onActivity } : {}), ...(known ? { fingerprint: known } : {}) });
  // The files the no-change check found as stamped moments ago: not stat'ed again.
  if (same?.verified) cache.stamps.adopt(same.verified, same.recorded);
  return cache;
}
