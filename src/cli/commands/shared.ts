// What the commands share: reporting a config failure, reading stdin, taking the output folder's lock.
import { relative } from "node:path";
import { ToolformError } from "../../diagnostics/format.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import { describeOwner, type LockOptions } from "../../pipeline/lock.js";
import type { Project } from "../../pipeline/project.js";
import type { Parsed } from "../args.js";
import { paintDiagnostic, type Io, type Style } from "../output.js";

/** Prints a config (or other startup) failure and returns exit code 2. */
export function configFailure(e: unknown, io: Io, s: Style, json: boolean, command: string): number {
  const diagnostics: Diagnostic[] =
    e instanceof ToolformError ? e.diagnostics : [{ severity: "error", code: "config/error", message: (e as Error)?.message ?? String(e), hint: "see the message above" }];
  if (json) io.stdout.write(JSON.stringify({ command, ok: false, exitCode: 2, diagnostics }, null, 2) + "\n");
  else io.stderr.write(diagnostics.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
  return 2;
}

/** Reads all of stdin as text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** How a build takes the output folder's lock: waiting with a message, or failing at once with --no-wait. */
export function lockOptions(command: string, p: Parsed, io: Io, project: Project): Omit<LockOptions, "pollMs"> {
  return {
    command,
    noWait: !!p.values["no-wait"],
    onWait: (owner) => {
      if (p.values.quiet) return;
      io.stderr.write(`toolform: another toolform ${owner?.command ?? "build"} ${describeOwner(owner)} is writing ${relative(io.cwd, project.config.outDir) || "."}; waiting for it to finish (--no-wait fails instead)\n`);
    },
  };
}
