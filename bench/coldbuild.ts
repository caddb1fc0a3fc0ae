// Cold build of a real tool set (issue 33): N tools from published MCP servers
// (test/corpus/), built by `toolform build --no-cache` in a fresh process, against ajv
// compiling the same N schemas and writing their standalone code, in a fresh process too.
// Both run interleaved in the same run, several times; the figure is the ratio of medians.
//
//   node --import tsx bench/coldbuild.ts [--tools 200] [--runs 5] [--emit js|ts] [--keep] [--project DIR]
//
// --project DIR: only write the project (tools/, config, ajv script) to DIR and exit
// (for profiling: `node --cpu-prof bin/toolform.js build --no-cache` in it).
// --snapshot DIR: build the project once per emit (js, ts) and keep what the build says
// and writes in DIR/<emit> (generated files, and the --json report without its times):
// a change that must not change the output is checked with `diff -r` of two snapshots.
// Prints a markdown section; `npm run bench` puts it into BENCHMARKS.md.

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { analyzeSchema } from "../src/schema/analyze.js";
import { DEFAULT_LIMITS } from "../src/config/limits.js";
import { goalStatus } from "./report.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const corpusDir = join(repo, "test", "corpus");
const require = createRequire(import.meta.url);

interface CorpusTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

export interface Selection {
  tools: CorpusTool[];
  /** Tools with distinct names in the corpus. */
  distinct: number;
  /** Tools the compiler refuses (failing closed, e.g. an unknown format), by name: never picked. */
  refused: string[];
}

/**
 * `n` corpus tools, the same every run: the tools of every server in test/corpus/sources.json
 * order, a name kept the first time it occurs (servers share names), those the compiler refuses
 * left out (a build with one fails), then every k-th of what is left, evenly spread over it.
 */
export function corpusSelection(n: number): Selection {
  const sources = JSON.parse(readFileSync(join(corpusDir, "sources.json"), "utf8")) as { file: string }[];
  const seen = new Set<string>();
  const all: CorpusTool[] = [];
  for (const s of sources) {
    for (const t of (JSON.parse(readFileSync(join(corpusDir, s.file), "utf8")) as { tools: CorpusTool[] }).tools) {
      if (seen.has(t.name)) continue;
      seen.add(t.name);
      all.push(t);
    }
  }
  const opts = { unknownArgs: "schema" as const, formats: true, maxDepth: 64, maxPatternInput: 10_000, remotes: {}, limits: DEFAULT_LIMITS };
  const refused: string[] = [];
  const ok = all.filter((t) => {
    const bad = analyzeSchema(t.inputSchema, opts).diagnostics.some((d) => d.severity === "error");
    if (bad) refused.push(t.name);
    return !bad;
  });
  if (ok.length < n) throw new Error(`the corpus has ${ok.length} tools that build, fewer than the ${n} asked for`);
  const tools = Array.from({ length: n }, (_, i) => ok[Math.floor((i * ok.length) / n)]!);
  return { tools, distinct: all.length, refused };
}

/**
 * ajv's side, as a script for a fresh process: every schema of tools/ compiled (allErrors,
 * ajv-formats, strict off; the class of the schema's own $schema: draft-07, 2019-09, else
 * 2020-12, toolform's default) and its standalone code written, one module per ajv class.
 * Ends by printing its CPU time.
 */
function ajvScript(): string {
  const url = (p: string) => JSON.stringify(pathToFileURL(require.resolve(p)).href);
  return `import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import Ajv07 from ${url("ajv")};
import Ajv2019 from ${url("ajv/dist/2019.js")};
import Ajv2020 from ${url("ajv/dist/2020.js")};
import addFormats from ${url("ajv-formats")};
import standaloneCode from ${url("ajv/dist/standalone/index.js")};
const classes = { "draft-07": Ajv07.default ?? Ajv07, "2019-09": Ajv2019.default ?? Ajv2019, "2020-12": Ajv2020.default ?? Ajv2020 };
const ajvs = new Map();
const exportsOf = new Map();
const files = readdirSync("tools").filter((f) => f.endsWith(".json")).sort();
files.forEach((f, i) => {
  const schema = JSON.parse(readFileSync("tools/" + f, "utf8")).inputSchema;
  const s = typeof schema?.$schema === "string" ? schema.$schema : "";
  const dialect = /draft-07|draft-06|draft-04/.test(s) ? "draft-07" : /2019-09/.test(s) ? "2019-09" : "2020-12";
  let ajv = ajvs.get(dialect);
  if (!ajv) {
    ajv = new classes[dialect]({ allErrors: true, strict: false, logger: false, code: { source: true, esm: true } });
    (addFormats.default ?? addFormats)(ajv);
    ajvs.set(dialect, ajv);
    exportsOf.set(dialect, {});
  }
  const id = "tool:" + i;
  ajv.addSchema(schema, id);
  ajv.getSchema(id); // compiles
  exportsOf.get(dialect)["v" + i] = id;
});
mkdirSync("ajv-out", { recursive: true });
for (const [dialect, ajv] of ajvs) writeFileSync("ajv-out/" + dialect + ".mjs", (standaloneCode.default ?? standaloneCode)(ajv, exportsOf.get(dialect)));
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ files: files.length, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }) + "\\n");
`;
}

