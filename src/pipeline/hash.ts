// Hashes for the build (cache keys, input hashes, schemaHash): the canonical JSON of
// @toolform/runtime (packages/runtime/src/mcp/canonical.ts: the one implementation,
// shared with the run-time validator provider) hashed with node:crypto, which is
// faster than the portable SHA-256 on large inputs.
import { createHash } from "node:crypto";
import { canonicalJson } from "@toolform/runtime/mcp";

export { canonicalJson };

/** sha256 hex of the canonical JSON of a value (equal to schemaHashOf in @toolform/runtime/mcp). */
export function hashOf(v: unknown): string {
  return createHash("sha256").update(canonicalJson(v)).digest("hex");
}
