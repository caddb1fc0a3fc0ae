// Build speed through the real CLI, in temp folders:
//   - cold build (no cache) at 10 / 100 / 1,000 generated tools,
//   - no-change rebuild (what `prebuild` costs when nothing changed),
//   - one-tool rebuild (one tool's description edited, a new process: the disk cache at work),
//   - watch latency: from a file save to the new output on disk (`toolform watch` running),
//   - one large tool (1,000 / 2,000 / 4,000 properties), cold: the build must be linear in the schema.
// Medians of a few runs, printed as a markdown table, with the CPU time of the
// build process beside the wall time (wall time on a loaded machine says little).
//
//   node --import tsx bench/build.ts [--quick] [--sizes 10,100,1000] [--runs N] [--bin PATH] [--emit ts|js]
//
// Goal on a 2-core machine: 1,000 tools cold < 10 s, one-tool rebuild < 300 ms p50,
// no-change rebuild < 150 ms; a large tool's build time proportional to its size.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateTools } from "./workload/generate.js";

const repo = fileURLToPath(new URL("..", import.meta.url));

const { values } = parseArgs({
  options: {
    quick: { type: "boolean" },
    sizes: { type: "string" },
    runs: { type: "string" },
    bin: { type: "string" },
    emit: { type: "string" },
    keep: { type: "boolean" },
    "large-sizes": { type: "string" },
  },
});
const quick = !!values.quick;
const bin = values.bin ?? join(repo, "bin", "toolform.js");
const sizes = values.sizes ? values.sizes.split(",").map(Number) : quick ? [10, 100] : [10, 100, 1000];
const runs = values.runs ? Number(values.runs) : quick ? 2 : 5;
const emit = values.emit === "js" ? "js" : "ts";

interface Timing {
  wallMs: number;
  cpuMs: number;
}

interface BuildJson {
  ok: boolean;
  cache: { compiled: number; tools: number };
  files: { written: string[] };
  process: { wallMs: number; cpuMs: number };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function makeProject(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), `toolform-bench-${n}-`));
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `bench-${n}`, private: true, type: "module" }, null, 2));
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/**/*.json"], outDir: "generated", emit: ${JSON.stringify(emit)} };\n`);
  for (const g of generateTools(n, 7000 + n)) writeFileSync(join(dir, "tools", `${g.tool.name}.json`), JSON.stringify(g.tool, null, 2));
  return dir;
}

/** One `toolform build --json` in `dir`: wall time from spawn to exit, CPU time as the process reports it. */
function build(dir: string): Timing & { json: BuildJson } {
  const t0 = performance.now();
  // The cache goes to the project's node_modules/.cache (a fresh project has none: a cold build).
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "1", NO_COLOR: "1" };
  delete env.TOOLFORM_CACHE_DIR;
  const r = spawnSync(process.execPath, [bin, "build", "--json"], { cwd: dir, encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`toolform build failed in ${dir} (exit ${r.status}): ${(r.stderr || r.stdout).slice(0, 2000)}`);
  const json = JSON.parse(r.stdout) as BuildJson;
  return { wallMs, cpuMs: json.process.cpuMs, json };
}

let editCounter = 0;
/** Changes one tool's description; returns the text to look for in its output. */
function editTool(dir: string, file: string): string {
  const path = join(dir, "tools", file);
  const tool = JSON.parse(readFileSync(path, "utf8")) as { description?: string };
  const marker = `bench edit ${++editCounter}`;
  tool.description = `${(tool.description ?? "").replace(/ \(bench edit \d+\)$/, "")} (${marker})`;
  writeFileSync(path, JSON.stringify(tool, null, 2));
  return marker;
}

/** The generated files, by name → mtime (the index, its chunks from 256 tools, the runtime). */
function outputMtimes(dir: string): Map<string, number> {
  const out = join(dir, "generated");
  const m = new Map<string, number>();
  if (!existsSync(out)) return m;
  // A build running meanwhile removes old chunks: a file gone between the listing and its stat is skipped.
  for (const f of readdirSync(out)) if (/\.(ts|js)$/.test(f)) m.set(f, statSync(join(out, f), { throwIfNoEntry: false })?.mtimeMs ?? NaN);
  return m;
}

/** Whether some generated file holds `marker`, reading only files new or changed since the last look, the first being now (the output is megabytes at 1,000 tools). */
function makeSeen(dir: string): (marker: string) => boolean {
  let last = outputMtimes(dir);
  const found = new Set<string>();
  return (marker) => {
    const now = outputMtimes(dir);
    for (const [f, t] of now) {
      if (last.get(f) === t) continue;
      found.delete(f);
      let text = "";
      try {
        text = readFileSync(join(dir, "generated", f), "utf8");
      } catch {
        /* removed meanwhile (NaN mtime: looked at again next time) */
      }
      if (text.includes(marker)) found.add(f);
    }
    for (const f of found) if (!now.has(f)) found.delete(f);
    last = now;
    return found.size > 0;
  };
}

