// Build speed through the real CLI. The measuring is bench/build.ts's (the CLI's
// own build benchmark: cold, no-change and one-tool rebuilds, watch latency, at
// 10/100/1,000 tools); this runs it, after compiling the working tree to dist/
// (what bin/toolform.js runs), and hands its table to the report.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export interface BuildSpeed {
  status: "measured" | "unavailable";
  reason?: string;
  /** How the CLI was made ready (dist/ rebuilt, or the existing dist/ used). */
  note?: string;
  /** bench/build.ts's markdown, its own heading removed. */
  markdown?: string;
  /** From the 1,000-tool row, when there is one: median wall ms. */
  cold1000Ms?: number;
  oneTool1000Ms?: number;
  noChange1000Ms?: number;
  /** One large tool: the last row's CPU per property ÷ the first's (1 = linear). */
  largeGrowth?: number;
  /** The largest tool's properties and cold wall time. */
  largeTop?: { properties: number; ms: number };
}

const TIMEOUT_MS = 40 * 60_000;

export function detectCli(): string | undefined {
  if (!existsSync(join(repoRoot, "bin", "toolform.js"))) return "bin/toolform.js does not exist yet";
  if (!existsSync(join(repoRoot, "bench", "build.ts"))) return "bench/build.ts (the CLI's build benchmark) does not exist yet";
  return undefined;
}

/** "76.8 s" or "412 ms" → ms. */
function parseDuration(s: string): number | undefined {
  const m = /^([\d.]+) (ms|s)$/.exec(s.trim());
  return m ? Number(m[1]) * (m[2] === "s" ? 1000 : 1) : undefined;
}

export function runBuildSpeed(extraArgs: string[] = []): BuildSpeed {
  const missing = detectCli();
  if (missing) return { status: "unavailable", reason: missing };
  const tsc = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, encoding: "utf8", timeout: TIMEOUT_MS });
  let note = "dist/ was rebuilt from the working tree (`npm run build`) first";
  if (tsc.status !== 0) {
    if (!existsSync(join(repoRoot, "dist", "src", "cli", "main.js"))) {
      return { status: "unavailable", reason: `\`npm run build\` failed and there is no dist/: ${(tsc.stdout + tsc.stderr).trim().split("\n").slice(0, 3).join(" | ")}` };
    }
    note = "`npm run build` failed on the working tree, so the existing dist/ was measured";
  }
  const r = spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "bench", "build.ts"), "--emit", "js", ...extraArgs], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) {
    return { status: "unavailable", reason: `bench/build.ts failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split("\n").slice(-3).join(" | ").slice(0, 500)}` };
  }
  const lines = r.stdout.trim().split("\n");
  const body = lines.filter((l) => !l.startsWith("## ")).join("\n").trim();
  const row = lines.find((l) => /^\| 1000 \|/.test(l));
  let cold1000Ms: number | undefined;
  let oneTool1000Ms: number | undefined;
  let noChange1000Ms: number | undefined;
  if (row) {
    const cells = row.split("|").map((c) => c.trim().replace(/ \(cpu .*\)$/, ""));
    // | tools | cold | no-change | one-tool | one-tool, .ts config | watch |
    cold1000Ms = parseDuration(cells[2] ?? "");
    noChange1000Ms = parseDuration(cells[3] ?? "");
    oneTool1000Ms = parseDuration(cells[4] ?? "");
  }
  // | properties | schema | cold build | CPU per 1,000 properties | × the smallest row's |
  const large = lines.filter((l) => /^\| \d+ \| \d+ KiB \|/.test(l)).map((l) => l.split("|").map((c) => c.trim()));
  const last = large[large.length - 1];
  const largeGrowth = last ? Number(last[5]?.replace("×", "")) : undefined;
  const largeMs = last ? parseDuration((last[3] ?? "").replace(/ \(cpu .*\)$/, "")) : undefined;
  const largeTop = last && largeMs !== undefined ? { properties: Number(last[1]), ms: largeMs } : undefined;
  // Ref-heavy schemas against a ref-free anchor of the same size (bench/refs.ts), as a subsection.
  const refs = spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "bench", "refs.ts")], { cwd: repoRoot, encoding: "utf8", timeout: TIMEOUT_MS, maxBuffer: 64 << 20 });
  const refsBody = refs.status === 0 ? "\n\n" + refs.stdout.trim().replace(/^## /m, "### ") : `\n\n(bench/refs.ts failed: exit ${refs.status})`;
  return { status: "measured", note, markdown: body + refsBody, cold1000Ms, oneTool1000Ms, noChange1000Ms, largeGrowth, largeTop };
}
