// `npm run messages`: the message benchmark (issue 14.6). A fixed set of wrong calls,
// one kind of mistake at a time, made from real tools (test/corpus/) and the examples
// (examples/tools/), goes through toolform's generated validators and through ajv's
// errorsText; MESSAGES.md shows the texts side by side with the numbers regressions show
// in: example validity (every example a message gives, checked by ajv against its
// field: must be 100%), suggestion hit and wrong rates, feedback length.
// The cases are derived from the schemas by fixed rules, so the set changes only when
// the corpus or the rules do. test/bench/messages.test.ts runs the core on a subset.
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { generate } from "../src/pipeline/generate.js";
import { toolsFromJson } from "../src/sources/json.js";
import type { ToolDefinition } from "../src/sources/types.js";
import type { Tool, ValidationReport } from "../packages/runtime/src/rt/index.js";
import { pathKeys } from "../packages/runtime/src/rt/text.js";

import { casesOf, KINDS, toolNameCases, UNION_BOUNDS, UNION_SHAPES, unionBoundTools, unionShapeTools, type Case, type Kind } from "./messages-cases.js";
import { corpusFiles, fieldExamples, isPlaceholder } from "./example-scan.js";
import { callReport } from "../packages/runtime/src/rt/index.js";

export { KINDS, type Case, type Kind };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Corpus servers held out while messages v3 (issue 31) was tuned: their tools' examples and
 * messages were not looked at until the report below was made; MESSAGES.md gives their numbers apart.
 */
export const HELD_OUT = ["browserbase", "context7", "excel", "tavily", "brave-search", "postgres"];
const heldOut = (source: string) => HELD_OUT.some((h) => source.endsWith(`/${h}.json`));

export interface CaseResult extends Case {
  toolform: string;
  /** The same report's feedback in the "annotated" style. */
  annotated: string;
  ajv: string;
  examples: { path: string; example: string; valid: boolean }[];
  suggestion?: string | undefined;
  /** unknown_tool: the report's nearest, and the names it suggested ("Did you mean"). */
  nearest?: string[];
  suggested?: string[];
  /** union_shape: the example given is valid for the branch aimed at. */
  aimedHit?: boolean;
}

export interface Summary {
  cases: number;
  examples: number;
  examplesValid: number;
  /** Cases where the intended name is known (a suggestion can hit). */
  suggestible: number;
  hits: number;
  /** Of those, cases with no suggestion at all (a miss: the model gets the parameter list, not the name). */
  misses: number;
  /** Cases with a suggestion that is not the intended name (or any suggestion where none is right). */
  wrong: number;
  judged: number;
  toolformLength: { median: number; max: number };
  annotatedLength: { median: number; max: number };
  ajvLength: { median: number; max: number };
  /** Arguments named by a synonym of a declared one (from for source), and those where it was suggested. */
  synonyms: number;
  synonymHits: number;
  /** Examples in the messages that are placeholders ("example", ["example"]). */
  placeholders: number;
  /** union_bound cases whose message states the bound (at least / at most / greater / less / items / characters). */
  unionBound: number;
  unionBoundStated: number;
  /** union_shape cases whose message's example is valid for the branch the value was aimed at. */
  unionShape: number;
  unionShapeAimed: number;
  /** unknown_tool cases: the name meant suggested, or named in the listed tools; a suggestion that is not it (or any, where none is meant). */
  toolCases: number;
  toolLed: number;
  toolSuggested: number;
  toolWrong: number;
  toolNearestEmpty: number;
}

/** The sources of the full run: every corpus file and the example tools. */
export function allSources(): string[] {
  const corpus = (JSON.parse(readFileSync("test/corpus/sources.json", "utf8")) as { file: string }[] | { sources: { file: string }[] });
  const files = (Array.isArray(corpus) ? corpus : corpus.sources).map((s) => `test/corpus/${s.file}`);
  return [...files, "examples/tools/legal_draft_v3.json", "examples/tools/book_room.json", "examples/tools/edit_file.json", "examples/tools/tools.json", UNION_BOUNDS, UNION_SHAPES];
}

// ---------------------------------------------------------------- ajv, the reference

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;
const ajvs = { draft7: new Ajv({ strict: false, allErrors: true, logger: false }), draft2020: new Ajv2020({ strict: false, allErrors: true, logger: false }) };
addFormats(ajvs.draft7);
addFormats(ajvs.draft2020);

