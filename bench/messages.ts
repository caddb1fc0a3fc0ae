// `npm run messages`: the message benchmark (issue 14.6). A fixed set of wrong calls,
// one kind of mistake at a time, made from real tools (test/corpus/) and the examples
// (examples/tools/), goes through toolform's generated validators and through ajv's
// errorsText; MESSAGES.md shows the texts side by side with the numbers regressions show
// in: example validity (every example a message gives, checked by ajv against its
// field: must be 100%), suggestion hit and wrong rates, feedback length.
// The cases are derived from the schemas by fixed rules, so the set changes only when
// the corpus or the rules do. test/messages-bench.test.ts runs the core on a subset.
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
import { pathKeys, type Tool, type ValidationReport } from "../packages/runtime/src/rt/index.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const KINDS = ["wrong_type", "enum_case", "unknown_near", "missing_required", "pattern", "format", "union", "null_optional", "extra_args"] as const;
export type Kind = (typeof KINDS)[number];

export interface Case {
  kind: Kind;
  source: string;
  tool: string;
  args: Obj;
  /** Where the mistake is ("" for the object itself). */
  path: string;
  /** The name or value meant, when known: a suggestion must be it. null: no suggestion is right. */
  intended?: string | null;
}

export interface CaseResult extends Case {
  toolform: string;
  ajv: string;
  examples: { path: string; example: string; valid: boolean }[];
  suggestion?: string | undefined;
}

export interface Summary {
  cases: number;
  examples: number;
  examplesValid: number;
  /** Cases where the intended name is known (a suggestion can hit). */
  suggestible: number;
  hits: number;
  /** Cases with a suggestion that is not the intended name (or any suggestion where none is right). */
  wrong: number;
  judged: number;
  toolformLength: { median: number; max: number };
  ajvLength: { median: number; max: number };
}

