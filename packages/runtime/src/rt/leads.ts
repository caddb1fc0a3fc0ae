// Where a wrong name leads when the spelling matcher (../suggest.ts) finds nothing:
// an argument name by meaning (a small curated synonym table: `from` for `source`), and a
// tool name by shape (a prefix, a suffix, one containing the other, one word more, fewer or
// other) or, failing that, the list of tools (all when few, else the closest few and the
// count), so a wrong tool name always leads somewhere. Error path only.
import { nearestNames, sgFold, sgWords } from "../suggest.js";

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

/** Per declared-names list (module constants): group → its one declared name, or null when two declared names are in it. Made once per list. */
const groupsOf = new WeakMap<readonly string[], Map<number, string | null>>();

function declaredGroups(known: readonly string[]): Map<number, string | null> {
  let m = groupsOf.get(known);
  if (m === undefined) {
    m = new Map();
    for (let i = 0; i < known.length; i++) {
      const g = ARG_GROUP_OF.get(sgFold(known[i]!));
      if (g !== undefined) m.set(g, m.has(g) ? null : known[i]!); // two declared names mean it: say neither
    }
    groupsOf.set(known, m);
  }
  return m;
}

/** The one declared name that means what `name` means (ARG_GROUPS), or undefined; `fold` is sgFold(name), the name matcher's one fold of it (suggestKey). */
export function argSynonymFolded(name: string, fold: string, known: readonly string[]): string | undefined {
  // The longest name in a group folds to 15 characters: a name much longer is in none.
  const g = name.length > 24 ? undefined : ARG_GROUP_OF.get(fold);
  return g === undefined ? undefined : (declaredGroups(known).get(g) ?? undefined);
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
  if (typeof name !== "string" || name.length > 200) return listAll(known, "", []);
  const aw = words(name);
  // The same name with a verb models swap for another (get_all_x → list_x, fetch_x → get_x): a tool of that name is meant.
  // Tools whose words hold all of the name's, in a row ("set_config" in "set_config_value"): the name cut short.
  const whole = aw.length ? known.filter((k) => k !== name && holdsRun(words(k), aw)) : [];
  const folds = known.map(sgFold);
  for (const v of verbVariants(aw)) {
    const i = folds.indexOf(v);
    if (i < 0) continue;
    // Beside the tools that hold the whole name (get_file: read_file or get_file_info).
    const both = [known[i]!, ...whole.filter((w) => w !== known[i])];
    if (both.length <= 3) return { suggested: both, nearest: both, listed: [], total };
    return listAll(known, sgFold(name), aw, both);
  }
  const near = nearestNames(name, known, 3);
  if (near.length) {
    // A spelling near miss ("get_config" for "set_config") is not the only answer when another tool holds the whole name.
    const both = [...whole, ...near.filter((n) => !whole.includes(n))];
    if (both.length <= 3) return { suggested: both, nearest: both, listed: [], total };
    return listAll(known, sgFold(name), aw, both);
  }
  const f = sgFold(name);
  const shaped: string[] = [];
  if (f.length >= 3) {
    for (const k of known) {
      const kf = sgFold(k);
      if (kf.length < 3) continue;
      if (kf.startsWith(f) || kf.endsWith(f) || f.startsWith(kf) || f.endsWith(kf) || (kf.length >= 4 && f.includes(kf)) || (f.length >= 4 && kf.includes(f)) || oneWordApart(aw, words(k))) shaped.push(k);
    }
  }
  if (shaped.length > 0 && shaped.length <= 3) return { suggested: shaped, nearest: shaped, listed: [], total };
  return listAll(known, f, aw, shaped.length ? shaped : undefined);
}

/** No confident suggestion: the tools listed (all when few, else the closest few of `pool`, or of all), the closest as `nearest`. */
function listAll(known: readonly string[], f: string, aw: readonly string[], pool?: readonly string[]): ToolLeads {
  const total = known.length;
  const from = pool ?? known;
  const ranked = from.map((k, i) => [closeness(aw, f, k), i, k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const listed = total <= LIST_ALL && pool === undefined ? known.slice() : ranked.slice(0, LIST_CLOSE).map((r) => r[2]);
  return { suggested: [], nearest: ranked.slice(0, 3).map((r) => r[2]), listed, total };
}

/** Whether `run` occurs in `ws` as consecutive words. */
function holdsRun(ws: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0 || ws.length <= run.length) return false;
  for (let i = 0; i + run.length <= ws.length; i++) {
    let j = 0;
    while (j < run.length && ws[i + j] === run[j]) j++;
    if (j === run.length) return true;
  }
  return false;
}

/** Leading verbs models use for one another in tool names, each to the one tools use more (first match wins). */
const VERB_EQUIV: readonly [readonly string[], readonly string[]][] = [
  [["get", "all"], ["list"]],
  [["fetch", "all"], ["list"]],
  [["list", "all"], ["list"]],
  [["fetch"], ["get"]],
  [["retrieve"], ["get"]],
  [["read"], ["get"]],
  [["get"], ["read"]],
  [["add"], ["create"]],
  [["new"], ["create"]],
  [["remove"], ["delete"]],
  [["edit"], ["update"]],
  [["modify"], ["update"]],
  [["find"], ["search"]],
  [["save"], ["write"]],
];

/** The name's words with a leading verb swapped (VERB_EQUIV), folded as sgFold folds a name. */
function verbVariants(aw: readonly string[]): string[] {
  const out: string[] = [];
  for (const [from, to] of VERB_EQUIV) {
    if (aw.length <= from.length || !from.every((w, i) => aw[i] === w)) continue;
    out.push([...to, ...aw.slice(from.length)].join(""));
  }
  return out;
}
