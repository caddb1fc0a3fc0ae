// `toolform watch` (`toolform build --watch`): build, then rebuild on change.
// One BuildCache lives for the whole session, so a rebuild compiles and formats
// only the tools whose inputs changed. A failed build keeps the last good output;
// a config change reloads the config; Ctrl-C / SIGTERM exit 0.
import { dirname, relative } from "node:path";
import type { BuildCache } from "../../pipeline/cache.js";
import { planFor, startWatch, type WatchPlan } from "../../pipeline/watch.js";
import { parse } from "../args.js";
import { HELP } from "../help.js";
import { diagnosticsBlock, duration, makeStyle, paintDiagnostic, plural, Progress, useColor, type Io, type Style } from "../output.js";
import { loadProject, overridesFrom, rel } from "../project.js";
import { openCache, type Project } from "../../pipeline/project.js";
import { buildOnce } from "../../pipeline/build.js";
import type { BuildOutcome } from "../../pipeline/outcome.js";
import { BUILD_FLAGS } from "../flags.js";
import { lockOptions } from "./shared.js";
import { outcomeJson, relocate } from "../report.js";
import { formatDiagnostic, ToolformError } from "../../diagnostics/format.js";
import type { Diagnostic } from "../../diagnostics/types.js";

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

export async function watchCommand(argv: string[], io: Io, opts: { keepProcess?: boolean } = {}): Promise<number> {
  const p = parse("watch", argv, BUILD_FLAGS, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.watch + "\n");
    return 0;
  }
  const json = !!p.values.json;
  const quiet = !!p.values.quiet;
  const s = makeStyle(!json && useColor(io.stderr, io.env, !!p.values["no-color"]));
  const overrides = overridesFrom(p, io.cwd, "watch");
  const configPath = typeof p.values.config === "string" ? p.values.config : undefined;
  const noCache = !!p.values["no-cache"];

  let project: Project | undefined;
  let cache: BuildCache | undefined;
  let lastPlan: WatchPlan | undefined;
  let lastOk: boolean | undefined;

  const say = (line: string) => {
    if (!json) io.stderr.write(`${s.dim(`[${clock()}]`)} ${line}\n`);
  };
  const emitJson = (o: Record<string, unknown>) => {
    if (json) io.stdout.write(JSON.stringify(o) + "\n");
  };

  const loadOrReport = async (): Promise<boolean> => {
    try {
      project = await loadProject(io.cwd, configPath, overrides);
      return true;
    } catch (e) {
      const ds: Diagnostic[] = e instanceof ToolformError ? e.diagnostics : [{ severity: "error", code: "config/error", message: (e as Error).message }];
      if (json) emitJson({ command: "watch", ok: false, phase: "config", diagnostics: ds });
      else io.stderr.write(ds.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
      say(`${s.red("✗")} config error; waiting for the config to change`);
      return false;
    }
  };

  // The first config load decides what to watch; a config that does not load at
  // start is still watched (its folder), so fixing it starts the builds.
  const initialOk = await loadOrReport();
  if (!initialOk && !project) {
    const { findConfig } = await import("../../config/load.js");
    const file = configPath ? relative(io.cwd, configPath) : findConfig(io.cwd);
    if (!file) return 2; // nothing to watch at all
  }

  let configBroken = !initialOk;
  const rebuild = async (changed: string[]): Promise<WatchPlan | undefined> => {
    if (configBroken || (project && changed.includes(project.configFile))) {
      // The first (empty) round after a failed load has already said why.
      if (changed.length === 0) return lastPlan;
      say(`${configBroken ? "trying the config again" : "config changed; reloading"}: ${rel(io.cwd, project?.configFile ?? configPath ?? "toolform.config")}`);
      configBroken = !(await loadOrReport());
      if (configBroken) return lastPlan;
    }
    const pr = project!;
    cache ??= await openCache(pr, noCache);
    if (changed.length) say(`${changed.length === 1 ? "change" : `${changed.length} changes`}: ${changed.slice(0, 3).map((c) => rel(io.cwd, c)).join(", ")}${changed.length > 3 ? ", …" : ""}`);
    const progress = new Progress(io.stderr, !json && !quiet && io.stderr.isTTY === true && !io.env.CI);
    let o: BuildOutcome;
    try {
      // Each rebuild takes the output folder's lock: a build in another terminal waits for it, and it for that build.
      o = await buildOnce(pr, cache, { onProgress: (line) => progress.update(line), lock: { ...lockOptions("watch", p, io, pr), noWait: false } });
    } finally {
      progress.done();
    }
    report(o, pr, lastOk, io, s, quiet, json, say);
    emitJson({ ...outcomeJson(o, pr, io.cwd), command: "watch", changed: changed.map((c) => rel(io.cwd, c)) });
    // A first build served entirely from the disk cache loaded none of the
    // compiler; load it now, while idle, so the first edit is as quick as the rest.
    if (lastOk === undefined && o.stats.compiled === 0) setTimeout(() => void warmUp(), 50).unref();
    lastOk = o.ok;
    lastPlan = planFor(pr.config, { configFile: pr.configFile, schemasDir: typeof pr.raw.schemas === "string" ? pr.raw.schemas : undefined, inputs: o.inputs, cacheDir: cache.dir ? dirname(cache.dir) : undefined });
    return lastPlan;
  };

  if (project) cache = await openCache(project, noCache);
  const initialPlan: WatchPlan = project
    ? planFor(project.config, { configFile: project.configFile, schemasDir: typeof project.raw.schemas === "string" ? project.raw.schemas : undefined, cacheDir: cache?.dir ? dirname(cache.dir) : undefined })
    : { paths: [io.cwd], ignore: [] };

  const session = await startWatch({
    plan: initialPlan,
    debounceMs: 100,
    rebuild,
    usePolling: !!p.values.poll,
    onCrash: (e) => {
      io.stderr.write(`${s.red("toolform crashed during a build (a bug; please report it):")} ${(e as Error)?.stack ?? String(e)}\n`);
      say("still watching");
    },
  });
  say(`watching ${s.bold(rel(io.cwd, project?.config.root ?? io.cwd))} (Ctrl-C to stop)`);

  return new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      void session.close().then(() => {
        if (!json) io.stderr.write(`\n${s.dim(`stopped (${signal})`)}\n`);
        resolveExit(0);
        // A build still running is dropped here: writes happen in one synchronous
        // step after generation, so no file can be caught half-way, and nothing
        // is written after the stop.
        if (!opts.keepProcess) setImmediate(() => process.exit(0));
      });
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
  });
}

