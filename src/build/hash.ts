import { createHash } from "node:crypto";

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x && typeof x === "object" && !Array.isArray(x)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(x).sort()) sorted[k] = (x as Record<string, unknown>)[k];
      return sorted;
    }
    return x;
  }) ?? "undefined";
}

/** sha256 hex of the canonical JSON of a value. */
export function hashOf(v: unknown): string {
  return createHash("sha256").update(canonicalJson(v)).digest("hex");
}
