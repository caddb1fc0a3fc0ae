// Helpers of the build made cheaper than node's general ones: rel() and resolveIn() (src/cli/output.ts)
// skip node:path for plain paths inside cwd, sha256Hex (src/pipeline/hash.ts) hashes in one
// call; each must give exactly what the general one gives.
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { rel, resolveIn } from "../src/cli/output.js";

/** rel() as written with path.relative alone. */
function relByPath(cwd: string, abs: string): string {
  const r = relative(cwd, abs);
  return r === "" ? "." : r.startsWith("..") ? abs : r.split("\\").join("/");
}

const roots = ["/", "/p", "/p/", "/p/q", "/p//q", "/p/./q", "/p/../q", "/p/q/..", "/p/q.", "/p/..q", "/p\\q", "/pq"];
const files = ["", ".", "..", "a", "a/b.json", "./a", "a/./b", "a/../b", "a//b", "a/", "..a", "..a/b", "a/..", "a\\b", "/p/q/a", "/p/q", "/p/qa", "/x/y", "/p/q/../a", "/p/q/./a", "/p/q//a"];

describe("rel and resolveIn", () => {
  it("give what path.relative and path.resolve give", () => {
    for (const root of roots) {
      for (const file of files) {
        expect(resolveIn(root, file), `${root} + ${file}`).toBe(resolve(root, file));
        for (const cwd of roots) {
          const abs = resolve(root, file);
          expect(rel(cwd, abs), `${cwd} → ${abs}`).toBe(relByPath(cwd, abs));
          expect(rel(cwd, file), `${cwd} → ${file}`).toBe(relByPath(cwd, file));
        }
      }
    }
  });
});

describe("sha256Hex", () => {
  it("is node's sha256 of the text's UTF-8 bytes, lone surrogates included", async () => {
    const { createHash } = await import("node:crypto");
    const { sha256Hex } = await import("../src/pipeline/hash.js");
    for (const text of ["", "abc", "héllo wörld ✓ 𝄞", "\ud800 lone", "x".repeat(100_000)]) expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
  });
});
