// toolform format checks: the JSON Schema `format` predicates of the generated runtime.
//
// Each `fmt_<name>(s)` is total (never throws, whatever `s` is) and linear-time: the hot
// formats (dates, ip addresses, uuid, json-pointer) are hand-written scanners that do not
// allocate; the rest are precompiled regexes written so that they cannot backtrack
// catastrophically (no ambiguous nested quantifiers), plus small slow paths for the rare
// cases (IDNA labels, IPv6 literals inside URIs).

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

// ================================================================ IP addresses

/** dec-octet "." dec-octet "." dec-octet "." dec-octet, no leading zeros (RFC 3986 §3.2.2 IPv4address, RFC 2673 §3.2). */
export const FORMAT_RE_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** The same, sticky: an IPv4address from lastIndex to the end (the ls32 tail of an IPv6 address). */
export const FORMAT_RE_IPV4_TAIL = /(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/y;

export function fmt_ipv4(s: string): boolean {
  return s.length <= 15 && FORMAT_RE_IPV4.test(s);
}

/** An ASCII hex digit code. */
export function fmtIsHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * IPv6address (RFC 4291 §2.2, RFC 3986 §3.2.2): eight 1-4 hex digit groups, one "::" standing for
 * one or more zero groups, the last 32 bits optionally an IPv4address. No zone id, prefix or brackets.
 */
export function fmt_ipv6(s: string): boolean {
  const n = s.length;
  if (n < 2 || n > 45) return false;
  let i = 0;
  let groups = 0;
  let gap = false;
  if (s.charCodeAt(0) === 58) {
    if (s.charCodeAt(1) !== 58) return false;
    if (n === 2) return true;
    gap = true;
    i = 2;
  }
  for (;;) {
    const start = i;
    while (i < n && i - start < 4 && fmtIsHex(s.charCodeAt(i))) i++;
    if (i === start) return false;
    if (i === n) {
      groups++;
      break;
    }
    const c = s.charCodeAt(i);
    if (c === 46) {
      // ls32 = IPv4address: the rest of the string, two groups' worth
      if (groups > 6) return false;
      FORMAT_RE_IPV4_TAIL.lastIndex = start;
      if (!FORMAT_RE_IPV4_TAIL.test(s)) return false;
      groups += 2;
      break;
    }
    if (c !== 58) return false;
    groups++;
    if (groups > 8) return false;
    i++;
    if (s.charCodeAt(i) === 58) {
      if (gap) return false;
      gap = true;
      i++;
      if (i === n) break;
    } else if (i === n) {
      return false;
    }
  }
  return gap ? groups <= 7 : groups === 8;
}

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

// ================================================================ URIs and IRIs: RFC 3986 / RFC 3987

/** unreserved / sub-delims characters (RFC 3986 §2.2, §2.3), for use inside a character class. */
export const FORMAT_URI_UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;=";
/** ucschar (RFC 3987 §2.2): the non-ASCII characters an IRI may hold unescaped, inside a character class. */
export const FORMAT_IRI_UCSCHAR =
  "\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}" +
  "\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}" +
  "\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}";
/** iprivate (RFC 3987 §2.2): private-use characters, allowed in the query only. */
export const FORMAT_IRI_IPRIVATE = "\\uE000-\\uF8FF\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}";

/**
 * The RFC 3986 §3 / appendix A grammar as regex sources; `extra` adds ucschar for the RFC 3987
 * i-variants. The IP-literal is matched loosely here and its IPv6address checked by fmt_ipv6.
 * Every repetition is over a set disjoint from what may follow it, so matching stays linear.
 */
export function fmtUriSources(extra: string, qextra: string): { absolute: string; relative: string } {
  const pct = "%[0-9A-Fa-f]{2}";
  const u = FORMAT_URI_UNRESERVED_SUB + extra;
  const pchar = `(?:[${u}:@]|${pct})`; // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  const segment = `${pchar}*`;
  const userinfo = `(?:[${u}:]|${pct})*`;
  const ipLiteral = `\\[(?:[0-9A-Fa-f:.]+|[vV][0-9A-Fa-f]+\\.[${FORMAT_URI_UNRESERVED_SUB}:]+)\\]`; // IPv6address / IPvFuture
  const regName = `(?:[${u}]|${pct})*`; // also covers IPv4address
  const authority = `(?:${userinfo}@)?(?:${ipLiteral}|${regName})(?::[0-9]*)?`;
  const pathAbempty = `(?:/${segment})*`;
  const pathAbsolute = `/(?:${pchar}+(?:/${segment})*)?`;
  const pathRootless = `${pchar}+(?:/${segment})*`;
  const pathNoscheme = `(?:[${u}@]|${pct})+(?:/${segment})*`; // segment-nz-nc: no ":" in the first segment
  const query = `(?:\\?(?:[${u}:@/?${qextra}]|${pct})*)?`;
  const fragment = `(?:#(?:[${u}:@/?]|${pct})*)?`;
  return {
    // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
    absolute: `^[A-Za-z][A-Za-z0-9+\\-.]*:(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless})?${query}${fragment}$`,
    // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
    relative: `^(?://${authority}${pathAbempty}|${pathAbsolute}|${pathNoscheme})?${query}${fragment}$`,
  };
}

export const FORMAT_URI_SRC = fmtUriSources("", "");
export const FORMAT_IRI_SRC = fmtUriSources(FORMAT_IRI_UCSCHAR, FORMAT_IRI_IPRIVATE);
export const FORMAT_RE_URI = fmtSourceRe(FORMAT_URI_SRC, "absolute", "");
export const FORMAT_RE_URI_RELATIVE = fmtSourceRe(FORMAT_URI_SRC, "relative", "");
export const FORMAT_RE_IRI = fmtSourceRe(FORMAT_IRI_SRC, "absolute", "u");
export const FORMAT_RE_IRI_RELATIVE = fmtSourceRe(FORMAT_IRI_SRC, "relative", "u");

/**
 * One of the sources as a RegExp. A call, not `new RegExp(src.absolute)`: a bundler keeps a
 * property read in an argument (it may run a getter) even of a call marked pure, and with it
 * every URI table, in a bundle of a tool that checks no URI.
 */
function fmtSourceRe(src: { absolute: string; relative: string }, which: "absolute" | "relative", flags: string): RegExp {
  return new RegExp(src[which], flags);
}

/** IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2): the regex let the brackets through; check the IPv6address. */
export function fmtIpLiteralOk(s: string): boolean {
  const a = s.indexOf("[");
  if (a < 0) return true; // "[" may appear nowhere else in a URI/IRI that matched
  const c = s.charCodeAt(a + 1);
  if (c === 118 || c === 86) return true; // IPvFuture, checked by the regex
  return fmt_ipv6(s.slice(a + 1, s.indexOf("]", a)));
}

/** URI (RFC 3986 §3): absolute, with a scheme. */
export function fmt_uri(s: string): boolean {
  return FORMAT_RE_URI.test(s) && fmtIpLiteralOk(s);
}

/** URI-reference = URI / relative-ref (RFC 3986 §4.1). */
export function fmt_uri_reference(s: string): boolean {
  return (FORMAT_RE_URI.test(s) || FORMAT_RE_URI_RELATIVE.test(s)) && fmtIpLiteralOk(s);
}

/** IRI (RFC 3987 §2.2): absolute, with a scheme. */
export function fmt_iri(s: string): boolean {
  return FORMAT_RE_IRI.test(s) && fmtIpLiteralOk(s);
}

/** IRI-reference = IRI / irelative-ref (RFC 3987 §2.2). */
export function fmt_iri_reference(s: string): boolean {
  return (FORMAT_RE_IRI.test(s) || FORMAT_RE_IRI_RELATIVE.test(s)) && fmtIpLiteralOk(s);
}

/**
 * URI-Template (RFC 6570 §2, level 4): literals (any character but CTL, SP, DQUOTE, "%" outside
 * pct-encoded, "<", ">", "\", "^", "`", "{", "|", "}"; the apostrophe allowed as in RFC 6570
 * erratum 6937) and expressions "{" [operator] varspec *("," varspec) "}", varspec = varname
 * [":" max-length (1-9999) / "*"], varname = varchar *(["."] varchar).
 */
export const FORMAT_RE_URI_TEMPLATE = (() => {
  const pct = "%[0-9A-Fa-f]{2}";
  const varchar = `(?:[A-Za-z0-9_]|${pct})`;
  const varspec = `${varchar}(?:\\.?${varchar})*(?::[1-9][0-9]{0,3}|\\*)?`;
  const literal = `[!#$&'()*+,\\-./0-9:;=?@A-Z\\[\\]_a-z~${FORMAT_IRI_UCSCHAR}${FORMAT_IRI_IPRIVATE}]`;
  return new RegExp(`^(?:${literal}|${pct}|\\{[+#./;?&=,!@|]?${varspec}(?:,${varspec})*\\})*$`, "u");
})();

export function fmt_uri_template(s: string): boolean {
  return FORMAT_RE_URI_TEMPLATE.test(s);
}

// ================================================================ host names: RFC 1123, RFC 5890-5893 (IDNA2008)

/** RFC 1123 §2.1 / RFC 952: LDH labels of 1-63 characters, letter-or-digit at both ends, dot-separated. */
export const FORMAT_RE_HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const FORMAT_RE_LDH_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** A label starting "xn--" (an A-label candidate, RFC 5890 §2.3.2.1). */
export const FORMAT_RE_XN_LABEL = /(?:^|\.)xn--/i;
export const FORMAT_RE_ASCII = /^[\x00-\x7F]*$/;
/** The label separators of RFC 3490 §3.1: full stop, ideographic, fullwidth and halfwidth ideographic full stops. */
export const FORMAT_RE_IDN_DOTS = /[.\u3002\uFF0E\uFF61]/;

/**
 * The code points a U-label may hold (RFC 5892 §2-3: PVALID, CONTEXTJ, CONTEXTO). In order:
 * the Exceptions (§2.6) that are PVALID or CONTEXTO, LDH "-", the JoinControls (§2.8); else
 * not an Exception that is DISALLOWED, not Unassigned (§2.11), Unstable (§2.2, NFKC_Casefold),
 * IgnorableProperties (§2.3), IgnorableBlocks (§2.4) or OldHangulJamo (§2.9), and in LetterDigits (§2.1).
 * The two branches are kept disjoint (the Exceptions are excluded from the second) so that a
 * failing match cannot backtrack exponentially.
 */
export const FORMAT_RE_IDNA_CODEPOINTS =
  /^(?:[\-\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007\u00B7\u0375\u05F3\u05F4\u30FB\u0660-\u0669\u06F0-\u06F9\u200C\u200D]|(?![\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007\u00B7\u0375\u05F3\u05F4\u30FB\u0660-\u0669\u06F0-\u06F9\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B\p{Cn}\p{Cs}\p{Changes_When_NFKC_Casefolded}\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}\u20D0-\u20FF\u{1D100}-\u{1D24F}\u1100-\u11FF\uA960-\uA97C\uD7B0-\uD7C6\uD7CB-\uD7FB])[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}])+$/u;
