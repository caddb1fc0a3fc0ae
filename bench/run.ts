// `npm run bench`: toolform's generated validators against the anchors, side by
// side in one process (see issue 3 and BENCHMARKS.md).
//
//   node --import tsx bench/run.ts [--quick] [--filter a,b] [--out FILE]
//        [--rounds N] [--tools N] [--cold-runs N] [--no-cold] [--no-size] [--no-build] [--no-patterns] [--no-coldbuild] [--no-bundle]
//
// --quick: tiny workload, few rounds (what test/bench/run.test.ts runs); writes only with --out.
// --filter: keep the timed cases whose "validator tool kind" text contains one of the words.

import { execSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ajvAdapter, makeAjv } from "./adapters/ajv.js";
import { ajvStandaloneAdapter } from "./adapters/ajv-standalone.js";
import { cfworkerAdapter } from "./adapters/cfworker.js";
import { handwrittenAdapter } from "./adapters/handwritten.js";
import { schemasafeAdapter } from "./adapters/schemasafe.js";
import { toolformAdapter } from "./adapters/toolform.js";
import { typeboxAdapter } from "./adapters/typebox.js";
import type { AdapterResult, Prepared, ValidatorRow } from "./adapters/types.js";
import { pkgVersion } from "./adapters/versions.js";
import { zodAdapter } from "./adapters/zod.js";
import { buildArtefacts, type Artefacts } from "./artefacts.js";
import { loopProfilerScript, profileLoop, profileScript, type HotSpot } from "./profile.js";
import { buildToolform, loadGenerate } from "./adapters/toolform.js";
import { runBuildSpeed, detectCli, type BuildSpeed } from "./buildspeed.js";
import { runColdStart, type ColdResult } from "./coldstart.js";
import { coldBuildMarkdown, runColdBuild, type ColdBuildResult } from "./coldbuild.js";
import { bundleMarkdown, runBundle, type SetResult as BundleSet } from "./bundle.js";
import { median, runCases, sinkCheck, type Case } from "./harness.js";
import { code, fmtB, fmtMs, fmtNs, fmtX, ratio, rowGeomean, table, type Grid } from "./report.js";
import { patternsSection } from "./patterns.js";
import { benchGoals } from "./goals.js";
import { measureSize, type SizeRow } from "./size.js";
import { generateTools } from "./workload/generate.js";
import { benchCases, bookRoom } from "./workload/tools.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// ---------------------------------------------------------------- options
const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const opt = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = flag("--quick");
const filters = (opt("--filter") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const outFile = opt("--out") ?? (quick ? undefined : join(repoRoot, "BENCHMARKS.md"));
const rounds = Number(opt("--rounds") ?? (quick ? 3 : 40));
const nTools = Number(opt("--tools") ?? (quick ? 20 : 200));
const coldRuns = Number(opt("--cold-runs") ?? (quick ? 2 : 40));
const sampleMs = quick ? 0.3 : 3;
const warmupMs = quick ? 1 : 300;
const processes = Number(opt("--processes") ?? (quick ? 2 : 5));
const workerSeed = flag("--worker") ? Number(opt("--worker")) : undefined;
const log = (s: string) => process.stderr.write(s + "\n");

// ---------------------------------------------------------------- adapters
const cases = benchCases;
const tools = cases.map((c) => c.tool);
const adapters: [string, (t: typeof tools) => Promise<AdapterResult>][] = [
  ["toolform", toolformAdapter],
  ["ajv", ajvAdapter],
  ["ajv standalone", ajvStandaloneAdapter],
  ["schemasafe", schemasafeAdapter],
  ["cfworker", cfworkerAdapter],
  ["zod", zodAdapter],
  ["typebox", typeboxAdapter],
  ["hand-written", handwrittenAdapter],
];

const rows: ValidatorRow[] = [];
const unavailable: string[] = [];
const notes: string[] = [];
const versions: Record<string, string> = {};
for (const [name, make] of adapters) {
  try {
    const r = await make(tools);
    Object.assign(versions, r.versions);
    if (r.unavailable) unavailable.push(r.unavailable);
    rows.push(...r.rows);
    notes.push(...(r.notes ?? []));
  } catch (e) {
    unavailable.push(`${name}: failed to set up (${(e as Error).message.split("\n")[0]})`);
  }
}
const toolformReady = rows.some((r) => r.id === "toolform");

// ---------------------------------------------------------------- verdicts
// Before timing: every validator must accept the valid calls and refuse the invalid ones.
type Kind = "valid" | "invalid";
interface Cell {
  row: ValidatorRow;
  tool: string;
  kind: Kind;
  p: Prepared;
  inputs: unknown[];
}
const cells: Cell[] = [];
const disagreements: string[] = [];
const errorsFound = new Map<string, number[]>(); // row id → n errors per invalid call
const firstMessages = new Map<string, string>(); // row id → message for book_room invalid #0
for (const row of rows) {
  for (const c of cases) {
    let p: Prepared | undefined;
    try {
      p = row.prepare(c.tool);
    } catch (e) {
      disagreements.push(`${row.label} / ${c.tool.name}: could not prepare (${(e as Error).message.split("\n")[0]})`);
      continue;
    }
    if (!p) continue;
    const valid = c.valid;
    const invalid = c.invalid.map((x) => x.args);
    if (!p.timingOnly) {
      valid.forEach((a, i) => {
        if (!p!.ok(p!.run(a))) disagreements.push(`${row.label} refused valid call #${i} of ${c.tool.name}`);
      });
      invalid.forEach((a, i) => {
        const r = p!.run(a);
        if (p!.ok(r)) disagreements.push(`${row.label} accepted invalid call #${i} of ${c.tool.name}`);
        const n = p!.nErrors(r);
        if (Number.isFinite(n)) (errorsFound.get(row.id) ?? errorsFound.set(row.id, []).get(row.id)!).push(n);
      });
      if (c === bookRoom && p.firstMessage) firstMessages.set(row.id, p.firstMessage(p.run(invalid[0])));
    }
    for (const [kind, inputs] of [
      ["valid", valid],
      ["invalid", invalid],
    ] as const) {
      const text = `${row.id} ${row.label} ${c.tool.name} ${kind}`;
      if (filters.length && !filters.some((f) => text.includes(f))) continue;
      cells.push({ row, tool: c.tool.name, kind, p, inputs });
    }
  }
}

// ---------------------------------------------------------------- timing
// The timing runs in `processes` fresh worker processes, one after the other (JIT
// decisions differ from process to process; one process can be unlucky); each
// worker times every case interleaved and shuffled (its own seed) and reports
// per-case medians; the figure is the median over the workers.
const cellKey = (c: Cell) => `${c.row.id}|${c.tool}|${c.kind}`;
function timeInProcess(seed: number): Record<string, number> {
  const harnessCases: Case[] = cells.map((c) => ({ id: cellKey(c), fn: c.p.run, inputs: c.inputs }));
  const results = runCases(harnessCases, { sampleMs, warmupMs, rounds, seed });
  if (sinkCheck() < 0) log("sink");
  return Object.fromEntries(results.map((r) => [r.id, r.median]));
}
if (workerSeed !== undefined) {
  process.stdout.write("\n" + JSON.stringify(timeInProcess(workerSeed)) + "\n");
  process.exit(0);
}

log(`bench: ${cells.length} cases × ${rounds} rounds × ${processes} processes (sample ≈ ${sampleMs} ms)${quick ? " [quick]" : ""}`);
const perProcess: Record<string, number>[] = [];
for (let i = 0; i < processes; i++) {
  const passOn = argv.filter((a, j) => a !== "--out" && argv[j - 1] !== "--out");
  // The parent's node flags (--import tsx, and --cpu-prof when profiling) go to the workers too.
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...passOn, "--worker", String(i + 1)];
  const r = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    log(r.stderr);
    throw new Error(`bench worker ${i + 1} failed (exit ${r.status})`);
  }
  const lines = r.stdout.trim().split("\n");
  perProcess.push(JSON.parse(lines[lines.length - 1]!) as Record<string, number>);
  log(`  process ${i + 1}/${processes} done`);
}
const grids: Record<Kind, Grid> = { valid: new Map(), invalid: new Map() };
const noise: number[] = [];
for (const c of cells) {
  const xs = perProcess.map((p) => p[cellKey(c)]!).filter((x) => Number.isFinite(x));
  const m = median(xs);
  const g = grids[c.kind];
  (g.get(c.row.id) ?? g.set(c.row.id, new Map()).get(c.row.id)!).set(c.tool, m);
  if (xs.length > 1) noise.push((Math.max(...xs) - Math.min(...xs)) / m);
}

