// What a tool costs in a browser bundle (issue 33): esbuild (bundle, minify, format esm,
// platform browser) of `import { <oneTool> } from "./generated/index.js"` and of the whole
// toolset, against ajv's standalone code for the same schema(s) bundled the same way.
// Two tool sets: the example tools (generated/, as `npm run generate` writes it) and real
// corpus tools (test/corpus/, built by `toolform build` in a temp project, emit js).
//
//   node --import tsx bench/bundle.ts [--corpus 30] [--profile]
//
// --profile: also prints, per input file, the bytes the largest one-tool bundle keeps (esbuild's
// metafile), and for the largest and the median one-tool bundle of each set, the bytes by runtime
// module (bench/bundle-profile.ts).
// Prints a markdown section; `npm run bench` puts it into BENCHMARKS.md.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { corpusSelection, median, writeCorpusProject } from "./coldbuild.js";
import { runtimeShares, type ModuleShare } from "./bundle-profile.js";
import { goalStatus } from "./report.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/** The goal: a one-tool bundle of at most this many bytes, minified (issue 33). */
export const ONE_TOOL_GOAL = 15_000;

interface Size {
  raw: number;
  gzip: number;
  /** Bytes of the output each input file accounts for (esbuild's metafile). */
  inputs: Record<string, number>;
}

/** esbuild's bundle of `code` (an entry module written in `dir`): minified, esm, browser. */
async function bundle(dir: string, name: string, code: string): Promise<Size> {
  const entry = join(dir, name);
  writeFileSync(entry, code);
  const r = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "browser", write: false, metafile: true, logLevel: "silent", nodePaths: [join(repo, "node_modules")] });
  const out = r.outputFiles[0]!.contents;
  const inputs: Record<string, number> = {};
  for (const o of Object.values(r.metafile.outputs)) for (const [k, v] of Object.entries(o.inputs)) inputs[relative(repo, join(process.cwd(), k))] = v.bytesInOutput;
  return { raw: out.length, gzip: gzipSync(out).length, inputs };
}

/**
 * ajv's standalone code (allErrors, ajv-formats, strict off; the class of the schema's own
 * $schema, as bench/coldbuild.ts picks it) for the schemas, one export each, as an ES module.
 */
function ajvStandalone(schemas: Record<string, unknown>): string {
  const Ajv07 = require("ajv").default;
  const Ajv2019 = require("ajv/dist/2019.js").default;
  const Ajv2020 = require("ajv/dist/2020.js").default;
  const addFormats = require("ajv-formats").default;
  const standaloneCode = require("ajv/dist/standalone/index.js").default;
  // One ajv per dialect would need one module each; the sets here are one dialect or the
  // default, so one class: the first schema's.
  const first = Object.values(schemas)[0] as { $schema?: string } | undefined;
  const s = typeof first?.$schema === "string" ? first.$schema : "";
  const Cls = /draft-07|draft-06|draft-04/.test(s) ? Ajv07 : /2019-09/.test(s) ? Ajv2019 : Ajv2020;
  const ajv = new Cls({ allErrors: true, strict: false, logger: false, code: { source: true, esm: true } });
  addFormats(ajv);
  const refs: Record<string, string> = {};
  for (const [k, schema] of Object.entries(schemas)) {
    const { $schema: _, ...rest } = schema as Record<string, unknown>;
    ajv.addSchema(rest, "tool:" + k);
    refs[k] = "tool:" + k;
  }
  return standaloneCode(ajv, refs);
}

export interface SetResult {
  title: string;
  /** One-tool bundles, per tool. */
  one: { tool: string; toolform: Size; ajv: Size }[];
  all: { toolform: Size; ajv: Size };
  /** With --profile: the median and the largest one-tool bundle by runtime module. */
  shares?: { tool: string; raw: number; modules: ModuleShare[] }[];
}

