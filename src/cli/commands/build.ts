// `toolform build`: parse the flags, load the config, run one build (src/pipeline/build.ts:
// generate, write, stamp, record the manifest) and report it on one screen.
import { join, relative } from "node:path";
import * as outputLock from "../../pipeline/lock.js";
import { buildOnce, type RecordInputs } from "../../pipeline/build.js";
import type { BuildOutcome } from "../../pipeline/outcome.js";
import { openCache, type Project } from "../../pipeline/project.js";
import { argsKey, configIsPlain } from "../../pipeline/manifest.js";
import { takeStamp } from "../../io/stamps.js";
import { parse, type Parsed } from "../args.js";
import { BUILD_FLAGS } from "../flags.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, Progress, useColor, type Io } from "../output.js";
import { loadProject, overridesFrom } from "../project.js";
import { outcomeFactsText, reportBuild } from "../report.js";
import { configFailure, lockOptions } from "./shared.js";
import { handoff } from "../fast.js";

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
  // What the manifest records: the command line, the config file as it was before it loaded, and this command's --json report from this cwd.
  const record: RecordInputs = { args: argsKey(io.cwd, p.values), report: (o) => outcomeFactsText(o, project, io.cwd) };
  const beforeLoad = (file: string) => {
    // The config's bytes as they are before it loads: a later edit makes the manifest stale, never wrong.
    try {
      const { stamp, bytes } = takeStamp(file);
      record.config = { file, stamp, plain: configIsPlain(bytes.toString("utf8")) };
    } catch {
      /* unreadable: loading says why */
    }
  };
  try {
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, overridesFrom(p, io.cwd, "build"), { beforeLoad, handoff });
  } catch (e) {
    return configFailure(e, io, s, json, "build");
  }
  const print = { inputs: !!p.values["print-inputs"], outputs: !!p.values["print-outputs"] };
  if (print.inputs || print.outputs) {
    const { printContract } = await import("./contract.js");
    return printContract(project, await openCache(project, !!p.values["no-cache"], { handoff }), print, io, json);
  }
  const progress = new Progress(io.stderr, !json && !quiet && io.stderr.isTTY === true && !io.env.CI);
  try {
    const cache = await openCache(project, !!p.values["no-cache"], { handoff });
    let o: BuildOutcome;
    try {
      o = await buildOnce(project, cache, { record, handoff, onProgress: (line) => progress.update(line), lock: lockOptions("build", p, io, project) });
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
