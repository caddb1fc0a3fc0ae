// The flags of the commands, apart from the parser: the no-change fast path (fast.ts)
// reads them with nothing else loaded.
import type { ParseArgsConfig } from "node:util";

export type Options = NonNullable<ParseArgsConfig["options"]>;

/** Flags every command takes. */
export const COMMON: Options = {
  help: { type: "boolean", short: "h" },
  "no-color": { type: "boolean" },
};

/** Flags of the commands that load the config and run the pipeline. */
export const PROJECT: Options = {
  config: { type: "string", short: "c" },
  out: { type: "string", short: "o" },
  emit: { type: "string" },
  "unknown-args": { type: "string" },
  strict: { type: "boolean" },
  "no-lint": { type: "boolean" },
  "no-cache": { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
  json: { type: "boolean" },
};


/** Flags of `toolform build` and `toolform watch`. */
export const BUILD_FLAGS = { ...PROJECT, watch: { type: "boolean", short: "w" }, poll: { type: "boolean" }, "print-inputs": { type: "boolean" }, "print-outputs": { type: "boolean" }, "no-wait": { type: "boolean" } } as const;