function ajvFor(schema: Obj): Ajv {
  const declared = String(schema.$schema ?? "");
  return /draft-0[467]/.test(declared) ? ajvs.draft7 : ajvs.draft2020;
}

function compile(schema: Obj): ValidateFunction | undefined {
  try {
    return ajvFor(schema).compile({ ...schema, $id: undefined });
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- tools

interface Loaded {
  source: string;
  def: ToolDefinition;
  tool: Tool;
  ajv: ValidateFunction;
}

/** The derived union_shape tools, made once (they need every corpus field's example): 24 pairs spread over all (test/messages/corpus-rules.test.ts judges every pair). */
let shapeTools: ReturnType<typeof unionShapeTools> | undefined;
const unionShapes = () => {
  if (shapeTools) return shapeTools;
  const all = unionShapeTools(fieldExamples(corpusFiles()));
  const step = Math.max(1, Math.floor(all.length / 24));
  return (shapeTools = all.filter((_, i) => i % step === 0).slice(0, 24));
};

async function loadSource(source: string): Promise<Loaded[]> {
  const raw = source === UNION_BOUNDS ? unionBoundTools(corpusFiles(), (f) => JSON.parse(readFileSync(f, "utf8"))) : source === UNION_SHAPES ? unionShapes() : JSON.parse(readFileSync(source, "utf8"));
  const { tools } = toolsFromJson(raw, source);
  const r = await generate({ tools, options: { lint: false, emit: "js" } });
  if (r.diagnostics.some((d) => d.severity === "error")) return [];
  const dir = mkdtempSync(join(tmpdir(), "toolform-messages-"));
  for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
  const mod = (await import(pathToFileURL(join(dir, "index.js")).href)) as { toolset: Record<string, Tool> };
  const out: Loaded[] = [];
  for (const def of tools) {
    const tool = mod.toolset[def.name];
    const ajv = isObj(def.inputSchema) ? compile(def.inputSchema) : undefined;
    if (tool && ajv) out.push({ source, def, tool, ajv });
  }
  return out;
}

/** A valid call: the required fields, each given the example toolform's "is required" message offers; undefined when none fits. */
function baseArgs(t: Loaded): Obj | undefined {
  const r = t.tool.validate({});
  const base: Obj = {};
  for (const e of r.errors) {
    if (e.bucket !== "missing_required" || e.example === undefined || e.path.includes(".") || e.path.includes("[")) return undefined;
    base[e.path] = JSON.parse(e.example);
  }
  return t.tool.is(base) && t.ajv(base) ? base : undefined;
}

// ---------------------------------------------------------------- running and judging

/** `args` with the value at `path` replaced (objects made on the way). */
function setAt(args: Obj, path: string, value: unknown): Obj {
  const copy = structuredClone(args);
  const keys = pathKeys(path);
  let at: Obj | unknown[] = copy;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i] as string;
    const next = (at as Obj)[k];
    if (!isObj(next) && !Array.isArray(next)) (at as Obj)[k] = typeof keys[i + 1] === "number" ? [] : {};
    at = (at as Obj)[k] as Obj;
  }
  (at as Obj)[keys[keys.length - 1] as string] = value;
  return copy;
}

