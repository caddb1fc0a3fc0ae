// The whole pipeline in memory: tool definitions in, generated files and
// diagnostics out. Nothing is written here (see io/write.ts); `toolform check`
// and `toolform build` both go through this function. Here: the tools read, their
// options and cache keys, compiled (or taken from the cache) and linted; the names
// are names.ts's, the files output-files.ts's, the diagnostics' order diagnostics.ts's.
import type { Coerce, ResolvedConfig, SourceLint, UncheckedKind, UnknownArgs } from "../config/types.js";
import { uncheckedKinds } from "../config/unchecked.js";
import { formatCompileOptions, type FormatsOption } from "../config/formats.js";
import { DEFAULT_LIMITS, type Limits } from "../config/limits.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { runtimeHash, runtimeSource, type FileSha } from "../emit/runtime-file.js";
import { VERSION } from "../emit/templates.js";
import type { Provider } from "../emit/providers/shared.js";
import type { GeneratedFile } from "../io/generated-file.js";
import { defKey, hashOf, keyOf } from "../io/hash.js";
import type { CompileOptions } from "../schema/compile-options.js";
import type { AnalysisHand } from "../schema/analyze.js";
import type { RedosVerdict } from "../schema/lint/redos.js";
import { readSources } from "../sources/read.js";
import { materialize, type SourceMemo } from "../sources/memo.js";
import type { ToolDefinition } from "../sources/types.js";
import { placeCompiled, type CompiledTool, type ToolParts } from "./compiled.js";
import { sortDiagnostics, withSourceLint } from "./diagnostics.js";
import { lintTools } from "./lint.js";
import { assignNames } from "./names.js";
import { outputFiles, processFormatCache, runtimeJs, type FormatCache } from "./output-files.js";
import { listsFor } from "./providers.js";
import { compileHere, compileOnWorkers, finishTool, workerCount, type CompileDone, type CompileJob } from "./workers.js";

export interface GenerateOptions {
  emit?: "ts" | "js" | "cjs";
  unknownArgs?: UnknownArgs;
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

export type { FormatCache };

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
  // `hand`: the lint's analysis of the tool's schema, for its compile on this thread.
  const slots: { def: ToolDefinition; names: (typeof named)[number]["names"]; opts: CompileOptions; key: string; t?: CompiledTool; fresh: boolean; hand: AnalysisHand }[] = [];
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
    slots.push({ def, names, opts, key, t, fresh: !t, hand: {} });
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
  const jobs: CompileJob[] = todo.map((s) => ({ def: s.def, names: s.names, opts: s.opts, ...jsOf, hand: s.hand }));
  const workers = workerCount(jobs.length);
  // While the workers compile, this thread lints, and makes the runtime's texts (emit "js"). A tool
  // compiled on a worker is linted as it comes back, with its patterns' ReDoS verdicts (no second recheck here).
  const lints = new Map<number, Diagnostic[]>();
  const slotIndex = new Map(slots.map((s, i) => [s, i]));
  const lintSlot = async (i: number) => void lints.set(i, await lintTools(slots[i]!.def, slots[i]!.opts, options.lint || {}, strict, slots[i]!.hand));
  const wantsLint = (s: (typeof slots)[number]) => options.lint !== false && s.t?.lint?.key !== lintKey;
  const lintingLater: Promise<void>[] = [];
  // The runtime's JavaScript (emit "js"/"cjs") is made by esbuild's process while this thread lints
  // and compiles (caught here: a build with errors never reads it; else outputFiles awaits it).
  const rtTs = runtimeSource(options.runtimeFileSha);
  const runtimeTexts = emit !== "ts" ? runtimeJs(rtTs, options.formatCache ?? processFormatCache, emit === "cjs" ? "cjs" : "esm") : undefined;
  runtimeTexts?.catch(() => {});
  const onWorkers = workers > 0 ? compileOnWorkers(jobs, VERSION, workers, ...(await redosHandoff()), (j) => void (wantsLint(todo[j]!) && lintingLater.push(lintSlot(slotIndex.get(todo[j]!)!)))) : undefined;
  const onWorker = new Set(onWorkers ? todo : []);
  // On this thread, the patterns recheck has not judged are analysed off it (its agent process) from
  // the start; the tools without such a pattern are linted and compiled meanwhile, the others after.
  const analysing = onWorkers ? undefined : await analysePatterns(slots.filter((s) => wantsLint(s) || !s.t).flatMap((s) => [s.def.inputSchema, s.def.outputSchema]));
  const later = (s: (typeof slots)[number]) => !!analysing && (analysing.pending(s.def.inputSchema) || analysing.pending(s.def.outputSchema));
  for (const [i, s] of slots.entries()) if (wantsLint(s) && !onWorker.has(s) && !later(s)) await lintSlot(i);
  let done: CompileDone[];
  if (onWorkers) done = await onWorkers;
  else {
    // Results in job order whatever the order of the work.
    done = new Array(jobs.length);
    const compile = async (ids: number[]) => (await compileHere(ids.map((j) => jobs[j]!), VERSION)).forEach((d, k) => (done[ids[k]!] = d));
    const ids = jobs.map((_, j) => j);
    await compile(ids.filter((j) => !later(todo[j]!)));
    if (analysing) {
      await analysing.done;
      for (const [i, s] of slots.entries()) if (wantsLint(s) && later(s)) await lintSlot(i);
      await compile(ids.filter((j) => later(todo[j]!)));
    }
  }
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
  const sourceFiles = defs.map((d) => d.origin.file);
  const files = await outputFiles(compiled, keys, sourceFiles, emit, options.formatCache, rtTs, runtimeHash(options.runtimeFileSha), runtimeTexts, providerLists && { lists: providerLists, providers: options.providers! });
  return { files, diagnostics: sortDiagnostics(diagnostics), tools: compiled, inputs, ...(imports ? { imports } : {}) };
}

/** hasUndecidedPattern for this thread's verdicts (lint, and tools compiled here). Loading the module loads no recheck. */
async function undecidedHere(schema: unknown): Promise<boolean> {
  return (await import("../schema/lint/redos.js")).hasUndecidedPattern(schema);
}

/** The ReDoS verdicts this process knows, for the workers to start with, and a sink for the ones they decide. */
/** redos.ts analysePatterns, loaded on first use (loading it loads no recheck). */
async function analysePatterns(schemas: unknown[]): Promise<ReturnType<typeof import("../schema/lint/redos.js").analysePatterns>> {
  return (await import("../schema/lint/redos.js")).analysePatterns(schemas.filter((x) => x !== undefined));
}

async function redosHandoff(): Promise<[[string, RedosVerdict][], (v: [string, RedosVerdict][]) => void]> {
  const { knownRedosVerdicts, seedRedosVerdicts } = await import("../schema/lint/redos.js");
  return [knownRedosVerdicts(), (v) => seedRedosVerdicts(v)];
}

export { VERSION };