async function watchLatency(dir: string, files: string[], n: number): Promise<number[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "1", NO_COLOR: "1" };
  delete env.TOOLFORM_CACHE_DIR;
  const child = spawn(process.execPath, [bin, "watch", "--json"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let lines = 0;
  let buf = "";
  child.stdout.on("data", (c: Buffer) => {
    buf += c.toString();
    const parts = buf.split("\n");
    buf = parts.pop()!;
    lines += parts.filter(Boolean).length;
  });
  let err = "";
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const until = async (cond: () => boolean, ms: number, what: string) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error(`watch: timed out waiting for ${what}\n${err.slice(-2000)}`);
      if (child.exitCode !== null) throw new Error(`watch exited (${child.exitCode}): ${err.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  const out: number[] = [];
  try {
    await until(() => lines >= 1, 30 * 60_000, "the first build");
    // Let chokidar settle before the first save.
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < n; i++) {
      const file = files[(i * 7 + 3) % files.length]!;
      const before = lines;
      const t0 = performance.now();
      const seen = makeSeen(dir);
      const marker = editTool(dir, file);
      await until(() => seen(marker), 5 * 60_000, "the new output");
      out.push(performance.now() - t0);
      // The build has written; wait for it to report, so runs do not overlap.
      await until(() => lines > before, 5 * 60_000, "the build report");
      await new Promise((r) => setTimeout(r, 150));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  return out;
}

function fmt(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A project holding one tool with `n` properties (strings with bounds, integers with bounds, enums, in turn). */
function makeLargeProject(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), `toolform-bench-large-${n}-`));
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `bench-large-${n}`, private: true, type: "module" }, null, 2));
  // The default limits refuse more than 2,000 properties per object: raised here to measure past it.
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/**/*.json"], outDir: "generated", emit: ${JSON.stringify(emit)}, limits: { propertiesPerObject: 100000, schemaBytes: 100000000 } };\n`);
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    properties[`field_${i}`] =
      i % 3 === 0 ? { type: "string", description: `Field ${i} of the record.`, maxLength: 40 } : i % 3 === 1 ? { type: "integer", minimum: 0, maximum: 1000 + i } : { type: "string", enum: ["a", "b", `c${i}`] };
  }
  const tool = { name: "large_record", description: "Stores one large record.", inputSchema: { type: "object", properties, required: Object.keys(properties).slice(0, 10), additionalProperties: false } };
  writeFileSync(join(dir, "tools", "large_record.json"), JSON.stringify(tool, null, 2));
  return dir;
}

interface Row {
  tools: number;
  cold: Timing[];
  noChange: Timing[];
  oneTool: Timing[];
  /** The same with a toolform.config.ts (what `toolform init` writes) in place of the .mjs one. */
  oneToolTs: Timing[];
  watch: number[];
}

/** Median wall time of `node -e 0` (the floor under every build figure), with the environment as the builds get it, or without one variable. */
function nodeStart(without?: string): number {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (without) delete env[without];
  const ts: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ["-e", "0"], { env });
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

