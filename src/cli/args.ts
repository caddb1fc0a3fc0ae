// Argument parsing with node:util parseArgs; every mistake is a UsageError (exit 2).
import { parseArgs } from "node:util";
import { suggestName } from "@toolform/runtime/suggest";

export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

import { COMMON, PROJECT, type Options } from "./flags.js";

export { COMMON, PROJECT, type Options };

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** " (did you mean "x"?)" for a near miss of one of `known`, else "": the CLI's one call of the name matcher. */
export function didYouMean(word: string, known: readonly string[]): string {
  const near = suggestName(word, known);
  return near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`;
}

export function parse(command: string, argv: string[], options: Options, positionals: { min: number; max: number }): Parsed {
  let r;
  const all = { ...COMMON, ...options };
  try {
    r = parseArgs({ args: argv, options: all, allowPositionals: true, strict: true });
  } catch (e) {
    const err = e as Error & { code?: string };
    const unknown = err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /'(--?[^']+)'/.exec(err.message)?.[1] : undefined;
    if (unknown !== undefined) {
      const flags = Object.entries(all).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
      throw new UsageError(`unknown option ${unknown}${didYouMean(unknown.split("=")[0]!, flags)}`, command);
    }
    throw new UsageError(err.message.replace(/\. To specify a positional argument.*$/s, "."), command);
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
