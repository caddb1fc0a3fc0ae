// The whole pipeline in memory: tool definitions in, generated files and
// diagnostics out. Nothing is written here (see io/write.ts); `toolform check`
// and `toolform build` both go through this function.
import type { Coerce, ResolvedConfig, UncheckedKind } from "../config/types.js";
import { uncheckedKinds } from "../config/unchecked.js";
import { formatCompileOptions, type FormatsOption } from "../config/formats.js";
import { DEFAULT_LIMITS, type Limits } from "../config/limits.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { textIn, toolIdentifiers, type ToolIdentifiers } from "../emit/code.js";
import { stripTypes } from "../emit/finish.js";
import { layoutCode } from "../emit/layout.js";
import { header } from "../emit/header.js";
import { chunkImportsDts, chunkImportsTs, indexHeadDts, indexHeadTs, indexTablesTs, indexTailDts, indexTailTs, type IndexEntry } from "../emit/index-module.js";
import { runtimeDeclarations, runtimeHash, runtimeSource, type FileSha } from "../emit/runtime-file.js";
import { VERSION } from "../emit/templates.js";
import { readSources } from "../sources/read.js";
import { materialize, type SourceMemo } from "../sources/memo.js";
import type { ToolDefinition } from "../sources/types.js";
import { placeCompiled, type CompiledTool, type ToolParts } from "./compiled.js";
import type { CompileOptions } from "../schema/compile-options.js";
import type { GeneratedFile } from "../io/generated-file.js";
import { compileJob, compileOnWorkers, finishTool, workerCount, type CompileDone, type CompileJob } from "./workers.js";
import { defKey, hashOf, keyOf } from "../io/hash.js";
import { lintTools } from "./lint.js";
import { chunkFileName, chunkRanges } from "./chunks.js";
import { sha256 } from "../io/stamps.js";
import { GENERATED_JSON_MARK, outputBytes } from "../io/write.js";
import type { SourceLint } from "../config/types.js";
import type { RedosVerdict } from "../schema/lint/redos.js";
import type { Provider } from "../emit/providers/shared.js";
import { listsFor, providerFiles } from "./providers.js";

/** A file made of pieces joined by newlines; its text is decoded only when something reads `contents`. */
function joinedFile(path: string, pieces: readonly (string | Uint8Array)[]): GeneratedFile {
  if (pieces.every((p) => typeof p === "string")) return { path, contents: pieces.join("\n") };
  const chunks: (string | Uint8Array)[] = [];
  pieces.forEach((p, i) => (i ? chunks.push("\n", p) : chunks.push(p)));
  let text: string | undefined;
  return {
    path,
    chunks,
    get contents() {
      return (text ??= chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("utf8"))).join(""));
    },
  };
}

export interface GenerateOptions {
  emit?: "ts" | "js" | "cjs";
  unknownArgs?: "reject" | "schema";
  /** Coercion of almost-right arguments in `validate` (docs/normalize.md); per tool in `tools`. Default "none". */
  coerce?: Coerce;
  feedbackStyle?: "lines" | "annotated";
  /** true (default), false, or formats of one's own (config `formats`: src/config/formats.ts). */
  formats?: FormatsOption;
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
  /** Bounds on each tool's schema (src/config/limits.ts). */
  limits?: Partial<Limits>;
  /** Model providers to write tool lists for (generated/providers.ts; src/emit/providers). Default none. */
  providers?: readonly Provider[];
  /** Already compiled tools by inputHash (the build cache); reused instead of compiled again. */
  cache?: Map<string, CompiledTool>;
  /** Derived texts (the runtime's JavaScript and declarations) by a hash of their inputs (the CLI's cache across processes). */
  formatCache?: FormatCache;
  /** Tools' compiled parts by partsKey (the build cache): a tool whose parts are known (a description-only edit) is assembled without the compiler. */
  partsCache?: { get(key: string): ToolParts | undefined; set(key: string, parts: ToolParts): void };
  /** How the runtime's sources are hashed (the build cache's stamps: runtime-file.ts FileSha); else they are read. */
  runtimeFileSha?: FileSha;
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
  /** Files the TypeScript sources import (read, but not sources themselves). */
  imports?: string[];
}