// ---------------------------------------------------------------- size and cold start
let cold: ColdResult[] | undefined;
let sizes: SizeRow[] | undefined;
let artefactNote = "";
let workloadCheck = "";
let coldArt: Artefacts | undefined;
if (!flag("--no-cold") || !flag("--no-size")) {
  const gen = generateTools(nTools);
  // The generated workload must be right: ajv accepts each valid call and refuses each invalid one.
  const ajv = makeAjv(true);
  let wrong = 0;
  for (const g of gen) {
    const v = ajv.compile(g.tool.inputSchema);
    if (!v(g.valid) || v(g.invalid)) wrong++;
  }
  workloadCheck = wrong ? `${wrong} of ${gen.length} generated tools have a call ajv does not judge as intended` : `all ${gen.length} generated tools: ajv accepts the valid call and refuses the invalid one`;
  log(`bench: building artefacts for ${nTools} generated tools`);
  const art = await buildArtefacts(gen);
  coldArt = art;
  if (art.toolformMissing) artefactNote = `toolform module for ${nTools} tools: ${art.toolformMissing}`;
  if (!flag("--no-size")) sizes = measureSize(art);
  if (!flag("--no-cold")) {
    log(`bench: cold start, ${coldRuns} runs of ${art.scripts.length} variants`);
    cold = runColdStart(art, coldRuns);
  }
}

