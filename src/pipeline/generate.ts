// The whole pipeline in memory: tool definitions in, generated files and
// diagnostics out. Nothing is written here (see write.ts); `toolform check`
// and `toolform build` both go through this function.
import type { Coerce, ResolvedConfig, UncheckedKind } from "../config/types.js";
import { uncheckedKinds } from "../config/unchecked.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { toolIdentifiers, type ToolIdentifiers } from "../emit/code.js";
import { declarationsOf, formatSource as formatText, toJavaScript } from "../emit/finish.js";
import { header } from "../emit/header.js";
import { indexDts, indexTs, type IndexEntry } from "../emit/index-module.js";
import { runtimeSource } from "../emit/runtime-file.js";
import { VERSION } from "../emit/templates.js";
import { readSources } from "../sources/read.js";
import type { ToolDefinition } from "../sources/types.js";
import { compileTool, type CompiledTool, type CompileOptions } from "./compile-tool.js";
import { hashOf } from "./hash.js";
import { lintTools } from "./lint.js";

export interface GeneratedFile {
  /** Relative to outDir, forward slashes. */
  path: string;
  contents: string;
}

export interface GenerateOptions {
  emit?: "ts" | "js" | "cjs";
  unknownArgs?: "reject" | "schema";
  /** Coercion of almost-right arguments in `validate` (docs/normalize.md); per tool in `tools`. Default "none". */
  coerce?: Coerce;
  formats?: boolean;
  maxDepth?: number;
  maxPatternInput?: number;
  schemas?: Record<string, unknown>;
  strict?: boolean;
  lint?: false | Record<string, boolean>;
  /** Schema parts the validator may leave unchecked with a warning instead of a build error (config allowUnchecked). Default none. */
  allowUnchecked?: boolean | UncheckedKind[];
  /** "ajv" compiles every tool with ajv's standalone code instead of toolform's emitter. */
  engine?: "toolform" | "ajv";
  /** false: no generated normaliser (smaller output; `normalize` is the identity). */
  normalizer?: boolean;
  /** Per-tool overrides. */
  tools?: ResolvedConfig["tools"];
  /** Already compiled tools by inputHash (the build cache); reused instead of compiled again. */
  cache?: Map<string, CompiledTool>;
  /** Formatted texts by a hash of what went into prettier (the CLI's cache across processes); prettier runs only on a miss. */
  formatCache?: FormatCache;
}

export interface FormatCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export interface GenerateResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
  tools: CompiledTool[];
  /** Source files read (for watch). */
  inputs: string[];
}


export async function generate(input: { tools: ToolDefinition[]; options?: GenerateOptions } | { config: ResolvedConfig }): Promise<GenerateResult> {
  let defs: ToolDefinition[];
  let options: GenerateOptions;
  const diagnostics: Diagnostic[] = [];
  let inputs: string[] = [];
  if ("config" in input) {
    const c = input.config;
    const read = await readSources(c.sources, c.root);
    defs = read.tools;
    inputs = read.files;
    diagnostics.push(...read.diagnostics);
    options = c;
  } else {
    defs = input.tools;
    options = input.options ?? {};
  }
  const emit = options.emit ?? "ts";
  const strict = options.strict ?? false;

  const named = assignNames(defs, diagnostics);
  const compiled: CompiledTool[] = [];
  for (const { def, names } of named) {
    const per = options.tools?.[def.name] ?? {};
    const opts: CompileOptions = {
      unknownArgs: per.unknownArgs ?? options.unknownArgs ?? "reject",
      coerce: per.coerce ?? options.coerce ?? "none",
      engine: per.engine ?? options.engine ?? "toolform",
      normalizer: per.normalizer ?? options.normalizer ?? true,
      allowUnchecked: uncheckedKinds(per.allowUnchecked ?? options.allowUnchecked) ?? [],
      formats: options.formats ?? true,
      maxDepth: options.maxDepth ?? 128,
      maxPatternInput: options.maxPatternInput ?? 10_000,
      remotes: options.schemas ?? {},
    };
    const key = hashOf({ def: { ...def, locate: undefined }, names, opts, VERSION });
    let t = options.cache?.get(key);
    const fresh = !t;
    t ??= await compileTool(def, names, opts, VERSION);
    // Lint advice is kept with the compiled tool (and so in the build cache), keyed by the rules.
    const lintKey = hashOf({ rules: options.lint ?? {}, strict });
    if (options.lint !== false && t.lint?.key !== lintKey) t.lint = { key: lintKey, diagnostics: await lintTools(def, opts, options.lint || {}, strict) };
    if (fresh && !t.diagnostics.some((d) => d.severity === "error")) options.cache?.set(key, t);
    compiled.push(t);
    diagnostics.push(...t.diagnostics);
    if (options.lint !== false) diagnostics.push(...t.lint!.diagnostics.map((d) => ({ ...d })));
  }
  // Copies: cached tools keep their own diagnostics as they were.
  if (strict) diagnostics.splice(0, diagnostics.length, ...diagnostics.map((d) => ({ ...d, severity: "error" as const })));
  if (diagnostics.some((d) => d.severity === "error")) return { files: [], diagnostics: sortDiagnostics(diagnostics), tools: compiled, inputs };

  const entries: IndexEntry[] = compiled.map((t) => ({ name: t.def.name, ident: t.ident, typeName: t.typeName, file: t.file, schemaHash: t.schemaHash, defineTool: /\.[cm]?[jt]sx?$/.test(t.def.origin.file) }));
  const setHash = hashOf(compiled.map((t) => t.inputHash));
  const sources = [...new Set(defs.map((d) => d.origin.file))].sort();
  const sourceLabel = sources.length <= 3 ? sources.join(", ") : `${sources.length} files`;
  const files: GeneratedFile[] = [];
  const memo = options.formatCache ?? processFormatCache;
  const formatSource = (text: string, parser: "typescript" | "babel") => memoFormat(memo, [parser, text], () => formatText(text, parser));
  const formatCached = (t: CompiledTool, kind: "ts" | "js" | "cjs") => formatTool(t, kind, memo);
  const rtTs = runtimeSource();
  const rtHeader = header("toolform templates/_runtime.ts", hashOf({ rtTs, VERSION }));
  const idxHeader = header(sourceLabel, setHash);
  // Bodies are formatted without their header (comments prettier leaves alone), so a
  // body whose only change is a hash in the header is a format-cache hit.
  const body = (text: string, parser: "typescript" | "babel", key: string) => memoFormat(memo, [key, parser, text], () => formatText(text, parser));
  const idxTs = indexTs(entries);
  if (emit === "ts") {
    files.push({ path: "_runtime.ts", contents: rtHeader + "\n" + (await body(rtTs, "typescript", "runtime")) });
    for (const t of compiled) files.push({ path: t.file + ".ts", contents: await formatCached(t, "ts") });
    files.push({ path: "index.ts", contents: idxHeader + "\n" + (await body(idxTs, "typescript", "index")) });
  } else {
    // "js" and "cjs" both write .js (ESM, or CommonJS for a package without "type": "module") and .d.ts.
    const module = emit === "cjs" ? "cjs" : "esm";
    files.push({ path: "_runtime.js", contents: rtHeader + "\n" + (await body(toJavaScript(rtTs, module), "babel", "runtime." + module)) });
    files.push({ path: "_runtime.d.ts", contents: rtHeader + "\n" + (await body(declarationsOf(rtTs), "typescript", "runtime.d")) });
    for (const t of compiled) {
      files.push({ path: t.file + ".js", contents: await formatCached(t, emit) });
      files.push({ path: t.file + ".d.ts", contents: await formatSource(t.dts, "typescript") });
    }
    files.push({ path: "index.js", contents: idxHeader + "\n" + (await body(toJavaScript(idxTs, module), "babel", "index." + module)) });
    files.push({ path: "index.d.ts", contents: idxHeader + "\n" + (await body(indexDts(entries), "typescript", "index.d")) });
  }
  return { files, diagnostics: sortDiagnostics(diagnostics), tools: compiled, inputs };
}

