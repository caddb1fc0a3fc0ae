// Markdown for the bench's results.

import { geomean } from "./harness.js";

export const fmtNs = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? "–" : x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1);
export const fmtX = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? "–" : `${x.toFixed(2)}×`);
export const fmtMs = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? "–" : x.toFixed(1));
export const fmtB = (x: number) => Math.round(x).toLocaleString("en-US");

/** Text as inline code in a table cell: pipes escaped, backticks made quotes. */
export const code = (s: string) => "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`";

export function table(head: string[], rows: (string | number)[][], align?: ("l" | "r")[]): string {
  const a = align ?? head.map((_, i) => (i === 0 ? "l" : "r"));
  const sep = a.map((x) => (x === "l" ? "---" : "---:"));
  return [head, sep, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** ns/op by row id, then tool name. */
export type Grid = Map<string, Map<string, number>>;

/** Geomean of `row` over the tools it shares with `ref`, divided by `ref`'s over the same tools. */
export function ratio(grid: Grid, row: string, ref: string): number | undefined {
  const a = grid.get(row);
  const b = grid.get(ref);
  if (!a || !b) return undefined;
  const common = [...a.keys()].filter((t) => b.has(t));
  if (!common.length) return undefined;
  return geomean(common.map((t) => a.get(t)!)) / geomean(common.map((t) => b.get(t)!));
}

/** Per-tool ratios of `row` to `ref` over their common tools. */
export function perToolRatios(grid: Grid, row: string, ref: string): Map<string, number> {
  const out = new Map<string, number>();
  const a = grid.get(row);
  const b = grid.get(ref);
  if (!a || !b) return out;
  for (const [t, v] of a) if (b.has(t)) out.set(t, v / b.get(t)!);
  return out;
}

export function rowGeomean(grid: Grid, row: string): number | undefined {
  const a = grid.get(row);
  return a && a.size ? geomean([...a.values()]) : undefined;
}

/** A goals table's status: "met", or by how much the value is over its limit (one decimal under 10%, so a near miss does not read "missed by 0%"). */
export function goalStatus(value: number, limit: number): string {
  if (value <= limit) return "met";
  const over = (value / limit - 1) * 100;
  return `missed by ${over < 10 ? over.toFixed(1) : over.toFixed(0)}%`;
}
