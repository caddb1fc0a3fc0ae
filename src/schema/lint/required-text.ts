// What text a regular expression cannot match without: words that every match contains,
// read from the expression's source. The description guard (description-guard.ts) runs
// ~35 large case-insensitive expressions over every description; V8 compiles each on its
// first use (~1 ms apiece: ~35 ms of a one-tool rebuild), though a plain description
// matches none. With what each needs, an expression whose words are not in the text is
// not run (nor compiled): the answer is the same, since such a text has no match.
//
// Sound by construction, not complete: any syntax not understood here needs nothing (the
// expression runs). Read: literal characters (escaped ones included) side by side, with
// zero-width assertions (\b, ^, $) between them; groups, alternation and counts. A
// class, a lookaround, a backreference or an optional item ends a run of literals.
// Case-insensitive expressions (flag i, without u) give their words lower-cased and
// ASCII only: under i without u an ASCII letter matches only its two ASCII cases, so
// the words are found in text.toLowerCase(); a non-ASCII letter (σ matches ς) ends a run.
import { sha256Hex } from "../../io/hash.js";

/** Every clause must hold; a clause holds when the text contains one of its words. No clause: the expression needs nothing. */
export type Needs = string[][];

/** The words every match of `/source/flags` contains (see above). */
export function requiredText(source: string, flags: string): Needs {
  if (flags.includes("u") || flags.includes("v")) return [];
  const p = new Reader(source, flags.includes("i"));
  try {
    const needs = p.alternatives();
    // Anything left over (a stray ")") is syntax not read right: no claim.
    return p.i === source.length ? needs : [];
  } catch {
    return [];
  }
}

/**
 * `re.exec(text)` that does not run `re` (nor have V8 compile it) on text without the words it
 * needs: null then, as exec would give. For expressions without the g or y flag (no lastIndex).
 */
export function execWhereNeeded(re: RegExp): (text: string) => RegExpExecArray | null {
  if (re.global || re.sticky) throw new Error(`execWhereNeeded: /${re.source}/${re.flags} keeps a lastIndex`);
  const needs = requiredText(re.source, re.flags);
  return (text) => (mayMatch(needs, re.ignoreCase ? text.toLowerCase() : text) ? re.exec(text) : null);
}

/** An expression's key in a table of needs worked out beforehand (guard-needs.ts): the hash of its source and flags. */
export function needsKey(re: RegExp): string {
  return sha256Hex(`${re.flags}/${re.source}`).slice(0, 16);
}

/**
 * The needs of `re`: from `table` when it holds them under the expression's key (an
 * expression edited since has another key), else worked out now. Reading ~35 large
 * expressions costs ~15 ms of a lint's start, before any text is scanned.
 */
export function needsOf(re: RegExp, table: Readonly<Record<string, Needs>>): Needs {
  return table[needsKey(re)] ?? requiredText(re.source, re.flags);
}