const pointer = (path: string) => pathKeys(path).map((k) => "/" + String(k).replace(/~/g, "~0").replace(/\//g, "~1")).join("");

/** The example fits its field: with it in place, ajv finds nothing wrong at the field or below it. */
function exampleValid(t: Loaded, args: Obj, path: string, example: string): boolean {
  const fixed = setAt(args, path, JSON.parse(example));
  if (t.ajv(fixed)) return true;
  const ptr = pointer(path);
  const parent = ptr.slice(0, ptr.lastIndexOf("/"));
  const key = String(pathKeys(path).at(-1));
  return !(t.ajv.errors ?? []).some(
    (e) => e.instancePath === ptr || e.instancePath.startsWith(ptr + "/") || (e.instancePath === parent && e.keyword === "required" && (e.params as { missingProperty?: string }).missingProperty === key),
  );
}

function run(t: Loaded, c: Case): CaseResult | undefined {
  const r: ValidationReport = t.tool.validate(c.args);
  if (r.ok) return undefined; // the rule made no mistake here (the schema accepts the value)
  const ajvOk = t.ajv(c.args);
  const ajvText = ajvOk ? "(no error: the call passes)" : ajvFor(t.def.inputSchema as Obj).errorsText(t.ajv.errors, { dataVar: "arguments" });
  const examples = r.errors.filter((e) => e.example !== undefined).map((e) => ({ path: e.path, example: e.example!, valid: exampleValid(t, c.args, e.path, e.example!) }));
  const at = r.errors.find((e) => e.path === c.path);
  const annotated = t.tool.validate(c.args, { feedbackStyle: "annotated" }).feedback;
  const aimed = c.aimed === undefined || at?.example === undefined ? undefined : (compile(c.aimed)?.(JSON.parse(at.example)) ?? false);
  return { ...c, toolform: r.feedback, annotated, ajv: ajvText, examples, suggestion: c.kind === "extra_args" ? r.errors.find((e) => e.suggestion !== undefined)?.suggestion : at?.suggestion, ...(aimed !== undefined ? { aimedHit: aimed } : {}) };
}

/** Runs the benchmark on `sources`, at most `perKind` cases a kind and one a kind per source (the first tools first). */
export async function runMessages(sources: readonly string[], perKind = 12): Promise<{ results: CaseResult[]; summary: Summary }> {
  const results: CaseResult[] = [];
  const count = new Map<Kind, number>();
  for (const source of sources) {
    const here = new Set<Kind>(); // one case a kind per source: the examples come from many servers
    const loaded = await loadSource(source);
    const toolset = Object.fromEntries(loaded.map((t) => [t.def.name, t.tool]));
    const names = loaded.map((t) => t.def.name);
    for (const t of loaded) {
      // Wrong tool names: one of each rule per source, from its first tools.
      for (const w of source.startsWith("derived:") ? [] : toolNameCases(t.def.name, source)) {
        const c: Case = { kind: "unknown_tool", source, tool: t.def.name, called: w.called, args: {}, path: "", intended: w.intended };
        if ((count.get("unknown_tool") ?? 0) >= perKind * 20 || names.includes(w.called) || results.some((r) => r.kind === "unknown_tool" && r.source === source && r.called === w.called)) continue;
        if (results.filter((r) => r.kind === "unknown_tool" && r.source === source).length >= 6) break;
        const r = callReport(toolset, names, { name: w.called, arguments: {} });
        const suggested = r.feedback.includes("Did you mean") ? r.nearest : [];
        results.push({ ...c, toolform: r.feedback, annotated: r.feedbackAs("annotated"), ajv: "(no tool)", examples: [], suggestion: suggested.length === 1 ? suggested[0] : suggested.length ? suggested.join(" | ") : undefined, nearest: r.nearest, suggested });
        count.set("unknown_tool", (count.get("unknown_tool") ?? 0) + 1);
      }
      if (source === UNION_SHAPES) {
        // One case a tool: its one field given the value aimed at the second branch.
        const d = unionShapes().find((x) => x.name === t.def.name)!;
        const key = Object.keys((t.def.inputSchema as { properties: Obj }).properties)[0]!;
        const r = run(t, { kind: "union_shape", source, tool: t.def.name, path: key, args: { [key]: d.value }, aimed: d.aimed });
        if (r) results.push(r);
        continue;
      }
      const base = baseArgs(t);
      if (!base) continue;
      for (const c of casesOf({ source, name: t.def.name, schema: t.def.inputSchema as Obj }, base)) {
        // The derived source gives only its own kind (union_bound), as many as there are.
        if (source === UNION_BOUNDS ? c.kind !== "union_bound" : (count.get(c.kind) ?? 0) >= perKind || here.has(c.kind)) continue;
        const r = run(t, c);
        if (!r) continue;
        results.push(r);
        here.add(c.kind);
        count.set(c.kind, (count.get(c.kind) ?? 0) + 1);
      }
    }
  }
  return { results, summary: summarize(results) };
}

function stats(xs: number[]): { median: number; max: number } {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s.length ? s[Math.floor((s.length - 1) / 2)]! : 0, max: s.length ? s[s.length - 1]! : 0 };
}

export function summarize(all: readonly CaseResult[]): Summary {
  const results = all.filter((r) => r.kind !== "unknown_tool");
  const tools = all.filter((r) => r.kind === "unknown_tool");
  const judged = results.filter((r) => r.intended !== undefined);
  const examples = results.flatMap((r) => r.examples);
  const bound = results.filter((r) => r.kind === "union_bound");
  return {
    placeholders: examples.filter((e) => isPlaceholder(e.example)).length,
    unionBound: bound.length,
    unionBoundStated: bound.filter((r) => /must (be at least|be at most|be greater than|be less than|have at least|have at most)/.test(r.toolform)).length,
    unionShape: results.filter((r) => r.kind === "union_shape").length,
    unionShapeAimed: results.filter((r) => r.kind === "union_shape" && r.aimedHit === true).length,
    toolCases: tools.length,
    toolLed: tools.filter((r) => r.intended === null ? (r.nearest?.length ?? 0) > 0 : (r.suggested ?? []).includes(r.intended!) || r.toolform.includes(JSON.stringify(r.intended)) || r.toolform.includes(` ${r.intended},`) || r.toolform.includes(` ${r.intended}.`)).length,
    toolSuggested: tools.filter((r) => typeof r.intended === "string" && (r.suggested ?? []).includes(r.intended)).length,
    toolWrong: tools.filter((r) => (r.suggested ?? []).length > 0 && !(r.suggested ?? []).includes(r.intended ?? "")).length,
    toolNearestEmpty: tools.filter((r) => (r.nearest?.length ?? 0) === 0).length,
    annotatedLength: stats(results.map((r) => r.annotated.length)),
    cases: results.length,
    examples: examples.length,
    examplesValid: examples.filter((e) => e.valid).length,
    synonyms: results.filter((r) => r.kind === "synonym").length,
    synonymHits: results.filter((r) => r.kind === "synonym" && r.suggestion === r.intended).length,
    suggestible: judged.filter((r) => typeof r.intended === "string").length,
    hits: judged.filter((r) => typeof r.intended === "string" && r.suggestion === r.intended).length,
    misses: judged.filter((r) => typeof r.intended === "string" && r.suggestion === undefined).length,
    wrong: judged.filter((r) => r.suggestion !== undefined && r.suggestion !== r.intended).length,
    judged: judged.length,
    toolformLength: stats(results.map((r) => r.toolform.length)),
    ajvLength: stats(results.map((r) => r.ajv.length)),
  };
}

// ---------------------------------------------------------------- MESSAGES.md

const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, "<br>");
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