/** A project of `tools` (one JSON file each), toolform's config, and ajv's script, in `dir`. */
export function writeCorpusProject(dir: string, tools: CorpusTool[], emit: "js" | "ts"): void {
  mkdirSync(join(dir, "tools"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-corpus", private: true, type: "module" }, null, 2));
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: ${JSON.stringify(emit)} };\n`);
  const width = String(tools.length).length;
  tools.forEach((t, i) => writeFileSync(join(dir, "tools", `${String(i).padStart(width, "0")}.json`), JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema }, null, 2)));
  writeFileSync(join(dir, "ajv-build.mjs"), ajvScript());
}

interface Run {
  wallMs: number;
  cpuMs: number;
}

export interface ColdBuildResult {
  tools: number;
  selection: Selection;
  emit: "js" | "ts";
  runs: number;
  toolform: Run[];
  ajv: Run[];
  /** Median wall time of toolform ÷ of ajv. */
  ratio: number;
  cpuRatio: number;
  warnings: number;
  load: [number, number];
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, CI: "1", NO_COLOR: "1" };
  delete e.TOOLFORM_CACHE_DIR;
  return e;
}

function runToolform(dir: string): Run & { warnings: number } {
  rmSync(join(dir, "generated"), { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(repo, "bin", "toolform.js"), "build", "--no-cache", "--json"], { cwd: dir, encoding: "utf8", env: env(), maxBuffer: 256 << 20 });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`toolform build --no-cache failed in ${dir} (exit ${r.status}): ${(r.stderr || r.stdout).slice(0, 2000)}`);
  const json = JSON.parse(r.stdout) as { process: { cpuMs: number }; diagnostics?: { severity: string }[] };
  return { wallMs, cpuMs: json.process.cpuMs, warnings: (json.diagnostics ?? []).filter((d) => d.severity === "warning").length };
}

function runAjv(dir: string, n: number): Run {
  rmSync(join(dir, "ajv-out"), { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(dir, "ajv-build.mjs")], { cwd: dir, encoding: "utf8", env: env() });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`ajv's build failed (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
  const out = JSON.parse(r.stdout.trim().split("\n").pop()!) as { files: number; cpuMs: number };
  if (out.files !== n) throw new Error(`ajv's build saw ${out.files} tools, not ${n}`);
  return { wallMs, cpuMs: out.cpuMs };
}

export function runColdBuild(opts: { tools?: number; runs?: number; emit?: "js" | "ts"; keep?: boolean; log?: (s: string) => void } = {}): ColdBuildResult {
  const n = opts.tools ?? 200;
  const runs = opts.runs ?? 5;
  const emit = opts.emit ?? "js";
  const log = opts.log ?? ((s: string) => process.stderr.write(s + "\n"));
  const selection = corpusSelection(n);
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-coldbuild-"));
  const load0 = loadavg()[0]!;
  try {
    writeCorpusProject(dir, selection.tools, emit);
    // One unmeasured run of each: the page cache, and a check that both work.
    log(`cold build: ${n} corpus tools, a first unmeasured run of each`);
    const first = runToolform(dir);
    runAjv(dir, n);
    const toolform: Run[] = [];
    const ajv: Run[] = [];
    for (let i = 0; i < runs; i++) {
      // Interleaved, the order alternating, so neither side always runs after the other.
      if (i % 2) {
        ajv.push(runAjv(dir, n));
        toolform.push(runToolform(dir));
      } else {
        toolform.push(runToolform(dir));
        ajv.push(runAjv(dir, n));
      }
      log(`cold build: run ${i + 1}/${runs}: toolform ${Math.round(toolform[i]!.wallMs)} ms, ajv ${Math.round(ajv[i]!.wallMs)} ms`);
    }
    const w = (rs: Run[]) => median(rs.map((r) => r.wallMs));
    const c = (rs: Run[]) => median(rs.map((r) => r.cpuMs));
    return { tools: n, selection, emit, runs, toolform, ajv, ratio: w(toolform) / w(ajv), cpuRatio: c(toolform) / c(ajv), warnings: first.warnings, load: [load0, loadavg()[0]!] };
  } finally {
    if (opts.keep) log(`cold build: project kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** The markdown section (without its heading). */
export function coldBuildMarkdown(r: ColdBuildResult): string {
  const w = (rs: Run[]) => median(rs.map((x) => x.wallMs));
  const c = (rs: Run[]) => median(rs.map((x) => x.cpuMs));
  return [
    "| build | median wall | median CPU | × ajv (wall) | × ajv (CPU) |",
    "| --- | ---: | ---: | ---: | ---: |",
    `| \`toolform build --no-cache\` (emit ${r.emit}), fresh process | ${fmt(w(r.toolform))} | ${fmt(c(r.toolform))} | ${r.ratio.toFixed(2)}× | ${r.cpuRatio.toFixed(2)}× |`,
    `| ajv: compile every schema (allErrors, ajv-formats) and write standalone code, fresh process | ${fmt(w(r.ajv))} | ${fmt(c(r.ajv))} | 1.00× | 1.00× |`,
    "",
    `${r.tools} real tools from published MCP servers (test/corpus/): of the ${r.selection.distinct} with distinct names, less the ${r.selection.refused.length} the compiler refuses (${r.selection.refused.join(", ")}), ${r.tools} of the ${r.selection.distinct - r.selection.refused.length} left, evenly spread (the ⌊i·${r.selection.distinct - r.selection.refused.length}/${r.tools}⌋-th; bench/coldbuild.ts corpusSelection). ` +
      `The build lints as configured by default (${r.warnings.toLocaleString("en-US")} warnings on these tools). Each side is a fresh \`node\` process from spawn to exit, node's start-up included; ${r.runs} runs each, interleaved, after one unmeasured run of each. ` +
      `CPU is what each process reports of itself (toolform's includes its worker threads, not the recheck agent, a process of its own that analyses the patterns). Load average ${r.load[0].toFixed(1)} at the start, ${r.load[1].toFixed(1)} at the end.`,
  ].join("\n");
}

/** The goals table's row (bench/run.ts): the ratio of median wall times, ≤ 3× (issue 33). */
export function coldBuildGoal(r: ColdBuildResult | undefined, missing: string): [string, string, string, string] {
  return [
    "cold build, 200 real corpus tools: `toolform build --no-cache` vs ajv compile + standaloneCode (wall, medians)",
    "≤ 3.00×",
    r ? `${r.ratio.toFixed(2)}× (CPU ${r.cpuRatio.toFixed(2)}×)` : "–",
    r ? goalStatus(r.ratio, 3) : `n/a: ${missing}`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { tools: { type: "string" }, runs: { type: "string" }, emit: { type: "string" }, keep: { type: "boolean" }, project: { type: "string" }, snapshot: { type: "string" } },
  });
  const n = values.tools ? Number(values.tools) : 200;
  const emit = values.emit === "ts" ? "ts" : "js";
  if (values.snapshot) {
    const sel = corpusSelection(n);
    for (const e of ["js", "ts"] as const) {
      const dir = mkdtempSync(join(tmpdir(), "toolform-bench-snapshot-"));
      writeCorpusProject(dir, sel.tools, e);
      const r = spawnSync(process.execPath, [join(repo, "bin", "toolform.js"), "build", "--no-cache", "--json"], { cwd: dir, encoding: "utf8", env: env(), maxBuffer: 256 << 20 });
      const out = join(values.snapshot, e);
      mkdirSync(out, { recursive: true });
      const report = JSON.parse(r.stdout) as Record<string, unknown>;
      delete report.durationMs;
      delete report.process;
      writeFileSync(join(out, "report.json"), JSON.stringify({ status: r.status, stderr: r.stderr, report }, null, 1));
      cpSync(join(dir, "generated"), join(out, "generated"), { recursive: true });
      rmSync(dir, { recursive: true, force: true });
    }
    process.stderr.write(`snapshot of ${n} tools in ${values.snapshot}\n`);
  } else if (values.project) {
    const sel = corpusSelection(n);
    writeCorpusProject(values.project, sel.tools, emit);
    process.stderr.write(`wrote ${n} tools to ${values.project} (refused, left out: ${sel.refused.join(", ")})\n`);
  } else {
    const r = runColdBuild({ tools: n, runs: values.runs ? Number(values.runs) : 5, emit, keep: values.keep });
    console.log(`## Cold build of ${r.tools} real tools\n\n${coldBuildMarkdown(r)}`);
  }
}
