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
