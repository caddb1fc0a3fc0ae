// Format checks of host names: RFC 1123 labels and IDNA2008 (RFC 5890-5893) for idn-hostname,
// with the code point classes, the contextual and Bidi rules and Punycode they need (the
// tables are data from the RFCs and Unicode). What every check promises: formats.ts.

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