const seenWarnings = new Set<string>();

/** Runs one throwaway tool through the pipeline in memory (nothing written, no cache touched). */
async function warmUp(): Promise<void> {
  try {
    const { generate } = await import("../../pipeline/generate.js");
    await generate({
      tools: [
        {
          name: "toolform_warm_up",
          description: "Loads the compiler.",
          inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^[a-z]+$", description: "A word." } }, required: ["q"], additionalProperties: false },
          origin: { file: "<warm-up>", pointer: "" },
        },
      ],
    });
  } catch {
    /* only a warm-up */
  }
}

function report(o: BuildOutcome, project: Project, lastOk: boolean | undefined, io: Io, s: Style, quiet: boolean, json: boolean, say: (l: string) => void): void {
  if (json) return;
  const cwd = io.cwd;
  const out = rel(cwd, project.config.outDir);
  if (!o.ok) {
    io.stderr.write(diagnosticsBlock(relocate(o.errors, project.config.root, cwd), s, 20, "fix these first").join("\n") + "\n");
    say(`${s.red("✗")} ${plural(o.errors.length, "error")}; kept the last good output in ${out}/. Waiting for a fix…`);
    return;
  }
  const w = o.write!;
  // Warnings: all of them after the first build, then only the ones a change brought.
  const warns = relocate(o.warnings, project.config.root, cwd);
  const keys = warns.map((d) => formatDiagnostic(d));
  const fresh = lastOk === undefined ? warns : warns.filter((_d, i) => !seenWarnings.has(keys[i]!));
  seenWarnings.clear();
  for (const k of keys) seenWarnings.add(k);
  if (fresh.length && !quiet) io.stderr.write(diagnosticsBlock(fresh, s, 10, "`toolform lint` lists them all").join("\n") + "\n");
  if (quiet && lastOk !== false) return;
  const changedFiles = [...w.written, ...w.removed.map((r) => `-${r}`)];
  const reused = o.stats.tools - o.stats.compiled;
  say(
    `${s.green("✓")} ${lastOk === false ? "recovered: " : ""}${plural(o.tools.length, "tool")} (${o.stats.compiled} compiled, ${reused} reused) → ${out}/: ` +
      `${changedFiles.length ? `${w.written.length} written${w.removed.length ? `, ${w.removed.length} removed` : ""} (${changedFiles.slice(0, 4).join(", ")}${changedFiles.length > 4 ? ", …" : ""})` : "no change"}` +
      `${o.warnings.length ? `, ${s.yellow(plural(o.warnings.length, "warning"))}` : ""} in ${duration(o.ms)}`,
  );
}
