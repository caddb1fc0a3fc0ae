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

/**
 * `multipleOf`, decided exactly on decimals: `v` and `m` are read as their shortest
 * round-trip decimals (what String gives: the number the model wrote), D·10^e with
 * no trailing zero in D, and `v` is a multiple when Dm divides Dv·10^(ev-em). So
 * 19.99 and 0.3 are multiples of 0.01 and 0.1, 19.990000001 is not (no tolerance),
 * 1e308 is a multiple of 0.5, and nothing overflows. A safe integer by a safe
 * integer is `%` (the generated code asks that itself and calls this only when it
 * cannot decide); BigInt only for digit strings too long for exact Number arithmetic.
 */
export function isMultipleOf(v: number, m: number): boolean {
  if (Number.isSafeInteger(v) && Number.isSafeInteger(m)) return v % m === 0;
  if (v === 0) return Number.isFinite(m) && m !== 0;
  if (!Number.isFinite(v) || !Number.isFinite(m) || m === 0) return false;
  if (m !== divM) {
    decimalOf(m);
    divM = m;
    divDigits = decDigits;
    divExp = decExp;
    // 10^p and Dm as Numbers when both are exact (p ≤ 22, Dm ≤ 14 digits), for the path below.
    divScale = divExp < 0 && divExp >= -22 && divDigits.length <= 14 ? Number("1e" + -divExp) : 0;
    divNum = Number(divDigits);
  }
  if (divScale !== 0) {
    // Without a string: r = v·10^p rounded. A decimal of ≤ 15 digits is the only one of so few
    // digits that parses to its double, so when r/10^p gives v back, v's shortest decimal is
    // r·10^-p; when it does not (and |v·10^p| < 10^15, so the product is within 0.25 of any
    // integer it should be), v has more than p decimals: not a multiple.
    const sv = v * divScale;
    if (sv < 1e15 && sv > -1e15) {
      const r = Math.round(sv);
      return r / divScale === v && r % divNum === 0;
    }
  }
  decimalOf(v);
  const k = decExp - divExp;
  // Dv has no trailing zero, so Dm·10^j (j > 0) never divides it.
  if (k < 0) return false;
  if (divDigits === "1") return true;
  // Dm < 10^17 holds at most 2^56 and 5^24: beyond 57, more tens change nothing.
  const t = k > 57 ? 57 : k;
  if (divDigits.length <= 14 && decDigits.length <= 15) {
    // r·10 < 10^15 stays exact.
    const dm = Number(divDigits);
    let r = Number(decDigits) % dm;
    for (let i = 0; i < t && r !== 0; i++) r = (r * 10) % dm;
    return r === 0;
  }
  return (BigInt(decDigits) * BigInt(10) ** BigInt(t)) % BigInt(divDigits) === BigInt(0);
}

// The last divisor's decimal (a validator asks one divisor again and again), and decimalOf()'s result.
let divM = NaN;
let divDigits = "";
let divExp = 0;
let divScale = 0;
let divNum = 0;
let decDigits = "";
let decExp = 0;

/** |x| (finite, not 0) as decDigits·10^decExp, decDigits without leading or trailing zeros. */
function decimalOf(x: number): void {
  const s = String(x < 0 ? -x : x);
  const e = s.indexOf("e");
  let mant = e < 0 ? s : s.slice(0, e);
  let ex = e < 0 ? 0 : Number(s.slice(e + 1));
  const dot = mant.indexOf(".");
  if (dot >= 0) {
    ex -= mant.length - dot - 1;
    mant = mant.slice(0, dot) + mant.slice(dot + 1);
  }
  let a = 0;
  while (a < mant.length - 1 && mant.charCodeAt(a) === 48) a++;
  let b = mant.length;
  while (b > a + 1 && mant.charCodeAt(b - 1) === 48) {
    b--;
    ex++;
  }
  decDigits = mant.slice(a, b);
  decExp = ex;
}

/** Own property test, for keys that objects inherit (constructor, toString, __proto__, ...). */
export const hasOwn = Object.prototype.hasOwnProperty;