/** Bundles of the tools of a generated index (`index` without extension resolution: its path), and ajv's for their schemas. */
async function measureSet(title: string, index: string, tools: Record<string, unknown>, work: string, profile = false): Promise<SetResult> {
  const spec = JSON.stringify(pathToFileURL(index).pathname);
  const names = Object.keys(tools);
  const one: SetResult["one"] = [];
  const ajvFile = join(work, "ajv-all.mjs");
  writeFileSync(ajvFile, ajvStandalone(tools));
  for (const t of names) {
    const tf = await bundle(work, "entry-tf.mjs", `export { ${t} } from ${spec};\n`);
    writeFileSync(join(work, "ajv-one.mjs"), ajvStandalone({ [t]: tools[t] }));
    const aj = await bundle(work, "entry-ajv.mjs", `export { ${t} } from "./ajv-one.mjs";\n`);
    one.push({ tool: t, toolform: tf, ajv: aj });
  }
  const all = {
    toolform: await bundle(work, "entry-tf.mjs", `export * from ${spec};\n`),
    ajv: await bundle(work, "entry-ajv.mjs", `export * from "./ajv-all.mjs";\n`),
  };
  if (!profile) return { title, one, all };
  const bySize = [...one].sort((a, b) => a.toolform.raw - b.toolform.raw);
  const shares: NonNullable<SetResult["shares"]> = [];
  for (const o of new Set([bySize[Math.floor((bySize.length - 1) / 2)]!, bySize[bySize.length - 1]!])) {
    writeFileSync(join(work, "entry-profile.mjs"), `export { ${o.tool} } from ${spec};\n`);
    shares.push({ tool: o.tool, raw: o.toolform.raw, modules: await runtimeShares(repo, join(work, "entry-profile.mjs"), o.toolform.raw) });
  }
  return { title, one, all, shares };
}

/** Each tool's input schema, by the name the generated index exports the tool under. */
async function schemasByExport(index: string): Promise<Record<string, unknown>> {
  const mod = (await import(pathToFileURL(index).href)) as Record<string, unknown> & { toolset: Record<string, { inputSchema: unknown }> };
  const out: Record<string, unknown> = {};
  for (const t of Object.values(mod.toolset)) {
    const name = Object.keys(mod).find((k) => mod[k] === t);
    if (name) out[name] = t.inputSchema;
  }
  return out;
}