/** Whether `text` (lower-cased when the expression is case-insensitive) can hold a match, by `needs`. */
export function mayMatch(needs: Needs, text: string | PairedText): boolean {
  const has = typeof text === "string" ? (word: string) => text.includes(word) : (word: string) => text.has(word);
  for (const clause of needs) {
    let found = false;
    for (const word of clause) {
      if (has(word)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** A character's class for PairedText: a–z 0–25, A–Z 26–51, anything else 52. */
function pairClass(c: number): number {
  return c >= 97 && c <= 122 ? c - 97 : c >= 65 && c <= 90 ? c - 39 : 52;
}

/**
 * A text asked for many words (mayMatch of the description guard's ~35 expressions on one text):
 * which pairs of adjacent character classes it holds, read once. A word with a pair the text
 * lacks is not in it, and is answered without searching the text (most of the words asked are
 * not there); otherwise the text is searched. The same answers as `text.includes(word)`.
 */
export class PairedText {
  private readonly pairs = new Uint8Array(53 * 53);
  constructor(readonly text: string) {
    for (let i = 0; i + 1 < text.length; i++) this.pairs[pairClass(text.charCodeAt(i)) * 53 + pairClass(text.charCodeAt(i + 1))] = 1;
  }
  has(word: string): boolean {
    for (let i = 0; i + 1 < word.length; i++) if (this.pairs[pairClass(word.charCodeAt(i)) * 53 + pairClass(word.charCodeAt(i + 1))] === 0) return false;
    return this.text.includes(word);
  }
}

/** Most clauses an alternation is spread into (each is a few includes() on the text, and mayMatch stops at the first unmet). */
const MAX_CLAUSES = 4;

/** A count after an item: ?, *, +, {n}, {n,}, {n,m}, each maybe lazy. */
const COUNT = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/;

/** Characters an escape stands for, when it stands for one literal character (\n, \., \/…). */
const CONTROL: Record<string, string> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", "0": "\0" };

class Reader {
  i = 0;
  constructor(
    readonly src: string,
    readonly ignoreCase: boolean,
  ) {}

  /**
   * Branches up to the closing ")" or the end. (A1 ∧ A2) ∨ (B1 ∧ B2) is (A1 ∨ B1) ∧ (A1 ∨ B2) ∧ …:
   * every combination of one clause per branch, joined; with many, of each branch's best
   * clauses only (a clause left out is a need not claimed: still sound).
   */
  alternatives(): Needs {
    const branches: Needs[] = [this.sequence()];
    while (this.src[this.i] === "|") {
      this.i++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0]!;
    if (branches.some((b) => b.length === 0)) return [];
    let combinations = 1;
    for (const b of branches) combinations *= b.length;
    // The most clauses each branch keeps: k^branches <= MAX_CLAUSES (at least one).
    let k = 1;
    while ((k + 1) ** branches.length <= MAX_CLAUSES) k++;
    let out: string[][] = [[]];
    for (const b of branches) {
      const kept = combinations <= MAX_CLAUSES ? b : bestClauses(b, k);
      out = out.flatMap((joined) => kept.map((clause) => [...joined, ...clause]));
    }
    return out.map((clause) => [...new Set(clause)]);
  }

  /** Items side by side up to "|", ")" or the end: every run of literals is a clause, and each required group's clauses. */
  sequence(): Needs {
    const out: Needs = [];
    let run = "";
    const end = () => {
      if (run) out.push([run]);
      run = "";
    };
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === "|" || c === ")") break;
      if (c === "^" || c === "$") {
        this.i++;
        continue; // zero-width: the characters either side are next to each other
      }
      if (c === "(") {
        const inner = this.group();
        end();
        if (this.count() >= 1 && inner) out.push(...inner);
        continue;
      }
      let ch: string | undefined; // one literal character, or undefined for anything else
      if (c === "[") {
        this.skipClass();
      } else if (c === "\\") {
        const e = this.src[this.i + 1];
        if (e === undefined) throw new Error("trailing backslash");
        if (e === "b" || e === "B") {
          this.i += 2;
          continue; // zero-width
        }
        ch = this.escape();
      } else if (c === "." || c === "*" || c === "+" || c === "?") {
        // "." is any character; a quantifier with nothing before it is not read here.
        if (c !== ".") throw new Error("quantifier without an item");
        this.i++;
      } else {
        ch = c;
        this.i++;
      }
      if (ch !== undefined && this.ignoreCase) {
        if (ch.charCodeAt(0) > 0x7f) ch = undefined;
        else ch = ch.toLowerCase();
      }
      const min = this.count();
      if (ch === undefined || min === 0) {
        end();
        continue;
      }
      run += ch;
      // Repeated ("a+", "a{2,}"): what follows need not come right after the first one.
      if (this.repeated) end();
    }
    end();
    return out;
  }

  /** Whether the last count allowed more than one. */
  private repeated = false;

  /** The least count of the item just read ("?" 0, "+" 1, "{2,5}" 2; none: 1), and whether it may repeat. */
  count(): number {
    this.repeated = false;
    const c = this.src[this.i];
    if (c !== "*" && c !== "+" && c !== "?" && c !== "{") return 1;
    const m = COUNT.exec(this.src.slice(this.i, this.i + 24));
    if (!m) return 1;
    this.i += m[0].length;
    if (m[1] === "?") return 0;
    if (m[1] === "*") return (this.repeated = true), 0;
    if (m[1] === "+") return (this.repeated = true), 1;
    const min = Number(m[2]);
    this.repeated = m[3] !== undefined || min > 1;
    return min;
  }

  /** A group: its needs when it matches text (lookarounds and backreferences need nothing here); this.i after ")". */
  group(): Needs | undefined {
    this.i++;
    let look = false;
    const rest = this.src.slice(this.i, this.i + 3);
    if (rest.startsWith("?:")) this.i += 2;
    else if (/^\?(?:=|!|<=|<!)/.test(rest)) {
      look = true;
      this.i += rest.startsWith("?<") ? 3 : 2;
    } else if (rest.startsWith("?<")) {
      const close = this.src.indexOf(">", this.i);
      if (close < 0 || !/^\?<[A-Za-z_$][\w$]*>$/.test(this.src.slice(this.i, close + 1))) throw new Error("group name");
      this.i = close + 1;
    } else if (rest.startsWith("?")) throw new Error("group syntax not read here");
    const inner = this.alternatives();
    if (this.src[this.i] !== ")") throw new Error("unclosed group");
    this.i++;
    return look ? undefined : inner;
  }

  /** Past a class "[...]". */
  skipClass(): void {
    let j = this.i + 1;
    if (this.src[j] === "^") j++;
    for (; j < this.src.length; j++) {
      const c = this.src[j];
      if (c === "\\") j++;
      else if (c === "]") break;
    }
    if (j >= this.src.length) throw new Error("unclosed class");
    this.i = j + 1;
  }

  /** An escape: the literal character it stands for, or undefined (a class such as \s, a backreference); this.i past it. */
  escape(): string | undefined {
    const e = this.src[this.i + 1]!;
    this.i += 2;
    if (CONTROL[e] !== undefined && !(e === "0" && /\d/.test(this.src[this.i] ?? ""))) return CONTROL[e];
    if (e === "x" && /^[0-9a-fA-F]{2}/.test(this.src.slice(this.i, this.i + 2))) {
      this.i += 2;
      return String.fromCharCode(parseInt(this.src.slice(this.i - 2, this.i), 16));
    }
    if (e === "u" && /^[0-9a-fA-F]{4}/.test(this.src.slice(this.i, this.i + 4))) {
      this.i += 4;
      return String.fromCharCode(parseInt(this.src.slice(this.i - 4, this.i), 16));
    }
    if (e === "k" && this.src[this.i] === "<") {
      const close = this.src.indexOf(">", this.i);
      if (close < 0) throw new Error("backreference name");
      this.i = close + 1;
      return undefined;
    }
    // Syntax characters stand for themselves; letters and digits are classes, backreferences or other escapes not read here.
    if (/[\^$\\.*+?()[\]{}|/\-'"`~!@#%&=:;,<> ]/.test(e)) return e;
    if (/[dDwWsS1-9]/.test(e)) return undefined;
    throw new Error(`escape \\${e} not read here`);
  }
}

/** The `k` clauses of a branch that narrow most: the shortest word longest first, then the fewest words. */
function bestClauses(needs: Needs, k: number): Needs {
  const shortest = (clause: string[]) => Math.min(...clause.map((w) => w.length));
  return [...needs].sort((a, b) => shortest(b) - shortest(a) || a.length - b.length).slice(0, k);
}
