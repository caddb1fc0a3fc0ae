// Format checks of IP addresses (ipv4, ipv6): hand-written scanners that do not allocate.
// What every check promises: formats.ts.

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