/** The example tools (generated/) and `corpus` real tools built with toolform (emit js). */
export async function runBundle(opts: { corpus?: number; profile?: boolean; log?: (s: string) => void } = {}): Promise<SetResult[]> {
  const log = opts.log ?? ((s: string) => process.stderr.write(s + "\n"));
  const work = mkdtempSync(join(tmpdir(), "toolform-bench-bundle-"));
  try {
    const results: SetResult[] = [];
    log("bundle: the example tools (generated/)");
    const exTools = await schemasByExport(join(repo, "generated", "index.ts"));
    results.push(await measureSet(`the ${Object.keys(exTools).length} example tools (generated/)`, join(repo, "generated", "index.ts"), exTools, work, opts.profile));
    const n = opts.corpus ?? 30;
    if (n > 0) {
      log(`bundle: ${n} corpus tools, built by toolform build (emit js)`);
      const proj = join(work, "corpus");
      writeCorpusProject(proj, corpusSelection(n).tools, "js");
      const r = spawnSync(process.execPath, [join(repo, "bin", "toolform.js"), "build", "--no-cache"], { cwd: proj, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" } });
      if (r.status !== 0) throw new Error(`toolform build failed on the corpus tools (exit ${r.status}): ${(r.stderr || r.stdout).slice(0, 2000)}`);
      const gen = join(proj, "generated", "index.js");
      const tools = await schemasByExport(gen);
      results.push(await measureSet(`${n} real corpus tools (toolform build, emit js)`, gen, tools, work, opts.profile));
      // The same tools built to take unknown keys where the schema does and with no normaliser:
      // what a tool costs without the name matcher (unknown-key refusals) and the normaliser.
      log(`bundle: the same ${n} corpus tools, unknownArgs "schema", normalizer false`);
      const lean = join(work, "corpus-lean");
      writeCorpusProject(lean, corpusSelection(n).tools, "js");
      writeFileSync(join(lean, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: "js", unknownArgs: "schema", normalizer: false };\n`);
      const rl = spawnSync(process.execPath, [join(repo, "bin", "toolform.js"), "build", "--no-cache"], { cwd: lean, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" } });
      if (rl.status !== 0) throw new Error(`toolform build failed on the corpus tools (unknownArgs "schema", exit ${rl.status}): ${(rl.stderr || rl.stdout).slice(0, 2000)}`);
      const genLean = join(lean, "generated", "index.js");
      results.push(await measureSet(`${n} real corpus tools (unknownArgs "schema", normalizer false)`, genLean, await schemasByExport(genLean), work, opts.profile));
    }
    return results;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`;
const row = (label: string, tf: Size, aj: Size) => `| ${label} | ${kB(tf.raw)} | ${kB(tf.gzip)} | ${kB(aj.raw)} | ${kB(aj.gzip)} | ${(tf.raw / aj.raw).toFixed(2)}× |`;

/** The largest one-tool bundle over every set. */
function largestOne(rs: SetResult[]): { set: string; tool: string; size: Size } | undefined {
  let best: { set: string; tool: string; size: Size } | undefined;
  for (const r of rs) for (const o of r.one) if (!best || o.toolform.raw > best.size.raw) best = { set: r.title, tool: o.tool, size: o.toolform };
  return best;
}

/** The markdown section (without its heading). */
export function bundleMarkdown(rs: SetResult[]): string {
  const md = ["| bundle (esbuild: bundle, minify, esm, browser) | toolform raw | toolform gzip | ajv standalone raw | ajv standalone gzip | toolform ÷ ajv (raw) |", "| --- | ---: | ---: | ---: | ---: | ---: |"];
  for (const r of rs) {
    const med = (f: (o: SetResult["one"][number]) => number) => median(r.one.map(f));
    if (r.one.length <= 10) for (const o of r.one) md.push(row(`${r.title}: \`${o.tool}\` alone`, o.toolform, o.ajv));
    else {
      const m = (k: "toolform" | "ajv"): Size => ({ raw: med((o) => o[k].raw), gzip: med((o) => o[k].gzip), inputs: {} });
      md.push(row(`${r.title}: one tool alone, median of ${r.one.length}`, m("toolform"), m("ajv")));
      const big = r.one.reduce((a, b) => (b.toolform.raw > a.toolform.raw ? b : a));
      md.push(row(`${r.title}: one tool alone, the largest (\`${big.tool}\`)`, big.toolform, big.ajv));
    }
    md.push(row(`${r.title}: all of them`, r.all.toolform, r.all.ajv));
  }
  const big = largestOne(rs);
  if (big) {
    const rt = Object.entries(big.size.inputs).filter(([k]) => /_runtime\./.test(k)).reduce((a, [, v]) => a + v, 0);
    md.push("");
    md.push(
      `The largest one-tool bundle (\`${big.tool}\`, ${kB(big.size.raw)}) holds ${kB(rt)} of runtime (esbuild's metafile). ` +
        "ajv's side: its standalone code for the same schema(s) (allErrors, ajv-formats, strict off), with the ajv and ajv-formats modules it requires, bundled the same way; it returns ajv's error objects, with no messages, no normaliser and no types. Sizes in kB of 1,000 bytes; gzip at the default level.",
    );
  }
  return md.join("\n");
}

/** The goals table's row (bench/run.ts): the largest one-tool bundle, minified, ≤ 15 kB. */
export function bundleGoal(rs: SetResult[] | undefined, missing: string): [string, string, string, string] {
  const big = rs && largestOne(rs);
  return [
    "one tool in a browser bundle: esbuild minified, the largest of the example and corpus tools",
    `≤ ${kB(ONE_TOOL_GOAL)}`,
    big ? `${kB(big.size.raw)} (\`${big.tool}\`; gzip ${kB(big.size.gzip)})` : "–",
    big ? goalStatus(big.size.raw, ONE_TOOL_GOAL) : `n/a: ${missing}`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { corpus: { type: "string" }, profile: { type: "boolean" } } });
  const rs = await runBundle({ corpus: values.corpus ? Number(values.corpus) : 30, profile: values.profile });
  console.log(`## One tool in a bundle\n\n${bundleMarkdown(rs)}`);
  if (values.profile) {
    const big = largestOne(rs)!;
    console.log(`\nInputs of the \`${big.tool}\` bundle (bytes in output):`);
    for (const [k, v] of Object.entries(big.size.inputs).sort((a, b) => b[1] - a[1])) console.log(`  ${v}\t${k}`);
    for (const r of rs) {
      for (const sh of r.shares ?? []) {
        console.log(`\n${r.title}: \`${sh.tool}\` (${kB(sh.raw)}) by runtime module (bytes of the minified bundle, estimated):`);
        for (const m of sh.modules) console.log(`  ${m.bytes}\t${m.module}\t${m.names.slice(0, 8).join(" ")}${m.names.length > 8 ? " …" : ""}`);
      }
    }
  }
}