/** A combining mark first (RFC 5891 §4.2.3.2). */
export const FORMAT_RE_LEADING_MARK = /^\p{M}/u;
/** Code points with a contextual rule (RFC 5892 appendix A). */
export const FORMAT_RE_IDNA_CONTEXT = /[\u00B7\u0375\u05F3\u05F4\u30FB\u0660-\u0669\u06F0-\u06F9\u200C\u200D]/;
/** The blocks where R, AL and AN code points live (a quick pre-test for a "Bidi domain name", RFC 5893 §1.4). */
export const FORMAT_RE_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
export const FORMAT_RE_NSM = /^[\p{Mn}\p{Me}]/u;
export const FORMAT_RE_LETTERLIKE = /^[\p{L}\p{Mc}\p{Nd}\p{Nl}]/u;
export const FORMAT_RE_LETTER = /^\p{L}/u;
export const FORMAT_RE_JOIN_T = /^[\p{Mn}\p{Me}\p{Cf}]/u;
export const FORMAT_RE_GREEK = /^\p{Script=Greek}/u;
export const FORMAT_RE_HEBREW = /^\p{Script=Hebrew}/u;
export const FORMAT_RE_KANA_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** Canonical_Combining_Class = Virama (9), the code points RFC 5892 A.1/A.2 look for before a ZWNJ/ZWJ. */
export const FORMAT_VIRAMAS: ReadonlySet<number> = new Set([
  0x94d, 0x9cd, 0xa4d, 0xacd, 0xb4d, 0xbcd, 0xc4d, 0xccd, 0xd3b, 0xd3c, 0xd4d, 0xdca, 0xe3a, 0xeba, 0xf84, 0x1039, 0x103a,
  0x1714, 0x1715, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa, 0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806, 0xa82c, 0xa8c4, 0xa953,
  0xa9c0, 0xaaf6, 0xabed, 0x10a3f, 0x11046, 0x11070, 0x1107f, 0x110b9, 0x11133, 0x11134, 0x111c0, 0x11235, 0x112ea,
  0x1134d, 0x11442, 0x114c2, 0x115bf, 0x1163f, 0x116b6, 0x1172b, 0x11839, 0x1193d, 0x1193e, 0x119e0, 0x11a34, 0x11a47,
  0x11a99, 0x11c3f, 0x11d44, 0x11d45, 0x11d97, 0x11f41, 0x11f42, 0x113ce, 0x113cf, 0x113d0, 0x1612f,
]);

