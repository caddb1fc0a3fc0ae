// What the no-change check (src/cli/fast.ts) learnt when the build was not up to date,
// handed by the command to the full build of the same process as an argument.
import type { Stamp } from "../io/stamps.js";

/**
 * The manifest is stale for more than the config (no second check), and what the check
 * found as recorded: toolform's code (its fingerprint and stamps: no walk of the code) and
 * every folder listing (the source globs match what they matched: no glob).
 */
export interface Handoff {
  manifest: string;
  configFile: string;
  stale: boolean;
  toolform?: { fingerprint: string; files: [string, Stamp][]; dirs: [string, string][] };
  /** The files found as stamped (sources, toolform's code, the config): the build takes their stamps without a second stat. */
  verified?: Map<string, Stamp>;
  /** Every stamp the manifest recorded (files and outputs, by path): what the changed ones were. */
  recorded?: Map<string, Stamp>;
  /** The config's value as the manifest recorded it (Manifest.configJson), when the config file was found as stamped: loadProject takes it instead of loading the file. */
  configJson?: string;
  /** With the listings they were found with (the next manifest records these: a file added since shows then), and the resolved config they were matched under: another config (an edited glob or root) must walk and glob again. */
  globs?: { configKey: string; matches: [string, string[]][]; dirs: [string, string][] };
}
