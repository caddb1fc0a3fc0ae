// Build speed through the real CLI (`toolform build`): a cold build and a
// one-tool incremental rebuild at 10, 100 and 1,000 tools. Filled only when the
// CLI exists and builds a project; otherwise the section says why, with no numbers.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./harness.js";
import { generateTools } from "./workload/generate.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const bin = join(repoRoot, "bin", "toolform.js");

export interface BuildRow {
  tools: number;
  coldMs: number;
  coldRuns: number;
  incrementalMs: number;
  incrementalRuns: number;
}

export interface BuildSpeed {
  status: "measured" | "unavailable";
  reason?: string;
  rows: BuildRow[];
}

function makeProject(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), `toolform-bench-build-${n}-`));
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `bench-build-${n}`, private: true, type: "module" }, null, 2));
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/**/*.json"], outDir: "generated", emit: "js" };\n`);
  for (const g of generateTools(n, 7000 + n)) writeFileSync(join(dir, "tools", `${g.tool.name}.json`), JSON.stringify(g.tool, null, 2));
  return dir;
}

function build(dir: string): { ms: number; ok: boolean; err: string } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const out = join(dir, "generated");
  const ok = r.status === 0 && existsSync(out) && readdirSync(out).some((f) => /^index\.(js|ts)$/.test(f));
  const err = ok ? "" : `exit ${r.status}: ${((r.stderr || "") + (r.stdout || "")).trim().split("\n").slice(-4).join(" | ").slice(0, 400)}`;
  return { ms, ok, err };
}

export function detectCli(): string | undefined {
  if (!existsSync(bin)) return "bin/toolform.js does not exist yet";
  return undefined;
}

export function runBuildSpeed(sizes: number[], coldRuns: number, incRuns: number): BuildSpeed {
  const missing = detectCli();
  if (missing) return { status: "unavailable", reason: missing, rows: [] };
  const rows: BuildRow[] = [];
  for (const n of sizes) {
    const template = makeProject(n);
    const cold: number[] = [];
    let warm = "";
    for (let i = 0; i < coldRuns; i++) {
      const dir = mkdtempSync(join(tmpdir(), `toolform-bench-cold-${n}-`));
      cpSync(template, dir, { recursive: true });
      const r = build(dir);
      if (!r.ok) return { status: "unavailable", reason: `\`toolform build\` exists but did not build a ${n}-tool project: ${r.err}`, rows };
      cold.push(r.ms);
      if (warm) rmSync(dir, { recursive: true, force: true });
      else warm = dir;
    }
    // Incremental: change one tool's description, rebuild (each run a different tool).
    const inc: number[] = [];
    const files = readdirSync(join(warm, "tools")).sort();
    for (let i = 0; i < incRuns; i++) {
      const f = join(warm, "tools", files[i % files.length]!);
      const tool = JSON.parse(readFileSync(f, "utf8")) as { description?: string };
      tool.description = `${tool.description ?? ""} (edit ${i})`;
      writeFileSync(f, JSON.stringify(tool, null, 2));
      const r = build(warm);
      if (!r.ok) return { status: "unavailable", reason: `incremental \`toolform build\` failed at ${n} tools: ${r.err}`, rows };
      inc.push(r.ms);
    }
    rows.push({ tools: n, coldMs: median(cold), coldRuns: cold.length, incrementalMs: median(inc), incrementalRuns: inc.length });
    rmSync(template, { recursive: true, force: true });
    rmSync(warm, { recursive: true, force: true });
  }
  return { status: "measured", rows };
}