/** Joining_Type R (right-joining) letters of the joining scripts (Unicode ArabicShaping.txt). */
export const FORMAT_JOIN_R: readonly number[] = [
  0x622, 0x625, 0x627, 0x627, 0x629, 0x629, 0x62f, 0x632, 0x648, 0x648, 0x671, 0x673, 0x675, 0x677, 0x688, 0x699,
  0x6c0, 0x6c0, 0x6c3, 0x6cb, 0x6cd, 0x6cd, 0x6cf, 0x6cf, 0x6d2, 0x6d3, 0x6d5, 0x6d5, 0x6ee, 0x6ef, 0x710, 0x710,
  0x715, 0x719, 0x71e, 0x71e, 0x728, 0x728, 0x72a, 0x72a, 0x72c, 0x72c, 0x72f, 0x72f, 0x74d, 0x74d, 0x759, 0x75b,
  0x76b, 0x76c, 0x771, 0x771, 0x773, 0x774, 0x778, 0x779, 0x840, 0x840, 0x846, 0x846, 0x849, 0x849, 0x854, 0x854,
  0x856, 0x858, 0x867, 0x867, 0x869, 0x86a, 0x870, 0x882, 0x88e, 0x88e, 0x8aa, 0x8ac, 0x8ae, 0x8ae, 0x8b1, 0x8b2,
  0x8b9, 0x8b9, 0x10ac5, 0x10ac5, 0x10ac7, 0x10ac7, 0x10ac9, 0x10aca, 0x10ace, 0x10ad2, 0x10add, 0x10add, 0x10ae1,
  0x10ae1, 0x10ae4, 0x10ae4, 0x10aef, 0x10aef, 0x10b81, 0x10b81, 0x10b83, 0x10b85, 0x10b89, 0x10b89, 0x10b8c, 0x10b8c,
  0x10b8e, 0x10b8f, 0x10b91, 0x10b91, 0x10ba9, 0x10bac, 0x10d22, 0x10d22, 0x10f33, 0x10f33, 0x10f54, 0x10f54,
  0x10fb4, 0x10fb6, 0x10fb9, 0x10fba, 0x10fbd, 0x10fbd, 0x10fc2, 0x10fc3, 0x10fc9, 0x10fc9, 0x847, 0x847,
  0x10f74, 0x10f75, 0x10ec2, 0x10ec2,
];
/** Letters of the joining scripts that do not join (Joining_Type U, or C which RFC 5892 A.1 does not accept either). */
export const FORMAT_JOIN_U: readonly number[] = [
  0x621, 0x621, 0x640, 0x640, 0x674, 0x674, 0x6e5, 0x6e6, 0x7fa, 0x7fa, 0x861, 0x861, 0x866, 0x866, 0x883, 0x885,
  0x887, 0x887, 0x8ad, 0x8ad, 0x8c9, 0x8c9, 0x1880, 0x1884, 0x10ac6, 0x10ac6, 0x10acb, 0x10acc, 0x10ae2, 0x10ae3,
  0x10f45, 0x10f45, 0x10fb1, 0x10fb1, 0x10fb7, 0x10fb7, 0x10fc0, 0x10fc0, 0x10ec5, 0x10ec5,
];
/** The blocks of the cursive joining scripts (Arabic, Syriac, NKo, Mandaic, Mongolian, Phags-pa, Manichaean, ...). */
export const FORMAT_JOIN_SCRIPTS: readonly number[] = [
  0x620, 0x6ff, 0x710, 0x74f, 0x750, 0x77f, 0x7ca, 0x7ea, 0x840, 0x858, 0x860, 0x86a, 0x870, 0x89f, 0x8a0, 0x8c9,
  0x1807, 0x1807, 0x1820, 0x18aa, 0xa840, 0xa871, 0x10ac0, 0x10aef, 0x10b80, 0x10baf, 0x10d00, 0x10d23, 0x10f30,
  0x10f54, 0x10f70, 0x10f81, 0x10fb0, 0x10fcb, 0x10ec0, 0x10eff, 0x1e900, 0x1e943,
];

