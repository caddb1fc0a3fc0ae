// The `toolform` command: dispatch to one file per command (loaded lazily, so
// `--help`, `--version` and `init` start fast), map failures to exit codes:
// 0 ok, 1 invalid schema/source (or drift, or an invalid call), 2 usage/config.
import { HELP } from "./help.js";
import { didYouMean, UsageError } from "./args.js";
import { makeStyle, useColor, type Io } from "./output.js";
import { processIo, quietPipes } from "./fast.js";
import { setFlagsFromString } from "node:v8";

type Command = (argv: string[], io: Io) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  build: async () => (await import("./commands/build.js")).buildCommand,
  watch: async () => (await import("./commands/watch.js")).watchCommand,
  check: async () => (await import("./commands/check.js")).checkCommand,
  init: async () => (await import("./commands/init.js")).initCommand,
  validate: async () => (await import("./commands/validate.js")).validateCommand,
  compile: async () => (await import("./commands/compile.js")).compileCommand,
  lint: async () => (await import("./commands/lint.js")).lintCommand,
  pull: async () => (await import("./commands/pull.js")).pullCommand,
  playground: async () => (await import("./commands/playground.js")).playgroundCommand,
};

async function version(): Promise<string> {
  const { VERSION } = await import("../emit/templates.js");
  return VERSION;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const s = makeStyle(useColor(io.stderr, io.env, argv.includes("--no-color")));
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === "--help" || first === "-h" || first === "help") {
      const topic = first === "help" ? rest[0] : undefined;
      io.stdout.write((topic && HELP[topic] ? HELP[topic] : HELP.main) + "\n");
      return first === undefined ? 2 : 0;
    }
    if (first === "--version" || first === "-v" || first === "version") {
      io.stdout.write((await version()) + "\n");
      return 0;
    }
    const load = COMMANDS[first];
    if (!load) {
      throw new UsageError(`unknown command ${JSON.stringify(first)}${first.startsWith("-") ? "" : didYouMean(first, Object.keys(COMMANDS))}`);
    }
    return await (await load())(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`${s.red("error")}: ${e.message}\n`);
      io.stderr.write(s.dim(`run \`toolform ${e.command ? e.command + " " : ""}--help\` for usage\n`));
      return 2;
    }
    const { ToolformError } = await import("../diagnostics/format.js");
    if (e instanceof ToolformError) {
      const { paintDiagnostic } = await import("./output.js");
      io.stderr.write(e.diagnostics.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
      return e.diagnostics.some((d) => d.code.startsWith("config/")) ? 2 : 1;
    }
    io.stderr.write(`${s.red("toolform crashed (this is a bug; please report it with the stack below)")}\n${(e as Error)?.stack ?? String(e)}\n`);
    return 2;
  }
}

/** Commands that run once and exit (not watch, nor the playground's server). */
const ONE_SHOT = new Set(["build", "check", "lint", "compile", "validate", "pull"]);

/**
 * The V8 flags the CLI process sets before running `argv`. For a command that runs once, V8
 * optimises a function after 16 times the profiler ticks node 20 gives it (--interrupt-budget,
 * 67,584 by default). A cold build runs most of its code briefly, and V8's optimising compiler
 * spent ~0.8 s of CPU on background threads during a 1.9 s build of 200 tools (/proc, per
 * thread), for code that was done before it paid back; with the higher budget ~0.2 s, the main
 * thread ~0.1 s slower, the process ~25% less CPU. Truly hot code (a 1,000-tool build's
 * workers) is still optimised. Flags are the process's: only the CLI's own process sets them
 * (run), never main() or a program that imports toolform.
 */
export function v8FlagsFor(argv: readonly string[]): string | undefined {
  return ONE_SHOT.has(argv[0] ?? "") && !argv.includes("--watch") && !argv.includes("-w") ? "--interrupt-budget=1081344" : undefined;
}

/** Entry point of bin/toolform.js (after its no-change fast path, fast.ts, found something to do). */
export async function run(): Promise<void> {
  quietPipes();
  const argv = process.argv.slice(2);
  const flags = v8FlagsFor(argv);
  if (flags) setFlagsFromString(flags);
  process.exitCode = await main(argv, processIo());
}
