// Helpers of the build made cheaper than node's general ones: rel() and resolveIn() (src/cli/output.ts)
// skip node:path for plain paths inside cwd, sha256Hex (src/io/hash.ts) hashes in one
// call; each must give exactly what the general one gives.
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { rel, resolveIn } from "../../src/cli/output.js";

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
    const { sha256Hex } = await import("../../src/io/hash.js");
    for (const text of ["", "abc", "héllo wörld ✓ 𝄞", "\ud800 lone", "x".repeat(100_000)]) expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
  });
});

describe("outcomeFactsText", () => {
  it("is JSON.stringify(facts, null, 2), its diagnostics' text made once per warnings list", async () => {
    const { outcomeFactsText } = await import("../../src/cli/report.js");
    type Outcome = Parameters<typeof outcomeFactsText>[0];
    const project = { configFile: "/p/toolform.config.mjs", config: { root: "/p", outDir: "/p/generated", emit: "ts" } };
    const warning = (i: number) => ({ severity: "warning" as const, code: "lint/x", message: `line one\nline "two" ${i}`, tool: `t${i}`, file: `tools/t${i}.json`, pointer: "/inputSchema", hint: undefined });
    const stats = { tools: 2, compiled: 1, fromDisk: 1, formats: 2, formatted: 0, fromParts: 0 };
    const base = { ok: true, exitCode: 0 as const, tools: ["a", "b"], inputs: [], ms: 1, stats, write: { written: ["index.ts"], unchanged: [], removed: [] } };
    const warnings = [warning(1), warning(2)];
    for (const o of [
      { ...base, errors: [], warnings },
      { ...base, errors: [], warnings, upToDate: true },
      { ...base, errors: [], warnings: [] },
      { ...base, ok: false, exitCode: 1 as const, errors: [{ ...warning(3), severity: "error" as const }], warnings },
    ] as Outcome[]) {
      for (const cwd of ["/p", "/q"]) {
        const text = outcomeFactsText(o, project, cwd);
        expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
        const facts = JSON.parse(text) as { diagnostics: { file: string; severity: string }[]; cache: unknown; upToDate: boolean };
        expect(Object.keys(facts).slice(-2)).toEqual(["diagnostics", "cache"]);
        expect(facts.diagnostics.map((d) => [d.severity, d.file])).toEqual([...o.errors, ...o.warnings].map((d) => [d.severity, cwd === "/p" ? d.file : `/p/${d.file}`]));
        expect(facts.upToDate).toBe(o.upToDate ?? false);
      }
    }
  });
});