// ---------------------------------------------------------------- build speed
let buildSpeed: BuildSpeed;
if (flag("--no-build") || quick) {
  const missing = detectCli();
  buildSpeed = { status: "unavailable", reason: missing ?? (quick ? "skipped with --quick" : "skipped with --no-build") };
} else {
  log("bench: build speed");
  buildSpeed = runBuildSpeed();
}

// ---------------------------------------------------------------- cold build of real tools
// 200 corpus tools through `toolform build --no-cache`, against ajv compiling them and writing
// standalone code (bench/coldbuild.ts; `npm run bench:cold` runs it alone).
let coldBuild: ColdBuildResult | undefined;
let coldBuildMissing = "";
if (flag("--no-coldbuild") || quick) coldBuildMissing = quick ? "skipped with --quick" : "skipped with --no-coldbuild";
else if (detectCli()) coldBuildMissing = detectCli()!;
else {
  log("bench: cold build of 200 corpus tools");
  try {
    // dist/ is what bin/toolform.js runs: rebuilt above by the build-speed step, unless that was skipped.
    coldBuild = runColdBuild({ tools: 200, runs: 5, log });
  } catch (e) {
    coldBuildMissing = (e as Error).message.split("\n")[0]!;
  }
}

// ---------------------------------------------------------------- one tool in a bundle
// esbuild bundles of one tool and of the whole toolset, against ajv standalone code for the
// same schemas (bench/bundle.ts; `npm run bench:bundle` runs it alone).
let bundles: BundleSet[] | undefined;
let bundleMissing = "";
if (flag("--no-bundle") || quick) bundleMissing = quick ? "skipped with --quick" : "skipped with --no-bundle";
else if (detectCli()) bundleMissing = detectCli()!;
else {
  log("bench: one tool in a bundle");
  try {
    bundles = await runBundle({ corpus: 30, log });
  } catch (e) {
    bundleMissing = (e as Error).message.split("\n")[0]!;
  }
}

