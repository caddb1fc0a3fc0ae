// Ref-heavy schemas, cold build through the real CLI (issue 29.2): one tool per shape
// of bench/workload/refs.ts at a few sizes, beside an anchor measured in the same run —
// a tool of the same size without a single $ref (plain properties), so the table says
// what the refs cost and not what the machine's load does. A build must be linear in
// the schema: the CPU per KiB stays flat as a shape grows.
//
//   node --import tsx bench/refs.ts [--sizes 52,104,208] [--runs N] [--bin PATH]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { refTool, type RefShape } from "./workload/refs.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { sizes: { type: "string" }, runs: { type: "string" }, bin: { type: "string" } } });
const sizes = (values.sizes ?? "52,104,208").split(",").map(Number);
const runs = Number(values.runs ?? 3);
const bin = values.bin ?? join(repo, "bin", "toolform.js");

/** The anchor: a tool of about `kib` KiB with no $ref (string, integer and enum properties in objects of 100). */
function plainTool(kib: number): { name: string; description: string; inputSchema: unknown } {
  const make = (n: number) => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const group = ((properties[`g${Math.floor(i / 100)}`] ??= { type: "object", properties: {} }) as { properties: Record<string, unknown> }).properties;
      group[`p${i}`] = i % 3 === 0 ? { type: "string", maxLength: 40 } : i % 3 === 1 ? { type: "integer", minimum: 0 } : { enum: ["a", "b", `c${i}`] };
    }
    return { type: "object", properties };
  };
  const per = JSON.stringify(make(1000)).length / 1000;
  return { name: "plain", description: "No refs.", inputSchema: make(Math.round((kib * 1024) / per)) };
}

interface Timing {
  wallMs: number;
  cpuMs: number;
  ok: boolean;
}

function build(def: unknown): Timing {
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-refs-"));
  try {
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-refs", private: true, type: "module" }));
    writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: "js" };\n`);
    writeFileSync(join(dir, "tools", "tool.json"), JSON.stringify(def));
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, "build", "--json", "--no-cache", "--no-lint"], { cwd: dir, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" }, maxBuffer: 256 << 20 });
    const wallMs = performance.now() - t0;
    let json: { ok: boolean; process: { cpuMs: number } } | undefined;
    try {
      json = JSON.parse(r.stdout) as typeof json;
    } catch {
      json = undefined; // a crash (an older toolform on a long chain) prints no result
    }
    return { wallMs, cpuMs: json?.process.cpuMs ?? NaN, ok: r.status === 0 && !!json?.ok };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => (Number.isNaN(ms) ? "–" : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

const load0 = loadavg()[0]!;
// A 10-property tool first: its CPU (start-up, loading the compiler) is taken off the others' per-KiB figure.
const fixedRuns: number[] = [];
for (let i = 0; i < runs; i++) fixedRuns.push(build(plainTool(0.5)).cpuMs);
const fixed = median(fixedRuns);
const rows: { shape: string; kib: number; bytes: number; wall: number; cpu: number; ok: boolean }[] = [];
const shapes: (RefShape | "plain")[] = ["plain", "graph", "shared", "diamond", "chain"];
for (const kib of sizes) {
  for (const shape of shapes) {
    const def = shape === "plain" ? plainTool(kib) : refTool(shape, kib);
    const ts: Timing[] = [];
    for (let i = 0; i < runs; i++) ts.push(build(def));
    rows.push({ shape, kib, bytes: JSON.stringify(def).length, wall: median(ts.map((t) => t.wallMs)), cpu: median(ts.map((t) => t.cpuMs)), ok: ts.every((t) => t.ok) });
    process.stderr.write(`${shape} ${kib} KiB: ${fmt(rows.at(-1)!.cpu)} cpu\n`);
  }
}

const anchor = (kib: number) => rows.find((r) => r.shape === "plain" && r.kib === kib)!;
const lines = [
  `## Ref-heavy schemas, cold build (\`toolform build --no-cache --no-lint\`, emit js)`,
  "",
  `One tool per row, medians of ${runs} runs; ${cpus().length} CPUs, load average ${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end. The anchor is a tool of the same size without a $ref, built in the same run.`,
  "",
  "| shape | schema (JSON) | builds | cold build | CPU ÷ anchor's | CPU per KiB | × the shape's smallest row |",
  "|---|---:|---|---:|---:|---:|---:|",
  ...rows.map((r) => {
    const first = rows.find((x) => x.shape === r.shape)!;
    const per = (x: typeof r) => (x.cpu - fixed) / (x.bytes / 1024);
    // A build that stops at an error (or crashes) does not compile: no per-KiB figure.
    const perKiB = r.ok && first.ok ? `${fmt(per(r))} | ${(per(r) / per(first)).toFixed(2)}×` : "– | –";
    return `| ${r.shape} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.ok ? "yes" : Number.isNaN(r.cpu) ? "no (crashed)" : "no (a build error)"} | ${fmt(r.wall)} (cpu ${fmt(r.cpu)}) | ${(r.cpu / anchor(r.kib).cpu).toFixed(2)}× | ${perKiB} |`;
  }),
  "",
  `Shapes (bench/workload/refs.ts): plain — the anchor, no $ref; graph — objects whose properties point at other defs; shared — properties in objects of 100, each pointing into one chain of 50 defs; diamond — runs of 12 defs each an allOf of the next two, then a step into a property; chain — def i → def i+1 (longer than maxDepth: a build error, \`schema/ref-chain-too-long\`). CPU per KiB: the build's CPU less that of a tiny tool (${fmt(fixed)}: start-up, loading the compiler), per KiB of schema; linear means the last column stays near 1× as a shape grows (or falls: start-up work a tiny tool does not do is spread over more KiB).`,
];
console.log(lines.join("\n"));
