// Snapshot of every report the generated validators give on a broad set of wrong calls:
// the corpus, the examples, the bench workload, 200 generated tools, each with mutated
// calls. For changes to the error path that must not change a word: take a snapshot
// before, one after, and compare.
//
//   node --import tsx bench/snapshot.ts write before.json
//   node --import tsx bench/snapshot.ts write after.json
//   node --import tsx bench/snapshot.ts compare before.json after.json
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generate } from "../src/pipeline/generate.js";
import { toolsFromJson } from "../src/sources/json.js";
import { allSources } from "./messages.js";
import { benchCases } from "./workload/tools.js";
import { generateTools } from "./workload/generate.js";

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

interface Group {
  label: string;
  tools: any[];
  calls?: Map<string, unknown[]>;
  options?: Obj;
}

function groups(): Group[] {
  const out: Group[] = [];
  for (const s of allSources().filter((x) => !x.startsWith("derived:"))) out.push({ label: s, tools: toolsFromJson(JSON.parse(readFileSync(s, "utf8")), s).tools });
  const bc = new Map<string, unknown[]>();
  for (const c of benchCases) bc.set(c.tool.name, [...c.valid, ...c.invalid.map((x) => x.args)]);
  const bench = benchCases.map((c, i) => ({ ...c.tool, origin: { file: "bench", pointer: "/" + i } }));
  out.push({ label: "bench", tools: bench, calls: bc });
  out.push({ label: "bench normalized", tools: bench, calls: bc, options: { coerce: "normalized" } });
  const gen = generateTools(200);
  const gc = new Map<string, unknown[]>();
  for (const g of gen) gc.set(g.tool.name, [g.valid, g.invalid]);
  out.push({ label: "generated", tools: gen.map((g, i) => ({ ...g.tool, origin: { file: "gen", pointer: "/" + i } })), calls: gc });
  return out;
}

const WRONG = [null, "X", "Wrong Value", 5, 1.5, -3, true, [], [null, "x", {}], {}, { zz_unknown: 1 }, "2025-13-45", 'a"b\n', "60", "http//x", "not-an-email"];

/** Calls with one or more wrong members, unknown and near-miss keys, wrong-case enum values. */
function mutate(schema: Obj): unknown[] {
  const out: unknown[] = [{}, null, "str", [], 7];
  const props = isObj(schema.properties) ? Object.entries(schema.properties) : [];
  for (const [k, ps] of props) {
    for (const w of WRONG) out.push({ [k]: w });
    if (isObj(ps) && Array.isArray(ps.enum)) for (const e of ps.enum) if (typeof e === "string") out.push({ [k]: e.toUpperCase() }, { [k]: e + "s" }, { [k]: e.slice(1) });
    if (isObj(ps) && isObj(ps.items)) {
      out.push({ [k]: [{ zz: 1 }, 3, "x", null] });
      const ip = isObj(ps.items.properties) ? Object.keys(ps.items.properties) : [];
      if (ip.length) out.push({ [k]: [Object.fromEntries(ip.map((n, i) => [n, WRONG[(i + 3) % WRONG.length]])), { [ip[0]! + "x"]: 1, zz: 2 }] });
    }
    if (isObj(ps) && isObj(ps.properties)) {
      const ip = Object.keys(ps.properties);
      out.push({ [k]: Object.fromEntries(ip.map((n, i) => [n, WRONG[(i + 5) % WRONG.length]])) }, { [k]: { [ip[0] + "_"]: 1 }, zz: 1 });
    }
    out.push({ [k.toUpperCase()]: 1 }, { [k + "s"]: 1, [k.slice(0, -1)]: 2, zzz_unrelated: 3, [k.replace(/_/g, "")]: 4 });
  }
  if (props.length > 1) {
    out.push(Object.fromEntries(props.map(([k], i) => [k, WRONG[i % WRONG.length]])));
    out.push({ zz_first: 1, ...Object.fromEntries(props.map(([k], i) => [k, WRONG[(i + 7) % WRONG.length]])) });
  }
  return out;
}

