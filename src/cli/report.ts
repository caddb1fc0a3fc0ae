// What a build reports: the human summary and the --json object. Kept apart from the
// build itself (src/pipeline/build.ts): the no-change fast path (fast.ts) prints
// through it with nothing else loaded.
import type { BuildOutcome } from "../pipeline/outcome.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { outcomeTimes, withTimes } from "./times.js";
import { diagnosticsBlock, duration, makeStyle, plural, rel, resolveIn, useColor, type Io, type Style } from "./output.js";

/** What of the project a report names (a Project, or a manifest's record of one). */
export interface ProjectView {
  configFile: string;
  config: { root: string; outDir: string; emit: string };
}

/** Diagnostics with file paths relative to cwd (they come relative to the config's folder). */
export function relocate(ds: readonly Diagnostic[], root: string, cwd: string): Diagnostic[] {
  // Each file's path worked out once (a build of 1,000 tools reports thousands of diagnostics in ~1,000 files).
  const moved = new Map<string, string>();
  const place = (file: string) => {
    let to = moved.get(file);
    if (to === undefined) moved.set(file, (to = rel(cwd, resolveIn(root, file))));
    return to;
  };
  return ds.map((d) => (d.file && !d.file.includes("://") && !d.file.startsWith("mcp:") && !d.file.startsWith("<") ? { ...d, file: place(d.file) } : d));
}

/** The --json object of a build (`toolform watch` prints it on one line with more fields). */
export function outcomeJson(o: BuildOutcome, project: ProjectView, cwd: string): Record<string, unknown> {
  return { ...outcomeFacts(o, project, cwd), ...outcomeTimes(o.ms) };
}

/** `toolform build --json`'s text: the facts, then the times (the no-change path keeps the facts' text and adds its times: fast.ts). */
export function outcomeJsonText(o: BuildOutcome, project: ProjectView, cwd: string): string {
  return withTimes(outcomeFactsText(o, project, cwd), o.ms);
}

/**
 * The --json text without its times (the manifest keeps it for the no-change path):
 * JSON.stringify(facts, null, 2), written with the diagnostics' text made once per list (a
 * build writes its report twice, into the manifest and to stdout; 1,000 tools have thousands).
 */
export function outcomeFactsText(o: BuildOutcome, project: ProjectView, cwd: string): string {
  const { diagnostics: _d, cache, ...head } = outcomeFacts(o, project, cwd, false);
  // A value one level down: its own text, each line indented once more.
  const nested = (v: unknown) => JSON.stringify(v, null, 2).replace(/\n/g, "\n  ");
  return `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "diagnostics": ${diagnosticsText(o, project.config.root, cwd)},\n  "cache": ${nested(cache)}\n}`;
}

/** The diagnostics' text in a report (nested one level), kept per warnings list of an outcome without errors. */
const diagnosticsTexts = new WeakMap<readonly Diagnostic[], { at: string; text: string }>();
function diagnosticsText(o: BuildOutcome, root: string, cwd: string): string {
  const at = `${root}\0${cwd}`;
  const hit = o.errors.length === 0 ? diagnosticsTexts.get(o.warnings) : undefined;
  if (hit?.at === at) return hit.text;
  const text = JSON.stringify(relocate([...o.errors, ...o.warnings], root, cwd), null, 2).replace(/\n/g, "\n  ");
  if (o.errors.length === 0) diagnosticsTexts.set(o.warnings, { at, text });
  return text;
}

/** The --json object without its times (`diagnostics` false: left out, the caller writes them). */
function outcomeFacts(o: BuildOutcome, project: ProjectView, cwd: string, diagnostics = true): Record<string, unknown> {
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
    diagnostics: diagnostics ? relocate([...o.errors, ...o.warnings], project.config.root, cwd) : undefined,
    cache: { tools: o.stats.tools, compiled: o.stats.compiled, fromDisk: o.stats.fromDisk, fromParts: o.stats.fromParts ?? 0, formatted: o.stats.formatted, files: o.stats.formats },
  };
}


const MAX_WARNINGS = 5;
const MAX_ERRORS = 50;

function names(list: string[], max = 6): string {
  return list.length <= max ? list.join(", ") : `${list.slice(0, max).join(", ")}, … (${list.length - max} more)`;
}

/** The human summary: diagnostics to stderr, the result to stdout. */
export function printOutcome(o: BuildOutcome, project: ProjectView, io: Io, s: Style, quiet: boolean): void {
  const cwd = io.cwd;
  const out = rel(cwd, project.config.outDir);
  // Only the diagnostics shown are placed relative to cwd (a build of 1,000 tools has thousands; the rest are counted).
  const shown = (ds: Diagnostic[], max: number) => [...relocate(ds.slice(0, max), project.config.root, cwd), ...ds.slice(max)];
  const errs = shown(o.errors, MAX_ERRORS);
  if (!o.ok) {
    io.stderr.write(diagnosticsBlock(errs, s, MAX_ERRORS, "fix these first").join("\n") + "\n");
    io.stderr.write(
      `${s.red("✗")} build failed: ${plural(errs.length, "error")}${o.warnings.length ? `, ${plural(o.warnings.length, "warning")}` : ""}. Nothing was written; ${out}/ still holds the last good output.\n`,
    );
    return;
  }
  if (quiet) return;
  const warns = shown(o.warnings, MAX_WARNINGS);
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


/** `toolform build`'s report of an outcome: the --json object on stdout, or the summary. */
export function reportBuild(o: BuildOutcome, project: ProjectView, io: Io, flags: Record<string, string | boolean | undefined>): void {
  const json = !!flags.json;
  if (json) io.stdout.write(outcomeJsonText(o, project, io.cwd) + "\n");
  else printOutcome(o, project, io, makeStyle(useColor(io.stderr, io.env, !!flags["no-color"])), !!flags.quiet);
}
