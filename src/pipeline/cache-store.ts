// Entries of the build cache that carry their own content hash (issue 29.7): an entry
// is served only when its bytes still hash to what was written with them; anything else
// (a same-length edit, a torn write, a file from elsewhere) is a miss and is rebuilt.
// This detects corruption and tampering that does not recompute the hash; it is not a
// signature (whoever can write the cache folder can also write node_modules).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../io/stamps.js";
import { writeAtomic } from "../io/write.js";

/** sha256 (hex) of some bytes or text, one after the other. */
export function contentHash(...parts: (string | Uint8Array)[]): string {
  return sha256(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : p)));
}

/** `text` with its hash in front: `<sha256 hex>\n<text>`. */
export function seal(text: string): string {
  return contentHash(text) + "\n" + text;
}

/** The text of a sealed entry, or undefined when it is not one or its text does not hash to its seal. */
export function unseal(sealed: string | undefined): string | undefined {
  if (sealed === undefined || sealed.length < 65 || sealed[64] !== "\n") return undefined;
  const text = sealed.slice(65);
  return contentHash(text) === sealed.slice(0, 64) ? text : undefined;
}

/** Files named by a hex key, each sealed (its content hash first), written atomically; a file that does not verify is a miss. */
export class DiskStore {
  constructor(
    readonly dir: string,
    private readonly ext: string,
  ) {}
  read(key: string): string | undefined {
    let raw: string;
    try {
      raw = readFileSync(join(this.dir, key + this.ext), "utf8");
    } catch {
      return undefined;
    }
    return unseal(raw);
  }
  write(key: string, text: string): void {
    writeAtomic(join(this.dir, key + this.ext), seal(text));
  }
  /** Removes entries not in `keep` once there are many more entries than kept ones. */
  prune(keep: Set<string>): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    if (names.length <= 2 * keep.size + 200) return;
    for (const n of names) {
      const key = n.endsWith(this.ext) ? n.slice(0, -this.ext.length) : undefined;
      if (key === undefined || !keep.has(key)) rmSync(join(this.dir, n), { force: true });
    }
  }
}