/** The measures of one set of results, as table rows. */
function measureRows(s: Summary): [string, string][] {
  return [
    [`wrong calls (arguments) / wrong tool names`, `${s.cases} / ${s.toolCases}`],
    [`toolform's examples valid for their field (ajv)`, `${s.examplesValid} of ${s.examples} (${pct(s.examplesValid, s.examples)})`],
    [`placeholder examples ("example", ["example"]) in the messages`, `${s.placeholders} of ${s.examples} (${pct(s.placeholders, s.examples)})`],
    [`suggestions where the intended name is known (near spellings and synonyms): hit / miss (none) / wrong`, `${s.hits} / ${s.misses} / ${s.suggestible - s.hits - s.misses} of ${s.suggestible} (${pct(s.hits, s.suggestible)} hit)`],
    [`meaning variants (a synonym of a declared name) suggested`, `${s.synonymHits} of ${s.synonyms} (${pct(s.synonymHits, s.synonyms)})`],
    [`wrong suggestions`, `${s.wrong} of ${s.judged} (${pct(s.wrong, s.judged)})`],
    [`unions whose closest branch breaks a bound: the bound stated`, `${s.unionBoundStated} of ${s.unionBound} (${pct(s.unionBoundStated, s.unionBound)})`],
    [`unions over real string rules, a value aimed at one branch: the example from that branch`, `${s.unionShapeAimed} of ${s.unionShape} (${pct(s.unionShapeAimed, s.unionShape)})`],
    [`wrong tool names: the meant tool suggested or listed (unrelated names: tools listed)`, `${s.toolLed} of ${s.toolCases} (${pct(s.toolLed, s.toolCases)})`],
    [`wrong tool names: the meant tool suggested`, `${s.toolSuggested} of ${s.toolCases}`],
    [`wrong tool names: a wrong suggestion / an empty \`nearest\``, `${s.toolWrong} / ${s.toolNearestEmpty}`],
    [`feedback length, toolform ("lines", the default): median / max`, `${s.toolformLength.median} / ${s.toolformLength.max}`],
    [`feedback length, toolform ("annotated"): median / max`, `${s.annotatedLength.median} / ${s.annotatedLength.max}`],
    [`feedback length, ajv errorsText: median / max`, `${s.ajvLength.median} / ${s.ajvLength.max}`],
  ];
}