/** Is cp inside one of the [lo, hi] pairs of a flat range list? */
export function fmtInRanges(cp: number, r: readonly number[]): boolean {
  for (let i = 0; i < r.length; i += 2) if (cp >= r[i]! && cp <= r[i + 1]!) return true;
  return false;
}

/**
 * Joining_Type of a code point, as RFC 5892 A.1 uses it: "T", "L", "R", "D" or "U" (C counts as U there).
 * Derived from blocks, categories and the lists above; it agrees with DerivedJoiningType (Unicode 17)
 * on every PVALID code point.
 */
export function fmtJoiningType(cp: number): string {
  if (cp === 0x200c || cp === 0x200d) return "U";
  const ch = String.fromCodePoint(cp);
  if (cp === 0x1e94b || FORMAT_RE_JOIN_T.test(ch)) return "T";
  if (fmtInRanges(cp, FORMAT_JOIN_R)) return "R";
  if (cp === 0xa872 || cp === 0x10acd || cp === 0x10ad7 || cp === 0x10d00) return "L";
  if (fmtInRanges(cp, FORMAT_JOIN_U)) return "U";
  if (fmtInRanges(cp, FORMAT_JOIN_SCRIPTS) && FORMAT_RE_LETTER.test(ch)) return "D";
  return "U";
}

