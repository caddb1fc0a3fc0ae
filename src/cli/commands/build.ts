// `toolform build`: load the config, generate, write (atomic, only what changed,
// orphans removed), and a summary that fits on one screen.
import { join, resolve } from "node:path";
import type { BuildCache, CacheStats } from "../../pipeline/cache.js";
import type { GenerateResult } from "../../pipeline/generate.js";
import type { WriteResult } from "../../pipeline/write.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import { PROJECT, parse, type Parsed } from "../args.js";
import { HELP } from "../help.js";
import { diagnosticsBlock, duration, makeStyle, plural, Progress, useColor, type Io, type Style } from "../output.js";
import { generateProject, loadProject, openCache, overridesFrom, rel, type Project } from "../project.js";
import { configFailure } from "./shared.js";

export const BUILD_FLAGS = { ...PROJECT, watch: { type: "boolean", short: "w" }, poll: { type: "boolean" } } as const;

export interface BuildOutcome {
  ok: boolean;
  /** 0 written, 1 errors in sources or schemas (nothing written). */
  exitCode: 0 | 1;
  /** Names of the tools built. */
  tools: string[];
  /** Source files read (for watch). */
  inputs: string[];
  write?: WriteResult;
  ms: number;
  stats: CacheStats;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** True when the inputs were those of the last build and the output was intact: nothing ran. */
  upToDate?: boolean;
}

/** Diagnostics with file paths relative to cwd (they come relative to the config's folder). */
export function relocate(ds: readonly Diagnostic[], root: string, cwd: string): Diagnostic[] {
  return ds.map((d) => (d.file && !d.file.includes("://") && !d.file.startsWith("mcp:") && !d.file.startsWith("<") ? { ...d, file: rel(cwd, resolve(root, d.file)) } : d));
}

/**
 * Generates and, when there is no error, writes. Never throws for a source or
 * schema problem. With `record`, a build whose inputs are those of the last
 * successful one (JSON sources only) and whose output is intact does nothing.
 */
export async function buildOnce(project: Project, cache: BuildCache, progress?: Progress, opts: { record?: boolean } = {}): Promise<BuildOutcome> {
  const t0 = performance.now();
  const outDir = project.config.outDir;
  const cacheMod = await import("../../pipeline/cache.js");
  const { existingOutputs, removeLeftovers, writeOutputs } = await import("../../pipeline/write.js");
  // A build killed mid-write left temp files: they go first, whatever this build does.
  removeLeftovers(outDir);
  const key = opts.record && cache.dir ? await cacheMod.inputsKey(project.config, cache.stamps) : undefined;
  cache.stamps.save();
  if (key) {
    const rec = cacheMod.readRecord(cache);
    const match = rec && rec.key === key.key && cacheMod.outputsMatch(outDir, rec, existingOutputs(outDir), cache.stamps);
    cache.stamps.save();
    if (rec && match) {
      const files = Object.keys(rec.files).sort();
      return {
        ok: true,
        exitCode: 0,
        tools: rec.tools,
        inputs: rec.inputs,
        write: { written: [], unchanged: files, removed: [] },
        ms: performance.now() - t0,
        stats: { tools: rec.tools.length, compiled: 0, fromDisk: 0, formats: files.length, formatted: 0 },
        errors: [],
        warnings: rec.diagnostics,
        upToDate: true,
      };
    }
  }
  if (progress) cache.onActivity = (s) => progress.update(`building: ${s.tools} tools read, ${s.compiled} to compile`);
  let result: GenerateResult;
  try {
    result = await generateProject(project, cache);
  } finally {
    cache.onActivity = undefined;
  }
  const tools = result.tools.map((t) => t.def.name);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  const warnings = result.diagnostics.filter((d) => d.severity !== "error");
  const base = { tools, inputs: result.inputs, stats: cache.stats, errors, warnings };
  if (errors.length) return { ok: false, exitCode: 1, ms: performance.now() - t0, ...base };
  progress?.update("writing");
  // Outputs are compared by content hash: a file whose stat has not moved since it was hashed is not read.
  const hashes = cacheMod.hashOutputs(result.files);
  const write = writeOutputs(outDir, result.files, (path, f) => {
    try {
      return !cache.stamps.differs(path, hashes[f.path]!) && cache.stamps.hash(path) === hashes[f.path];
    } catch {
      return false;
    }
  });
  for (const p of write.written) cache.stamps.record(join(outDir, p), hashes[p]!);
  cache.stamps.save();
  if (key) cacheMod.writeRecord(cache, { key: key.key, files: hashes, tools, inputs: result.inputs, diagnostics: result.diagnostics });
  return { ok: true, exitCode: 0, write, ms: performance.now() - t0, ...base };
}