async function write(file: string): Promise<void> {
  const snap: Obj = {};
  for (const g of groups()) {
    const build = (tools: any[]) => generate({ tools, options: { lint: false, emit: "js", ...g.options } as any });
    let r = await build(g.tools);
    // Tools that do not build (the corpus keeps some the compiler refuses, failing closed) are left out, by name,
    // and the names go into the snapshot: a tool that stops building shows in the comparison.
    const refused = new Set(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.tool));
    if (refused.size > 0) {
      if (refused.has(undefined)) throw new Error(`snapshot: the group ${g.label} does not build: ${r.diagnostics.find((d) => d.severity === "error" && d.tool === undefined)!.message}`);
      snap[`${g.label} (refused at build)`] = [...refused].sort();
      r = await build(g.tools.filter((t) => !refused.has(t.name)));
      const still = r.diagnostics.find((d) => d.severity === "error");
      if (still) throw new Error(`snapshot: the group ${g.label} does not build without its refused tools: ${still.message}`);
    }
    const dir = mkdtempSync(join(tmpdir(), "toolform-snapshot-"));
    for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
    writeFileSync(join(dir, "package.json"), '{"type":"module"}');
    const mod = await import(pathToFileURL(join(dir, "index.js")).href);
    for (const def of g.tools) {
      const tool = mod.toolset[def.name];
      if (!tool) continue;
      const calls = [...(g.calls?.get(def.name) ?? []), ...mutate(isObj(def.inputSchema) ? def.inputSchema : {})];
      snap[g.label + " " + def.name] = calls.map((c, at) => {
        const rep = tool.validate(c);
        // feedback read first on half the calls, last on the others: the lazy parts must not depend on the order read
        const fb1 = at % 2 ? rep.feedback : undefined;
        const errors = rep.errors.map((e: Obj) => ({ ...e }));
        const dict = rep.toDict();
        // the annotated style (issue 31) on every fourth call: the arguments as sent, marked, then the lines
        const annotated = at % 4 === 1 && !rep.ok ? tool.validate(c, { feedbackStyle: "annotated" }).feedback : undefined;
        return { errors, dict, json: JSON.stringify(rep), feedback: fb1 ?? rep.feedback, tool: rep.tool, nearest: rep.nearest, value: rep.value, repairs: rep.repairs, std: tool["~standard"].validate(c), ...(annotated !== undefined ? { annotated } : {}) };
      });
    }
    if (mod.validateCall) {
      const t0 = g.tools[0].name;
      const words = t0.split(/[_-]/);
      // wrong tool names of each shape (issue 31.7): a prefix, a suffix, a verb swapped, a namespace added
      const shapes = [words.slice(0, -1).join("_"), words.slice(1).join("_"), ["fetch", ...words.slice(1)].join("_"), "server_" + t0].filter((n) => n.length > 2 && !g.tools.some((t) => t.name === n)).map((name) => ({ name }));
      const calls = [{ name: "nope" }, { name: t0.toUpperCase(), arguments: {} }, { name: t0 + "x" }, null, { name: 5 }, { name: t0, arguments: { zz: 1 } }, ...shapes];
      snap[g.label + " <calls>"] = calls.map((c) => {
        const rep = mod.validateCall(c);
        return { dict: rep.toDict(), feedback: rep.feedback, nearest: rep.nearest, errors: rep.errors };
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(file, JSON.stringify(snap, null, 1));
  const n = Object.values(snap).reduce((a: number, v: any) => a + v.length, 0);
  console.log(`${Object.keys(snap).length} tools, ${n} reports → ${file}`);
}

function compare(a: string, b: string): void {
  const x = JSON.parse(readFileSync(a, "utf8")) as Obj;
  const y = JSON.parse(readFileSync(b, "utf8")) as Obj;
  let diffs = 0;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    const ra = x[k] ?? [], rb = y[k] ?? [];
    if (ra.length !== rb.length) {
      diffs++;
      console.log(`${k}: ${ra.length} reports vs ${rb.length}`);
      continue;
    }
    for (let i = 0; i < ra.length; i++) {
      const sa = JSON.stringify(ra[i]), sb = JSON.stringify(rb[i]);
      if (sa === sb) continue;
      if (++diffs <= 5) console.log(`${k} #${i}\n  before: ${sa.slice(0, 800)}\n  after:  ${sb.slice(0, 800)}`);
    }
  }
  console.log(diffs === 0 ? "identical" : `${diffs} reports differ`);
  if (diffs) process.exitCode = 1;
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === "write" && args[0]) await write(args[0]);
else if (cmd === "compare" && args[0] && args[1]) compare(args[0], args[1]);
else {
  console.error("usage: bench/snapshot.ts write OUT.json | compare A.json B.json");
  process.exitCode = 2;
}
