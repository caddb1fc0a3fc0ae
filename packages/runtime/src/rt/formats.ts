// toolform format checks: the JSON Schema `format` predicates of the generated runtime.
//
// Each `fmt_<name>(s)` is total (never throws, whatever `s` is) and linear-time: the hot
// formats (dates, ip addresses, uuid, json-pointer) are hand-written scanners that do not
// allocate; the rest are precompiled regexes written so that they cannot backtrack
// catastrophically (no ambiguous nested quantifiers), plus small slow paths for the rare
// cases (IDNA labels, IPv6 literals inside URIs).
//
// This module holds the small checks (uuid, JSON pointers, regex, OpenAPI's number formats);
// dates, IP addresses, URIs, host names and email each have their own module (formats-*.ts),
// the formats beyond JSON Schema's are in formats-extra.ts, and format-table.ts maps every
// format name to its check.

// ================================================================ uuid: RFC 4122 §3

/** The hyphenated 8-4-4-4-12 hex form, any version and variant (RFC 4122 §3 string representation). */
export const FORMAT_RE_UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export function fmt_uuid(s: string): boolean {
  return s.length === 36 && FORMAT_RE_UUID.test(s);
}

// ================================================================ JSON pointers: RFC 6901, relative JSON pointers

/** From s[i] on: every "~" is followed by "0" or "1" (RFC 6901 §3 escaped = "~" ( "0" / "1" )). */
export function fmtTildesOk(s: string, i: number): boolean {
  let t = s.indexOf("~", i);
  while (t !== -1) {
    const c = s.charCodeAt(t + 1);
    if (c !== 48 && c !== 49) return false;
    t = s.indexOf("~", t + 2);
  }
  return true;
}

/** json-pointer = *( "/" reference-token ) (RFC 6901 §3). */
export function fmt_json_pointer(s: string): boolean {
  return s.length === 0 || (s.charCodeAt(0) === 47 && fmtTildesOk(s, 1));
}

/** relative-json-pointer = non-negative-integer ( "#" / json-pointer ) (draft-bhutton-relative-json-pointer-00 §3). */
export function fmt_relative_json_pointer(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  const c0 = s.charCodeAt(0);
  let i = 1;
  if (c0 >= 49 && c0 <= 57) {
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      i++;
    }
  } else if (c0 !== 48) {
    return false; // non-negative-integer = %x30 / %x31-39 *%x30-39: no sign, no leading zero
  }
  if (i === n) return true;
  const c = s.charCodeAt(i);
  if (c === 35) return i + 1 === n;
  return c === 47 && fmtTildesOk(s, i + 1);
}

// ================================================================ regex: ECMA-262 with the "u" flag

/** Results of recent regex checks: compiling a RegExp costs microseconds, schemas repeat their values. */
export const FORMAT_REGEX_CACHE = new Map<string, boolean>();

/** An ECMA-262 regular expression, as `new RegExp(s, "u")` parses it. */
export function fmt_regex(s: string): boolean {
  const hit = FORMAT_REGEX_CACHE.get(s);
  if (hit !== undefined) return hit;
  let ok: boolean;
  try {
    new RegExp(s, "u");
    ok = true;
  } catch {
    ok = false;
  }
  if (s.length <= 1000) {
    if (FORMAT_REGEX_CACHE.size >= 256) FORMAT_REGEX_CACHE.clear();
    FORMAT_REGEX_CACHE.set(s, ok);
  }
  return ok;
}

// ================================================================ OpenAPI number formats (as ajv-formats)

// They judge numbers only (a string is not theirs to judge). JSON numbers are doubles:
// int64 is any integer, float and double any number.

/** int32: an integer from -2^31 to 2^31-1. */
export function fmt_int32(v: number): boolean {
  return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647;
}

/** int64: an integer (every integer a double holds is within ±2^63). */
export function fmt_int64(v: number): boolean {
  return Number.isInteger(v);
}

/** float, double: any number. */
export function fmt_float(_v: number): boolean {
  return true;
}
export function fmt_double(_v: number): boolean {
  return true;
}
