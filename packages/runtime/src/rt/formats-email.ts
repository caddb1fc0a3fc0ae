// Format checks of email addresses (RFC 5321 §4.1.2, RFC 6531 §3.3): one regex for the common
// case, the full grammar on the slow path. What every check promises: formats.ts.
import { fmt_ipv4, fmt_ipv6 } from "./formats-ip.js";
import { fmt_hostname, fmt_idn_hostname } from "./formats-hostname.js";

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
