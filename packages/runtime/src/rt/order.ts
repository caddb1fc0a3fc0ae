// The orders of a refused call's errors: the feedback's (grouped by path, byPath) and the
// bucket order of `errors` (sortErrors). Error path only.
import type { Bucket, ValidationError } from "./report.js";
import { identChar } from "./text.js";

/** Path segments: names as written, item indices as numbers ("edits[0].oldText" → "edits", 0, "oldText"); a quoted name keeps its quotes. Read up to the first character that fits none. */
function segments(p: string): (string | number)[] {
  const out: (string | number)[] = [];
  const n = p.length;
  let i = 0;
  while (i < n) {
    // .name or name
    const j = p.charCodeAt(i) === 46 ? i + 1 : i;
    if (j < n && identChar(p.charCodeAt(j), false)) {
      let k = j + 1;
      while (k < n && identChar(p.charCodeAt(k), true)) k++;
      out.push(p.slice(j, k));
      i = k;
      continue;
    }
    if (p.charCodeAt(i) !== 91) break;
    // [digits]
    let k = i + 1;
    while (k < n && p.charCodeAt(k) >= 48 && p.charCodeAt(k) <= 57) k++;
    if (k > i + 1 && k < n && p.charCodeAt(k) === 93) {
      out.push(Number(p.slice(i + 1, k)));
      i = k + 1;
      continue;
    }
    // ["…"]: a JSON string (a backslash escapes any character but a line break)
    if (i + 1 >= n || p.charCodeAt(i + 1) !== 34) break;
    k = i + 2;
    for (;;) {
      if (k >= n) return out;
      const c = p.charCodeAt(k);
      if (c === 34) break;
      if (c === 92) {
        const d = k + 1 < n ? p.charCodeAt(k + 1) : 10;
        if (d === 10 || d === 13 || d === 0x2028 || d === 0x2029) return out;
        k += 2;
      } else k++;
    }
    if (k + 1 >= n || p.charCodeAt(k + 1) !== 93) break;
    out.push(p.slice(i + 1, k + 1));
    i = k + 2;
  }
  return out;
}

/** A path written with bare names and item indices only ("a.b[0].c", no quoted name): its segments start at "." and "[". */
function unquoted(p: string): boolean {
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (!identChar(c, true) && c !== 46 && c !== 91 && c !== 93) return false;
  }
  return true;
}

/** Where the segment of an unquoted path that starts at `i` ends. */
function segmentEnd(p: string, i: number): number {
  let k = i + 1;
  while (k < p.length && p.charCodeAt(k) !== 46 && p.charCodeAt(k) !== 91) k++;
  return k;
}

/**
 * Whether error `i` sorts after error `i - 1` under byPath's key, read off the two unquoted
 * paths without splitting them: true only when sure (the caller falls back to the keys).
 * The first segment where they differ decides: two item indices by number; two names by
 * when each was first found, and the later one was first found at `i` when no earlier
 * error has its prefix. An ancestor's own error after a member's is out of order.
 */
function follows(errors: ValidationError[], i: number): boolean {
  const a = errors[i - 1]!.path, b = errors[i]!.path;
  if (a === b || a === "") return true;
  if (b === "") return false;
  const n = Math.min(a.length, b.length);
  let l = 0;
  while (l < n && a.charCodeAt(l) === b.charCodeAt(l)) l++;
  const ca = l < a.length ? a.charCodeAt(l) : -1, cb = l < b.length ? b.charCodeAt(l) : -1;
  const boundA = ca === -1 || ca === 46 || ca === 91, boundB = cb === -1 || cb === 46 || cb === 91;
  if (ca === -1 && boundB) return true; // a is b's ancestor: its own errors come first
  if (cb === -1 && boundA) return false; // b is a's ancestor, after a member
  // The differing segment starts at l when both end a segment there, else at the last boundary before l.
  let st = l;
  if (!(boundA && boundB)) for (st = l === 0 ? 0 : l - 1; st > 0 && a.charCodeAt(st) !== 46 && a.charCodeAt(st) !== 91; ) st--;
  const indexA = a.charCodeAt(st) === 91, indexB = b.charCodeAt(st) === 91;
  if (indexA && indexB) return Number(a.slice(st + 1, segmentEnd(a, st) - 1)) < Number(b.slice(st + 1, segmentEnd(b, st) - 1));
  if (indexA || indexB) return false;
  const end = segmentEnd(b, st);
  const prefix = b.slice(0, end);
  for (let f = 0; f < i - 1; f++) {
    const q = errors[f]!.path;
    if (q.length >= end && q.startsWith(prefix) && (q.length === end || q.charCodeAt(end) === 46 || q.charCodeAt(end) === 91)) return false;
  }
  return true;
}

