// toolform format checks beyond JSON Schema's: the formats pydantic writes (pydantic/json_schema.py,
// pydantic/types.py, pydantic/networks.py) and those of the OpenAPI Format Registry, where the
// string alone decides (docs/formats.md lists every name and why it is checked or not).
// Like formats.ts: total, linear-time, no allocation on the common path.
import { FORMAT_RE_UUID } from "./formats.js";
import { fmtFullDate, fmtD2 } from "./formats-time.js";
import { fmt_ipv4, fmt_ipv6 } from "./formats-ip.js";
import { fmt_uri } from "./formats-uri.js";
import { fmt_email } from "./formats-email.js";

// ================================================================ uuid1 … uuid8 (pydantic UUID1 … UUID8)

/**
 * A hyphenated UUID of version `v` in the RFC 4122 / RFC 9562 variant (the 13th hex digit is the
 * version, the 17th is 8, 9, a or b): pydantic-core checks both for a string (validators/uuid.rs).
 */
export function fmtUuidVersion(s: string, v: number): boolean {
  if (s.length !== 36 || !FORMAT_RE_UUID.test(s) || s.charCodeAt(14) !== 48 + v) return false;
  const c = s.charCodeAt(19) | 32;
  return c === 56 || c === 57 || c === 97 || c === 98;
}
export const fmt_uuid1 = (s: string): boolean => fmtUuidVersion(s, 1);
export const fmt_uuid3 = (s: string): boolean => fmtUuidVersion(s, 3);
export const fmt_uuid4 = (s: string): boolean => fmtUuidVersion(s, 4);
export const fmt_uuid5 = (s: string): boolean => fmtUuidVersion(s, 5);
export const fmt_uuid6 = (s: string): boolean => fmtUuidVersion(s, 6);
export const fmt_uuid7 = (s: string): boolean => fmtUuidVersion(s, 7);
export const fmt_uuid8 = (s: string): boolean => fmtUuidVersion(s, 8);

// ================================================================ json-string (pydantic Json)

/** Text that parses as JSON (RFC 8259), as pydantic's Json type reads it. */
export function fmt_json_string(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

// ================================================================ IP addresses, interfaces, networks (Python's ipaddress)

/** ip_address(): an IPv4 or an IPv6 address. */
export function fmt_ipvanyaddress(s: string): boolean {
  return fmt_ipv4(s) || fmt_ipv6(s);
}

/** The 32-bit value of an IPv4 address already checked by fmt_ipv4. */
export function fmtIpv4Value(s: string): number {
  let n = 0;
  let part = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      n = n * 256 + part;
      part = 0;
    } else part = part * 10 + (c - 48);
  }
  return n * 256 + part;
}