// ---------------------------------------------------------------- profiles
// Where toolform's time goes, from `node --cpu-prof` in a fresh process: the
// generated validate looping over the workload's calls, and the 200-tool cold start.
const profiles: { title: string; spots: HotSpot[] | string }[] = [];
if (toolformReady && !flag("--no-profile")) {
  const { generate } = await loadGenerate();
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-prof-"));
  try {
    const b = await buildToolform(generate!, tools, dir);
    const loopMs = quick ? 300 : 2000;
    for (const kind of ["invalid", "valid"] as const) {
      const calls = cases.flatMap((c) => (kind === "valid" ? c.valid : c.invalid.map((x) => x.args)).map((a) => ({ name: c.tool.name, arguments: a })));
      const script = join(dir, `prof-${kind}.mjs`);
      writeFileSync(
        script,
        loopProfilerScript(
          `import { toolset } from "./index.js";\n` +
            `const calls = ${JSON.stringify(calls)};\n` +
            `const fns = calls.map((c) => toolset[c.name].validate);\nconst args = calls.map((c) => c.arguments);`,
          `for (let i = 0; i < fns.length; i++) sink = fns[i](args[i]);`,
          loopMs,
        ),
      );
      log(`bench: profiling toolform validate, ${kind} calls`);
      let spots: HotSpot[] | string;
      try {
        spots = profileLoop(script, dir);
      } catch (e) {
        spots = (e as Error).message;
      }
      profiles.push({ title: `toolform validate, the ${kind} calls of the four tools in a loop (after warm-up)`, spots });
    }
  } catch (e) {
    profiles.push({ title: "toolform validate", spots: (e as Error).message });
  }
  if (coldArt?.scripts.some((s) => s.id === "toolform")) {
    log("bench: profiling toolform cold start");
    let spots: HotSpot[] | string;
    try {
      spots = profileScript(join(coldArt.dir, "cold-toolform.mjs"), coldArt.dir, 10, 50);
    } catch (e) {
      spots = (e as Error).message;
    }
    profiles.push({ title: `toolform cold start: import the ${nTools}-tool module, validate ${nTools} calls (whole process)`, spots });
  }
}

// ---------------------------------------------------------------- report
const toolNames = cases.map((c) => c.tool.name);
const rowIds = rows.map((r) => r.id);
const labelOf = new Map(rows.map((r) => [r.id, r.label]));

function nsTable(kind: Kind): string {
  const g = grids[kind];
  const head = ["validator", ...toolNames, "geomean", "× ajv (first error)", "× ajv (all errors)", "× hand-written"];
  if (kind === "invalid") head.push("errors found / call");
  const body: string[][] = [];
  for (const id of rowIds) {
    const m = g.get(id);
    if (!m) continue;
    const gm = rowGeomean(g, id);
    const line = [
      labelOf.get(id)!,
      ...toolNames.map((t) => fmtNs(m.get(t))),
      fmtNs(gm) + (m.size < toolNames.length ? ` (${m.size} tools)` : ""),
      fmtX(ratio(g, id, "ajv")),
      fmtX(ratio(g, id, "ajv-all")),
      fmtX(ratio(g, id, "handwritten")),
    ];
    if (kind === "invalid") {
      const e = errorsFound.get(id);
      line.push(e && e.length ? (e.reduce((a, b) => a + b, 0) / e.length).toFixed(2) : "–");
    }
    body.push(line);
  }
  return table(head, body);
}

const goals = benchGoals({ grids, toolformReady, nTools, cold, sizes, buildSpeed, coldBuild, coldBuildMissing, bundles, bundleMissing });

