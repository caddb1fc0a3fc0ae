// Helpers for the hand-written floor: what a careful engineer writes by hand
// when validating tool calls for a model — every error, a message that names the
// field, says what was expected, shows what was received and gives an example.
// The fast path allocates nothing; only a failing call builds messages.

export interface HwError {
  path: string;
  keyword: string;
  message: string;
}

export interface HwReport {
  ok: boolean;
  n_errors: number;
  errors: HwError[];
  feedback: string;
}

export const OK: HwReport = Object.freeze({ ok: true, n_errors: 0, errors: Object.freeze([]) as unknown as HwError[], feedback: "" });

/** A string as JSON text: plain strings are quoted directly, JSON.stringify only when escaping is needed. */
export function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return '"' + s + '"';
}

/** What was received, for a message: `the string "ten"`, `the number 5`, `an object`. */
export function received(v: unknown): string {
  switch (typeof v) {
    case "string":
      return v.length > 40 ? `the string ${quote(v.slice(0, 40))}…` : `the string ${quote(v)}`;
    case "number":
      return `the number ${v}`;
    case "boolean":
      return `${v}`;
    case "object":
      return v === null ? "null" : Array.isArray(v) ? `an array of ${v.length}` : "an object";
    default:
      return typeof v;
  }
}

/** A quoted value for "got ...": strings in quotes, others as received(). */
export function shown(v: unknown): string {
  return typeof v === "string" ? (v.length > 40 ? `${quote(v.slice(0, 40))}…` : quote(v)) : received(v);
}

/** The enum value `v` would be in another case, if any. */
export function caseSuggestion(v: unknown, values: readonly string[]): string {
  if (typeof v !== "string") return "";
  const l = v.toLowerCase();
  for (const x of values) if (x.toLowerCase() === l) return ` (did you mean "${x}"?)`;
  return "";
}

export function report(tool: string, errors: HwError[]): HwReport {
  let feedback = `Refused: the arguments of ${tool} do not match its schema (${errors.length} error${errors.length === 1 ? "" : "s"}):`;
  for (const e of errors) feedback += "\n- " + e.message;
  return { ok: false, n_errors: errors.length, errors, feedback };
}

/** Two digits at i, or -1. */
function d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * RFC 3339 date-time, as ajv-formats' "full" check: full-date, "T"/"t"/space,
 * hh:mm:ss, optional fraction, "Z" or ±hh:mm (also ±hhmm, ±hh, as ajv accepts),
 * real days per month, a leap second only at 23:59 UTC. No regex, no allocation.
 */
export function isDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20) return false;
  const y1 = d2(s, 0);
  const y2 = d2(s, 2);
  if (y1 < 0 || y2 < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const mo = d2(s, 5);
  const d = d2(s, 8);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const y = y1 * 100 + y2;
  const dim = mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
  if (d > dim) return false;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 116 && sep !== 32) return false;
  const hh = d2(s, 11);
  const mm = d2(s, 14);
  const ss = d2(s, 17);
  if (hh < 0 || mm < 0 || ss < 0 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    i++;
    const start = i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  if (i >= n) return false;
  const z = s.charCodeAt(i);
  let tzH = 0;
  let tzM = 0;
  let sign = 1;
  if (z === 90 || z === 122) {
    if (i + 1 !== n) return false;
  } else if (z === 43 || z === 45) {
    sign = z === 45 ? -1 : 1;
    tzH = d2(s, i + 1);
    if (tzH < 0 || tzH > 23) return false;
    i += 3;
    if (i < n) {
      if (s.charCodeAt(i) === 58) i++;
      tzM = d2(s, i);
      if (tzM < 0 || tzM > 59 || i + 2 !== n) return false;
    }
  } else return false;
  if (hh <= 23 && mm <= 59 && ss <= 59) return true;
  // Leap second: 23:59:60 in UTC.
  if (mm > 59 || ss > 60) return false;
  const utcMin = mm - tzM * sign;
  const utcHr = hh - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1);
}
