// Word-level closeness for the name matcher (../suggest.ts): how two words match (the same,
// an abbreviation, synonyms), and the class of match of two names' words (the same words in
// any order, with one synonym, one plus a filler word, one the other's head noun), for
// names no few edits bring together.

/** Verbs and nouns models swap for one another (the issue corpus): each maps to one spelling. */
export const SG_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ["get", "get"],
  ["read", "get"],
  ["fetch", "get"],
  ["list", "list"],
  ["search", "list"],
  ["dir", "directory"],
  ["directory", "directory"],
]);

/** Words that make a name of a thing, or a list of things, without changing what it names. */
const SG_FILLERS = new Set(["name", "names", "id", "ids", "list", "lists", "group", "groups", "items", "array", "set", "value", "values", "str", "string", "text"]);

/** No class of match. */
export const SG_RANK_NONE = 99;

/** How two words match: 3 the same, 2 one abbreviates the other (dir, directory; issue, issues), 1 synonyms, 0 not. */
function sgWordMatch(a: string, b: string): number {
  if (a === b) return 3;
  const s = a.length <= b.length ? a : b;
  const l = s === a ? b : a;
  if (s.length >= 3 && l.startsWith(s) && !sgDigit(s)) return 2;
  const x = SG_SYNONYMS.get(a);
  return x !== undefined && x === SG_SYNONYMS.get(b) ? (x === "directory" ? 2 : 1) : 0;
}

function sgDigit(w: string): boolean {
  const c = w.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/**
 * The class of match (see the head of ../suggest.ts) of input words `a` against known words `b`,
 * or SG_RANK_NONE. `af`/`bf` are the folded spellings.
 */
export function sgWordRank(a: string[], b: string[], af: string, bf: string): number {
  if (a.length === b.length) {
    // In order, a unit may shorten to any prefix after an equal number: 7days → 7d.
    let ordered = true;
    for (let i = 0; i < a.length && ordered; i++) {
      const unit = i > 0 && sgDigit(a[i - 1]!) && a[i - 1] === b[i - 1] && !sgDigit(a[i]!) && !sgDigit(b[i]!) && (a[i]!.startsWith(b[i]!) || b[i]!.startsWith(a[i]!));
      const m = sgWordMatch(a[i]!, b[i]!);
      if (!unit && m < 2) ordered = false;
    }
    if (ordered) return 4;
    // Any order: pair each word with a distinct word of the other side.
    const used: boolean[] = [];
    let exact = 0;
    let syn = 0;
    let weak = false;
    for (const w of a) {
      let best = -1;
      let bestM = 0;
      for (let j = 0; j < b.length; j++) {
        if (used[j]) continue;
        const m = sgWordMatch(w, b[j]!);
        if (m > bestM) (best = j), (bestM = m);
      }
      if (best < 0) {
        exact = -1;
        break;
      }
      used[best] = true;
      if (bestM === 3) exact++;
      if (bestM === 1) (syn++, (weak ||= SG_SYNONYMS.get(w) !== "get"));
    }
    if (exact >= 0) {
      if (syn === 0) return 4;
      // get/read/fetch are one verb; list/search only nearly (search_files is not list_files): two exact words then.
      if (syn === 1 && exact >= (weak ? 2 : 1)) return 5;
    }
    return SG_RANK_NONE;
  }
  const aShort = a.length < b.length;
  const s = aShort ? a : b;
  const l = aShort ? b : a;
  const sf = aShort ? af : bf;
  // One is the other plus a filler: repo_name / repo, timeseries / timeseriesGroups.
  let lead = true;
  for (let i = 0; i < s.length && lead; i++) if (sgWordMatch(s[i]!, l[i]!) < 2) lead = false;
  if (lead) {
    let fill = true;
    for (let i = s.length; i < l.length && fill; i++) if (!SG_FILLERS.has(l[i]!)) fill = false;
    if (fill) return 6;
  }
  // The shorter is the longer's head (its last words): file_path → path, entityType → type.
  const off = l.length - s.length;
  let tail = sf.length >= 2;
  for (let i = 0; i < s.length && tail; i++) if (sgWordMatch(s[i]!, l[off + i]!) < 2) tail = false;
  if (tail) return 7;
  return SG_RANK_NONE;
}

/** One word spelled together with a filler: reponame / repo (no case or separator to split on). */
export function sgFusedFiller(af: string, bf: string): boolean {
  const s = af.length < bf.length ? af : bf;
  const l = s === af ? bf : af;
  return s.length >= 3 && l.startsWith(s) && SG_FILLERS.has(l.slice(s.length));
}