/**
 * The feedback's order: errors grouped by path, array items by index
 * (line_items[0] before line_items[1]), names in the order first found (the
 * schema's), an object's own errors before its members'. Stable otherwise.
 */
export function byPath(errors: ValidationError[]): ValidationError[] {
  const n = errors.length;
  if (n < 2) return errors;
  // The collector walks in the schema's order, so the order found is usually the order: checked pair by pair on the paths as written.
  if (n <= 16) {
    let inOrder = true;
    for (let i = 0; i < n && inOrder; i++) inOrder = unquoted(errors[i]!.path);
    for (let i = 1; i < n && inOrder; i++) inOrder = follows(errors, i);
    if (inOrder) return errors;
  }
  // Each error's sort key: per path segment, an item's index, or for a name the first error found under that prefix.
  const segs: (string | number)[][] = [];
  for (let i = 0; i < n; i++) segs.push(segments(errors[i]!.path));
  const keys: number[][] = [];
  if (n <= 16) {
    // Few errors: the first error under a prefix is found by comparing segments (no prefix strings, no Map).
    for (let i = 0; i < n; i++) {
      const si = segs[i]!;
      const k: number[] = [];
      for (let j = 0; j < si.length; j++) {
        const seg = si[j]!;
        if (typeof seg === "number") {
          k.push(seg);
          continue;
        }
        let f = 0;
        for (; f < i; f++) {
          const sf = segs[f]!;
          if (sf.length <= j) continue;
          let same = true;
          for (let x = 0; x <= j && same; x++) same = sf[x] === si[x];
          if (same) break;
        }
        k.push(f);
      }
      keys.push(k);
    }
  } else {
    const first = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const k: number[] = [];
      let at = "";
      for (const seg of segs[i]!) {
        at += "\u0000" + seg;
        if (typeof seg === "number") k.push(seg);
        else {
          let f = first.get(at);
          if (f === undefined) first.set(at, (f = i));
          k.push(f);
        }
      }
      keys.push(k);
    }
  }
  const cmp = (a: number, b: number): number => {
    const ka = keys[a]!, kb = keys[b]!;
    for (let j = 0; j < ka.length && j < kb.length; j++) if (ka[j] !== kb[j]) return ka[j]! - kb[j]!;
    return ka.length - kb.length || a - b;
  };
  let inOrder = true;
  for (let i = 1; i < n && inOrder; i++) if (cmp(i - 1, i) > 0) inOrder = false;
  if (inOrder) return errors;
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  order.sort(cmp);
  return order.map((i) => errors[i]!);
}

/** Bucket → rank, without a property lookup by string. */
export function rankOf(b: Bucket): number {
  switch (b) {
    case "missing_required":
      return 0;
    case "unknown_args":
      return 1;
    case "type_errors":
      return 2;
    case "enum_errors":
      return 3;
    default:
      return 4;
  }
}

export function sortErrors(errors: ValidationError[]): ValidationError[] {
  // Stable: by bucket order, then in the order found (schema order). A counting sort: one pass
  // to count, one to place; no tuple per error, no comparator.
  const n = errors.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (rankOf(errors[i - 1]!.bucket) > rankOf(errors[i]!.bucket)) sorted = false;
  if (sorted) return errors;
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (let i = 0; i < n; i++) {
    const r = rankOf(errors[i]!.bucket);
    if (r === 0) c0++;
    else if (r === 1) c1++;
    else if (r === 2) c2++;
    else if (r === 3) c3++;
  }
  const at = [0, c0, c0 + c1, c0 + c1 + c2, c0 + c1 + c2 + c3];
  const out = new Array<ValidationError>(n);
  for (let i = 0; i < n; i++) {
    const e = errors[i]!;
    out[at[rankOf(e.bucket)]!++] = e;
  }
  return out;
}