/** Modifier letters whose Bidi_Class is ON, not L. */
export const FORMAT_BIDI_ON: readonly number[] = [0x2b9, 0x2ba, 0x2c6, 0x2cf, 0x2ec, 0x2ec, 0x2e2f, 0x2e2f, 0xa67f, 0xa67f, 0xa717, 0xa71f, 0xa788, 0xa788];

/**
 * The Bidi_Class of a U-label code point, in the classes RFC 5893 §2 distinguishes:
 * 0 L, 1 R or AL, 2 AN, 3 EN, 4 NSM, 5 any other (ES, CS, ET, ON, BN). Derived from blocks and categories;
 * it agrees with UnicodeData's Bidi_Class on every PVALID code point.
 */
export function fmtBidiClass(cp: number): number {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x6f0 && cp <= 0x6f9)) return 3;
  if ((cp >= 0x660 && cp <= 0x669) || (cp >= 0x600 && cp <= 0x605) || cp === 0x66b || cp === 0x66c || cp === 0x6dd ||
    cp === 0x890 || cp === 0x891 || cp === 0x8e2 || (cp >= 0x10d30 && cp <= 0x10d39) || (cp >= 0x10e60 && cp <= 0x10e7e)) return 2;
  // where block and category mislead (checked against UnicodeData for every PVALID code point)
  if (fmtInRanges(cp, FORMAT_BIDI_ON)) return 5;
  if (cp === 0xf0b || cp === 0xcbf || cp === 0xcc6 || cp === 0x11a07 || cp === 0x11a08 || cp === 0x11c3f) return 0;
  if (cp === 0x1171e) return 4;
  const ch = String.fromCodePoint(cp);
  if (FORMAT_RE_NSM.test(ch)) return 4;
  if (FORMAT_RE_RTL.test(ch)) return 1;
  return FORMAT_RE_LETTERLIKE.test(ch) ? 0 : 5;
}

/** Does the label hold an R, AL or AN code point, making the name a Bidi domain name (RFC 5893 §1.4)? */
export function fmtHasRtl(label: string): boolean {
  if (!FORMAT_RE_RTL.test(label)) return false;
  for (const ch of label) {
    const b = fmtBidiClass(ch.codePointAt(0)!);
    if (b === 1 || b === 2) return true;
  }
  return false;
}

/** The Bidi Rule (RFC 5893 §2) for one label of a Bidi domain name. */
export function fmtBidiRuleOk(label: string): boolean {
  const cps: number[] = [];
  for (const ch of label) cps.push(ch.codePointAt(0)!);
  const first = fmtBidiClass(cps[0]!);
  if (first !== 0 && first !== 1) return false; // rule 1
  let last = cps.length - 1;
  while (last > 0 && fmtBidiClass(cps[last]!) === 4) last--;
  const end = fmtBidiClass(cps[last]!);
  if (first === 1) {
    let en = false;
    let an = false;
    for (const cp of cps) {
      const b = fmtBidiClass(cp);
      if (b === 0) return false; // rule 2
      if (b === 3) en = true;
      if (b === 2) an = true;
    }
    return !(en && an) && end !== 4 && end !== 5 && end !== 0; // rules 4 and 3
  }
  for (const cp of cps) {
    const b = fmtBidiClass(cp);
    if (b === 1 || b === 2) return false; // rule 5
  }
  return end === 0 || end === 3; // rule 6
}

