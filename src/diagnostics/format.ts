import type { Diagnostic } from "./types.js";

/** "file:line:col" or "file#/json/pointer", the way editors and terminals link to places. */
export function placeOf(d: Pick<Diagnostic, "file" | "pointer" | "line" | "column">): string {
  if (!d.file) return d.pointer !== undefined ? `#${d.pointer}` : "";
  if (d.line !== undefined) return `${d.file}:${d.line}:${d.column ?? 1}`;
  return d.pointer ? `${d.file}#${d.pointer}` : d.file;
}

/** One diagnostic as the CLI prints it: place, severity, tool, message, then the fix. */
export function formatDiagnostic(d: Diagnostic): string {
  const place = placeOf(d);
  const head = `${place ? place + ": " : ""}${d.severity} ${d.code}${d.tool ? ` (tool ${d.tool})` : ""}: ${d.message}`;
  return d.hint ? `${head}\n  fix: ${d.hint}` : head;
}

/** Thrown when a build cannot go on; carries every error found, not just the first. */
export class ToolformError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic).join("\n") || "toolform failed");
    this.name = "ToolformError";
  }
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}
