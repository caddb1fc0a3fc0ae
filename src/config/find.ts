// Where the config file is: its own module, so the no-change fast path (src/cli/fast.ts)
// finds it without loading the config loader.
import { existsSync } from "node:fs";
import { join } from "node:path";

export const CONFIG_NAMES = ["toolform.config.ts", "toolform.config.mts", "toolform.config.js", "toolform.config.mjs"];

export function findConfig(cwd: string): string | undefined {
  for (const n of CONFIG_NAMES) if (existsSync(join(cwd, n))) return join(cwd, n);
  return undefined;
}
