// Edit distance for the name matcher (../suggest.ts): optimal string alignment (a
// transposition is one edit) with an early exit past the allowed edits, after a cheap
// lower bound (the bag distance). Reusable rows: suggestions run on the error path of every
// refused call, and a distance allocates nothing.

// One reusable row triple: suggestions run on the error path of every refused call.
let sgRow0 = /* @__PURE__ */ new Int32Array(64);
let sgRow1 = /* @__PURE__ */ new Int32Array(64);
let sgRow2 = /* @__PURE__ */ new Int32Array(64);
const sgBag = new Int32Array(128);

/** A cheap lower bound of the edit distance (character-count difference), to skip most pairs. */
function sgBagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) sgBag[a.charCodeAt(i) & 127]!++;
  for (let i = 0; i < b.length; i++) sgBag[b.charCodeAt(i) & 127]!--;
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i) & 127;
    if (sgBag[c]! > 0) pos += sgBag[c]!;
    else if (sgBag[c]! < 0) neg -= sgBag[c]!;
    sgBag[c] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i) & 127;
    if (sgBag[c]! < 0) neg -= sgBag[c]!;
    sgBag[c] = 0;
  }
  return Math.max(pos, neg);
}

/** Edit distance with adjacent transpositions counted as one edit (optimal string alignment), or max + 1 as soon as it must exceed `max`. */
export function sgDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max || sgBagDistance(a, b) > max) return max + 1;
  if (b.length + 1 > sgRow0.length) {
    sgRow0 = new Int32Array(b.length + 1);
    sgRow1 = new Int32Array(b.length + 1);
    sgRow2 = new Int32Array(b.length + 1);
  }
  let prev2 = sgRow0; // row i - 2
  let prev = sgRow1; // row i - 1
  let cur = sgRow2;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let c = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prev2[j - 2]! + 1 < c) c = prev2[j - 2]! + 1;
      cur[j] = c;
      if (c < best) best = c;
    }
    if (best > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length]!;
}
