// `toolform check`: generate in memory (the build's pipeline, prettier
// included), write nothing, and say whether outDir is exactly what the sources
// produce. Exit 0 up to date, 1 drift, 2 config or schema errors.
import { compareOutputs, type Drift } from "../../pipeline/check.js";
import { PROJECT, parse } from "../args.js";
import { HELP } from "../help.js";
import { diagnosticsBlock, duration, makeStyle, plural, Progress, useColor, type Io } from "../output.js";
import { loadProject, overridesFrom, rel } from "../project.js";
import { generateProject, openCache, type Project } from "../../pipeline/project.js";
import { relocate } from "../report.js";
import { configFailure } from "./shared.js";
import { clockMs } from "../../io/clock.js";

export async function checkCommand(argv: string[], io: Io): Promise<number> {
  const p = parse("check", argv, { ...PROJECT, "diff-lines": { type: "string" }, live: { type: "boolean" }, timeout: { type: "string" } }, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.check + "\n");
    return 0;
  }
  const json = !!p.values.json;
  const quiet = !!p.values.quiet;
  const s = makeStyle(!json && useColor(io.stdout, io.env, !!p.values["no-color"]));
  const diffLinesRaw = p.values["diff-lines"];
  const maxDiffLines = typeof diffLinesRaw === "string" ? Number(diffLinesRaw) : 40;
  if (!Number.isInteger(maxDiffLines) || maxDiffLines < 0) {
    const { UsageError } = await import("../args.js");
    throw new UsageError(`--diff-lines must be a whole number; got ${JSON.stringify(diffLinesRaw)}`, "check");
  }
  let project: Project;
  try {
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, overridesFrom(p, io.cwd, "check"));
  } catch (e) {
    return configFailure(e, io, s, json, "check");
  }
  if (p.values.live) return liveCommand(project, io, json, typeof p.values.timeout === "string" ? Number(p.values.timeout) : undefined);
  const t0 = clockMs();
  const progress = new Progress(io.stderr, !json && !quiet && io.stderr.isTTY === true && !io.env.CI);
  const cache = await openCache(project, !!p.values["no-cache"], { onActivity: (st) => progress.update(`checking: ${st.tools} tools read, ${st.compiled} compiled`) });
  let result;
  try {
    result = await generateProject(project, cache);
  } finally {
    progress.done();
  }
  const cwd = io.cwd;
  const out = rel(cwd, project.config.outDir);
  const errors = relocate(
    result.diagnostics.filter((d) => d.severity === "error"),
    project.config.root,
    cwd,
  );
  if (errors.length) {
    if (json) io.stdout.write(JSON.stringify({ command: "check", ok: false, exitCode: 2, outDir: out, diagnostics: errors }, null, 2) + "\n");
    else {
      io.stderr.write(diagnosticsBlock(errors, s, 50, "fix these first").join("\n") + "\n");
      io.stderr.write(`${s.red("✗")} cannot check: the sources do not build (${plural(errors.length, "error")}).\n`);
    }
    return 2;
  }
  const drift = compareOutputs(project.config.outDir, result.files, { label: out, maxDiffLines });
  const ms = clockMs() - t0;
  if (json) {
    io.stdout.write(JSON.stringify(checkJson(drift, out, result.files.length, result.tools.length, ms), null, 2) + "\n");
    return drift.clean ? 0 : 1;
  }
  if (drift.clean) {
    if (!quiet) io.stdout.write(`${s.green("✓")} ${out}/ is up to date (${plural(result.files.length, "file")}, ${plural(result.tools.length, "tool")}; checked in ${duration(ms)})\n`);
    return 0;
  }
  const counts = [drift.stale.length && `${drift.stale.length} stale`, drift.missing.length && `${drift.missing.length} missing`, drift.orphaned.length && `${drift.orphaned.length} orphaned`, drift.stray.length && `${drift.stray.length} stray`].filter(Boolean).join(", ");
  const lines = [`${s.red("✗")} ${out}/ is out of date: ${counts}`];
  for (const f of drift.stale) {
    lines.push(`  ${s.yellow("stale")}     ${out}/${f.path} (+${f.added} -${f.removed})`);
    if (maxDiffLines > 0 && !quiet) lines.push(...f.diff.split("\n").map((l) => "    " + colourDiff(l, s)));
  }
  for (const f of drift.missing) lines.push(`  ${s.yellow("missing")}   ${out}/${f}`);
  for (const f of drift.orphaned) lines.push(`  ${s.yellow("orphaned")}  ${out}/${f} (no tool produces it any more)`);
  for (const f of drift.stray) lines.push(`  ${s.yellow("stray")}     ${out}/${f} (not toolform's output: move it out of ${out}/; a *.tmp file is a killed build's leftover, which the next build removes)`);
  // A build rewrites toolform's files and removes a killed build's *.tmp; it never removes a file it did not write.
  const userStray = drift.stray.filter((f) => !f.endsWith(".tmp"));
  const buildFixes = drift.stale.length + drift.missing.length + drift.orphaned.length + (drift.stray.length - userStray.length) > 0;
  if (buildFixes) lines.push(`Run \`npx toolform build\` and commit ${out}/.`);
  if (userStray.length) lines.push(`${buildFixes ? "Also move" : "Move"} ${userStray.length === 1 ? "the stray file" : "the stray files"} out of ${out}/ (a build never removes a file toolform did not write), then run \`npx toolform check\` again.`);
  io.stdout.write(lines.join("\n") + "\n");
  return 1;
}

function colourDiff(l: string, s: ReturnType<typeof makeStyle>): string {
  if (l.startsWith("+++") || l.startsWith("---")) return s.bold(l);
  if (l.startsWith("@@")) return s.cyan(l);
  if (l.startsWith("+")) return s.green(l);
  if (l.startsWith("-")) return s.red(l);
  return l;
}

function checkJson(d: Drift, outDir: string, files: number, tools: number, ms: number): Record<string, unknown> {
  return {
    command: "check",
    ok: d.clean,
    exitCode: d.clean ? 0 : 1,
    outDir,
    files,
    tools,
    stale: d.stale.map((f) => ({ path: f.path, added: f.added, removed: f.removed, diff: f.diff })),
    missing: d.missing,
    orphaned: d.orphaned,
    stray: d.stray,
    durationMs: Math.round(ms),
  };
}

/**
 * `toolform check --live`: each MCP server's current tools against the generated code
 * (which records every tool's schema hash, so no source file is needed). A changed
 * description counts: that is how a reviewed tool gets poisoned. Exit 1 on drift.
 */
async function liveCommand(project: Project, io: Io, json: boolean, timeoutMs: number | undefined): Promise<number> {
  const { liveCheck } = await import("../../mcp/live-check.js");
  const r = await liveCheck(project.config, undefined, timeoutMs ? { timeoutMs } : {});
  const failed = r.diagnostics.some((d) => d.severity === "error");
  const exitCode = failed ? 2 : r.drift ? 1 : 0;
  if (json) io.stdout.write(JSON.stringify({ command: "check", live: true, ok: exitCode === 0, exitCode, items: r.items, sources: r.sources, diagnostics: r.diagnostics }, null, 2) + "\n");
  else io.stdout.write(r.report + (r.report.endsWith("\n") ? "" : "\n"));
  return exitCode;
}
