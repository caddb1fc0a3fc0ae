// A CPU profile of a script in a fresh process (`node --cpu-prof`), summarised as
// the functions with the most self time: the "why" beside a missed goal.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

export interface HotSpot {
  fn: string;
  where: string;
  /** Share of the profiled (non-idle) time, 0..1. */
  self: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Profile a whole process: `node --cpu-prof script`. */
export function profileScript(script: string, cwd: string, top = 10, intervalUs = 100): HotSpot[] {
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-prof-"));
  const r = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", String(intervalUs), script], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`profiling ${basename(script)} failed: ${r.stderr.trim().split("\n").slice(-2).join(" | ")}`);
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no .cpuprofile written");
  return summarise(readFileSync(join(dir, file), "utf8"), top);
}

/**
 * Profile only a loop: the script must start and stop the profiler itself (see
 * `loopProfilerScript`) and write the profile to the path it gets as argv[2].
 */
export function profileLoop(script: string, cwd: string, top = 10): HotSpot[] {
  const out = join(mkdtempSync(join(tmpdir(), "toolform-bench-prof-")), "loop.cpuprofile");
  const r = spawnSync(process.execPath, [script, out], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`profiling ${basename(script)} failed: ${r.stderr.trim().split("\n").slice(-2).join(" | ")}`);
  return summarise(readFileSync(out, "utf8"), top);
}

/** Source of a script that warms `body` up, then profiles it for `ms` (body runs as a statement, repeatedly). */
export function loopProfilerScript(setup: string, body: string, ms: number): string {
  return `import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
${setup}
let sink;
const run = (until) => { while (Date.now() < until) for (let r = 0; r < 100; r++) { ${body} } };
run(Date.now() + ${Math.max(50, Math.round(ms / 4))}); // warm-up, not profiled
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
run(Date.now() + ${ms});
const { profile } = await session.post("Profiler.stop");
writeFileSync(process.argv[2], JSON.stringify(profile));
if (sink === 42) console.log(sink);
`;
}

function summarise(json: string, top: number): HotSpot[] {
  const p = JSON.parse(json) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byNode = new Map<number, number>();
  p.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const self = new Map<string, { fn: string; where: string; t: number }>();
  let total = 0;
  for (const n of p.nodes) {
    const t = byNode.get(n.id) ?? 0;
    const name = n.callFrame.functionName || "(anonymous)";
    if (name === "(idle)" || name === "(root)") continue;
    // The inspector session's own message dispatch (Profiler.stop), not the code profiled.
    if (name === "dispatch" && !n.callFrame.url) continue;
    total += t;
    const url = n.callFrame.url;
    const where = url ? `${basename(url)}:${n.callFrame.lineNumber + 1}` : "";
    const key = `${name} ${where}`;
    const e = self.get(key) ?? self.set(key, { fn: name, where, t: 0 }).get(key)!;
    e.t += t;
  }
  return [...self.values()]
    .sort((a, b) => b.t - a.t)
    .slice(0, top)
    .map((e) => ({ fn: e.fn, where: e.where, self: total ? e.t / total : 0 }));
}
