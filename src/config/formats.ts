// The config's `formats`: true/false (check formats or read them as annotations), or an
// object naming formats of one's own — "annotation" (accepted as it is) or a RegExp, which
// the generated code runs as it runs a `pattern` (the "u" flag, the same input bound and
// ReDoS rules: src/emit/validator/keywords/string.ts). The RegExp is kept as its source, so
// the compile options stay plain data (hashed into the build cache, sent to workers).
import type { CustomFormat } from "../schema/formats.js";
import { patternCompileError, PATTERN_FIX } from "../schema/pattern.js";

export type FormatsOption = boolean | Readonly<Record<string, "annotation" | RegExp>>;

/** `formats` as the compiler takes it: whether to check, and the formats of one's own; or the problem with it, in words. */
export function readFormatsOption(v: unknown): { check: boolean; custom: Record<string, CustomFormat> } | { problem: string; hint: string } {
  if (v === undefined || v === true) return { check: true, custom: {} };
  if (v === false) return { check: false, custom: {} };
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { problem: `"formats" must be true, false or an object of format name → "annotation" | RegExp; got ${JSON.stringify(v)}`, hint: 'e.g. formats: { "ticket-id": /^[A-Z]+-\\d+$/, "file-path": "annotation" }' };
  const custom: Record<string, CustomFormat> = Object.create(null) as Record<string, CustomFormat>;
  for (const [name, rule] of Object.entries(v as Record<string, unknown>)) {
    if (rule === "annotation") custom[name] = "annotation";
    else if (rule instanceof RegExp) {
      // Only flags a pattern has: the generated code runs the source with "u".
      if (rule.flags.replace(/[uv]/g, "") !== "") return { problem: `formats.${name}: the RegExp /${rule.source}/${rule.flags} has flags a pattern cannot have (it runs with "u" only)`, hint: 'write the flag into the expression instead (e.g. [Aa] for "i"; ^ and $ for whole-string matching)' };
      const why = patternCompileError(rule.source);
      if (why !== undefined) return { problem: `formats.${name}: /${rule.source}/ does not compile with the "u" flag (${why})`, hint: PATTERN_FIX };
      custom[name] = { pattern: rule.source };
    } else return { problem: `formats.${name} must be "annotation" or a RegExp; got ${JSON.stringify(rule)}`, hint: `e.g. formats: { ${JSON.stringify(name)}: /^[a-z0-9-]+$/ } or formats: { ${JSON.stringify(name)}: "annotation" }` };
  }
  return { check: true, custom };
}

/** `formats` as compile options (`formats`, `customFormats`); throws on a value `readFormatsOption` refuses (the API's callers; the config file gets a config error first). */
export function formatCompileOptions(v: unknown): { formats: boolean; customFormats?: Record<string, CustomFormat> } {
  const r = readFormatsOption(v);
  if ("problem" in r) throw new Error(`${r.problem} (${r.hint})`);
  return Object.keys(r.custom).length ? { formats: r.check, customFormats: { ...r.custom } } : { formats: r.check };
}
