// Hashes for the build (cache keys, input hashes, schemaHash): the canonical JSON of
// @toolform/runtime (packages/runtime/src/mcp/canonical.ts: the one implementation,
// shared with the run-time validator provider) hashed with node:crypto, which is
// faster than the portable SHA-256 on large inputs.
import * as crypto from "node:crypto";
// The canonical module alone: "@toolform/runtime/mcp" would load the MCP SDK and zod (~60 ms) into every build.
import { canonicalJson } from "@toolform/runtime/mcp/canonical";

export { canonicalJson };

/**
 * sha256 hex of a string's UTF-8 bytes: node's one-shot hash where it has one (20.12+; a build
 * makes a key per tool, and a Hash object costs twice the hashing of a short text), else a Hash.
 */
export const sha256Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === "function"
    ? (text) => (crypto as unknown as { hash(alg: string, data: string): string }).hash("sha256", text)
    : (text) => crypto.createHash("sha256").update(text).digest("hex");

/** sha256 hex of the canonical JSON of a value (equal to schemaHashOf in @toolform/runtime/mcp). */
export function hashOf(v: unknown): string {
  return sha256Hex(canonicalJson(v));
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
  return sha256Hex(text);
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