/** Without a cache from the caller, formatted texts are still reused within the process (bounded). */
const processFormatCache: FormatCache = (() => {
  const m = new Map<string, string>();
  return {
    get: (k) => m.get(k),
    set: (k, v) => {
      if (m.size > 2000) m.delete(m.keys().next().value!);
      m.set(k, v);
    },
  };
})();

/** Formatting is the slow part of emitting; a cached tool keeps its formatted text. */
const formatted = new WeakMap<CompiledTool, { ts?: string; js?: string; cjs?: string }>();
async function formatTool(t: CompiledTool, kind: "ts" | "js" | "cjs", memo: FormatCache | undefined): Promise<string> {
  let f = formatted.get(t);
  if (!f) formatted.set(t, (f = {}));
  return (f[kind] ??= await memoFormat(memo, [kind, t.ts], () => (kind === "ts" ? formatText(t.ts, "typescript") : formatText(toJavaScript(t.ts, kind === "cjs" ? "cjs" : "esm"), "babel"))));
}

/** Looks a formatted text up in the format cache by a hash of its inputs; formats and stores it on a miss. */
async function memoFormat(memo: FormatCache | undefined, inputs: string[], produce: () => Promise<string>): Promise<string> {
  if (!memo) return produce();
  const key = hashOf(inputs);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const out = await produce();
  memo.set(key, out);
  return out;
}

/**
 * Identifier, type and file names for each tool (src/emit/code.ts toolIdentifiers: look-alike
 * names get distinct ones). Only a name defined twice is an error: two tools, one name.
 */
function assignNames(defs: ToolDefinition[], diagnostics: Diagnostic[]): { def: ToolDefinition; names: ToolIdentifiers }[] {
  const byName = new Map<string, ToolDefinition>();
  const where = (d: ToolDefinition) => `${d.origin.file}${d.origin.line ? ":" + d.origin.line : d.origin.pointer ? "#" + d.origin.pointer : ""}`;
  for (const def of defs) {
    const other = byName.get(def.name);
    if (!other) {
      byName.set(def.name, def);
      continue;
    }
    diagnostics.push({
      severity: "error",
      code: "tools/duplicate-name",
      message: `tool name ${JSON.stringify(def.name)} is defined twice (also at ${where(other)})`,
      tool: def.name,
      file: def.origin.file,
      pointer: def.origin.pointer,
      ...(def.origin.line ? { line: def.origin.line, column: def.origin.column ?? 1 } : {}),
      hint: "remove one of the two definitions, or rename one tool (a model calls tools by name: two tools cannot share one)",
    });
  }
  const names = toolIdentifiers(byName.keys());
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((def) => ({ def, names: names.get(def.name)! }));
}

function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => `${d.severity === "error" ? 0 : 1}|${d.file ?? ""}|${String(d.line ?? 0).padStart(8, "0")}|${d.pointer ?? ""}|${d.code}`;
  return ds.map((d, i) => [key(d), i, d] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).map((x) => x[2]);
}

export { VERSION };
