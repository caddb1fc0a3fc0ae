// Error reporting shared by the commands.
import { ToolformError } from "../../diagnostics/format.js";
import type { Diagnostic } from "../../diagnostics/types.js";
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
