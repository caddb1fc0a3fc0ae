// rel() and resolveIn() (src/cli/output.ts) skip node:path for plain paths inside cwd:
// they must give exactly what path.relative and path.resolve give, for every path.
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