export function outcomeJson(o: BuildOutcome, project: Project, cwd: string): Record<string, unknown> {
  return {
    command: "build",
    ok: o.ok,
    exitCode: o.exitCode,
    config: rel(cwd, project.configFile),
    outDir: rel(cwd, project.config.outDir),
    emit: project.config.emit,
    tools: o.tools,
    upToDate: o.upToDate ?? false,
    files: o.write ?? { written: [], unchanged: [], removed: [] },
    errors: o.errors.length,
    warnings: o.warnings.length,
    diagnostics: relocate([...o.errors, ...o.warnings], project.config.root, cwd),
    cache: { tools: o.stats.tools, compiled: o.stats.compiled, fromDisk: o.stats.fromDisk, fromParts: o.stats.fromParts ?? 0, formatted: o.stats.formatted, files: o.stats.formats },
    durationMs: Math.round(o.ms),
    // The whole process so far (start-up and module loading included): for benchmarks.
    process: processTimes(),
  };
}

function processTimes(): { wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  return { wallMs: Math.round(performance.now()), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}

const MAX_WARNINGS = 5;

function names(list: string[], max = 6): string {
  return list.length <= max ? list.join(", ") : `${list.slice(0, max).join(", ")}, … (${list.length - max} more)`;
}

/** The human summary: diagnostics to stderr, the result to stdout. */
export function printOutcome(o: BuildOutcome, project: Project, io: Io, s: Style, quiet: boolean): void {
  const cwd = io.cwd;
  const out = rel(cwd, project.config.outDir);
  const errs = relocate(o.errors, project.config.root, cwd);
  if (!o.ok) {
    io.stderr.write(diagnosticsBlock(errs, s, 50, "fix these first").join("\n") + "\n");
    io.stderr.write(
      `${s.red("✗")} build failed: ${plural(errs.length, "error")}${o.warnings.length ? `, ${plural(o.warnings.length, "warning")}` : ""}. Nothing was written; ${out}/ still holds the last good output.\n`,
    );
    return;
  }
  if (quiet) return;
  const warns = relocate(o.warnings, project.config.root, cwd);
  if (warns.length) io.stderr.write(diagnosticsBlock(warns, s, MAX_WARNINGS, "`toolform lint` lists them all; --no-lint hides lint advice").join("\n") + "\n");
  const w = o.write!;
  const n = o.tools.length;
  const lines = [`${s.green("✓")} ${plural(n, "tool")} → ${out}/ (${project.config.emit}) in ${duration(o.ms)}`];
  const parts = [`${w.written.length} written`, `${w.unchanged.length} unchanged`, `${w.removed.length} removed`];
  lines.push(`  files: ${parts.join(", ")}`);
  if (w.written.length) lines.push(`  written: ${names(w.written)}`);
  if (w.removed.length) lines.push(`  removed: ${names(w.removed)}`);
  if (warns.length) lines.push(`  ${s.yellow(plural(warns.length, "warning"))}${warns.length > MAX_WARNINGS ? ` (${MAX_WARNINGS} shown)` : ""}`);
  if (o.upToDate) lines.push(s.dim("  inputs unchanged since the last build and the output intact: nothing to do"));
  else if (n > 0 && o.stats.tools > 0) lines.push(s.dim(`  cache: ${o.stats.tools - o.stats.compiled} of ${o.stats.tools} tools reused`));
  io.stdout.write(lines.join("\n") + "\n");
}

export async function buildCommand(argv: string[], io: Io): Promise<number> {
  const p = parse("build", argv, BUILD_FLAGS, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.build + "\n");
    return 0;
  }
  if (p.values.watch) {
    const { watchCommand } = await import("./watch.js");
    return watchCommand(argv.filter((a) => a !== "--watch" && a !== "-w"), io);
  }
  return runBuild(p, io);
}

async function runBuild(p: Parsed, io: Io): Promise<number> {
  const json = !!p.values.json;
  const quiet = !!p.values.quiet;
  const s = makeStyle(!json && useColor(io.stderr, io.env, !!p.values["no-color"]));
  let project: Project;
  try {
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, overridesFrom(p, io.cwd, "build"));
  } catch (e) {
    return configFailure(e, io, s, json, "build");
  }
  const progress = new Progress(io.stderr, !json && !quiet && io.stderr.isTTY === true && !io.env.CI);
  try {
    const cache = await openCache(project, !!p.values["no-cache"]);
    const o = await buildOnce(project, cache, progress, { record: true });
    progress.done();
    if (json) io.stdout.write(JSON.stringify(outcomeJson(o, project, io.cwd), null, 2) + "\n");
    else printOutcome(o, project, io, s, quiet);
    return o.exitCode;
  } finally {
    progress.done();
  }
}
