// The layers of the source (issue 32.2), kept by a tool rather than by review:
// dependency-cruiser runs the rules of .dependency-cruiser.cjs over src/ and
// packages/runtime/src (io is the ground floor; sources, schema and emit never import
// the pipeline; the pipeline never imports the commands; schema never imports emit; the
// runtime never imports the build tool; no loop of imports anywhere in src/, issue 32.3).
// test/fixtures/layers breaks every rule once, so a rule that stopped matching (a renamed
// folder, a bad pattern) fails here too.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const config = join(root, ".dependency-cruiser.cjs");
const require = createRequire(import.meta.url);
// The package exports no bin path: its installed folder, the one package.json pins.
const bin = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const ruleNames = (require(config) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}
interface Cruise {
  modules: { source: string }[];
  summary: { violations: Violation[] };
}

function cruise(cwd: string): Cruise {
  const r = spawnSync(process.execPath, [bin, "src", "packages/runtime/src", "--config", config, "--output-type", "json"], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (!r.stdout.trim()) throw new Error(`dependency-cruiser wrote nothing (exit ${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Cruise;
}

/** One line per violation, naming the rule and the import (a loop: its files). */
const describeViolation = (v: Violation): string => `${v.rule.name}: ${v.from} → ${v.cycle?.length ? v.cycle.map((c) => c.name).join(" → ") : v.to}`;

describe("the layers of the source", () => {
  it("hold in src/ and packages/runtime/src: no import breaks a rule of .dependency-cruiser.cjs", () => {
    const result = cruise(root);
    // Not a vacuous pass: the tool read the tree (the ground floor and the runtime among it).
    const sources = new Set(result.modules.map((m) => m.source));
    expect(sources.size).toBeGreaterThan(150);
    for (const f of ["src/io/hash.ts", "src/io/write.ts", "src/emit/example-check.ts", "src/pipeline/generate.ts", "packages/runtime/src/index.ts"]) expect(sources, f).toContain(f);
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it("every rule reports its breach in test/fixtures/layers (each rule can fail)", () => {
    const result = cruise(join(root, "test/fixtures/layers"));
    const found = result.summary.violations.map(describeViolation).sort();
    expect(found).toEqual(
      [
        "io-is-the-ground-floor: src/io/ground.ts → src/schema/s.ts",
        "lower-layers-never-import-pipeline: src/emit/e.ts → src/pipeline/build.ts",
        "lower-layers-never-import-the-cli: src/pipeline/build.ts → src/cli/main.ts",
        "no-circular: src/cli/main.ts → src/pipeline/build.ts → src/cli/main.ts",
        // Inside one folder, closed by a dynamic import: a loop all the same.
        "no-circular: src/cli/commands/build.ts → src/cli/commands/watch.ts → src/cli/commands/build.ts",
        "runtime-never-imports-the-build-tool: packages/runtime/src/index.ts → src/io/ground.ts",
        "schema-never-imports-emit: src/schema/s.ts → src/emit/e.ts",
        "sources-never-import-emit: src/sources/r.ts → src/emit/e.ts",
      ].sort(),
    );
    // No rule of the config goes untested here.
    expect(new Set(result.summary.violations.map((v) => v.rule.name))).toEqual(new Set(ruleNames));
  });
});
