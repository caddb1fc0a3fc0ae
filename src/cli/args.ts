// Argument parsing with node:util parseArgs; every mistake is a UsageError (exit 2).
import { parseArgs, type ParseArgsConfig } from "node:util";

export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

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

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parse(command: string, argv: string[], options: Options, positionals: { min: number; max: number }): Parsed {
  let r;
  try {
    r = parseArgs({ args: argv, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, "."), command);
  }
  const values = r.values as Parsed["values"];
  if (values.help) return { values, positionals: r.positionals };
  if (r.positionals.length < positionals.min) throw new UsageError(`missing argument${positionals.min - r.positionals.length > 1 ? "s" : ""}`, command);
  if (r.positionals.length > positionals.max) throw new UsageError(`unexpected argument ${JSON.stringify(r.positionals[positionals.max])}`, command);
  return { values, positionals: r.positionals };
}

export function oneOf<T extends string>(flag: string, v: string | boolean | undefined, allowed: readonly T[], command: string): T | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !allowed.includes(v as T)) throw new UsageError(`--${flag} must be ${allowed.join(" or ")}; got ${JSON.stringify(v)}`, command);
  return v as T;
}

export function str(v: string | boolean | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}
