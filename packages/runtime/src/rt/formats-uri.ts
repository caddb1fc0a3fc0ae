// Format checks of URIs and IRIs (RFC 3986, RFC 3987) and URI templates (RFC 6570): the
// grammars as regexes that cannot backtrack catastrophically. What every check promises: formats.ts.
import { fmt_ipv6 } from "./formats-ip.js";

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
