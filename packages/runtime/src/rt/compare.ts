// x-compare: one field against another (numbers, dates, times).
import type { Sink } from "./report.js";
import { probing } from "./budget.js";
import { pk, quote, show } from "./text.js";
import { mk } from "./messages.js";

const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;

/** A comparable number for a value: numbers as is; date, date-time and time strings as instants. */
function instant(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const t = TIME_RE.exec(v);
  if (t) {
    const off = t[5]!.toLowerCase() === "z" ? 0 : (t[5]![0] === "-" ? -1 : 1) * (Number(t[5]!.slice(1, 3)) * 60 + Number(t[5]!.slice(4, 6)));
    return (Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3]) + Number(t[4] ?? 0) - off * 60) * 1000;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

/** True when both sides are present and comparable and `left op right` is false. */
export function compareFails(left: unknown, right: unknown, op: string): boolean {
  const a = instant(left);
  const b = instant(right);
  if (a === undefined || b === undefined || typeof left !== typeof right) return false;
  switch (op) {
    case "<":
      return !(a < b);
    case "<=":
      return !(a <= b);
    case ">":
      return !(a > b);
    case ">=":
      return !(a >= b);
    case "==":
      return a !== b;
    default:
      return a === b;
  }
}

const OP_WORDS: Record<string, string> = { "<": "before", "<=": "at or before", ">": "after", ">=": "at or after", "==": "equal to", "!=": "different from" };
const OP_NUM: Record<string, string> = { "<": "less than", "<=": "at most", ">": "greater than", ">=": "at least", "==": "equal to", "!=": "different from" };

export function compareErr(s: Sink, p: string, left: string, lv: unknown, op: string, right: string, rv: unknown): boolean {
  if (probing(s)) return true;
  const lp = pk(p, left);
  const rp = pk(p, right);
  // Skipped when either side is already wrong on its own.
  for (const e of s) if (e.path === lp || e.path === rp) return false;
  const words = (typeof lv === "number" ? OP_NUM : OP_WORDS)[op] ?? op;
  s.push(
    mk(lp, "constraint_errors", "x-compare", `${words} ${quote(rp)}`, show(lv), `${lp}: ${show(lv)} ${op} ${rp} (${show(rv)}) does not hold`, `${quote(lp)} must be ${words} ${quote(rp)} (${show(rv)}); got ${show(lv)}`),
  );
  return false;
}