function gitRev(): string {
  try {
    const rev = execSync("git rev-parse --short HEAD", { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return rev;
  } catch {
    return "?";
  }
}

const cpus = os.cpus();
const allVersions = {
  ajv: pkgVersion("ajv"),
  "ajv-formats": pkgVersion("ajv-formats"),
  "@exodus/schemasafe": pkgVersion("@exodus/schemasafe"),
  "@cfworker/json-schema": pkgVersion("@cfworker/json-schema"),
  zod: pkgVersion("zod"),
  "@sinclair/typebox": pkgVersion("@sinclair/typebox"),
  esbuild: pkgVersion("esbuild"),
  ...versions,
};
const sortedNoise = noise.slice().sort((a, b) => a - b);
const medNoise = sortedNoise.length ? median(sortedNoise) : NaN;
const p90noise = sortedNoise[Math.floor(sortedNoise.length * 0.9)] ?? NaN;

const md: string[] = [];
md.push(`# Benchmarks`);
md.push("");
md.push(
  `Written by \`npm run bench\`${quick ? " --quick (tiny workload: not for reading)" : ""} on ${new Date().toISOString().slice(0, 10)}; toolform at commit ${gitRev()} (working tree).`,
);
md.push("");
md.push(`- Machine: ${cpus[0]?.model.trim() ?? "?"} × ${cpus.length} logical CPUs, ${os.type()} ${os.release()} ${os.arch()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`);
md.push(`- Node ${process.version}`);
md.push(`- Packages: ${Object.entries(allVersions).map(([k, v]) => `${k} ${v}`).join(", ")}`);
md.push("");
md.push(
  `Method: every (validator × tool × valid/invalid) case is a loop over that case's calls (4 valid or 4 invalid calls per tool), calibrated so one sample takes about ${sampleMs} ms. All cases run in the same process, warmed up, then timed in ${rounds} rounds, each round running every case once in a fresh shuffled order; a process reports each case's median over rounds. This is repeated in ${processes} fresh processes (different shuffles, different JIT luck), and the figure is the median over processes, in ns per call. Each case has its own loop function, so no call site is shared between validators, and every result goes to a sink. Ratios are of geomeans over the tools both rows cover, measured in this same run. Spread between processes ((max − min) / median of a case): median ${(medNoise * 100).toFixed(0)}%, p90 ${(p90noise * 100).toFixed(0)}%. Every validator was first checked to accept each valid call and refuse each invalid one${disagreements.length ? " — see the disagreements below" : " (all agree)"}. Absolute times are not comparable between runs on these shared 2-core machines; ratios within a run are.`,
);
md.push("");
md.push(`Workload (\`bench/workload/tools.ts\`): ${cases.map((c) => `\`${c.tool.name}\` (${c.shape})`).join(", ")}. Every invalid call carries three of the mistakes models make: a numeric string for an integer, an enum value in the wrong case, an unknown argument, a missing required field, a wrong format. The hand-written floor (\`bench/handwritten/\`) covers book_room and edit_file: every error, a message naming the field, the expectation, the received value and an example, nothing allocated on success.`);
md.push("");
if (unavailable.length) {
  md.push(`**Not measured:** ${unavailable.join("; ")}.`);
  md.push("");
}
md.push(`## Per call, valid arguments (ns/op, median)`);
md.push("");
md.push(nsTable("valid"));
md.push("");
md.push(`## Per call, invalid arguments, 3 mistakes each (ns/op, median)`);
md.push("");
md.push(nsTable("invalid"));
md.push("");
md.push(`"errors found / call": how many errors the validator reports for a call with three mistakes (ajv allErrors:false stops at the first).`);
md.push("");
if (firstMessages.size) {
  md.push(`### What each validator says first about book_room's invalid call #0`);
  md.push("");
  md.push("`" + JSON.stringify(bookRoom.invalid[0]!.args) + "`");
  md.push("");
  md.push(table(["validator", "first error"], [...firstMessages].map(([id, m]) => [labelOf.get(id)!, code(m)]), ["l", "l"]));
  md.push("");
}
md.push(`## Goals`);
md.push("");
md.push(table(["goal", "target", "measured", "status"], goals, ["l", "l", "l", "l"]));
md.push("");
md.push(`## Cold start (${nTools} generated tools, fresh \`node\` processes)`);
md.push("");
if (cold) {
  const comp = cold.find((r) => r.id === "ajv-compile");
  md.push(
    table(
      ["variant", "median wall (ms)", "over `node -e 0` (ms)", "÷ ajv compile (over start-up)", "runs"],
      cold.map((r) => [
        r.label + (r.failed ? ` — **failed**: ${r.failed}` : ""),
        fmtMs(r.medianMs),
        r.id === "node" ? "0" : fmtMs(r.overMs),
        r.id === "node" || !comp ? "" : fmtX(r.overMs / comp.overMs),
        r.runs,
      ]),
    ),
  );
  md.push("");
  md.push(`Each script reads the ${nTools} calls from a JSON file and validates one valid call of each tool (exiting 1 if one is refused); the variants run interleaved in shuffled order. ${workloadCheck}.`);
  if (artefactNote) md.push("", artefactNote + ".");
} else md.push("Skipped (--no-cold).");
md.push("");
md.push(`## Size (${nTools} generated tools)`);
md.push("");
if (sizes) {
  md.push(
    table(
      ["code", "files", "raw bytes", "gzip bytes", "raw / tool", "gzip / tool"],
      sizes.map((s) => [s.label, s.files, fmtB(s.raw), fmtB(s.gzip), fmtB(s.perToolRaw), fmtB(s.perToolGzip)]),
    ),
  );
  md.push("");
  md.push(`gzip is of all the files concatenated (level 9). ajv's standalone output \`require\`s ajv's runtime helpers and ajv-formats, and does not load as ESM without them; the bundle rows are that output with its dependencies inlined by esbuild.`);
  if (artefactNote) md.push("", artefactNote + ".");
} else md.push("Skipped (--no-size).");
md.push("");
md.push(`## Build speed (\`toolform build\`)`);
md.push("");
if (buildSpeed.status === "measured") {
  md.push(buildSpeed.markdown ?? "");
  md.push("");
  md.push(`Measured by bench/build.ts (emit js) through \`node bin/toolform.js\` in temp projects of generated JSON tools; ${buildSpeed.note}.`);
} else {
  md.push(`Not measured: ${buildSpeed.reason}. This section is filled by \`npm run bench\` (through bench/build.ts) once \`toolform build\` builds a project: cold and one-tool incremental builds at 10, 100 and 1,000 tools.`);
}
md.push("");
md.push(`## Cold build of 200 real tools (\`npm run bench:cold\`)`);
md.push("");
md.push(coldBuild ? coldBuildMarkdown(coldBuild) : `Not measured: ${coldBuildMissing}.`);
md.push("");
md.push("## One tool in a bundle (`npm run bench:bundle`)");
md.push("");
md.push(bundles ? bundleMarkdown(bundles) : `Not measured: ${bundleMissing}.`);
md.push("");
if (profiles.length) {
  md.push(`## Where toolform's time goes (\`node --cpu-prof\`, self time)`);
  md.push("");
  for (const p of profiles) {
    md.push(`### ${p.title}`);
    md.push("");
    if (typeof p.spots === "string") md.push(`Not profiled: ${p.spots}`);
    else md.push(table(["function", "where", "self time"], p.spots.map((h) => [code(h.fn.length > 70 ? h.fn.slice(0, 70) + "…" : h.fn), h.where, `${(h.self * 100).toFixed(1)}%`]), ["l", "l", "r"]));
    md.push("");
  }
}
if (disagreements.length) {
  md.push(`## Disagreements`);
  md.push("");
  for (const d of disagreements) md.push(`- ${d}`);
  md.push("");
}
if (!quick && !flag("--no-patterns")) {
  log("bench: worst-case patterns (bench/patterns.ts)");
  md.push(patternsSection());
  md.push("");
}
md.push(`## Notes`);
md.push("");
for (const n of notes) md.push(`- ${n}`);
md.push(`- zod: \`z.fromJSONSchema\` (zod ${pkgVersion("zod")}) converts each JSON Schema once at set-up; \`safeParse\` is what is timed.`);
md.push(`- ajv and ajv standalone use the draft 2020-12 class with \`strict: false\` and ajv-formats' "full" formats (the default of \`addFormats\`).`);
md.push(`- To profile a case: \`node --cpu-prof --import tsx bench/run.ts --filter toolform --processes 1 --no-cold --no-size --no-build\` (the worker process's .cpuprofile holds the timing).`);
md.push("");

// The analysis written by hand (why a goal is missed, what would close it) lives
// between these markers in the output file and survives a re-run.
const BEGIN = "<!-- analysis: kept across runs -->";
const END = "<!-- /analysis -->";
let analysis = `${BEGIN}\n## Analysis\n\n(Not written yet.)\n${END}`;
if (outFile && existsSync(outFile)) {
  const old = readFileSync(outFile, "utf8");
  const a = old.indexOf(BEGIN);
  const b = old.indexOf(END);
  if (a >= 0 && b > a) analysis = old.slice(a, b + END.length);
}
const goalsAt = md.indexOf("## Goals");
md.splice(goalsAt + 4, 0, analysis, "");
const text = md.join("\n");
process.stdout.write(text + "\n");
if (outFile) {
  writeFileSync(outFile, text);
  log(`bench: wrote ${outFile}`);
}