/** The sources of the full run: every corpus file and the example tools. */
export function allSources(): string[] {
  const corpus = (JSON.parse(readFileSync("test/corpus/sources.json", "utf8")) as { file: string }[] | { sources: { file: string }[] });
  const files = (Array.isArray(corpus) ? corpus : corpus.sources).map((s) => `test/corpus/${s.file}`);
  return [...files, "examples/tools/legal_draft_v3.json", "examples/tools/book_room.json", "examples/tools/edit_file.json", "examples/tools/tools.json"];
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

async function loadSource(source: string): Promise<Loaded[]> {
  const { tools } = toolsFromJson(JSON.parse(readFileSync(source, "utf8")), source);
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

// ---------------------------------------------------------------- the wrong calls

const WRONG_FORMAT: Record<string, string> = { "date-time": "yesterday at noon", date: "31/01/2026", time: "9am", uri: "example dot com", url: "example dot com", email: "bob at example", uuid: "1234", ipv4: "300.1.1", hostname: "-bad-", "uri-reference": "\\\\bad" };

/** A near spelling of a parameter name, the way models miss them: case style swapped, a letter dropped. */
function nearName(k: string): string | undefined {
  if (k.length < 4) return undefined;
  if (k.includes("_")) return k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  if (/[a-z][A-Z]/.test(k)) return k.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a}_${b.toLowerCase()}`);
  return k.slice(0, -2) + k.slice(-1);
}

function typesOf(s: Obj): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
}

/** The wrong calls one tool yields, at most one per kind. */
function casesOf(t: Loaded, base: Obj): Case[] {
  const schema = t.def.inputSchema as Obj;
  const props = isObj(schema.properties) ? Object.entries(schema.properties).filter((e): e is [string, Obj] => isObj(e[1])) : [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Case[] = [];
  const mk = (kind: Kind, path: string, args: Obj, intended?: string | null) => {
    if (!out.some((c) => c.kind === kind)) out.push({ kind, source: t.source, tool: t.def.name, path, args, ...(intended !== undefined ? { intended } : {}) });
  };
  const withField = (k: string, v: unknown): Obj => ({ ...base, [k]: v });
  for (const [k, s] of props) {
    const types = typesOf(s);
    if (types.length === 1 && !s.enum && !s.const) {
      const wrong = { integer: "ten", number: "ten", boolean: "yes", array: "a,b", object: "key=value", string: 42 }[types[0]!];
      if (wrong !== undefined && !(types[0] === "string" && (s.pattern || s.format))) mk("wrong_type", k, withField(k, wrong));
    }
    const enumStr = Array.isArray(s.enum) ? (s.enum as unknown[]).find((e): e is string => typeof e === "string" && e.toUpperCase() !== e) : undefined;
    if (enumStr !== undefined) mk("enum_case", k, withField(k, enumStr.toUpperCase()), enumStr);
    const near = nearName(k);
    if (near !== undefined && !props.some(([p]) => p.toLowerCase() === near.toLowerCase() || p === near)) {
      const args = { ...base, [near]: base[k] ?? "x" };
      delete args[k];
      if (!required.has(k)) mk("unknown_near", near, args, k);
    }
    if (required.has(k)) {
      const args = { ...base };
      delete args[k];
      mk("missing_required", k, args);
    }
    if (typeof s.pattern === "string") mk("pattern", k, withField(k, "not valid!"));
    if (typeof s.format === "string" && WRONG_FORMAT[s.format]) mk("format", k, withField(k, WRONG_FORMAT[s.format]));
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
      const branches = (s.anyOf ?? s.oneOf) as unknown[];
      if (!branches.some((b) => isObj(b) && typesOf(b).includes("null"))) mk("union", k, withField(k, true));
    }
    if (!required.has(k) && !types.includes("null") && types.length > 0) mk("null_optional", k, withField(k, null));
  }
  const fold = (n: string) => n.toLowerCase().replace(/[-_]/g, "");
  if (props.length && !props.some(([p]) => fold(p) === "verbose" || fold(p) === "dryrun")) mk("extra_args", "", { ...base, verbose: true, dry_run: false }, null);
  return out;
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
  return { ...c, toolform: r.feedback, ajv: ajvText, examples, suggestion: c.kind === "extra_args" ? r.errors.find((e) => e.suggestion !== undefined)?.suggestion : at?.suggestion };
}

/** Runs the benchmark on `sources`, at most `perKind` cases a kind and one a kind per source (the first tools first). */
export async function runMessages(sources: readonly string[], perKind = 12): Promise<{ results: CaseResult[]; summary: Summary }> {
  const results: CaseResult[] = [];
  const count = new Map<Kind, number>();
  for (const source of sources) {
    const here = new Set<Kind>(); // one case a kind per source: the examples come from many servers
    for (const t of await loadSource(source)) {
      const base = baseArgs(t);
      if (!base) continue;
      for (const c of casesOf(t, base)) {
        if ((count.get(c.kind) ?? 0) >= perKind || here.has(c.kind)) continue;
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

export function summarize(results: readonly CaseResult[]): Summary {
  const judged = results.filter((r) => r.intended !== undefined);
  const examples = results.flatMap((r) => r.examples);
  return {
    cases: results.length,
    examples: examples.length,
    examplesValid: examples.filter((e) => e.valid).length,
    suggestible: judged.filter((r) => typeof r.intended === "string").length,
    hits: judged.filter((r) => typeof r.intended === "string" && r.suggestion === r.intended).length,
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

export function markdown(results: readonly CaseResult[], s: Summary, shown = 3): string {
  const lines = [
    "# Messages",
    "",
    "Generated by `npm run messages` (bench/messages.ts); do not edit. Wrong calls, one kind of",
    "mistake each, made by fixed rules from the tools in test/corpus/ and examples/tools/, through",
    "toolform's generated validators (the report's `feedback`) and ajv's `errorsText` (allErrors).",
    "",
    "| measure | value |",
    "| --- | --- |",
    `| wrong calls | ${s.cases} |`,
    `| toolform's examples valid for their field (ajv) | ${s.examplesValid} of ${s.examples} (${pct(s.examplesValid, s.examples)}) |`,
    `| suggestion hits (intended name known) | ${s.hits} of ${s.suggestible} (${pct(s.hits, s.suggestible)}) |`,
    `| wrong suggestions | ${s.wrong} of ${s.judged} (${pct(s.wrong, s.judged)}) |`,
    `| feedback length, toolform: median / max | ${s.toolformLength.median} / ${s.toolformLength.max} |`,
    `| feedback length, ajv errorsText: median / max | ${s.ajvLength.median} / ${s.ajvLength.max} |`,
    "",
    "Per kind: cases, then a few side by side.",
    "",
  ];
  for (const kind of KINDS) {
    const rs = results.filter((r) => r.kind === kind);
    if (!rs.length) continue;
    const k = summarize(rs);
    lines.push(`## ${kind}`, "", `${rs.length} calls; toolform's feedback median ${k.toolformLength.median} characters, ajv's ${k.ajvLength.median}.`, "");
    lines.push("| call | toolform | ajv errorsText |", "| --- | --- | --- |");
    for (const r of rs.slice(0, shown)) {
      const call = `${r.tool} (${r.source.replace(/^.*\//, "")})<br>\`${clip(JSON.stringify(r.args), 120).replace(/\|/g, "\\|")}\``;
      lines.push(`| ${call} | ${cell(r.toolform.split("\n").slice(1).join("\n") || r.toolform)} | ${cell(r.ajv)} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { results, summary } = await runMessages(allSources());
  writeFileSync("MESSAGES.md", markdown(results, summary));
  console.log(JSON.stringify(summary, null, 1));
  if (summary.examplesValid !== summary.examples || summary.wrong !== 0) process.exitCode = 1;
}
