// `toolform build` when nothing changed, decided before the rest of the CLI loads:
// the command line, the config file's path and the build manifest the last build
// left (src/pipeline/manifest.ts) are enough when the config is plain data. Any
// other case, and any doubt, is left to the full command (which checks the same
// manifest again after loading the config). Also here, as they must load before anything
// else: the process's streams (processIo, quietPipes), the clock and a --json report's
// times, where V8's code cache of the CLI lives, and what this path hands a full build.
import { fstatSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { findConfig } from "../config/find.js";
import { argsKey, defaultCacheDir, manifestPath, readManifest, upToDate, writeManifest } from "../pipeline/manifest.js";
import { COMMON, PROJECT } from "./flags.js";
import type { Io, Stream } from "./output.js";
import type { Stamp } from "../io/stamps.js";
import type { Handoff } from "../pipeline/handoff.js";
import { clockMs } from "../io/clock.js";
import { withTimes } from "./times.js";

/** `toolform ... | head`: a closed pipe ends the command quietly. */
let piped = false;
export function quietPipes(): void {
  if (piped) return;
  piped = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}


/**
 * Whether `fd` is a terminal. A pipe or a file is not a character device, answered by a
 * stat; only a character device asks node:tty, which loads net and the streams (~10 ms).
 */
function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return (createRequire(import.meta.url)("node:tty") as typeof import("node:tty")).isatty(fd);
}

/** The process's streams, folder and environment. */
export function processIo(): Io {
  // stdin only when a command reads it (making the stream costs ~5 ms).
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin(): NodeJS.ReadableStream {
      return process.stdin;
    },
    cwd: process.cwd(),
    env: process.env,
  };
}

/**
 * A stream writing straight to a file descriptor: the fast path prints without making
 * process.stdout (a pipe's socket and the stream machinery). A closed pipe ends the
 * process quietly, as quietPipes does.
 */
function fdStream(fd: number): Stream {
  let tty: boolean | undefined;
  return {
    get isTTY() {
      return (tty ??= isTerminal(fd));
    },
    write(chunk: string) {
      const bytes = Buffer.from(chunk, "utf8");
      for (let at = 0; at < bytes.length; ) {
        try {
          at += writeSync(fd, bytes, at);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === "EPIPE") process.exit(process.exitCode ?? 0);
          if (code !== "EAGAIN") throw e;
        }
      }
      return true;
    },
  };
}

/** The flags of a plain `toolform build` (COMMON and PROJECT but --help and --no-cache), by spelling: boolean ones, and ones with a value. */
const BOOLEAN = new Map<string, string>();
const VALUED = new Map<string, string>();
for (const [name, o] of Object.entries({ ...COMMON, ...PROJECT })) {
  if (name === "help" || name === "no-cache") continue;
  const to = o.type === "boolean" ? BOOLEAN : VALUED;
  to.set("--" + name, name);
  if (o.short) to.set("-" + o.short, name);
}

/** The values parseArgs gives for those flags; undefined for anything else (another flag, a bundled or ambiguous form, a positional): the full command reads it. */
function buildFlags(args: readonly string[]): Record<string, string | boolean | undefined> | undefined {
  const values: Record<string, string | boolean | undefined> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const b = BOOLEAN.get(flag);
    if (b !== undefined && eq < 0) values[b] = true;
    else if (VALUED.has(flag)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined || (eq < 0 && v.startsWith("-"))) return undefined;
      values[VALUED.get(flag)!] = v;
    } else return undefined;
  }
  return values;
}

/** What this process's no-change check learnt when the build was not up to date: `toolform build` hands it to the full build (src/pipeline/handoff.ts). */
export let handoff: Handoff | undefined;

/**
 * Where bin/toolform.js keeps V8's code cache of the bundled CLI: the build cache folder of
 * the project the command names (--config, or the config found in cwd), else of cwd. A wrong
 * guess costs only the cache (it is named by the bundle it was made from).
 */
export function codeCacheDir(argv: readonly string[], cwd: string): string {
  let config: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--config" || a === "-c") config = argv[i + 1];
    else if (a.startsWith("--config=")) config = a.slice("--config=".length);
  }
  const file = config ? resolve(cwd, config) : findConfig(cwd);
  return defaultCacheDir(file ? dirname(file) : cwd);
}

/** The exit code when the build was found up to date (and reported), else undefined. */
export async function fastBuild(argv: readonly string[], cwd: string): Promise<number | undefined> {
  const t0 = clockMs();
  if (argv[0] !== "build") return undefined;
  // The build's own flags only: --watch, --no-cache, --help, a typo or a positional are the full command's.
  const values = buildFlags(argv.slice(1));
  if (!values) return undefined;
  const io: Io = {
    stdout: fdStream(1),
    stderr: fdStream(2),
    get stdin(): NodeJS.ReadableStream {
      return process.stdin;
    },
    cwd,
    env: process.env,
  };
  const file = typeof values.config === "string" ? resolve(io.cwd, values.config) : findConfig(io.cwd);
  if (!file) return undefined;
  const path = manifestPath(defaultCacheDir(dirname(file)), file);
  const m = readManifest(path);
  if (!m || m.configFile !== file) return undefined;
  const verified = new Map<string, Stamp>();
  const now = upToDate(m, { args: argsKey(io.cwd, values) }, verified);
  if (!now.ok) {
    handoff = {
      manifest: path,
      configFile: file,
      stale: !now.configOnly,
      verified,
      recorded: new Map([...m.files, ...m.outputs.map(([name, st]): [string, Stamp] => [join(m.outDir, name), st])]),
      // Also only when toolform's code is as recorded: the value came through its defineConfig.
      ...(m.configJson !== undefined && verified.has(file) && now.codeSame ? { configJson: m.configJson } : {}),
      ...(now.codeSame ? { toolform: { fingerprint: m.fingerprint, files: m.files.slice(0, m.code), dirs: m.dirs.slice(0, m.codeDirs) } } : {}),
      ...(now.dirsSame ? { globs: { configKey: m.configKey, matches: m.globs, dirs: m.dirs.slice(m.codeDirs) } } : {}),
    };
    return undefined;
  }
  if (now.refreshed) {
    try {
      writeManifest(path, m);
    } catch {
      /* only the stamps' refresh: the next build hashes again */
    }
  }
  if (values.json) {
    // The report as the last build wrote it for this cwd (manifest.json), with this run's times.
    io.stdout.write(withTimes(m.json, clockMs() - t0) + "\n");
    return 0;
  }
  const [{ reportBuild }, { upToDateOutcome }] = await Promise.all([import("./report.js"), import("../pipeline/outcome.js")]);
  reportBuild(upToDateOutcome(m, clockMs() - t0), { configFile: m.configFile, config: { root: m.root, outDir: m.outDir, emit: m.emit } }, io, values);
  return 0;
}