export async function generate(input: { tools: ToolDefinition[]; options?: GenerateOptions } | { config: ResolvedConfig }): Promise<GenerateResult> {
  let defs: ToolDefinition[];
  let options: GenerateOptions;
  const diagnostics: Diagnostic[] = [];
  let inputs: string[] = [];
  let sourceLint: ReadonlyMap<string, SourceLint> = new Map();
  let imports: string[] | undefined;
  if ("config" in input) {
    const c = input.config;
    const read = await readSources(c.sources, c.root, (input.config as { sourceMemo?: SourceMemo }).sourceMemo);
    defs = read.tools;
    // The package.json whose type chose the emit is read like a source: stamped, watched, printed by --print-inputs.
    inputs = c.emitFrom ? [...read.files, c.emitFrom] : read.files;
    sourceLint = read.lint;
    imports = read.imports;
    diagnostics.push(...read.diagnostics);
    options = c;
  } else {
    defs = input.tools;
    options = input.options ?? {};
  }
  const emit = options.emit ?? "ts";
  const strict = options.strict ?? false;

  const named = assignNames(defs, diagnostics, options.formatCache);
  const formatOpts = formatCompileOptions(options.formats);
  const lintKey = hashOf({ rules: options.lint ?? {}, strict });
  // Cached tools first; the rest are compiled, on worker threads when there are many.
  const slots: { def: ToolDefinition; names: (typeof named)[number]["names"]; opts: CompileOptions; key: string; t?: CompiledTool; fresh: boolean }[] = [];
  // The options of the tools without their own overrides are one object, keyed once (read-only).
  const optsOf = new Map<object, { opts: CompileOptions; key: string }>();
  const noOverrides: NonNullable<GenerateOptions["tools"]>[string] = {};
  for (const { def, names } of named) {
    const per = options.tools?.[def.name] ?? noOverrides;
    let o = optsOf.get(per);
    if (!o) {
      const opts: CompileOptions = {
        unknownArgs: per.unknownArgs ?? options.unknownArgs ?? "reject",
        coerce: per.coerce ?? options.coerce ?? "none",
        // Only "annotated" enters the options (and the cache key): the default leaves every tool's hash as it was.
        ...((per.feedbackStyle ?? options.feedbackStyle) === "annotated" ? { feedbackStyle: "annotated" as const } : {}),
        engine: per.engine ?? options.engine ?? "toolform",
        normalizer: per.normalizer ?? options.normalizer ?? true,
        allowUnchecked: uncheckedKinds(per.allowUnchecked ?? options.allowUnchecked) ?? [],
        ...formatOpts,
        maxDepth: options.maxDepth ?? 128,
        maxPatternInput: options.maxPatternInput ?? 10_000,
        remotes: options.schemas ?? {},
        limits: { ...DEFAULT_LIMITS, ...options.limits },
      };
      optsOf.set(per, (o = { opts, key: keyOf(opts) }));
    }
    const opts = o.opts;
    // The emit is part of the key: an entry holds only the texts its emit writes. The
    // definition's JSON as written (keyOf): the same tool with its keys in another order is a miss.
    const key = keyOf({ def: defKey(def), names, opts: o.key, VERSION, emit });
    const hit = options.cache?.get(key);
    // A cached entry comes without its definition: it is this one (the key covers it).
    const t = hit ? Object.assign(hit, { def }) : undefined;
    slots.push({ def, names, opts, key, t, fresh: !t });
  }
  // A tool to compile or lint again needs its whole definition (a source read from the build
  // cache gives only names and keys: src/sources/memo.ts); read here, before any work starts.
  for (const s of slots) if (!s.t || (options.lint !== false && s.t.lint?.key !== lintKey)) s.def = materialize(s.def);
  const missing = slots.filter((s) => !s.t);
  // The language of the tools' sections: TypeScript, or JavaScript (an ES module, or CommonJS) with declarations.
  const jsOf = emit === "ts" ? {} : { js: emit === "cjs" ? ("cjs" as const) : ("esm" as const) };
  // Tools whose parts are cached (same name, schema, identifiers and options: a description-only
  // edit) are assembled here; only the others are compiled.
  const partKeys = new Map<(typeof slots)[number], string>();
  const todo: typeof slots = [];
  for (const s of missing) {
    const pk = keyOf({ name: s.def.name, inputSchema: s.def.inputSchema, ...(s.def.outputSchema !== undefined ? { outputSchema: s.def.outputSchema } : {}), names: s.names, opts: s.opts, VERSION });
    partKeys.set(s, pk);
    const parts = options.partsCache?.get(pk);
    if (parts) s.t = Object.assign(placeCompiled(finishTool({ def: s.def, names: s.names, opts: s.opts, ...jsOf }, VERSION, parts)), { partsKey: pk });
    else todo.push(s);
  }
  const jobs: CompileJob[] = todo.map((s) => ({ def: s.def, names: s.names, opts: s.opts, ...jsOf }));
  const workers = workerCount(jobs.length);
  // While the workers compile, this thread lints, and makes the runtime's texts (emit "js"). A tool
  // compiled on a worker is linted as it comes back, with its patterns' ReDoS verdicts (no second recheck here).
  const lints = new Map<number, Diagnostic[]>();
  const slotIndex = new Map(slots.map((s, i) => [s, i]));
  const lintSlot = async (i: number) => void lints.set(i, await lintTools(slots[i]!.def, slots[i]!.opts, options.lint || {}, strict));
  const wantsLint = (s: (typeof slots)[number]) => options.lint !== false && s.t?.lint?.key !== lintKey;
  const lintingLater: Promise<void>[] = [];
  const onWorkers = workers > 0 ? compileOnWorkers(jobs, VERSION, workers, ...(await redosHandoff()), (j) => void (wantsLint(todo[j]!) && lintingLater.push(lintSlot(slotIndex.get(todo[j]!)!)))) : undefined;
  const onWorker = new Set(onWorkers ? todo : []);
  for (const [i, s] of slots.entries()) if (wantsLint(s) && !onWorker.has(s)) await lintSlot(i);
  const rtTs = runtimeSource(options.runtimeFileSha);
  const runtimeTexts = emit !== "ts" && onWorkers ? await runtimeJs(rtTs, options.formatCache ?? processFormatCache, emit === "cjs" ? "cjs" : "esm") : undefined;
  const done: CompileDone[] = onWorkers ? await onWorkers : await inSequence(jobs, (j) => compileJob(j, VERSION));
  await Promise.all(lintingLater);
  const undecided = new Set<(typeof slots)[number]>();
  todo.forEach((s, i) => {
    const { tool, parts } = done[i]!;
    s.t = placeCompiled(tool);
    if (done[i]!.undecided) undecided.add(s);
    else if (!parts.diagnostics.some((d) => d.severity === "error")) {
      s.t.partsKey = partKeys.get(s)!;
      options.partsCache?.set(s.t.partsKey, parts);
    }
  });
  const compiled: CompiledTool[] = [];
  // Lint advice of a source set to "warn" (its own `lint` setting): strict does not make it an error.
  const keptWarnings = new Set<Diagnostic>();
  /** Each compiled tool's cache key (what its sections are made from). */
  const keys: string[] = [];
  for (const [i, s] of slots.entries()) {
    const t = s.t!;
    // Lint advice is kept with the compiled tool (and so in the build cache), keyed by the rules.
    const lint = lints.get(i);
    if (lint) t.lint = { key: lintKey, diagnostics: lint };
    // Not kept when recheck ran out of time here or on a worker (the output's bound is of the moment),
    // nor with a lint warning that a pattern could not be checked (the lint ran with its own, shorter timeout).
    const unsure = () => undecided.has(s) || !!t.lint?.diagnostics.some((d) => d.code === "schema/redos-unchecked") || undecidedHere(s.def.inputSchema);
    const keep = s.fresh && !t.diagnostics.some((d) => d.severity === "error") && !(await unsure());
    if (keep) options.cache?.set(s.key, t);
    compiled.push(t);
    keys.push(s.key);
    diagnostics.push(...t.diagnostics);
    // Copies: cached tools keep their own diagnostics as they were.
    if (options.lint !== false) for (const d of withSourceLint(t.lint!.diagnostics, sourceLint.get(t.def.name), keptWarnings)) diagnostics.push(d);
  }
  // The provider lists, with their notes (lint-style advice: a source's lint setting and strict apply as to the others).
  const providerLists = options.providers?.length ? await listsFor(compiled, options.providers) : undefined;
  if (providerLists && options.lint !== false && options.lint?.["provider-loss"] !== false) for (const d of providerLists.diagnostics) diagnostics.push(...withSourceLint([d], d.tool === undefined ? undefined : sourceLint.get(d.tool), keptWarnings));
  if (strict) diagnostics.splice(0, diagnostics.length, ...diagnostics.map((d) => (keptWarnings.has(d) ? d : { ...d, severity: "error" as const })));
  if (diagnostics.some((d) => d.severity === "error")) return { files: [], diagnostics: sortDiagnostics(diagnostics), tools: compiled, inputs };

  const entries: IndexEntry[] = compiled.map(indexEntry);
  const setHash = hashOf(compiled.map((t) => t.inputHash));
  const sources = [...new Set(defs.map((d) => d.origin.file))].sort();
  const sourceLabel = sources.length <= 3 ? sources.join(", ") : `${sources.length} files`;
  const files: GeneratedFile[] = [];
  const memo = options.formatCache ?? processFormatCache;
  // The runtime's file name carries its hash: a new toolform writes a new runtime beside
  // the old one, and index (written last) switches to it in the same rename (io/write.ts).
  const rtHash = runtimeHash(options.runtimeFileSha);
  const rtFile = runtimeFileName(rtHash);
  const rtHeader = header("@toolform/runtime src/rt (the runtime modules, joined)", rtHash);
  const idxHeader = header(sourceLabel, setHash);
  // The index's tail names every tool: made once per set of entries (a description-only edit keeps it).
  const entriesJson = JSON.stringify(entries);
  const tail = () => memoFormat(memo, ["index-tail.ts", entriesJson], async () => layoutCode(indexTailTs(entries)));
  // The tables of schemas and hashes the sections read (written laid out: no layout pass over them).
  const tables = (tools: readonly CompiledTool[], lang: "ts" | "esm" | "cjs") => textIn(indexTablesTs(tools), lang);
  // ajv's standalone code (engine "ajv") is untyped JavaScript: a module with such a tool is not type-checked (its types are still exported and used).
  const nocheck = (tools: readonly CompiledTool[]) => (tools.some((t) => t.untyped) ? "// @ts-nocheck\n" : "");
  // A large toolset: the sections and their tables in chunk files, which the index imports (chunks.ts).
  const chunks = chunksOf(compiled, entries, keys, [emit, rtFile]);
  // Chunk texts are kept only in the caller's cache (the build's, on disk): the process's own small one keeps the runtime's texts.
  const chunkFile = (c: Chunk, ext: string, pieces: () => (string | Uint8Array)[]) => shaKnownFile(c.file + ext, pieces, options.formatCache, keyOf(["chunk-sha", c.key, ext]));
  // What the index says of each chunk, kept by the chunk's key (it names a thousand tools at 1,000 tools: most builds keep most chunks).
  const chunkImports = (cs: readonly Chunk[], lang: "ts" | "esm" | "cjs" | "dts") =>
    Promise.all(cs.map((c) => memoFormat(options.formatCache, ["chunk-imports", lang, c.key], async () => (lang === "dts" ? textIn(chunkImportsDts(c.file, c.entries), "ts") : textIn(chunkImportsTs(c.file, c.entries), lang)))));
  const chunkHeader = (c: Chunk) => header(`tools ${c.tools[0]!.def.name} … ${c.tools[c.tools.length - 1]!.def.name} (${c.tools.length})`, c.key);
  if (emit === "ts") {
    files.push({ path: rtFile + ".ts", contents: rtHeader + "\n" + rtTs });
    if (!chunks) files.push(joinedFile("index.ts", [idxHeader, nocheck(compiled) + textIn(indexHeadTs(rtFile), "ts"), tables(compiled, "ts"), ...compiled.map((t) => t.bytes?.ts ?? t.ts), await tail()]));
    else {
      for (const c of chunks) files.push(chunkFile(c, ".ts", () => [chunkHeader(c), nocheck(c.tools) + textIn(indexHeadTs(rtFile, false), "ts"), tables(c.tools, "ts"), ...c.tools.map((t) => t.bytes?.ts ?? t.ts)]));
      files.push(joinedFile("index.ts", [idxHeader, textIn(indexHeadTs(rtFile), "ts"), ...(await chunkImports(chunks, "ts")), await tail()]));
    }
  } else {
    // "js" and "cjs" both write .js (an ES module, or CommonJS) and .d.ts, and a package.json that says which:
    // node and TypeScript read a .js file's module type from the nearest package.json, so the output
    // loads as what it is in a package of either type.
    const module = emit === "cjs" ? "cjs" : "esm";
    files.push({ path: "package.json", contents: outDirPackageJson(module) });
    const { rtJs, rtDts } = runtimeTexts ?? (await runtimeJs(rtTs, memo, module));
    files.push({ path: rtFile + ".js", contents: rtHeader + "\n" + rtJs });
    files.push({ path: rtFile + ".d.ts", contents: rtHeader + "\n" + rtDts });
    // The head, the sections and the tail, each written in the module's language from the same emit as index.ts.
    const tailJs = await memoFormat(memo, ["index-tail.js", module, entriesJson], async () => layoutCode(indexTailTs(entries), module));
    const tailDts = await memoFormat(memo, ["index-tail.d.ts", entriesJson], async () => layoutCode(indexTailDts(entries)));
    if (!chunks) {
      files.push(joinedFile("index.js", [idxHeader, layoutCode(indexHeadTs(rtFile), module), tables(compiled, module), ...compiled.map((t) => t.bytes?.js ?? t.js!), tailJs]));
      files.push(joinedFile("index.d.ts", [idxHeader, textIn(indexHeadDts(rtFile), "ts"), ...compiled.map((t) => t.bytes?.dts ?? t.dts), tailDts]));
    } else {
      for (const c of chunks) {
        files.push(chunkFile(c, ".js", () => [chunkHeader(c), layoutCode(indexHeadTs(rtFile, false), module), tables(c.tools, module), ...c.tools.map((t) => t.bytes?.js ?? t.js!)]));
        files.push(chunkFile(c, ".d.ts", () => [chunkHeader(c), textIn(indexHeadDts(rtFile, false), "ts"), ...c.tools.map((t) => t.bytes?.dts ?? t.dts)]));
      }
      files.push(joinedFile("index.js", [idxHeader, layoutCode(indexHeadTs(rtFile), module), ...(await chunkImports(chunks, module)), tailJs]));
      files.push(joinedFile("index.d.ts", [idxHeader, textIn(indexHeadDts(rtFile), "ts"), ...(await chunkImports(chunks, "dts")), tailDts]));
    }
  }
  if (providerLists) files.push(...(await providerFiles(providerLists, options.providers!, emit, rtFile)));
  return { files, diagnostics: sortDiagnostics(diagnostics), tools: compiled, inputs, ...(imports ? { imports } : {}) };
}

