// Edit distance for the name matcher (../suggest.ts): optimal string alignment (a
// transposition is one edit) on what lies between the common head and tail, with an early exit
// past the allowed edits, after a cheap lower bound (the bag distance). Reusable rows: suggestions run on the error path of every
// refused call, and a distance allocates nothing.

// One reusable row triple: suggestions run on the error path of every refused call.
let sgRow0 = /* @__PURE__ */ new Int32Array(64);
let sgRow1 = /* @__PURE__ */ new Int32Array(64);
let sgRow2 = /* @__PURE__ */ new Int32Array(64);
const sgBag = new Int32Array(128);

/** A cheap lower bound of the edit distance (character-count difference) of a[from, a.length - cut) and b[from, b.length - cut), to skip most pairs. */
function sgBagDistance(a: string, b: string, from: number, cut: number): number {
  const an = a.length - cut, bn = b.length - cut;
  for (let i = from; i < an; i++) sgBag[a.charCodeAt(i) & 127]!++;
  for (let i = from; i < bn; i++) sgBag[b.charCodeAt(i) & 127]!--;
  let pos = 0;
  let neg = 0;
  for (let i = from; i < an; i++) {
    const c = a.charCodeAt(i) & 127;
    if (sgBag[c]! > 0) pos += sgBag[c]!;
    else if (sgBag[c]! < 0) neg -= sgBag[c]!;
    sgBag[c] = 0;
  }
  for (let i = from; i < bn; i++) {
    const c = b.charCodeAt(i) & 127;
    if (sgBag[c]! < 0) neg -= sgBag[c]!;
    sgBag[c] = 0;
  }
  return Math.max(pos, neg);
}

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment), or
 * max + 1 when it exceeds `max`. The common head and tail are left out first: they cost no edit,
 * and a near miss differs in a character or two in the middle.
 */
export function sgDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let from = 0;
  const short = a.length < b.length ? a.length : b.length;
  while (from < short && a.charCodeAt(from) === b.charCodeAt(from)) from++;
  let cut = 0;
  while (cut < short - from && a.charCodeAt(a.length - 1 - cut) === b.charCodeAt(b.length - 1 - cut)) cut++;
  const n = a.length - from - cut, m = b.length - from - cut;
  if (n === 0 || m === 0) return n + m <= max ? n + m : max + 1;
  if (sgBagDistance(a, b, from, cut) > max) return max + 1;
  if (m + 1 > sgRow0.length) {
    sgRow0 = new Int32Array(m + 1);
    sgRow1 = new Int32Array(m + 1);
    sgRow2 = new Int32Array(m + 1);
  }
  let prev2 = sgRow0; // row i - 2
  let prev = sgRow1; // row i - 1
  let cur = sgRow2;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(from + i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(from + j - 1);
      let c = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(from + j - 2) && a.charCodeAt(from + i - 2) === cb && prev2[j - 2]! + 1 < c) c = prev2[j - 2]! + 1;
      cur[j] = c;
      if (c < best) best = c;
    }
    if (best > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m]! > max ? max + 1 : prev[m]!;
}
