// "Did you mean …?": the one matcher behind every suggestion toolform makes — a misspelt
// argument name or enum value (generated runtime), an unknown tool name (runtime, MCP
// server), an unknown command (CLI).
//
// Here: names folded and split into words, lists of known names prepared once (with a word
// index), the scan that ranks a list against a name, and the answers (one suggestion, the
// nearest few). How close two names are: rt/edit-distance.ts (edits), rt/word-rank.ts (words).
// It and those two import nothing else: the runtime's modules (src/rt/) import it, and so the
// runtime file written beside generated code carries them, while the compiler, the MCP server
// and the CLI import it as an ordinary module.
//
// A suggestion is made only when it is very likely the name meant (a wrong one sends the
// model the wrong way). Classes of match, best first; a name is offered only when one
// known name is alone in the best class that any known name reaches:
//   0  the same after folding case and separators           Start_ISO → start_iso
//   1-3 a few edits (transposition = 1), scaled to length     duration_mins → duration_min
//   4  the same words in any order, abbreviations allowed     list_dir → list_directory, 7days → 7d
//   5  the same words with one synonym                        get_issue → issue_read
//      (list/search, weaker, only beside two exact words)     get_pull_request → pull_request_read
//   6  one is the other plus a name/id/list word              reponame → repo, timeseries → timeseriesGroups
//   7  one is the other's last words (the head noun)          file_path → path, type → entityType
// Words come from splitting on case changes, digits, "_", "-", "." and spaces. For an enum
// value the field's own words are dropped first ("squash_merge" for merge_method → squash).
// test/messages/named-shapes.test.ts holds the corpus (hits and names that must get nothing).

import { sgDistance } from "./rt/edit-distance.js";
import { SG_RANK_NONE, SG_SYNONYMS, sgFusedFiller, sgWordRank } from "./rt/word-rank.js";

const SG_RANK_EDIT_MAX = 3;

/**
 * The fold's characters (see sgFold) as 32 bits (code & 31), and those it has at least twice and
 * three times, in sgM1, sgM2, sgM3. A bit one side has and the other lacks, at any level,
 * stands for a character one string has more often than the other, which only an edit can
 * remove or add (a transposition moves characters both have): so the sum of such bits over the
 * levels, on either side, is a lower bound of the edit distance (of the bag distance), in O(1)
 * per pair.
 */
let sgM1 = 0;
let sgM2 = 0;
let sgM3 = 0;

/**
 * Lower case without spaces, "_", "-" and ".": "Start ISO" and "start_iso" fold alike. Also sets
 * the fold's masks (sgM1, sgM2, sgM3), in the same pass: the scan that follows a fold reads them.
 */
export function sgFold(s: string): string {
  return sgFoldLower(s.toLowerCase());
}

/** sgFold of a string already in lower case. */
function sgFoldLower(l: string): string {
  let out = "";
  let from = 0;
  let m1 = 0, m2 = 0, m3 = 0;
  for (let i = 0; i < l.length; i++) {
    const c = l.charCodeAt(i);
    // Every separator is below "a" (97): one compare for a lower-case letter.
    if (c < 97 && (c === 32 || c === 95 || c === 45 || c === 46 || c === 9 || c === 10 || c === 13)) {
      if (i > from) out += l.slice(from, i);
      from = i + 1;
      continue;
    }
    const b = 1 << (c & 31);
    m3 |= m2 & b;
    m2 |= m1 & b;
    m1 |= b;
  }
  sgM1 = m1;
  sgM2 = m2;
  sgM3 = m3;
  return from === 0 ? l : out + l.slice(from);
}

/** Character kind for word splitting: 0 separator, 1 lower (and non-ASCII), 2 upper, 3 digit. */
function sgKind(c: number): number {
  return c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : c >= 128 ? 1 : 0;
}