/**
 * A tool's lint advice as its source's `lint` setting says (config SourceLint), as copies. The
 * setting governs advice to a tool's author (the lint rules, `lint/*`); what warns of danger to
 * the caller (the description guard, ReDoS, impossible schemas) is reported whatever it says.
 */
function withSourceLint(ds: readonly Diagnostic[], setting: SourceLint | undefined, keptWarnings: Set<Diagnostic>): Diagnostic[] {
  if (setting === undefined) return ds.map((d) => ({ ...d }));
  const safety = (d: Diagnostic) => !d.code.startsWith("lint/");
  if (setting === "off") return ds.filter(safety).map((d) => ({ ...d }));
  return ds.map((d) => {
    if (safety(d)) return { ...d };
    const c: Diagnostic = { ...d, severity: setting === "error" ? "error" : "warning" };
    if (setting === "warn") keptWarnings.add(c);
    return c;
  });
}

/** The outDir's package.json under emit "js"/"cjs": the module type of the .js files in it (GENERATED_JSON_MARK first). */
function outDirPackageJson(module: "esm" | "cjs"): string {
  return `${GENERATED_JSON_MARK}",\n  "type": ${JSON.stringify(module === "cjs" ? "commonjs" : "module")}\n}\n`;
}

/** A run of tools in a chunk file of a large toolset's index. */
interface Chunk {
  /** Its file name, without extension. */
  file: string;
  /** What its files are made from (the tools' cache keys, the emit, the runtime's name): the file name comes from it. */
  key: string;
  tools: CompiledTool[];
  entries: IndexEntry[];
}