/** The contextual rules of RFC 5892 appendix A, for a label holding CONTEXTJ/CONTEXTO code points. */
export function fmtContextOk(label: string): boolean {
  const cps: number[] = [];
  for (const ch of label) cps.push(ch.codePointAt(0)!);
  const n = cps.length;
  let arabicIndic = false;
  let extArabicIndic = false;
  for (const cp of cps) {
    if (cp >= 0x660 && cp <= 0x669) arabicIndic = true;
    else if (cp >= 0x6f0 && cp <= 0x6f9) extArabicIndic = true;
  }
  // A.8 / A.9: Arabic-Indic and Extended Arabic-Indic digits do not mix
  if (arabicIndic && extArabicIndic) return false;
  for (let i = 0; i < n; i++) {
    const cp = cps[i]!;
    const before = i > 0 ? cps[i - 1]! : -1;
    const after = i + 1 < n ? cps[i + 1]! : -1;
    if (cp === 0x200d) {
      // A.2 ZERO WIDTH JOINER: after a Virama
      if (!FORMAT_VIRAMAS.has(before)) return false;
    } else if (cp === 0x200c) {
      // A.1 ZERO WIDTH NON-JOINER: after a Virama, or (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
      if (FORMAT_VIRAMAS.has(before)) continue;
      let j = i - 1;
      while (j >= 0 && fmtJoiningType(cps[j]!) === "T") j--;
      const jb = j < 0 ? "U" : fmtJoiningType(cps[j]!);
      if (jb !== "L" && jb !== "D") return false;
      let k = i + 1;
      while (k < n && fmtJoiningType(cps[k]!) === "T") k++;
      if (k >= n) return false;
      const jt = fmtJoiningType(cps[k]!);
      if (jt !== "R" && jt !== "D") return false;
    } else if (cp === 0xb7) {
      // A.3 MIDDLE DOT: between two "l"
      if (before !== 0x6c || after !== 0x6c) return false;
    } else if (cp === 0x375) {
      // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek
      if (after < 0 || !FORMAT_RE_GREEK.test(String.fromCodePoint(after))) return false;
    } else if (cp === 0x5f3 || cp === 0x5f4) {
      // A.5 / A.6 HEBREW PUNCTUATION GERESH / GERSHAYIM: preceded by Hebrew
      if (before < 0 || !FORMAT_RE_HEBREW.test(String.fromCodePoint(before))) return false;
    } else if (cp === 0x30fb) {
      // A.7 KATAKANA MIDDLE DOT: the label holds Hiragana, Katakana or Han
      if (!FORMAT_RE_KANA_HAN.test(label)) return false;
    }
  }
  return true;
}

/** A U-label's own rules (RFC 5891 §4.2.3, §5.4): hyphens, leading mark, code points, contextual rules. */
export function fmtULabelOk(u: string): boolean {
  if (u.length === 0 || u.charCodeAt(0) === 45 || u.charCodeAt(u.length - 1) === 45) return false; // §4.2.3.1
  if (u.charCodeAt(2) === 45 && u.charCodeAt(3) === 45) return false; // §4.2.3.1: no "--" in the 3rd and 4th positions
  if (FORMAT_RE_LEADING_MARK.test(u)) return false; // §4.2.3.2
  if (!FORMAT_RE_IDNA_CODEPOINTS.test(u)) return false; // §4.2.3.3, RFC 5892
  return !FORMAT_RE_IDNA_CONTEXT.test(u) || fmtContextOk(u); // §4.2.3.3, RFC 5892 appendix A
}

/** Punycode bias adaptation (RFC 3492 §6.1). */
export function fmtPunyAdapt(delta: number, numPoints: number, first: boolean): number {
  delta = first ? Math.floor(delta / 700) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > 455) {
    delta = Math.floor(delta / 35);
    k += 36;
  }
  return k + Math.floor((36 * delta) / (delta + 38));
}

