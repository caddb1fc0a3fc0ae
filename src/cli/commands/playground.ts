// `toolform playground`: a local page over the project's tools (src/playground),
// rebuilt as the sources change, opened in the browser unless --no-open.
// Ctrl-C / SIGTERM stop it (exit 0).
import { spawn } from "node:child_process";
import { UsageError, parse } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, useColor, type Io } from "../output.js";
import { configFailure } from "./shared.js";

/** Opens `url` in the desktop's browser; a failure only leaves the URL printed. */
function openBrowser(url: string): void {
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => {
      /* no opener: the URL is printed */
    });
    child.unref();
  } catch {
    /* no opener: the URL is printed */
  }
}

export async function playgroundCommand(argv: string[], io: Io, opts: { keepProcess?: boolean } = {}): Promise<number> {
  const p = parse("playground", argv, { config: { type: "string", short: "c" }, port: { type: "string", short: "p" }, "no-open": { type: "boolean" }, poll: { type: "boolean" } }, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.playground + "\n");
    return 0;
  }
  const s = makeStyle(useColor(io.stderr, io.env, !!p.values["no-color"]));
  let port = 0;
  if (typeof p.values.port === "string") {
    port = Number(p.values.port);
    if (!/^\d+$/.test(p.values.port) || port > 65535) throw new UsageError(`--port must be a port number (0-65535); got ${JSON.stringify(p.values.port)}`, "playground");
  }
  const { startPlayground } = await import("../../playground/session.js");
  let pg;
  try {
    pg = await startPlayground({
      cwd: io.cwd,
      configPath: typeof p.values.config === "string" ? p.values.config : undefined,
      port,
      usePolling: !!p.values.poll,
      log: (line) => io.stderr.write(`${s.dim(`[${new Date().toTimeString().slice(0, 8)}]`)} ${line}\n`),
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EADDRINUSE") throw new UsageError(`port ${port} is in use; pass another --port, or none for a free one`, "playground");
    return configFailure(e, io, s, false, "playground");
  }
  io.stdout.write(`toolform playground: ${pg.url}\n`);
  io.stderr.write(s.dim("(127.0.0.1 only; Ctrl-C to stop)\n"));
  if (!p.values["no-open"]) openBrowser(pg.url);

  return new Promise<number>((resolveExit) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void pg.close().then(() => {
        resolveExit(0);
        if (!opts.keepProcess) setImmediate(() => process.exit(0));
      });
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