/** The chunks of a large toolset, undefined for one index file. `entries` and `keys`: each compiled tool's, in the same order. */
function chunksOf(compiled: CompiledTool[], entries: readonly IndexEntry[], keys: readonly string[], context: readonly string[]): Chunk[] | undefined {
  return chunkRanges(entries.map((e) => e.name))?.map(([from, to]) => {
    const key = keyOf(["chunk", ...context, ...keys.slice(from, to)]);
    return { file: chunkFileName(key), key, tools: compiled.slice(from, to), entries: entries.slice(from, to) };
  });
}

function indexEntry(t: CompiledTool): IndexEntry {
  return { name: t.def.name, ident: t.ident, typeName: t.typeName, schemaHash: t.schemaHash, defineTool: /\.[cm]?[jt]sx?$/.test(t.def.origin.file) };
}

/**
 * A file whose contents follow from a key (a chunk's): they are made only when read, and their
 * sha256 is kept in the format cache by that key, so a build that leaves the chunk as it was
 * neither makes nor hashes its megabyte again (the write finds it unchanged by that hash).
 */
function shaKnownFile(path: string, pieces: () => (string | Uint8Array)[], memo: FormatCache | undefined, shaKey: string): GeneratedFile {
  let made: GeneratedFile | undefined;
  const file = (): GeneratedFile => (made ??= joinedFile(path, pieces()));
  const f: GeneratedFile = {
    path,
    get chunks() {
      return file().chunks;
    },
    get contents() {
      return file().contents;
    },
  };
  // Without a cache the sha is left to whoever needs it (hashOutputs): an API caller may only read the text.
  if (memo) {
    let sha = memo.get(shaKey);
    if (sha === undefined) memo.set(shaKey, (sha = sha256(outputBytes(f))));
    f.sha = sha;
  }
  return f;
}

