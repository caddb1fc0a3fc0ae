// What build, watch, check, lint and validate share: loading the config with the
// flags on top, and one run of generate() with the build cache plugged in.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { findConfig, loadConfigFile, resolveConfig } from "../config/load.js";
import type { ResolvedConfig, ToolformConfig } from "../config/types.js";
import { ToolformError } from "../diagnostics/format.js";
import type { BuildCache } from "../pipeline/cache.js";
import type { GenerateResult } from "../pipeline/generate.js";
import { oneOf, str, UsageError, type Parsed } from "./args.js";
import { rel } from "./output.js";
import { handoff } from "./fast.js";

export interface Project {
  config: ResolvedConfig;
  /** The config as written (before defaults), for the watch plan. */
  raw: ToolformConfig;
  /** The config file's default export, before the flags (the build manifest keeps it: Manifest.configJson). */
  loaded: ToolformConfig;
  configFile: string;
}

/** Config overrides from the command line. */
export function overridesFrom(p: Parsed, cwd: string, command: string): Partial<ToolformConfig> {
  const v = p.values;
  const o: Partial<ToolformConfig> = {};
  const out = str(v.out);
  if (out !== undefined) o.outDir = resolve(cwd, out);
  const emit = oneOf("emit", v.emit, ["ts", "js", "cjs"] as const, command);
  if (emit) o.emit = emit;
  const ua = oneOf("unknown-args", v["unknown-args"], ["reject", "schema"] as const, command);
  if (ua) o.unknownArgs = ua;
  if (v.strict) o.strict = true;
  if (v["no-lint"]) o.lint = false;
  return o;
}

/** Loads the config (the file named by --config, or the one in cwd) with the flags on top. Config problems throw ToolformError. */
/** `beforeLoad`: called with the config file's path before it is loaded (the build stamps it there). */
export async function loadProject(cwd: string, configPath: string | undefined, overrides: Partial<ToolformConfig>, beforeLoad?: (file: string) => void): Promise<Project> {
  const file = configPath ? resolve(cwd, configPath) : findConfig(cwd);
  if (!file || !existsSync(file)) {
    throw new ToolformError([
      {
        severity: "error",
        code: "config/missing",
        message: configPath ? `config file ${configPath} not found` : `no toolform.config.{ts,mts,js,mjs} in ${cwd}`,
        hint: "run `npx toolform init`, or pass --config PATH",
      },
    ]);
  }
  beforeLoad?.(file);
  // A plain-data config found as stamped by the no-change check (fast.ts): its value as the last build recorded it, not loaded again.
  const recorded = handoff?.configFile === file ? handoff.configJson : undefined;
  const raw = recorded !== undefined ? (JSON.parse(recorded) as ToolformConfig) : await loadConfigFile(file);
  const merged = { ...raw, ...overrides };
  try {
    return { config: resolveConfig(merged, dirname(file), file), raw: merged, loaded: raw, configFile: file };
  } catch (e) {
    if (e instanceof ToolformError) throw e;
    throw new ToolformError([{ severity: "error", code: "config/invalid", file: rel(cwd, file), message: (e as Error).message, hint: "fix the config" }]);
  }
}

/** One generate() over the project, through the cache (compiled tools and formatted files). */
export async function generateProject(project: Project, cache: BuildCache): Promise<GenerateResult> {
  const { generate } = await import("../pipeline/generate.js");
  const redos = cache.dir ? await import("../schema/lint/redos.js") : undefined;
  // ReDoS verdicts of earlier builds: a pattern already judged does not start recheck.
  redos?.seedRedosVerdicts(cache.redosVerdicts());
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
  if (redos) cache.saveRedosVerdicts(redos.takeNewRedosVerdicts());
  return result;
}

export async function openCache(project: Project, noCache: boolean, onActivity?: BuildCache["onActivity"]): Promise<BuildCache> {
  const { BuildCache } = await import("../pipeline/cache.js");
  // toolform's code as the no-change check found it (fast.ts): its fingerprint is known, its code not walked again.
  const same = handoff?.configFile === project.configFile ? handoff : undefined;
  const known = same?.toolform?.fingerprint;
  const cache = new BuildCache({ root: project.config.root, dir: noCache ? false : undefined, configFile: project.configFile, ...(onActivity ? { onActivity } : {}), ...(known ? { fingerprint: known } : {}) });
  // The files the fast path found as stamped moments ago: not stat'ed again.
  if (same?.verified) cache.stamps.adopt(same.verified, same.recorded);
  return cache;
}


export { UsageError };
export { rel };
