// Where a wrong name leads when the spelling matcher (../suggest.ts) finds nothing:
// an argument name by meaning (a small curated synonym table: `from` for `source`), and a
// tool name by shape (a prefix, a suffix, one containing the other, one word more, fewer or
// other) or, failing that, the list of tools (all when few, else the closest few and the
// count), so a wrong tool name always leads somewhere. Error path only.
import { sgFold, sgWords, suggestAndNearest } from "../suggest.js";

/**
 * Argument names models use for one another, as groups of folded names. Only a name that is
 * in a group and whose group holds exactly one declared name is suggested (a wrong suggestion
 * is worse than none): `from` → `source` when `source` is declared and `src`, `origin` are not.
 */
const ARG_GROUPS: readonly (readonly string[])[] = [
  ["from", "source", "src", "origin", "sourcepath"],
  ["to", "destination", "dest", "target", "destinationpath", "targetpath"],
  ["username", "user", "login", "userlogin", "handle"],
  ["q", "query", "search", "searchquery", "searchterm", "term", "keywords"],
  ["dir", "directory", "folder", "dirpath", "folderpath"],
  ["repo", "repository", "reponame", "repositoryname"],
  ["org", "organization", "organisation", "orgname"],
  ["msg", "message"],
  ["desc", "description"],
  ["limit", "maxresults", "perpage", "pagesize", "top", "numresults"],
  ["text", "content", "body"],
  ["url", "link", "uri", "href"],
  ["file", "filepath", "path", "filename"],
  ["lang", "language"],
  ["cmd", "command"],
  ["args", "arguments", "params", "parameters"],
  ["tags", "labels"],
  ["title", "subject", "heading"],
  ["email", "mail", "emailaddress"],
  ["id", "identifier"],
];

const ARG_GROUP_OF: ReadonlyMap<string, number> = new Map(ARG_GROUPS.flatMap((g, i) => g.map((n) => [n, i] as const)));

/** The one declared name that means what `name` means (ARG_GROUPS), or undefined. */
export function argSynonym(name: string, known: readonly string[]): string | undefined {
  if (typeof name !== "string" || name.length > 60) return undefined;
  const g = ARG_GROUP_OF.get(sgFold(name));
  if (g === undefined) return undefined;
  let hit: string | undefined;
  for (let i = 0; i < known.length; i++) {
    if (ARG_GROUP_OF.get(sgFold(known[i]!)) !== g) continue;
    if (hit !== undefined) return undefined; // two declared names mean it: say neither
    hit = known[i];
  }
  return hit;
}

/** How many tools the feedback lists when none is near: all up to this many, else the closest this many and the count. */
const LIST_ALL = 8;
const LIST_CLOSE = 5;

export interface ToolLeads {
  /** The tools suggested ("did you mean"), best first; empty when none is confident. */
  suggested: string[];
  /** What `nearest` holds: the suggested tools, else the closest tools listed; never empty while `known` has names. */
  nearest: string[];
  /** Listed tools when none is suggested (all of them, or the closest), with the toolset's size. */
  listed: string[];
  total: number;
}

/** Words of a name, without the separators: "list_dir" → list, dir. */
function words(n: string): string[] {
  return sgWords(n);
}

/** Whether two word lists differ by one word: one added, dropped or replaced (the others equal, in order). */
function oneWordApart(a: readonly string[], b: readonly string[]): boolean {
  if (Math.abs(a.length - b.length) > 1 || a.length + b.length < 3) return false;
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff === 1;
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  for (let skip = 0; skip < l.length; skip++) {
    let same = true;
    for (let i = 0, j = 0; i < s.length && same; i++, j++) {
      if (j === skip) j++;
      same = s[i] === l[j];
    }
    if (same) return true;
  }
  return false;
}

/** Closeness for the list: shared words first, then shared leading characters. */
function closeness(aw: readonly string[], af: string, k: string): number {
  const kw = words(k);
  let shared = 0;
  for (const w of aw) if (kw.includes(w)) shared++;
  const kf = sgFold(k);
  let lead = 0;
  while (lead < af.length && lead < kf.length && af[lead] === kf[lead]) lead++;
  return shared * 100 + lead;
}

/** Where a wrong tool name leads: the spelling matcher's names, else tools of the same shape, else the list. */
export function toolLeads(name: string, known: readonly string[]): ToolLeads {
  const total = known.length;
  if (total === 0) return { suggested: [], nearest: [], listed: [], total };
  const near = typeof name === "string" ? suggestAndNearest(name, known, 3).nearest : [];
  if (near.length) return { suggested: near.slice(), nearest: near.slice(), listed: [], total };
  const f = typeof name === "string" ? sgFold(name) : "";
  const aw = typeof name === "string" ? words(name) : [];
  const shaped: string[] = [];
  if (f.length >= 3) {
    for (const k of known) {
      const kf = sgFold(k);
      if (kf.length < 3) continue;
      if (kf.startsWith(f) || kf.endsWith(f) || f.startsWith(kf) || f.endsWith(kf) || (kf.length >= 4 && f.includes(kf)) || (f.length >= 4 && kf.includes(f)) || oneWordApart(aw, words(k))) shaped.push(k);
    }
  }
  if (shaped.length > 0 && shaped.length <= 3) return { suggested: shaped, nearest: shaped, listed: [], total };
  const pool = shaped.length ? shaped : known.slice();
  const ranked = pool.map((k, i) => [closeness(aw, f, k), i, k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const listed = (total <= LIST_ALL && !shaped.length ? known.slice() : ranked.slice(0, LIST_CLOSE).map((r) => r[2])) as string[];
  return { suggested: [], nearest: ranked.slice(0, 3).map((r) => r[2]), listed, total };
}