/** The runtime as JavaScript and as declarations (TypeScript loads for the latter: cached). */
async function runtimeJs(rtTs: string, memo: FormatCache, module: "esm" | "cjs"): Promise<{ rtJs: string; rtDts: string }> {
  const rtJs = await memoFormat(memo, ["runtime.js", module, rtTs], async () => stripTypes(rtTs, module));
  const rtDts = await memoFormat(memo, ["runtime.d.ts", rtTs], async () => runtimeDeclarations(rtTs));
  return { rtJs, rtDts };
}

/** The ReDoS verdicts this process knows, for the workers to start with, and a sink for the ones they decide. */
/** hasUndecidedPattern for this thread's verdicts (lint, and tools compiled here). Loading the module loads no recheck. */
async function undecidedHere(schema: unknown): Promise<boolean> {
  return (await import("../schema/lint/redos.js")).hasUndecidedPattern(schema);
}

async function redosHandoff(): Promise<[[string, RedosVerdict][], (v: [string, RedosVerdict][]) => void]> {
  const { knownRedosVerdicts, seedRedosVerdicts } = await import("../schema/lint/redos.js");
  return [knownRedosVerdicts(), (v) => seedRedosVerdicts(v, true)];
}

async function inSequence<T, R>(items: T[], f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const x of items) out.push(await f(x));
  return out;
}

