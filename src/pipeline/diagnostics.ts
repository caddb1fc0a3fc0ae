// The build's diagnostics: a tool's lint advice as its source's `lint` setting says, and
// the order they are reported in.
import type { Diagnostic } from "../diagnostics/types.js";
import type { SourceLint } from "../config/types.js";

/**
 * A tool's lint advice as its source's `lint` setting says (config SourceLint), as copies. The
 * setting governs advice to a tool's author (the lint rules, `lint/*`); what warns of danger to
 * the caller (the description guard, ReDoS, impossible schemas) is reported whatever it says.
 */
export function withSourceLint(ds: readonly Diagnostic[], setting: SourceLint | undefined, keptWarnings: Set<Diagnostic>): Diagnostic[] {
  if (setting === undefined) return ds.map((d) => ({ ...d }));
  const safety = (d: Diagnostic) => !d.code.startsWith("lint/");
  if (setting === "off") return ds.filter(safety).map((d) => ({ ...d }));
  return ds.map((d) => {
    if (safety(d)) return { ...d };
    const c: Diagnostic = { ...d, severity: setting === "error" ? "error" : "warning" };
    if (setting === "warn") keptWarnings.add(c);
    return c;
  });
}

export function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => `${d.severity === "error" ? 0 : 1}|${d.file ?? ""}|${String(d.line ?? 0).padStart(8, "0")}|${d.pointer ?? ""}|${d.code}`;
  return ds.map((d, i) => [key(d), i, d] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).map((x) => x[2]);
}