/** Words of a name, lower case: "getPullRequest" → get pull request; "list_dir" → list dir; "7days" → 7 days; "HTTPServer" → http server. */
export function sgWords(s: string): string[] {
  const out: string[] = [];
  const lower = s.toLowerCase();
  let start = -1;
  let p = 0;
  for (let i = 0; i < s.length; i++) {
    const k = sgKind(s.charCodeAt(i));
    if (k === 0) {
      if (start >= 0) out.push(lower.slice(start, i)), (start = -1);
    } else if (start < 0) start = i;
    // a boundary: lower→Upper, letter↔digit, and the last capital of a run before a lower (HTTPServer)
    else if ((p === 1 && k === 2) || (p === 3) !== (k === 3) || (p === 2 && k === 2 && i + 1 < s.length && sgKind(s.charCodeAt(i + 1)) === 1)) {
      out.push(lower.slice(start, i));
      start = i;
    }
    p = k;
  }
  if (start >= 0) out.push(lower.slice(start));
  return out;
}

/** A known name, prepared once per list. */
interface SgKnown {
  name: string;
  fold: string;
  /** The name in lower case, and the answer for a name equal to it in lower case (see sgSuggestIndex). */
  lower: string;
  alike: number;
  /** The characters of `fold` as bits, and those it has twice and three times or more (see sgM1). */
  mask: number;
  mask2: number;
  mask3: number;
  words: string[];
}

/** A known-names list, prepared once (the lists are module constants): folded names, and, when first needed, words and their index. */
export interface SgList {
  items: SgKnown[];
  /** Word key → the items with a word of that key (see sgKey); built on the first word-level scan. */
  byKey: Map<string, number[]> | undefined;
  /** The keys of byKey as 512 bits (sgKeyBit), built with it: a word whose bit is not set shares no key. */
  keyBits: Int32Array;
}

const sgLists = new WeakMap<readonly string[], SgList>();
export function sgPrepared(known: readonly string[]): SgList {
  let p = sgLists.get(known);
  if (p === undefined) {
    const items = known.map((name): SgKnown => {
      const fold = sgFold(name); // and its masks
      return { name, fold, lower: name.toLowerCase(), alike: -1, mask: sgM1, mask2: sgM2, mask3: sgM3, words: [] };
    });
    // A name equal to a known name in lower case folds alike with it, and with the same names: its
    // answer is that name's index when no other name folds alike, else -1 (a tie in class 0). A
    // name that folds to "" gets nothing.
    const folds = new Map<string, number>();
    for (const k of items) folds.set(k.fold, (folds.get(k.fold) ?? 0) + 1);
    items.forEach((k, i) => {
      if (k.fold !== "" && folds.get(k.fold) === 1) k.alike = i;
    });
    sgLists.set(known, (p = { items, byKey: undefined, keyBits: SG_NO_BITS }));
  }
  return p;
}

/**
 * Two words that match at all (same, abbreviation of 3+ letters, synonyms, equal numbers) share
 * this key: the synonym group, else the first three characters. So a word-level scan only
 * looks at the names that share a key with the input (most unknown names share none).
 */
function sgKey(w: string): string {
  return SG_SYNONYMS.get(w) ?? (w.length > 3 ? w.slice(0, 3) : w);
}

const SG_NO_BITS = new Int32Array(16);

