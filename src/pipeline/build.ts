// One build of a project: generate, write (atomic, only what changed, orphans removed),
// stamp the outputs and leave the manifest the next no-change check reads. The commands
// (build, watch) parse their flags, call this and report what it returns.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as outputLock from "./lock.js";
import type { BuildCache } from "./cache.js";
import type { GenerateResult } from "./generate.js";
import type { BuildResult } from "./manifest.js";
import type { Handoff } from "./handoff.js";
import { generateProject, type Project } from "./project.js";
import { upToDateOutcome, type BuildOutcome } from "./outcome.js";
import { hashOf } from "../io/hash.js";
import type { Stamp } from "../io/stamps.js";
import { clockMs } from "../io/clock.js";

/** What the manifest records besides the build itself: the command line, the config file's stamp and plainness, and the report a no-change build prints. */
export interface RecordInputs {
  args: string;
  config?: { file: string; stamp: Stamp; plain: boolean };
  /** The `--json` report of an outcome without its times (the no-change answer prints it with its own). */
  report: (o: BuildOutcome) => string;
}

export interface BuildOptions {
  /** Leave a manifest for the next no-change check (and use the last one). */
  record?: RecordInputs;
  /** How the output folder's lock is taken (src/pipeline/lock.ts). */
  lock?: Omit<outputLock.LockOptions, "pollMs">;
  /** What the no-change check of this process found (src/cli/fast.ts). */
  handoff?: Handoff;
  /** A line saying what the build is doing, as it goes (a progress display). */
  onProgress?: (line: string) => void;
}

/**
 * Generates and, when there is no error, writes. Never throws for a source or
 * schema problem. With `record`, a build whose inputs are those of the last
 * successful one and whose output is intact does nothing (src/pipeline/manifest.ts),
 * and a successful build leaves the manifest for the next one.
 */
export async function buildOnce(project: Project, cache: BuildCache, opts: BuildOptions = {}): Promise<BuildOutcome> {
  // One build at a time per output folder (src/pipeline/lock.ts): held from before the folder is read until it is written.
  const lock = await outputLock.lockOutput(project.config.outDir, opts.lock ?? { command: "build" });
  try {
    return await buildLocked(project, cache, opts);
  } finally {
    lock.release();
  }
}

async function buildLocked(project: Project, cache: BuildCache, opts: BuildOptions): Promise<BuildOutcome> {
  const t0 = clockMs();
  const outDir = project.config.outDir;
  const cacheMod = await import("./cache.js");
  const man = await import("./manifest.js");
  const { removeLeftovers, writeOutputs } = await import("../io/write.js");
  // A build killed mid-write left temp files: they go first, whatever this build does.
  removeLeftovers(outDir);
  const record = opts.record && cache.base ? opts.record : undefined;
  const mpath = record ? man.manifestPath(cache.base!, project.configFile) : undefined;
  const configKey = hashOf(project.config);
  // What the no-change check found: an input changed (no second check), toolform's code and the folders as recorded.
  const handoff = opts.handoff;
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
  // When the no-change check found every folder as recorded, each source glob matches what it matched
  // then, and those listings (not newer ones) go into the next manifest.
  const globs = known?.globs?.configKey === configKey ? known.globs : undefined;
  const dirs = globs ? globs.dirs : mpath ? sourceDirsOf(project, cache.base!, man.sourceDirs) : undefined;
  cache.sources.knownMatches = globs ? new Map(globs.matches) : undefined;
  const progress = opts.onProgress;
  if (progress) cache.onActivity = (s) => progress(`building: ${s.tools} tools read, ${s.compiled} to compile`);
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
  progress?.("writing");
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
    // toolform's code: as the no-change check found it, else walked (stamps make that a stat per file).
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
      // What `build --json` will say when it finds this build up to date. From `recorded`, not
      // m.result parsed again; its diagnostics are the warnings list this build reports (no errors here), so
      // their text is made once for both reports.
      m.json = record!.report(upToDateOutcome(m, 0, recorded));
      cache.guard(() => man.writeManifest(mpath, m));
    } else rmSync(mpath, { force: true });
  }
  return { ok: true, exitCode: 0, write, ms: clockMs() - t0, ...base };
}

/** The folders the JSON source globs of the project walk, with their listings; undefined when a source is not a glob of files (a live MCP server). */
function sourceDirsOf(project: Project, cacheBase: string, list: typeof import("./manifest.js").sourceDirs): [string, string][] | undefined {
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
