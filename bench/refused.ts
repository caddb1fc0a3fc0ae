// The refused call alone (issue 33): toolform's `validate` and `validate` + `feedback` on
// wrong calls, against ajv allErrors:true and the hand-written floor measured in the same
// processes, over the four workload tools and a set of real corpus tools
// (bench/refused-workload.ts). Only the invalid calls are timed: a focused run for the
// error path, in a minute or two instead of the full bench's ten.
//
//   node --import tsx bench/refused.ts [--tools N] [--rounds N] [--processes N] [--profile]
//
// --tools: corpus tools (16); --profile: also a CPU profile of validate + feedback over all
// the wrong calls (after warm-up), as self-time hot spots; --base DIR: also time the toolset a
// run generated before (its folder, kept: `--keep DIR` writes it), for an A/B in the same processes.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generate } from "../src/pipeline/generate.js";
import type { Tool } from "../packages/runtime/src/rt/index.js";
import { makeAjv } from "./adapters/ajv.js";
import { validateBookRoom } from "./handwritten/book_room.js";
import { validateEditFile } from "./handwritten/edit_file.js";
import { geomean, median, runCases, sinkCheck, type Case } from "./harness.js";
import { loopProfilerScript, profileLoop } from "./profile.js";
import { closedForAjv, corpusRefused, type RefusedTool } from "./refused-workload.js";
import { fmtNs, fmtX, table } from "./report.js";
import { benchCases } from "./workload/tools.js";

const argv = process.argv.slice(2);
const opt = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const nCorpus = Number(opt("--tools") ?? 16);
const rounds = Number(opt("--rounds") ?? 30);
const processes = Number(opt("--processes") ?? 3);
const workloadFile = opt("--workload");
const workerSeed = opt("--worker");
const baseDir = opt("--base");
const keepDir = opt("--keep");
const log = (s: string) => process.stderr.write(s + "\n");

interface Workload {
  bench: RefusedTool[];
  corpus: RefusedTool[];
}

async function makeWorkload(): Promise<Workload> {
  const bench = benchCases.map((c) => ({ source: "bench", tool: c.tool, valid: c.valid[0]!, invalid: c.invalid.map((x) => x.args) }));
  return { bench, corpus: await corpusRefused(nCorpus) };
}

type Row = "toolform" | "toolform-feedback" | "base" | "base-feedback" | "ajv-all" | "handwritten";
const ROWS: Row[] = ["toolform", "toolform-feedback", "base", "base-feedback", "ajv-all", "handwritten"];
const LABEL: Record<Row, string> = {
  toolform: "toolform validate",
  "toolform-feedback": "toolform validate + feedback",
  base: "toolform validate (--base)",
  "base-feedback": "toolform validate + feedback (--base)",
  "ajv-all": "ajv, allErrors:true",
  handwritten: "hand-written (floor)",
};
const HANDWRITTEN: Record<string, (a: unknown) => { ok: boolean }> = { book_room: validateBookRoom, edit_file: validateEditFile };

let feedbackSink = "";

/** The timed functions, each checked first: it must refuse every wrong call and accept the valid one. */
async function prepare(w: Workload): Promise<{ cases: Case[]; toolset: Record<string, Tool>; dir: string }> {
  const all = [...w.bench, ...w.corpus];
  const input = all.map((t, i) => ({ ...t.tool, origin: { file: "bench/refused", pointer: `/${i}` } }));
  const r = await generate({ tools: input, options: { lint: false, emit: "js" } });
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(`generate: ${errors[0]!.message}`);
  const dir = keepDir ?? mkdtempSync(join(tmpdir(), "toolform-refused-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
  const { toolset } = (await import(pathToFileURL(join(dir, "index.js")).href)) as { toolset: Record<string, Tool> };
  const base = baseDir ? ((await import(pathToFileURL(join(baseDir, "index.js")).href)) as { toolset: Record<string, Tool> }).toolset : undefined;
  const ajv = makeAjv(true);
  const cases: Case[] = [];
  for (const t of all) {
    const g = toolset[t.tool.name]!;
    // The workload's schemas are closed already (as bench/run.ts gives them to ajv); a corpus schema is closed as toolform judges it.
    const v = ajv.compile((t.source === "bench" ? t.tool.inputSchema : closedForAjv(t.tool.inputSchema)) as object);
    const fns: Partial<Record<Row, (a: unknown) => unknown>> = {
      toolform: (a) => g.validate(a),
      "toolform-feedback": (a) => {
        const rep = g.validate(a);
        feedbackSink = rep.feedback;
        return rep;
      },
      "ajv-all": (a) => (v(a) ? null : v.errors),
    };
    const b = base?.[t.tool.name];
    if (b) {
      fns.base = (a) => b.validate(a);
      fns["base-feedback"] = (a) => {
        const rep = b.validate(a);
        feedbackSink = rep.feedback;
        return rep;
      };
    }
    if (HANDWRITTEN[t.tool.name]) fns.handwritten = HANDWRITTEN[t.tool.name];
    const report = (x: unknown) => !(x as { ok: boolean }).ok;
    const refused: Record<Row, (x: unknown) => boolean> = { toolform: report, "toolform-feedback": report, base: report, "base-feedback": report, "ajv-all": (x) => x !== null, handwritten: report };
    for (const row of ROWS) {
      const fn = fns[row];
      if (!fn) continue;
      if (refused[row](fn(t.valid))) throw new Error(`${LABEL[row]} refuses the valid call of ${t.tool.name}`);
      t.invalid.forEach((a, i) => {
        if (!refused[row](fn(a))) throw new Error(`${LABEL[row]} accepts wrong call #${i} of ${t.tool.name}`);
      });
      cases.push({ id: `${row}|${t.tool.name}`, fn, inputs: t.invalid });
    }
  }
  return { cases, toolset, dir };
}

// ---------------------------------------------------------------- worker: time every case, print medians
if (workerSeed !== undefined) {
  const w = JSON.parse(readFileSync(workloadFile!, "utf8")) as Workload;
  const { cases, dir } = await prepare(w);
  if (!keepDir) rmSync(dir, { recursive: true, force: true }); // loaded
  const results = runCases(cases, { sampleMs: 2, warmupMs: 100, rounds, seed: Number(workerSeed) });
  if (sinkCheck() < 0 || feedbackSink === "\u0000") log("sink");
  process.stdout.write("\n" + JSON.stringify(Object.fromEntries(results.map((r) => [r.id, r.median]))) + "\n");
  process.exit(0);
}

// ---------------------------------------------------------------- parent
const t0 = Date.now();
const w = await makeWorkload();
const wf = join(mkdtempSync(join(tmpdir(), "toolform-refused-w-")), "workload.json");
writeFileSync(wf, JSON.stringify(w));
const { cases, toolset, dir } = await prepare(w); // the verdict check, before any timing
log(`refused: ${w.corpus.length} corpus tools (${w.corpus.reduce((n, t) => n + t.invalid.length, 0)} wrong calls) + ${w.bench.length} workload tools; ${cases.length} cases × ${rounds} rounds × ${processes} processes`);
const per: Record<string, number>[] = [];
for (let i = 0; i < processes; i++) {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...argv, "--workload", wf, "--worker", String(i + 1)];
  const r = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`worker ${i + 1} failed: ${r.stderr}`);
  const lines = r.stdout.trim().split("\n");
  per.push(JSON.parse(lines[lines.length - 1]!) as Record<string, number>);
  log(`  process ${i + 1}/${processes} done`);
}
const ns = (row: Row, tool: string) => {
  const xs = per.map((p) => p[`${row}|${tool}`]).filter((x): x is number => x !== undefined);
  return xs.length ? median(xs) : undefined;
};