async function main(): Promise<void> {
  if (!existsSync(join(repo, "dist", "src", "cli", "main.js")) && !values.bin) {
    console.error("dist/ is missing: run `npm run build` first");
    process.exit(2);
  }
  const started = Date.now();
  const load0 = loadavg()[0]!;
  const rows: Row[] = [];
  const temp: string[] = [];
  for (const n of sizes) {
    process.stderr.write(`${n} tools: generating the project…\n`);
    const template = makeProject(n);
    temp.push(template);
    const row: Row = { tools: n, cold: [], noChange: [], oneTool: [], oneToolTs: [], watch: [] };
    const coldRuns = n >= 1000 ? 1 : quick ? 1 : 3;
    let warm = "";
    for (let i = 0; i < coldRuns; i++) {
      const dir = mkdtempSync(join(tmpdir(), `toolform-bench-cold-${n}-`));
      temp.push(dir);
      cpSync(template, dir, { recursive: true });
      process.stderr.write(`${n} tools: cold build ${i + 1}/${coldRuns}…\n`);
      const r = build(dir);
      if (r.json.cache.compiled !== n) throw new Error(`cold build at ${n} tools compiled ${r.json.cache.compiled}`);
      row.cold.push(r);
      warm = dir;
    }
    for (let i = 0; i < runs; i++) row.noChange.push(build(warm));
    const files = readdirSync(join(warm, "tools")).sort();
    for (let i = 0; i < runs; i++) {
      const file = files[(i * 13) % files.length]!;
      const seen = makeSeen(warm);
      const marker = editTool(warm, file);
      const r = build(warm);
      if (r.json.cache.compiled !== 1) throw new Error(`one-tool rebuild at ${n} tools compiled ${r.json.cache.compiled}`);
      if (!seen(marker)) throw new Error("one-tool rebuild: output does not carry the edit");
      row.oneTool.push(r);
    }
    process.stderr.write(`${n} tools: watch latency…\n`);
    row.watch = await watchLatency(warm, files, runs);
    // The config as TypeScript: one build to record it, then one-tool rebuilds.
    const mjs = join(warm, "toolform.config.mjs");
    writeFileSync(join(warm, "toolform.config.ts"), readFileSync(mjs, "utf8"));
    rmSync(mjs);
    build(warm);
    for (let i = 0; i < runs; i++) {
      const file = files[(i * 17 + 5) % files.length]!;
      const seen = makeSeen(warm);
      const marker = editTool(warm, file);
      const r = build(warm);
      if (r.json.cache.compiled !== 1 || !seen(marker)) throw new Error(`one-tool rebuild (TypeScript config) at ${n} tools: compiled ${r.json.cache.compiled}, edit seen ${seen(marker)}`);
      row.oneToolTs.push(r);
    }
    rows.push(row);
    process.stderr.write(`${n} tools: done\n`);
  }
  const largeSizes = values["large-sizes"] ? values["large-sizes"].split(",").map(Number) : quick ? [250, 500] : [1000, 2000, 4000];
  const large: { n: number; bytes: number; t: Timing }[] = [];
  // A 10-property tool first: its CPU (start-up, loading the compiler) is taken off the others'.
  for (const n of [10, ...largeSizes]) {
    process.stderr.write(`one tool with ${n} properties: cold build…\n`);
    const dir = makeLargeProject(n);
    temp.push(dir);
    const r = build(dir);
    large.push({ n, bytes: readFileSync(join(dir, "tools", "large_record.json")).length, t: r });
  }
  if (!values.keep) for (const d of temp) rmSync(d, { recursive: true, force: true });
  const certs = "NODE_EXTRA_CA_CERTS";
  const start = nodeStart();
  const startWithout = process.env[certs] ? nodeStart(certs) : undefined;

  const cell = (ts: Timing[]) => (ts.length ? `${fmt(median(ts.map((t) => t.wallMs)))} (cpu ${fmt(median(ts.map((t) => t.cpuMs)))})` : "–");
  const lines = [
    `## Build speed (\`toolform build\`, emit ${emit}, through bin/toolform.js)`,
    "",
    `Medians; wall time from spawn to exit, and the CPU time of the build process. ${cpus().length} CPUs, load average ${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end; ${Math.round((Date.now() - started) / 1000)} s in all.`,
    "",
    "| tools | cold build | no-change rebuild | one-tool rebuild | one-tool rebuild, toolform.config.ts | watch: save → output on disk |",
    "|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.tools} | ${cell(r.cold)} | ${cell(r.noChange)} | ${cell(r.oneTool)} | ${cell(r.oneToolTs)} | ${r.watch.length ? fmt(median(r.watch)) : "–"} |`),
    "",
    `Runs: cold ${rows.map((r) => r.cold.length).join("/")}, others ${runs} each. Goal: 1,000 tools cold < 10 s; one-tool rebuild < 300 ms p50; no-change rebuild < 150 ms. The config is toolform.config.mjs but in the column that says otherwise.`,
    "",
    `Node's own start-up (\`node -e 0\`, median of 9) under every figure: ${fmt(start)}` +
      (startWithout === undefined ? "." : `, of which ${fmt(start - startWithout)} is ${certs} (set on this machine: node reads the certificate file at start-up; a build opens no TLS connection), ${fmt(startWithout)} without it.`),
    "",
    "### One large tool, cold build",
    "",
    "| properties | schema (JSON) | cold build | CPU per 1,000 properties | × the smallest row's CPU per property |",
    "|---:|---:|---:|---:|---:|",
    ...large.slice(1).map((l) => {
      const fixed = large[0]!.t.cpuMs;
      const per = (l.t.cpuMs - fixed) / (l.n / 1000);
      const base = (large[1]!.t.cpuMs - fixed) / (large[1]!.n / 1000);
      return `| ${l.n} | ${(l.bytes / 1024).toFixed(0)} KiB | ${fmt(l.t.wallMs)} (cpu ${fmt(l.t.cpuMs)}) | ${fmt(per)} | ${(per / base).toFixed(2)}× |`;
    }),
    "",
    `CPU per property: the build's CPU less that of a 10-property tool (${fmt(large[0]?.t.cpuMs ?? NaN)}: start-up and loading the compiler). Linear means the last column stays near 1× as the tool grows; a quadratic step doubles it with each doubling.`,
  ];
  console.log(lines.join("\n"));
}

await main();