export function markdown(results: readonly CaseResult[], s: Summary, shown = 3, corpus?: { fields: number; placeholders: number }): string {
  const held = results.filter((r) => heldOut(r.source));
  const lines = [
    "# Messages",
    "",
    "Generated by `npm run messages` (bench/messages.ts); do not edit. Wrong calls, one kind of",
    "mistake each, made by fixed rules (bench/messages-cases.ts) from the tools in test/corpus/ and",
    "examples/tools/ (and, for union_bound and union_shape, unions made of real fields' rules: a",
    "bounded field with a string, two real string rules of another shape), through toolform's",
    "generated validators (the report's `feedback`, in the default \"lines\" style and in the",
    '"annotated" style) and ajv\'s `errorsText` (allErrors).',
    "",
    "| measure | all | held-out servers |",
    "| --- | --- | --- |",
  ];
  const h = summarize(held);
  const all = measureRows(s), ho = measureRows(h);
  for (let i = 0; i < all.length; i++) lines.push(`| ${all[i]![0]} | ${all[i]![1]} | ${ho[i]![1]} |`);
  lines.push("");
  lines.push(`Held-out servers (not used to tune issue 31's rules: their numbers are the test on tools the rules were not fitted to): ${HELD_OUT.join(", ")}.`);
  if (corpus) lines.push(`Over every named field of the corpus (bench/example-scan.ts): ${corpus.placeholders} placeholder examples of ${corpus.fields} (${pct(corpus.placeholders, corpus.fields)}).`);
  lines.push("", "Per kind: cases, then a few side by side (the annotated style: the arguments as sent, marked, then the same lines).", "");
  for (const kind of KINDS) {
    const rs = results.filter((r) => r.kind === kind);
    if (!rs.length) continue;
    const k = summarize(rs);
    const len = kind === "unknown_tool" ? stats(rs.map((r) => r.toolform.length)).median : k.toolformLength.median;
    lines.push(`## ${kind}`, "", `${rs.length} calls; toolform's feedback median ${len} characters${kind === "unknown_tool" ? "" : ` (annotated ${k.annotatedLength.median}), ajv's ${k.ajvLength.median}`}.`, "");
    if (kind === "unknown_tool") {
      lines.push("| called | meant | toolform |", "| --- | --- | --- |");
      for (const r of rs.filter((_, i) => i % Math.max(1, Math.floor(rs.length / (shown * 3))) === 0).slice(0, shown * 3)) lines.push(`| \`${r.called}\` (${r.source.replace(/^.*\//, "")}) | ${r.intended ?? "(none)"} | ${cell(r.toolform)} |`);
      lines.push("");
      continue;
    }
    lines.push("| call | toolform | toolform, annotated | ajv errorsText |", "| --- | --- | --- | --- |");
    for (const r of rs.slice(0, shown)) {
      const call = `${r.tool} (${r.source.replace(/^.*\//, "")})<br>\`${clip(JSON.stringify(r.args), 120).replace(/\|/g, "\\|")}\``;
      const body = (t: string) => cell(t.split("\n").slice(1).join("\n") || t);
      const marked = r.annotated.split("\n").slice(1).map((l) => l.replace(/^ +/, (m) => "&nbsp;".repeat(m.length))).join("\n");
      lines.push(`| ${call} | ${body(r.toolform)} | ${cell(marked)} | ${cell(r.ajv)} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { results, summary } = await runMessages(allSources());
  const fields = fieldExamples(corpusFiles()).filter((f) => f.example !== undefined);
  writeFileSync("MESSAGES.md", markdown(results, summary, 3, { fields: fields.length, placeholders: fields.filter((f) => isPlaceholder(f.example!)).length }));
  console.log(JSON.stringify(summary, null, 1));
  if (summary.examplesValid !== summary.examples || summary.wrong !== 0 || summary.toolWrong !== 0) process.exitCode = 1;
}
