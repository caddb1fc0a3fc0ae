// What the provider conversions (openai.ts, gemini.ts) share: the tool schema's local
// $ref targets, the record of what a conversion loses, and tool names as each provider
// accepts them.
import { childPointer, getAtPointer, isObject } from "../../schema/dialect.js";

export type Provider = "openai" | "anthropic" | "gemini";
export const PROVIDERS: readonly Provider[] = ["openai", "anthropic", "gemini"];

/** A keyword the provider's schema leaves out (toolform's validator still checks it), at its place in the tool's inputSchema. */
export interface Loss {
  /** JSON pointer into the tool's inputSchema ("" for the root). */
  at: string;
  keyword: string;
  /** What happens instead, when it is not simply left out ("sent as anyOf", "null also stands for left out"). */
  note?: string;
}

/** Keywords that check nothing: never reported when a provider leaves them out. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  "$schema", "$id", "$comment", "$anchor", "$dynamicAnchor", "$vocabulary", "$defs", "definitions",
  "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
  "contentMediaType", "contentEncoding", "contentSchema",
]);

/**
 * The target of a `$ref` written as a JSON pointer into the tool's own schema ("#", "#/$defs/x",
 * "#/properties/a"): its pointer and schema; undefined for any other reference (an anchor, another document).
 */
export function localRef(root: unknown, ref: unknown): { pointer: string; schema: unknown } | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer !== "" && !pointer.startsWith("/")) return undefined;
  const got = getAtPointer(root, pointer);
  return got.found && (isObject(got.value) || typeof got.value === "boolean") ? { pointer, schema: got.value } : undefined;
}

export { childPointer, isObject };

/** The JSON Schema types a schema's `type` names (none when it has no `type`). */
export function typesOf(s: Record<string, unknown>): string[] {
  return Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === "string") : typeof s.type === "string" ? [s.type] : [];
}

/** The JSON type of an enum or const value, as a schema `type` names it. */
export function jsonTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

const NAME_RULES: Record<Provider, { bad: RegExp; first?: RegExp; max: number }> = {
  // OpenAI function names: letters, digits, "_" and "-", 1 to 64; Anthropic's API: the same characters, 1 to 128.
  openai: { bad: /[^A-Za-z0-9_-]/g, max: 64 },
  anthropic: { bad: /[^A-Za-z0-9_-]/g, max: 128 },
  // Gemini: also "." and ":", and the first character a letter or "_".
  gemini: { bad: /[^A-Za-z0-9_.:-]/g, first: /^[A-Za-z_]/, max: 64 },
};

/**
 * Each tool's name as the provider accepts it (most are unchanged): characters it refuses
 * become "_", too long is cut, and a name that two tools would share gets a number.
 * `names` in a stable order; the answer in the same order.
 */
export function providerNames(provider: Provider, names: readonly string[]): string[] {
  const rule = NAME_RULES[provider];
  const taken = new Set<string>();
  const fits = (n: string) => n.length > 0 && n.length <= rule.max && !new RegExp(rule.bad.source).test(n) && (!rule.first || rule.first.test(n));
  // Names that already fit keep themselves; the others take what is left.
  for (const n of names) if (fits(n)) taken.add(n);
  return names.map((n) => {
    if (fits(n)) return n;
    let base = n.replace(rule.bad, "_");
    if (rule.first && !rule.first.test(base)) base = "_" + base;
    base = base.slice(0, rule.max) || "_";
    let out = base;
    for (let i = 2; taken.has(out); i++) out = base.slice(0, rule.max - String(i).length - 1) + "_" + i;
    taken.add(out);
    return out;
  });
}

export function lossAt(at: string, ...segments: (string | number)[]): string {
  return childPointer(at, ...segments);
}
