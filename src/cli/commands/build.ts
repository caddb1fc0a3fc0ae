// `toolform build`: load the config, generate, write (atomic, only what changed,
// orphans removed), and a summary that fits on one screen.
import { readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import * as outputLock from "../../pipeline/lock.js";
import type { BuildCache } from "../../pipeline/cache.js";
import type { GenerateResult } from "../../pipeline/generate.js";
import { hashOf } from "../../io/hash.js";
import { argsKey, configIsPlain, type BuildResult } from "../../pipeline/manifest.js";
import { takeStamp, type Stamp } from "../../io/stamps.js";
import { PROJECT, parse, type Parsed } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, Progress, useColor, type Io } from "../output.js";
import { generateProject, loadProject, openCache, overridesFrom, type Project } from "../project.js";
import { outcomeFactsText, reportBuild, upToDateOutcome, type BuildOutcome } from "../report.js";
import { configFailure } from "./shared.js";
import { clockMs, handoff } from "../fast.js";

export const BUILD_FLAGS = { ...PROJECT, watch: { type: "boolean", short: "w" }, poll: { type: "boolean" }, "print-inputs": { type: "boolean" }, "print-outputs": { type: "boolean" }, "no-wait": { type: "boolean" } } as const;

/** What `toolform build` knows for the manifest before the config loads: the command line, and the config file's stamp and plainness. */
export interface RecordInputs {
  cwd: string;
  args: string;
  config?: { file: string; stamp: Stamp; plain: boolean };
}

/**
 * Generates and, when there is no error, writes. Never throws for a source or
 * schema problem. With `record`, a build whose inputs are those of the last
 * successful one and whose output is intact does nothing (src/pipeline/manifest.ts),
 * and a successful build leaves the manifest for the next one.
 */
export async function buildOnce(project: Project, cache: BuildCache, progress?: Progress, opts: { record?: RecordInputs; lock?: Omit<outputLock.LockOptions, "pollMs"> } = {}): Promise<BuildOutcome> {
  // One build at a time per output folder (src/pipeline/lock.ts): held from before the folder is read until it is written.
  const lock = await outputLock.lockOutput(project.config.outDir, opts.lock ?? { command: "build" });
  try {
    return await buildLocked(project, cache, progress, opts);
  } finally {
    lock.release();
  }
}

async function buildLocked(project: Project, cache: BuildCache, progress: Progress | undefined, opts: { record?: RecordInputs }): Promise<BuildOutcome> {
  const t0 = clockMs();
  const outDir = project.config.outDir;
  const cacheMod = await import("../../pipeline/cache.js");
  const man = await import("../../pipeline/manifest.js");
  const { removeLeftovers, writeOutputs } = await import("../../io/write.js");
  // A build killed mid-write left temp files: they go first, whatever this build does.
  removeLeftovers(outDir);
  const record = opts.record && cache.base ? opts.record : undefined;
  const mpath = record ? man.manifestPath(cache.base!, project.configFile) : undefined;
  const configKey = hashOf(project.config);
  // What the fast path (fast.ts) found: an input changed (no second check), toolform's code and the folders as recorded.
  const known = mpath && handoff?.manifest === mpath && handoff.configFile === project.configFile ? handoff : undefined;
  if (mpath && !known?.stale) {
    const m = man.readManifest(mpath);
    const now = m && m.configFile === project.configFile ? man.upToDate(m, { configKey }) : undefined;
    if (m && now?.ok) {
      if (now.refreshed) cache.guard(() => man.writeManifest(mpath, m));
      return upToDateOutcome(m, clockMs() - t0);
    }
  }
  // The folders the source globs walk, listed before any source is read (a file added
  // after this makes the next check fail, never pass).
  // When the fast path found every folder as recorded, each source glob matches what it matched
  // then, and those listings (not newer ones) go into the next manifest.
  const globs = known?.globs?.configKey === configKey ? known.globs : undefined;
  const dirs = globs ? globs.dirs : mpath ? sourceDirsOf(project, cache.base!, man.sourceDirs) : undefined;
  cache.sources.knownMatches = globs ? new Map(globs.matches) : undefined;
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
  if (errors.length) return { ok: false, exitCode: 1, ms: clockMs() - t0, ...base };
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
  if (mpath) {
    // Only a build whose every input is stamped gets a manifest (JSON sources and snapshots; not TypeScript, not a live MCP server).
    const stamp = (p: string) => cache.stamps.stampOf(p) ?? (cache.guard(() => cache.stamps.hash(p)) !== undefined ? cache.stamps.stampOf(p) : undefined);
    // toolform's code: as the fast path found it, else walked (stamps make that a stat per file).
    const id = known?.toolform ? undefined : cacheMod.toolformIdentity(cache.stamps);
    const code: [string, Stamp][] = known?.toolform?.files ?? [];
    const codeDirs: [string, string][] = known?.toolform?.dirs ?? [];
    const c = record!.config;
    let complete = !!dirs && !!c && c.file === project.configFile && result.inputs.every((f) => f.endsWith(".json"));
    const files: [string, Stamp][] = [...code];
    for (const f of [...(id?.files ?? []), ...result.inputs]) {
      const st = stamp(f);
      if (st) files.push([f, st]);
      else complete = false;
    }
    const outputs: [string, Stamp][] = [];
    for (const f of result.files) {
      const st = cache.stamps.stampOf(join(outDir, f.path));
      if (st) outputs.push([f.path, st]);
      else complete = false;
    }
    const allDirs = [...codeDirs];
    for (const d of id?.dirs ?? []) {
      const text = man.listing(d);
      if (text === undefined) complete = false;
      else allDirs.push([d, text]);
    }
    const nCode = files.length - result.inputs.length;
    const nCodeDirs = allDirs.length;
    allDirs.push(...(dirs ?? []));
    let outList: string[] = [];
    try {
      outList = readdirSync(outDir)
        .filter((f) => !outputLock.isLockFile(f))
        .sort();
    } catch {
      complete = false;
    }
    if (complete && c) {
      files.push([c.file, c.stamp]);
      const recorded: BuildResult = { tools, inputs: result.inputs, diagnostics: warnings };
      const m = {
        args: record!.args,
        configFile: project.configFile,
        configPlain: c.plain && typeof project.raw.schemas !== "string",
        ...(c.plain ? { configJson: man.configJson(project.loaded) } : {}),
        configKey,
        files,
        dirs: allDirs,
        fingerprint: known?.toolform?.fingerprint ?? id!.fingerprint,
        code: nCode,
        codeDirs: nCodeDirs,
        globs: cache.sources.matches,
        outDir,
        outList,
        outputs,
        root: project.config.root,
        emit: project.config.emit,
        result: JSON.stringify(recorded),
        json: "",
      };
      // What `build --json` will say when it finds this build up to date, from this cwd. From `recorded`, not
      // m.result parsed again; its diagnostics are the warnings list this build reports (no errors here), so
      // their text is made once for both reports.
      m.json = outcomeFactsText(upToDateOutcome(m, 0, recorded), project, record!.cwd);
      cache.guard(() => man.writeManifest(mpath, m));
    } else rmSync(mpath, { force: true });
  }
  return { ok: true, exitCode: 0, write, ms: clockMs() - t0, ...base };
}