function section(title: string, set: RefusedTool[], withFloor: boolean): string {
  const head = ["validator", ...(set.length <= 6 ? set.map((t) => t.tool.name) : []), "geomean", "× ajv (all errors)", ...(withFloor ? ["× hand-written"] : [])];
  const body: string[][] = [];
  for (const row of ROWS) {
    if (row === "handwritten" && !withFloor) continue;
    const xs = set.map((t) => ns(row, t.tool.name));
    const have = set.filter((_, i) => xs[i] !== undefined);
    if (!have.length) continue;
    const gm = geomean(xs.filter((x): x is number => x !== undefined));
    // Ratios over the tools both rows cover.
    const rel = (ref: Row) => {
      const both = set.filter((t) => ns(row, t.tool.name) !== undefined && ns(ref, t.tool.name) !== undefined);
      return both.length ? geomean(both.map((t) => ns(row, t.tool.name)! / ns(ref, t.tool.name)!)) : undefined;
    };
    body.push([LABEL[row], ...(set.length <= 6 ? xs.map((x) => fmtNs(x)) : []), fmtNs(gm) + (have.length < set.length ? ` (${have.length} tools)` : ""), fmtX(rel("ajv-all")), ...(withFloor ? [fmtX(rel("handwritten"))] : [])]);
  }
  let per = "";
  if (set.length <= 6)
    per = `\nPer tool, validate + feedback ÷ ajv allErrors:true: ${set.map((t) => `${t.tool.name} ${fmtX(ns("toolform-feedback", t.tool.name)! / ns("ajv-all", t.tool.name)!)}`).join(", ")}` +
      (withFloor ? `; ÷ the floor: ${set.filter((t) => ns("handwritten", t.tool.name) !== undefined).map((t) => `${t.tool.name} ${fmtX(ns("toolform-feedback", t.tool.name)! / ns("handwritten", t.tool.name)!)}`).join(", ")}` : "") + ".\n";
  return `### ${title}\n\n${table(head, body)}\n${per}`;
}

let out = section("The four workload tools (ns/op, median)", w.bench, true) + "\n";
out += section(`${w.corpus.length} real corpus tools, ${w.corpus.reduce((n, t) => n + t.invalid.length, 0)} wrong calls (ns/op, median)`, w.corpus, false) + "\n";
out += `Corpus tools: ${w.corpus.map((t) => `${t.tool.name} (${t.source})`).join(", ")}.\n`;
out += `\n${processes} processes × ${rounds} rounds, ${Math.round((Date.now() - t0) / 1000)} s.\n`;

if (argv.includes("--profile")) {
  const calls = [...w.bench, ...w.corpus].flatMap((t) => t.invalid.map((a) => ({ name: t.tool.name, arguments: a })));
  const script = join(dir, "prof-refused.mjs");
  writeFileSync(
    script,
    loopProfilerScript(
      `import { toolset } from "./index.js";\nconst calls = ${JSON.stringify(calls)};\nconst fns = calls.map((c) => toolset[c.name].validate);\nconst args = calls.map((c) => c.arguments);`,
      `for (let i = 0; i < fns.length; i++) sink = fns[i](args[i]).feedback;`,
      3000,
    ),
  );
  const spots = profileLoop(script, dir, 25);
  out += `\n### Profile: validate + feedback over every wrong call (self time)\n\n${table(["function", "where", "self"], spots.map((s) => [s.fn, s.where, `${(s.self * 100).toFixed(1)}%`]))}\n`;
}
void toolset;
if (!keepDir) rmSync(dir, { recursive: true, force: true });
rmSync(dirname(wf), { recursive: true, force: true });
process.stdout.write(out);
