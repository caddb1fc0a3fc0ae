// The `allowUnchecked` opt-out (config, per tool, compileSchema): which schema parts the
// validator may leave unchecked with a warning instead of failing the build.
import type { UncheckedKind } from "./types.js";

export const UNCHECKED_KINDS: readonly UncheckedKind[] = ["pattern", "format", "keyword"];

/** The kinds a config value allows: true = all, false/undefined = none, a list = those. Anything else is undefined (invalid). */
export function uncheckedKinds(v: unknown): UncheckedKind[] | undefined {
  if (v === undefined || v === false) return [];
  if (v === true) return [...UNCHECKED_KINDS];
  if (Array.isArray(v) && v.every((k) => UNCHECKED_KINDS.includes(k as UncheckedKind))) return UNCHECKED_KINDS.filter((k) => v.includes(k));
  return undefined;
}