/** Punycode decoding (RFC 3492 §6.2) of the part after "xn--", or null when it is not valid Punycode. */
export function fmtPunyDecode(input: string): number[] | null {
  const out: number[] = [];
  let b = input.lastIndexOf("-");
  if (b < 0) b = 0;
  for (let j = 0; j < b; j++) out.push(input.charCodeAt(j));
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let p = b > 0 ? b + 1 : 0; p < input.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = 36; ; k += 36) {
      if (p >= input.length) return null;
      const c = input.charCodeAt(p++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : 36;
      if (digit >= 36 || digit > Math.floor((0x7fffffff - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      if (w > Math.floor(0x7fffffff / (36 - t))) return null;
      w *= 36 - t;
    }
    const len = out.length + 1;
    bias = fmtPunyAdapt(i - oldi, len, oldi === 0);
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    out.splice(i++, 0, n);
  }
  return out;
}

/** Punycode encoding (RFC 3492 §6.3) of a label's code points, without the "xn--" prefix. */
export function fmtPunyEncode(cps: readonly number[]): string {
  let out = "";
  for (const c of cps) if (c < 128) out += String.fromCharCode(c);
  const b = out.length;
  let h = b;
  if (b > 0) out += "-";
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (h < cps.length) {
    let m = 0x7fffffff;
    for (const c of cps) if (c >= n && c < m) m = c;
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of cps) {
      if (c < n) delta++;
      if (c === n) {
        let q = delta;
        for (let k = 36; ; k += 36) {
          const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
          if (q < t) break;
          const d = t + ((q - t) % (36 - t));
          out += String.fromCharCode(d < 26 ? d + 97 : d + 22);
          q = Math.floor((q - t) / (36 - t));
        }
        out += String.fromCharCode(q < 26 ? q + 97 : q + 22);
        bias = fmtPunyAdapt(delta, h + 1, h === b);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return out;
}

/**
 * A domain name, label by label (RFC 5890 §2.3.2, RFC 5891 §5): NR-LDH labels per RFC 1123;
 * "xn--" labels must be A-labels (valid Punycode, canonical, decoding to a valid U-label with
 * non-ASCII in it); with `idn`, non-ASCII labels are U-labels whose A-label fits 63 octets.
 * The whole name, in A-label form, is at most 253 octets; a Bidi domain name obeys RFC 5893.
 */
export function fmtDomainOk(s: string, idn: boolean): boolean {
  if (s.length === 0) return false;
  const labels = idn ? s.split(FORMAT_RE_IDN_DOTS) : s.split(".");
  let total = -1;
  let bidi = false;
  const ulabels: string[] = [];
  for (const label of labels) {
    if (label.length === 0) return false;
    let alen: number;
    if (FORMAT_RE_ASCII.test(label)) {
      if (!FORMAT_RE_LDH_LABEL.test(label)) return false;
      alen = label.length;
      const c2 = label.charCodeAt(2);
      if (c2 === 45 && label.charCodeAt(3) === 45 && (label.charCodeAt(0) | 32) === 120 && (label.charCodeAt(1) | 32) === 110) {
        // RFC 5891 §5.3: lowercase the A-label, decode it, check the U-label, and it must re-encode to itself
        const a = label.slice(4).toLowerCase();
        const cps = fmtPunyDecode(a);
        if (cps === null || cps.every((c) => c < 128) || fmtPunyEncode(cps) !== a) return false;
        const u = String.fromCodePoint(...cps);
        if (!fmtULabelOk(u)) return false;
        if (fmtHasRtl(u)) bidi = true;
        ulabels.push(u);
      } else {
        ulabels.push(label);
      }
    } else {
      // an A-label has at least one character per code point: over 59 code points (118 UTF-16 units) cannot fit 63
      if (!idn || label.length > 118 || !fmtULabelOk(label)) return false;
      const cps: number[] = [];
      for (const ch of label) cps.push(ch.codePointAt(0)!);
      alen = 4 + fmtPunyEncode(cps).length;
      if (alen > 63) return false;
      if (fmtHasRtl(label)) bidi = true;
      ulabels.push(label);
    }
    total += alen + 1;
    if (total > 253) return false;
  }
  if (bidi) for (const u of ulabels) if (!fmtBidiRuleOk(u)) return false;
  return true;
}

/** hostname (RFC 1123 §2.1, labels ≤ 63, name ≤ 253; "xn--" labels must be valid A-labels, RFC 5890 §2.3.2.1). */
export function fmt_hostname(s: string): boolean {
  if (s.length > 253 || !FORMAT_RE_HOSTNAME.test(s)) return false;
  return !FORMAT_RE_XN_LABEL.test(s) || fmtDomainOk(s, false);
}

/** idn-hostname (RFC 5890 §2.3.2.3 IDN, validated per RFC 5891 §5.4, RFC 5892, RFC 5893). */
export function fmt_idn_hostname(s: string): boolean {
  if (s.length <= 253 && FORMAT_RE_HOSTNAME.test(s)) return !FORMAT_RE_XN_LABEL.test(s) || fmtDomainOk(s, false);
  return s.length <= 1024 && fmtDomainOk(s, true);
}

// ================================================================ email: RFC 5321 §4.1.2, RFC 6531 §3.3

/** Local-part = Dot-string / Quoted-string (RFC 5321 §4.1.2): atext atoms joined by single dots, or a quoted string. */
export const FORMAT_RE_EMAIL_LOCAL =
  /^(?:[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*|"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\[\x20-\x7E])*")$/;
/** The same with UTF8-non-ascii allowed in atext and qtext (RFC 6531 §3.3, RFC 6532 §3.2). */
export const FORMAT_RE_IDN_EMAIL_LOCAL =
  /^(?:[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\uD7FF\uE000-\u{10FFFF}]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\uD7FF\uE000-\u{10FFFF}]+)*|"(?:[\x20\x21\x23-\x5B\x5D-\x7E\u0080-\uD7FF\uE000-\u{10FFFF}]|\\[\x20-\x7E])*")$/u;

/** IPv6-address-literal = "IPv6:" IPv6-addr (RFC 5321 §4.1.3; ABNF strings are case-insensitive). */
export const FORMAT_RE_IPV6_TAG = /^IPv6:/i;

/** Length in UTF-8 octets. */
export function fmtUtf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 2 : c >= 0xdc00 && c <= 0xdfff ? 2 : 3;
  }
  return n;
}

/** The common case in one pass: Dot-string "@" an RFC 1123 host name. */
export const FORMAT_RE_EMAIL_SIMPLE =
  /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An "xn--" label after the "@" or a dot: the slow path checks it as an A-label. */
export const FORMAT_RE_EMAIL_XN = /[.@]xn--/i;

/**
 * Mailbox = Local-part "@" ( Domain / address-literal ) (RFC 5321 §4.1.2, §4.1.3), the local part
 * at most 64 octets (§4.5.3.1.1) and the whole at most 254 (§4.5.3.1.3: a path is ≤ 256 with its "<>").
 */
export function fmtMailboxOk(s: string, idn: boolean): boolean {
  if (s.length > 254) return false;
  if (FORMAT_RE_EMAIL_SIMPLE.test(s) && !FORMAT_RE_EMAIL_XN.test(s)) return s.indexOf("@") <= 64;
  if (idn && fmtUtf8Length(s) > 254) return false;
  const at = s.lastIndexOf("@");
  if (at <= 0 || at === s.length - 1) return false;
  const local = s.slice(0, at);
  if (idn ? !FORMAT_RE_IDN_EMAIL_LOCAL.test(local) || fmtUtf8Length(local) > 64 : at > 64 || !FORMAT_RE_EMAIL_LOCAL.test(local)) return false;
  const domain = s.slice(at + 1);
  if (domain.charCodeAt(0) === 91) {
    // address-literal = "[" ( IPv4-address-literal / IPv6-address-literal ) "]"
    if (domain.charCodeAt(domain.length - 1) !== 93) return false;
    const lit = domain.slice(1, -1);
    return FORMAT_RE_IPV6_TAG.test(lit) ? fmt_ipv6(lit.slice(5)) : fmt_ipv4(lit);
  }
  return idn ? fmt_idn_hostname(domain) : fmt_hostname(domain);
}

/** email (RFC 5321 §4.1.2 Mailbox). */
export function fmt_email(s: string): boolean {
  return fmtMailboxOk(s, false);
}

/** idn-email (RFC 6531 §3.3 Mailbox). */
export function fmt_idn_email(s: string): boolean {
  return fmtMailboxOk(s, true);
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

// ================================================================ the table

/** Every string format toolform checks, by name (the number formats above are not here). A null-prototype object: "constructor" and the like are not formats. */
export const FORMAT_CHECKS: { readonly [format: string]: (s: string) => boolean } = Object.freeze(
  Object.assign(Object.create(null) as { [format: string]: (s: string) => boolean }, {
    "date-time": fmt_date_time,
    date: fmt_date,
    time: fmt_time,
    duration: fmt_duration,
    email: fmt_email,
    "idn-email": fmt_idn_email,
    hostname: fmt_hostname,
    "idn-hostname": fmt_idn_hostname,
    ipv4: fmt_ipv4,
    ipv6: fmt_ipv6,
    uri: fmt_uri,
    "uri-reference": fmt_uri_reference,
    iri: fmt_iri,
    "iri-reference": fmt_iri_reference,
    "uri-template": fmt_uri_template,
    uuid: fmt_uuid,
    "json-pointer": fmt_json_pointer,
    "relative-json-pointer": fmt_relative_json_pointer,
    regex: fmt_regex,
  }),
);
