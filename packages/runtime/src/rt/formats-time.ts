// Format checks of dates and times (RFC 3339 §5.6) and durations (RFC 3339 appendix A):
// hand-written scanners that do not allocate. What every check promises: formats.ts.

// ================================================================ dates and times: RFC 3339 §5.6

/** Two ASCII digits at i as a number, or -1 (also past the end: NaN fails both tests). */
export function fmtD2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** full-date = date-fullyear "-" date-month "-" date-mday at s[i..i+10) (RFC 3339 §5.6, month lengths and leap years per §5.7 / appendix C). */
export function fmtFullDate(s: string, i: number): boolean {
  const y1 = fmtD2(s, i);
  const y2 = fmtD2(s, i + 2);
  if (y1 < 0 || y2 < 0 || s.charCodeAt(i + 4) !== 45 || s.charCodeAt(i + 7) !== 45) return false;
  const m = fmtD2(s, i + 5);
  const d = fmtD2(s, i + 8);
  if (m < 1 || m > 12 || d < 1) return false;
  if (d <= 28) return true;
  if (m === 2) {
    const y = y1 * 100 + y2;
    return d === 29 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  }
  return d <= (m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

/**
 * full-time = partial-time time-offset, from s[i] to the end of s (RFC 3339 §5.6):
 * HH:MM:SS[.frac](Z|+HH:MM|-HH:MM), "Z" case-insensitive (§5.6 NOTE). A leap second
 * (:60) is allowed only where the UTC time is 23:59 (§5.7, as the JSON Schema Test Suite reads it).
 */
export function fmtFullTime(s: string, i: number): boolean {
  const n = s.length;
  if (n - i < 9) return false;
  const h = fmtD2(s, i);
  const mi = fmtD2(s, i + 3);
  const se = fmtD2(s, i + 6);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60 || s.charCodeAt(i + 2) !== 58 || s.charCodeAt(i + 5) !== 58) return false;
  let j = i + 8;
  if (s.charCodeAt(j) === 46) {
    // time-secfrac = "." 1*DIGIT
    const st = ++j;
    while (j < n) {
      const c = s.charCodeAt(j);
      if (c < 48 || c > 57) break;
      j++;
    }
    if (j === st) return false;
  }
  const c = s.charCodeAt(j);
  let off = 0;
  if (c === 90 || c === 122) {
    if (j + 1 !== n) return false;
  } else if (c === 43 || c === 45) {
    // time-numoffset = ("+" / "-") time-hour ":" time-minute
    if (j + 6 !== n || s.charCodeAt(j + 3) !== 58) return false;
    const oh = fmtD2(s, j + 1);
    const om = fmtD2(s, j + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    off = c === 43 ? oh * 60 + om : -(oh * 60 + om);
  } else {
    return false;
  }
  if (se !== 60) return true;
  // UTC = local time - offset; the leap second is 23:59:60 UTC.
  const utc = (((h * 60 + mi - off) % 1440) + 1440) % 1440;
  return utc === 1439;
}

/** date-time = full-date "T" full-time (RFC 3339 §5.6; "T" case-insensitive per the §5.6 NOTE). */
export function fmt_date_time(s: string): boolean {
  if (s.length < 20) return false;
  const t = s.charCodeAt(10);
  return (t === 84 || t === 116) && fmtFullDate(s, 0) && fmtFullTime(s, 11);
}

/** full-date (RFC 3339 §5.6). */
export function fmt_date(s: string): boolean {
  return s.length === 10 && fmtFullDate(s, 0);
}

/** full-time (RFC 3339 §5.6): the offset is required. */
export function fmt_time(s: string): boolean {
  return fmtFullTime(s, 0);
}

/**
 * duration (RFC 3339 appendix A, ISO 8601): "P" (dur-date / dur-time / dur-week), where each
 * element is 1*DIGIT + designator in order Y M D T H M S, a larger unit only followed by the
 * next smaller one (P1Y2D is invalid), and weeks stand alone. Designators in upper case, as ISO 8601 has them.
 */
export const FORMAT_RE_DURATION =
  /^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/;

export function fmt_duration(s: string): boolean {
  return FORMAT_RE_DURATION.test(s);
}
