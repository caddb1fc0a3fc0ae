// Hashes for the build (cache keys, input hashes, schemaHash): the canonical JSON of
// @toolform/runtime (packages/runtime/src/mcp/canonical.ts: the one implementation,
// shared with the run-time validator provider) hashed with node:crypto, which is
// faster than the portable SHA-256 on large inputs.
import { createHash } from "node:crypto";
// The canonical module alone: "@toolform/runtime/mcp" would load the MCP SDK and zod (~60 ms) into every build.
import { canonicalJson } from "@toolform/runtime/mcp/canonical";

export { canonicalJson };

/** sha256 hex of the canonical JSON of a value (equal to schemaHashOf in @toolform/runtime/mcp). */
export function hashOf(v: unknown): string {
  return createHash("sha256").update(canonicalJson(v)).digest("hex");
}

/**
 * sha256 hex of a value's JSON as written (key order kept): a cache key, several times
 * cheaper than hashOf on a large schema. Two equal values written with their keys in
 * another order get two keys: a cache miss, never a wrong hit.
 */
export function keyOf(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? "undefined";
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // Deeper than JSON.stringify recurses: the canonical form, which never overflows ("c" marks it: JSON never starts so).
    text = "c" + canonicalJson(v);
  }
  return createHash("sha256").update(text).digest("hex");
}

/** A definition's own key (keyOf without `locate`), once per definition object; seedDefKey gives a known one (a source read from the build cache). */
const defKeys = new WeakMap<object, string>();
export function defKey(def: { locate?: unknown }): string {
  let k = defKeys.get(def);
  if (k === undefined) defKeys.set(def, (k = keyOf({ ...def, locate: undefined })));
  return k;
}

export function seedDefKey(def: object, key: string): void {
  defKeys.set(def, key);
}
