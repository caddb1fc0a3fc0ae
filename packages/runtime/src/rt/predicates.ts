// Small predicates the fast path calls: string length in code points, multipleOf, own properties.

/** Length in Unicode code points (JSON Schema counts characters, not UTF-16 units). */
export function ucs2length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** `multipleOf` that is right for fractions (0.1, 0.01) and does not overflow. */
export function isMultipleOf(v: number, m: number): boolean {
  if (Number.isInteger(m) && Number.isInteger(v)) return v % m === 0;
  const q = v / m;
  // Overflow: every integer is a multiple of 1/n (0.5, 0.25, …) even when v / m is Infinity.
  if (!Number.isFinite(q)) return Number.isInteger(v) && Number.isInteger(1 / m);
  if (Number.isInteger(q)) return true;
  // Decimal-aware check: scale both by the number of decimals in m.
  const dec = decimals(m);
  if (dec > 0 && dec < 16) {
    const scale = 10 ** dec;
    const sv = Math.round(v * scale);
    // Relative tolerance only: 5e-324 must not round to a "multiple" of 0.5.
    if (Math.abs(sv - v * scale) <= 1e-9 * Math.abs(v * scale)) {
      const sm = Math.round(m * scale);
      return Number.isSafeInteger(sv) ? sv % sm === 0 : Math.abs(q - Math.round(q)) < 1e-9;
    }
    return false;
  }
  return false;
}

function decimals(m: number): number {
  const s = String(m);
  const e = s.indexOf("e-");
  if (e >= 0) return Number(s.slice(e + 2)) + (s.indexOf(".") >= 0 ? e - s.indexOf(".") - 1 : 0);
  const d = s.indexOf(".");
  return d < 0 ? 0 : s.length - d - 1;
}

/** Own property test, for keys that objects inherit (constructor, toString, __proto__, ...). */
export const hasOwn = Object.prototype.hasOwnProperty;
