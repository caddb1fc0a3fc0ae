// What build, watch, check, lint and validate share: the config loaded with the flags
// on top (the build itself, and the cache it uses: src/pipeline/project.ts).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { findConfig, loadConfigFile, resolveConfig } from "../config/load.js";
import type { ToolformConfig } from "../config/types.js";
import { ToolformError } from "../diagnostics/format.js";
import type { Handoff } from "../pipeline/handoff.js";
import type { Project } from "../pipeline/project.js";
import { oneOf, str, UsageError, type Parsed } from "./args.js";
import { rel } from "./output.js";

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

/**
 * Loads the config (the file named by --config, or the one in cwd) with the flags on top. Config problems throw ToolformError.
 * `beforeLoad`: called with the config file's path before it is loaded (the build stamps it there); `handoff`: what the
 * no-change check of this process found (src/cli/fast.ts).
 */
export async function loadProject(cwd: string, configPath: string | undefined, overrides: Partial<ToolformConfig>, opts: { beforeLoad?: (file: string) => void; handoff?: Handoff } = {}): Promise<Project> {
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
  opts.beforeLoad?.(file);
  // A plain-data config found as stamped by the no-change check (fast.ts): its value as the last build recorded it, not loaded again.
  const recorded = opts.handoff?.configFile === file ? opts.handoff.configJson : undefined;
  const raw = recorded !== undefined ? (JSON.parse(recorded) as ToolformConfig) : await loadConfigFile(file);
  const merged = { ...raw, ...overrides };
  try {
    return { config: resolveConfig(merged, dirname(file), file), raw: merged, loaded: raw, configFile: file };
  } catch (e) {
    if (e instanceof ToolformError) throw e;
    throw new ToolformError([{ severity: "error", code: "config/invalid", file: rel(cwd, file), message: (e as Error).message, hint: "fix the config" }]);
  }
}

export { UsageError };
export { rel };