function sgIndex(list: SgList): Map<string, number[]> {
  if (list.byKey !== undefined) return list.byKey;
  const m = new Map<string, number[]>();
  const bits = (list.keyBits = new Int32Array(16));
  list.items.forEach((k, i) => {
    k.words = sgWords(k.name);
    for (const w of k.words) {
      const key = sgKey(w);
      const at = m.get(key);
      if (at === undefined) m.set(key, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  });
  for (const key of m.keys()) {
    const b = sgKeyBit(key.charCodeAt(0), key.length > 1 ? key.charCodeAt(1) : 0, key.length > 2 ? key.charCodeAt(2) : 0);
    bits[b >> 5]! |= 1 << (b & 31);
  }
  return (list.byKey = m);
}

/** A word key's bit (0–511), from its first three characters (0 for a missing one): with a list's few dozen keys, most words that share none are ruled out. */
function sgKeyBit(c0: number, c1: number, c2: number): number {
  return (((c0 * 31 + c1) * 31 + c2) >>> 0) & 511;
}

/**
 * Whether a word of `name` may share a key with a known word (false: sgWords(name) would find
 * none in the index, so the word-level scan would find nothing). Reads the words as sgWords
 * does, without making them; a non-ASCII name, and a word that may be a synonym (its key is its
 * group's), are left to the scan.
 */
function sgMayShareKey(name: string, bits: Int32Array): boolean {
  const n = name.length;
  let start = -1;
  let p = 0;
  // One pass: a non-ASCII character anywhere answers true, as does any word that may share a key.
  for (let i = 0; i < n; i++) {
    const c = name.charCodeAt(i);
    // A lower-case letter after a letter is never a word boundary: the usual character, one test.
    if (c >= 97 && c <= 122 && (p === 1 || p === 2)) {
      p = 1;
      continue;
    }
    if (c >= 128) return true;
    const k = sgKind(c);
    if (k === 0) {
      if (start >= 0 && sgWordMayShare(name, start, i, bits)) return true;
      if (start >= 0) start = -1;
    } else if (start < 0) start = i;
    else if ((p === 1 && k === 2) || (p === 3) !== (k === 3) || (p === 2 && k === 2 && i + 1 < n && sgKind(name.charCodeAt(i + 1)) === 1)) {
      if (sgWordMayShare(name, start, i, bits)) return true;
      start = i;
    }
    p = k;
  }
  return start >= 0 && sgWordMayShare(name, start, n, bits);
}

/** ASCII lower case of a character code. */
function sgLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** sgMayShareKey for the word name[from, to) (ASCII). */
function sgWordMayShare(name: string, from: number, to: number, bits: Int32Array): boolean {
  const c0 = sgLower(name.charCodeAt(from));
  const c1 = to - from > 1 ? sgLower(name.charCodeAt(from + 1)) : 0;
  const c2 = to - from > 2 ? sgLower(name.charCodeAt(from + 2)) : 0;
  // get, read, fetch, list, search, dir, directory: keyed by their group, so not ruled out here.
  if ((c0 === 103 && c1 === 101 && c2 === 116) || (c0 === 114 && c1 === 101 && c2 === 97) || (c0 === 102 && c1 === 101 && c2 === 116) || (c0 === 108 && c1 === 105 && c2 === 115) || (c0 === 115 && c1 === 101 && c2 === 97) || (c0 === 100 && c1 === 105 && c2 === 114)) return true;
  const b = sgKeyBit(c0, c1, c2);
  return (bits[b >> 5]! & (1 << (b & 31))) !== 0;
}

/** The number of bits set (population count). */
function sgBits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** What a scan found (rank and list index of each known name within reach, in the order found): reused buffers, so a scan allocates nothing for its answers. */
const sgHitRank: number[] = [];
const sgHitItem: number[] = [];
let sgHits = 0;

function sgTake(rank: number, item: number): void {
  sgHitRank[sgHits] = rank;
  sgHitItem[sgHits++] = item;
}

/**
 * Ranks every known name against `name` (folded: `f`, not empty, by the last sgFold call, whose
 * masks it reads) into the hit buffers; returns how many are within reach. `context`, or `context(ctxArg)` (called only when words are compared):
 * the words to drop from `name` first. `context` runs mid-scan and must not call the matcher: the
 * hit buffers are shared (its one caller, the enum's field name from the path, does not).
 */
function sgScanFolded(name: string, f: string, list: SgList, context: string | ((arg: string) => string | undefined) | undefined, ctxArg: string): number {
  sgHits = 0;
  // Edits allowed: none under 3 characters (two short names differ by little and mean different things).
  const max = f.length < 3 ? 0 : Math.max(1, Math.min(SG_RANK_EDIT_MAX, Math.floor(f.length / 3)));
  const f1 = sgM1, f2 = sgM2, f3 = sgM3; // f's, from sgFold
  const items = list.items;
  for (let i = 0; i < items.length; i++) {
    const k = items[i]!;
    if (k.fold === f) sgTake(0, i);
    // Most names are far: the length, then the characters one side has more often than the other (sgM1), rule them out before any distance.
    else if (
      max > 0 &&
      Math.abs(f.length - k.fold.length) <= max &&
      // The first level alone rules out most (a lower bound of the sums below), for two counts, not six.
      sgBits(f1 & ~k.mask) <= max &&
      sgBits(k.mask & ~f1) <= max &&
      sgBits(f1 & ~k.mask) + sgBits(f2 & ~k.mask2) + sgBits(f3 & ~k.mask3) <= max &&
      sgBits(k.mask & ~f1) + sgBits(k.mask2 & ~f2) + sgBits(k.mask3 & ~f3) <= max
    ) {
      const d = sgDistance(f, k.fold, max);
      if (d <= max) sgTake(d, i);
    }
  }
  if (sgHits > 0) return sgHits;
  // Word-level matches only when nothing is within a few edits, and only against names sharing a word key.
  const index = sgIndex(list);
  if (!sgMayShareKey(name, list.keyBits)) return 0;
  let words = sgWords(name);
  let near: number[] | undefined;
  for (const w of words) {
    const at = index.get(sgKey(w));
    if (at !== undefined) near = near === undefined ? at : near.concat(at);
  }
  if (near === undefined) return 0;
  const ctx = typeof context === "function" ? context(ctxArg) : context;
  if (ctx !== undefined) {
    const drop = new Set(sgWords(ctx));
    const kept = words.filter((w) => !drop.has(w));
    if (kept.length) words = kept;
  }
  let last = -1;
  for (const i of near.length > 1 ? near.slice().sort((a, b) => a - b) : near) {
    if (i === last) continue;
    last = i;
    const k = list.items[i]!;
    if (k.words.length === 0) continue;
    let r = sgWordRank(words, k.words, f, k.fold);
    if (r > 6 && sgFusedFiller(f, k.fold)) r = 6;
    if (r < SG_RANK_NONE) sgTake(r, i);
  }
  return sgHits;
}

/** The list index of the one best hit of the last scan, or -1 when none or two share the best rank. */
function sgBestHit(n: number): number {
  let best = SG_RANK_NONE;
  let pick = -1;
  let tie = false;
  for (let i = 0; i < n; i++) {
    const r = sgHitRank[i]!;
    if (r < best) (best = r), (pick = sgHitItem[i]!), (tie = false);
    else if (r === best) tie = true;
  }
  return tie ? -1 : pick;
}

/** The names within a few edits, best first (ties by name), at most `limit`; or else the one name a word-level match singles out. */
function sgNearestOf(hits: [number, string][] | undefined, best: number, limit: number): string[] {
  if (hits === undefined) return [];
  if (best > SG_RANK_EDIT_MAX) {
    hits = hits.filter((h) => h[0] === best);
    return hits.length === 1 ? [hits[0]![1]] : [];
  }
  hits = hits.filter((h) => h[0] <= SG_RANK_EDIT_MAX);
  if (hits.length > 1) hits.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  return hits.slice(0, limit).map((h) => h[1]);
}

/**
 * Known names close to `name`, best first, for a list ("Did you mean a or b?"): every name
 * within a few edits (up to `limit`), or else the one name a word-level match singles out.
 */
export function nearestNames(name: string, known: readonly string[], limit = 3): string[] {
  const r = suggestAndNearest(name, known, limit);
  return r === SG_NOTHING_NEAR ? [] : r.nearest;
}

/** What suggestAndNearest gives when nothing is near (the common case: nothing allocated). */
const SG_NOTHING_NEAR: { readonly suggestion: undefined; readonly nearest: string[] } = Object.freeze({ suggestion: undefined, nearest: Object.freeze([]) as unknown as string[] });

/**
 * suggestName(name, known) and nearestNames(name, known, limit) from one scan. When nothing
 * is near, the answer is one shared frozen object (its `nearest` empty and frozen).
 */
export function suggestAndNearest(name: string, known: readonly string[], limit = 3): { readonly suggestion: string | undefined; readonly nearest: string[] } {
  if (typeof name !== "string" || name.length > 200 || known.length === 0) return SG_NOTHING_NEAR;
  const list = sgPrepared(known); // before the fold: preparing a list folds its names
  const f = sgFold(name);
  return sgAnswer(list, f.length === 0 ? 0 : sgScanFolded(name, f, list, undefined, ""), limit);
}

/** suggestAndNearest's answer from the last scan's `n` hits (the hit buffers). */
function sgAnswer(list: SgList, n: number, limit: number): { readonly suggestion: string | undefined; readonly nearest: string[] } {
  if (n === 0) return SG_NOTHING_NEAR;
  if (n === 1) {
    // One name within reach (the usual near miss): it is the suggestion and the whole list, whatever its class.
    const only = list.items[sgHitItem[0]!]!.name;
    return { suggestion: only, nearest: limit > 0 ? [only] : [] };
  }
  let best = SG_RANK_NONE;
  const hits: [number, string][] = [];
  for (let i = 0; i < n; i++) hits.push([sgHitRank[i]!, list.items[sgHitItem[i]!]!.name]), (best = Math.min(best, sgHitRank[i]!));
  const pick = sgBestHit(n);
  return { suggestion: pick < 0 ? undefined : list.items[pick]!.name, nearest: sgNearestOf(hits, best, limit) };
}

/**
 * suggestAndNearest for an undeclared argument name, with `synonym(name, fold, known)` (a declared
 * name meaning the same, rt/leads.ts) asked with the scan's fold of the name: suggested when
 * spelling found nothing near, or only a name more than three edits away ("link" → url beats
 * allowExternalLinks; a near spelling does not yield).
 */
export function suggestKey(name: string, known: readonly string[], synonym: (name: string, fold: string, known: readonly string[]) => string | undefined): { readonly suggestion: string | undefined; readonly nearest: string[] } {
  if (name.length > 200 || known.length === 0) return SG_NOTHING_NEAR;
  const list = sgPrepared(known); // before the fold: preparing a list folds its names
  const f = sgFold(name);
  const n = f.length === 0 ? 0 : sgScanFolded(name, f, list, undefined, "");
  const found = sgAnswer(list, n, 3);
  if (found.suggestion === undefined && found.nearest.length > 0) return found;
  // The suggestion's class (0 same fold, 1–3 its edits), from the hit buffers, before `synonym` runs.
  let rank = SG_RANK_NONE;
  for (let i = 0; i < n; i++) rank = Math.min(rank, sgHitRank[i]!);
  const pick = n > 0 ? sgBestHit(n) : -1;
  const syn = synonym(name, f, known);
  if (syn === undefined) return found;
  // A spelling within three edits stays: its class says its edits; a word-level one is measured.
  return found.suggestion === undefined || (rank > SG_RANK_EDIT_MAX && sgDistance(f, list.items[pick]!.fold, 3) > 3) ? { suggestion: syn, nearest: found.nearest } : found;
}

/**
 * The one known name `name` most likely meant, or undefined when none is close or two are
 * equally close. `context` (an enum's field name, or a function giving it, called with `ctxArg`
 * only when words are compared: no closure per call): words of it in `name` are ignored.
 */
export function suggestName(name: string, known: readonly string[], context?: string | ((arg: string) => string | undefined), ctxArg = ""): string | undefined {
  if (typeof name !== "string" || known.length === 0) return undefined;
  const list = sgPrepared(known);
  const i = sgSuggestIndex(name, list, context, ctxArg);
  return i < 0 ? undefined : list.items[i]!.name;
}

/**
 * suggestName on a list prepared by sgPrepared: the list index of the name suggested, or -1.
 * For a caller that keeps the prepared list (the runtime's enum texts: no lookup per error).
 */
export function sgSuggestIndex(name: string, list: SgList, context?: string | ((arg: string) => string | undefined), ctxArg = ""): number {
  if (name.length > 200) return -1;
  // The same after folding (class 0) is the best class there is: when a name folds alike, it
  // decides (alone: that name; two: a tie), and no edit distance need be computed. The usual
  // miss, a known name in another case ("Boardroom"), is found by its lower case: no fold.
  const l = name.toLowerCase();
  const items = list.items;
  for (let i = 0; i < items.length; i++) if (items[i]!.lower === l) return items[i]!.alike;
  const f = sgFoldLower(l);
  if (f.length === 0) return -1;
  let same = -1;
  let count = 0;
  for (let i = 0; i < items.length; i++) if (items[i]!.fold === f) (same = i), count++;
  return count > 0 ? (count === 1 ? same : -1) : sgBestHit(sgScanFolded(name, f, list, context, ctxArg));
}