/** The eight 16-bit groups of an IPv6 address already checked by fmt_ipv6. */
export function fmtIpv6Groups(s: string): number[] {
  const gap = s.indexOf("::");
  const side = (t: string): number[] => {
    if (t === "") return [];
    const out: number[] = [];
    for (const g of t.split(":")) {
      if (g.includes(".")) {
        const v = fmtIpv4Value(g);
        out.push(Math.floor(v / 65536), v % 65536);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  if (gap < 0) return side(s);
  const head = side(s.slice(0, gap));
  const tail = side(s.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** A prefix length: 1 to 3 ASCII digits (Python reads "024" as 24) worth at most `max`; -1 otherwise. */
export function fmtPrefix(t: string, max: number): number {
  if (t.length === 0 || t.length > 3) return -1;
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n <= max ? n : -1;
}

/** The prefix an IPv4 "/suffix" stands for: a length, a netmask (255.255.0.0) or a host mask (0.0.255.255), as ipaddress reads it; -1 otherwise. */
export function fmtIpv4Prefix(t: string): number {
  if (!t.includes(".")) return fmtPrefix(t, 32);
  if (!fmt_ipv4(t)) return -1;
  const m = fmtIpv4Value(t);
  for (let len = 0; len <= 32; len++) {
    const ones = len === 0 ? 0 : 2 ** 32 - 2 ** (32 - len);
    if (m === ones) return len;
    if (m === 2 ** 32 - 1 - ones) return len;
  }
  return -1;
}

/** address["/" prefix] with the address checked by `addr` and the prefix by `prefix`; the prefix (or the full length) and the address when they fit. */
function splitIp(s: string, addr: (a: string) => boolean, prefix: (t: string) => number, full: number): { a: string; len: number } | undefined {
  const slash = s.indexOf("/");
  const a = slash < 0 ? s : s.slice(0, slash);
  if (!addr(a)) return undefined;
  const len = slash < 0 ? full : prefix(s.slice(slash + 1));
  return len < 0 ? undefined : { a, len };
}

/** IPv4Interface: an IPv4 address with an optional prefix. */
export function fmt_ipv4interface(s: string): boolean {
  return splitIp(s, fmt_ipv4, fmtIpv4Prefix, 32) !== undefined;
}

/** IPv6Interface: an IPv6 address with an optional prefix length (0-128). */
export function fmt_ipv6interface(s: string): boolean {
  return splitIp(s, fmt_ipv6, (t) => fmtPrefix(t, 128), 128) !== undefined;
}

/** ip_interface(): either. */
export function fmt_ipvanyinterface(s: string): boolean {
  return fmt_ipv4interface(s) || fmt_ipv6interface(s);
}

/** IPv4Network (strict, as pydantic builds it): no host bits set past the prefix. */
export function fmt_ipv4network(s: string): boolean {
  const r = splitIp(s, fmt_ipv4, fmtIpv4Prefix, 32);
  return r !== undefined && (r.len === 32 || fmtIpv4Value(r.a) % 2 ** (32 - r.len) === 0);
}

/** IPv6Network (strict): no host bits set past the prefix. */
export function fmt_ipv6network(s: string): boolean {
  const r = splitIp(s, fmt_ipv6, (t) => fmtPrefix(t, 128), 128);
  if (r === undefined) return false;
  const g = fmtIpv6Groups(r.a);
  for (let i = 0; i < 8; i++) {
    const keep = Math.max(0, Math.min(16, r.len - i * 16)); // network bits in this group
    if (keep < 16 && g[i]! % 2 ** (16 - keep) !== 0) return false;
  }
  return true;
}

/** ip_network(): either. */
export function fmt_ipvanynetwork(s: string): boolean {
  return fmt_ipv4network(s) || fmt_ipv6network(s);
}

// ================================================================ multi-host-uri (pydantic MultiHostUrl)

/** scheme "://" authority, the rest: the authority may list hosts separated by commas. */
export const FORMAT_RE_AUTHORITY = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^]*)$/;

/** A URI whose authority may name several hosts ("postgres://u:p@h1:5432,h2:5432/db"); each host[:port] as in a URI (RFC 3986 §3.2). */
export function fmt_multi_host_uri(s: string): boolean {
  const m = FORMAT_RE_AUTHORITY.exec(s);
  if (m === null || !m[2]!.includes(",")) return fmt_uri(s);
  const auth = m[2]!;
  const at = auth.lastIndexOf("@");
  const user = auth.slice(0, at + 1);
  const hosts = auth.slice(at + 1).split(",");
  for (let i = 1; i < hosts.length; i++) if (hosts[i] === "" || !fmt_uri(`${m[1]}://${hosts[i]}/`)) return false;
  return hosts[0] !== "" && fmt_uri(`${m[1]}://${user}${hosts[0]}${m[3]}`);
}

// ================================================================ base64 (OpenAPI byte, pydantic Base64Bytes/Base64Str) and base64url

/** RFC 4648 §4, padded (the same expression as ajv-formats' "byte", with the letters spelled out). */
export const FORMAT_RE_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 4648 §5, the URL-safe alphabet; the padding may be left out (§3.2). */
export const FORMAT_RE_BASE64URL = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;

export function fmt_byte(s: string): boolean {
  return FORMAT_RE_BASE64.test(s);
}
export function fmt_base64(s: string): boolean {
  return FORMAT_RE_BASE64.test(s);
}
export function fmt_base64url(s: string): boolean {
  return FORMAT_RE_BASE64URL.test(s);
}

// ================================================================ char, date-time-local, http-date (OpenAPI registry)

/** One character: one Unicode code point. */
export function fmt_char(s: string): boolean {
  if (s.length === 1) return true;
  const hi = s.charCodeAt(0);
  const lo = s.charCodeAt(1);
  return s.length === 2 && hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff;
}

/** partial-time (RFC 3339 §5.6) from s[i] to the end: HH:MM:SS[.frac], no offset. */
export function fmtPartialTime(s: string, i: number): boolean {
  const h = fmtD2(s, i);
  const mi = fmtD2(s, i + 3);
  const se = fmtD2(s, i + 6);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60 || s.charCodeAt(i + 2) !== 58 || s.charCodeAt(i + 5) !== 58) return false;
  let j = i + 8;
  if (j === s.length) return true;
  if (s.charCodeAt(j) !== 46 || j + 1 === s.length) return false;
  for (j++; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** date-time-local: full-date "T" partial-time, without a time zone. */
export function fmt_date_time_local(s: string): boolean {
  const t = s.charCodeAt(10);
  return s.length >= 19 && (t === 84 || t === 116) && fmtFullDate(s, 0) && fmtPartialTime(s, 11);
}

/** IMF-fixdate (RFC 9110 §5.6.7), the form a sender must write: "Sun, 06 Nov 1994 08:49:37 GMT". */
export const FORMAT_RE_HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d\d) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/;
export const FORMAT_MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";
export const FORMAT_DAYS = "SunMonTueWedThuFriSat";

/** http-date: an IMF-fixdate naming a real day, with its day of the week. */
export function fmt_http_date(s: string): boolean {
  const m = FORMAT_RE_HTTP_DATE.exec(s);
  if (m === null || +m[5]! > 23 || +m[6]! > 59 || +m[7]! > 60) return false;
  const month = FORMAT_MONTHS.indexOf(m[3]!) / 3;
  const iso = `${m[4]}-${month < 9 ? "0" : ""}${month + 1}-${m[2]}`;
  if (!fmtFullDate(iso, 0)) return false;
  return FORMAT_DAYS.indexOf(m[1]!) / 3 === new Date(Date.UTC(+m[4]!, month, +m[2]!)).getUTCDay();
}

// ================================================================ zoneinfo, fraction, name-email (pydantic)

/** An IANA time zone key's shape (tz "Theory" file: ASCII letters, digits, "-", "_", "+", components joined by "/"): "Europe/Paris", "Etc/GMT+5", "UTC". */
export const FORMAT_RE_ZONEINFO = /^[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)*$/;
export function fmt_zoneinfo(s: string): boolean {
  return s.length <= 255 && FORMAT_RE_ZONEINFO.test(s);
}

/** What Python's Fraction(str) reads (fractions._RATIONAL_FORMAT): "3/4", "-1.5", "2e-3", with "_" between digits and blanks around. */
export const FORMAT_RE_FRACTION = /^\s*[+-]?(?=\d|\.\d)(?:\d+(?:_\d+)*)?(?:\s*\/\s*(\d+(?:_\d+)*)|(?:\.(?:\d+(?:_\d+)*)?)?(?:[eE][+-]?\d+(?:_\d+)*)?)\s*$/;
export function fmt_fraction(s: string): boolean {
  const m = FORMAT_RE_FRACTION.exec(s);
  return m !== null && (m[1] === undefined || /[1-9]/.test(m[1])); // a zero denominator is ZeroDivisionError
}

/** pydantic NameEmail: "Display Name <address>" or a bare address. */
export function fmt_name_email(s: string): boolean {
  const t = s.trim();
  const lt = t.indexOf("<");
  if (lt < 0 || t.charCodeAt(t.length - 1) !== 62) return fmt_email(t);
  return fmt_email(t.slice(lt + 1, -1).trim());
}

// ================================================================ number formats of the OpenAPI registry

/** An integer from lo to hi. */
function intIn(v: number, lo: number, hi: number): boolean {
  return Number.isInteger(v) && v >= lo && v <= hi;
}
export const fmt_int8 = (v: number): boolean => intIn(v, -128, 127);
export const fmt_int16 = (v: number): boolean => intIn(v, -32768, 32767);
export const fmt_uint8 = (v: number): boolean => intIn(v, 0, 255);
export const fmt_uint16 = (v: number): boolean => intIn(v, 0, 65535);
export const fmt_uint32 = (v: number): boolean => intIn(v, 0, 4294967295);
/** uint64: a non-negative integer (every integer a double holds is below 2^64 or is not one a double tells apart). */
export const fmt_uint64 = (v: number): boolean => Number.isInteger(v) && v >= 0;
/** double-int: an integer a double holds exactly (|v| ≤ 2^53 - 1). */
export const fmt_double_int = (v: number): boolean => Number.isSafeInteger(v);