/** The folders the JSON source globs of the project walk, with their listings; undefined when a source is not a glob of files (a live MCP server). */
function sourceDirsOf(project: Project, cacheBase: string, list: typeof import("../../pipeline/manifest.js").sourceDirs): [string, string][] | undefined {
  const patterns: string[] = [];
  for (const spec of project.config.sources) {
    if (typeof spec === "object" && "mcp" in spec) {
      if (!spec.snapshot) return undefined;
      continue; // the snapshot is a file read: stamped
    }
    patterns.push(...(typeof spec === "string" ? [spec] : Array.isArray(spec.files) ? spec.files : [spec.files]));
  }
  return list(patterns, project.config.root, [cacheBase]);
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
  const record: RecordInputs = { cwd: io.cwd, args: argsKey(io.cwd, p.values) };
  try {
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, overridesFrom(p, io.cwd, "build"), (file) => {
      // The config's bytes as they are before it loads: a later edit makes the manifest stale, never wrong.
      try {
        const { stamp, bytes } = takeStamp(file);
        record.config = { file, stamp, plain: configIsPlain(bytes.toString("utf8")) };
      } catch {
        /* unreadable: loading says why */
      }
    });
  } catch (e) {
    return configFailure(e, io, s, json, "build");
  }
  const print = { inputs: !!p.values["print-inputs"], outputs: !!p.values["print-outputs"] };
  if (print.inputs || print.outputs) {
    const { printContract } = await import("./contract.js");
    return printContract(project, await openCache(project, !!p.values["no-cache"]), print, io, json);
  }
  const progress = new Progress(io.stderr, !json && !quiet && io.stderr.isTTY === true && !io.env.CI);
  try {
    const cache = await openCache(project, !!p.values["no-cache"]);
    let o: BuildOutcome;
    try {
      o = await buildOnce(project, cache, progress, { record, lock: lockOptions("build", p, io, project) });
    } catch (e) {
      if (!(e instanceof outputLock.LockBusyError)) throw e;
      progress.done();
      return busyFailure(e, io, s, json, project);
    }
    progress.done();
    reportBuild(o, project, io, p.values);
    return o.exitCode;
  } finally {
    progress.done();
  }
}

/** How a build takes the output folder's lock: waiting with a message, or failing at once with --no-wait. */
export function lockOptions(command: string, p: Parsed, io: Io, project: Project): Omit<outputLock.LockOptions, "pollMs"> {
  return {
    command,
    noWait: !!p.values["no-wait"],
    onWait: (owner) => {
      if (p.values.quiet) return;
      io.stderr.write(`toolform: another toolform ${owner?.command ?? "build"} ${outputLock.describeOwner(owner)} is writing ${relative(io.cwd, project.config.outDir) || "."}; waiting for it to finish (--no-wait fails instead)\n`);
    },
  };
}

/** --no-wait and the folder is locked: exit 1, saying who holds it and what to do. */
function busyFailure(e: outputLock.LockBusyError, io: Io, s: ReturnType<typeof makeStyle>, json: boolean, project: Project): number {
  const out = relative(io.cwd, project.config.outDir) || ".";
  const d = {
    severity: "error" as const,
    code: "build/locked",
    message: `another toolform ${e.owner?.command ?? "build"} ${outputLock.describeOwner(e.owner)} is writing ${out}, and --no-wait was given`,
    hint: `run again when it has finished, or without --no-wait to wait for it; if no build is running, remove ${join(out, outputLock.LOCK_FILE)}`,
  };
  if (json) io.stdout.write(JSON.stringify({ command: "build", ok: false, exitCode: 1, diagnostics: [d] }, null, 2) + "\n");
  else io.stderr.write(paintDiagnostic(d, s) + "\n");
  return 1;
}
