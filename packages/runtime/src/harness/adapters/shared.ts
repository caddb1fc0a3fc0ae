// Helpers the provider adapters share.
import type { Toolset } from "../types.js";

/** A tool's input schema as providers want it: an object schema (`true` → any object). */
export function objectSchema(s: Record<string, unknown> | boolean): Record<string, unknown> {
  if (s === true || s === undefined) return { type: "object", properties: {} };
  if (s === false) return { type: "object", properties: {}, additionalProperties: false, not: {} };
  return s;
}

/** The tools of a toolset, in its order, optionally only some of them. */
export function toolList(toolset: Toolset, only?: readonly string[]) {
  const names = only ?? Object.keys(toolset);
  return names.map((n) => {
    const t = toolset[n];
    if (!t) throw new TypeError(`no tool named ${JSON.stringify(n)} in the toolset`);
    return t;
  });
}

/** Arguments as a JSON string (what the model sent when it sent a string). */
export function argumentsString(args: unknown, raw: string | undefined): string {
  if (raw !== undefined) return raw;
  try {
    return JSON.stringify(args === undefined ? {} : args) ?? "{}";
  } catch {
    return "{}";
  }
}

/**
 * A JSON arguments string read back: the parsed value, and the string itself
 * when it is not exactly the value's JSON (so it is echoed back unchanged).
 * A string that does not parse stays as the arguments, and as `rawArguments`.
 */
export function parseArgs(s: unknown): { arguments: unknown; rawArguments?: string } {
  if (typeof s !== "string") return { arguments: s === undefined ? {} : s };
  try {
    const v: unknown = JSON.parse(s);
    return JSON.stringify(v) === s ? { arguments: v } : { arguments: v, rawArguments: s };
  } catch {
    return { arguments: s, rawArguments: s };
  }
}