/** "_runtime.<10 hex>": the runtime's file name (without extension) for its hash. */
export function runtimeFileName(rtHash: string): string {
  return `_runtime.${rtHash.slice(0, 10)}`;
}

/** Without a cache from the caller, the runtime's JavaScript and declarations are still reused within the process (bounded). */
const processFormatCache: FormatCache = (() => {
  const m = new Map<string, string>();
  return {
    get: (k) => m.get(k),
    set: (k, v) => {
      if (m.size > 20) m.delete(m.keys().next().value!);
      m.set(k, v);
    },
  };
})();

/** Looks a derived text up in the format cache by a hash of its inputs; makes and stores it on a miss. */
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
function assignNames(defs: ToolDefinition[], diagnostics: Diagnostic[], memo?: FormatCache): { def: ToolDefinition; names: ToolIdentifiers }[] {
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
  const names = identifiersOf([...byName.keys()], memo);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((def) => ({ def, names: names.get(def.name)! }));
}

/** toolIdentifiers, kept by the set of names (the build cache's derived texts): an edit that keeps every name does not work them out again. */
function identifiersOf(names: string[], memo: FormatCache | undefined): Map<string, ToolIdentifiers> {
  if (!memo) return toolIdentifiers(names);
  const key = keyOf(["tool-identifiers", VERSION, [...names].sort()]);
  const hit = memo.get(key);
  if (hit !== undefined) {
    try {
      const m = new Map(JSON.parse(hit) as [string, ToolIdentifiers][]);
      if (m.size === names.length && names.every((n) => m.has(n))) return m;
    } catch {
      /* unreadable: worked out again */
    }
  }
  const m = toolIdentifiers(names);
  memo.set(key, JSON.stringify([...m]));
  return m;
}

function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => `${d.severity === "error" ? 0 : 1}|${d.file ?? ""}|${String(d.line ?? 0).padStart(8, "0")}|${d.pointer ?? ""}|${d.code}`;
  return ds.map((d, i) => [key(d), i, d] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).map((x) => x[2]);
}

export { VERSION };
