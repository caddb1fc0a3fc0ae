// Sets of code points as sorted, disjoint, inclusive ranges [lo, hi, lo, hi, ...]: what one
// character of a pattern (a literal, a class, an escape, `.`) matches under the "u" flag.
// The Unicode-dependent sets (\s and \p{…}) are read from V8 itself, by asking its RegExp
// about every code point once per process, so the linear matcher agrees with the engine
// the rest of the validator runs on (and with the Unicode version of the Node that builds).

export type CodeSet = number[];

export const MAX_CP = 0x10ffff;

/** Union of sets (any order, overlapping allowed) as one normalised set. */
export function union(...sets: readonly CodeSet[]): CodeSet {
  const pairs: [number, number][] = [];
  for (const s of sets) for (let i = 0; i < s.length; i += 2) pairs.push([s[i]!, s[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: CodeSet = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n && lo <= out[n - 1]! + 1) out[n - 1] = Math.max(out[n - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Every code point not in `s` (s normalised). */
export function complement(s: CodeSet): CodeSet {
  const out: CodeSet = [];
  let next = 0;
  for (let i = 0; i < s.length; i += 2) {
    if (s[i]! > next) out.push(next, s[i]! - 1);
    next = s[i + 1]! + 1;
  }
  if (next <= MAX_CP) out.push(next, MAX_CP);
  return out;
}

export const DIGIT: CodeSet = [0x30, 0x39];
/** \w without the i flag: ASCII only, also under "u". */
export const WORD: CodeSet = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** What `.` does not match without the s flag: the line terminators. */
export const LINE_TERMINATORS: CodeSet = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

const probed = new Map<string, CodeSet>();

/**
 * The code points V8 matches with the one-character pattern `escape` (\s, \p{L}, \P{Script=Greek}…),
 * under the "u" flag: every code point asked once (about 0.1 s), cached for the process.
 */
export function probe(escape: string): CodeSet {
  const seen = probed.get(escape);
  if (seen) return seen;
  const re = new RegExp(`^${escape}$`, "u");
  const out: CodeSet = [];
  let start = -1;
  for (let cp = 0; cp <= MAX_CP + 1; cp++) {
    const hit = cp <= MAX_CP && re.test(String.fromCodePoint(cp));
    if (hit && start < 0) start = cp;
    else if (!hit && start >= 0) {
      out.push(start, cp - 1);
      start = -1;
    }
  }
  probed.set(escape, out);
  return out;
}

export function has(s: CodeSet, cp: number): boolean {
  for (let i = 0; i < s.length; i += 2) if (cp >= s[i]! && cp <= s[i + 1]!) return true;
  return false;
}
