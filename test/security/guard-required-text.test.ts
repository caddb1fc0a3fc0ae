// requiredText (src/schema/lint/required-text.ts): the words every match of an expression
// contains. The description guard skips an expression on text without them, so a word
// claimed wrongly would hide a finding: every claim is checked here against real matches.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PHRASES } from "../../src/schema/lint/description-guard.js";
import { GUARD_NEEDS } from "../../src/schema/lint/guard-needs.js";
import { execWhereNeeded, mayMatch, needsOf, requiredText } from "../../src/schema/lint/required-text.js";

/** Whether the text may match by the needs, read as scanText reads them. */
const allows = (re: RegExp, text: string) => mayMatch(requiredText(re.source, re.flags), re.ignoreCase ? text.toLowerCase() : text);

describe("requiredText", () => {
  it("reads literals, counts, groups and alternation", () => {
    expect(requiredText(String.raw`\byou\s+are\s+now\b`, "i")).toEqual([["you"], ["are"], ["now"]]);
    expect(requiredText("instructions?", "i")).toEqual([["instruction"]]);
    expect(requiredText("ab+c", "")).toEqual([["ab"], ["c"]]);
    expect(requiredText("ab{2}c", "")).toEqual([["ab"], ["c"]]);
    expect(requiredText("a{0,3}b", "")).toEqual([["b"]]);
    expect(requiredText("(?:set|use)\\s+to", "i")).toEqual([["set", "use"], ["to"]]);
    expect(requiredText("x(?:a|)b", "")).toEqual([["x"], ["b"]]);
    expect(requiredText("(?:ab)?c", "")).toEqual([["c"]]);
    expect(requiredText("(?=abc)x", "")).toEqual([["x"]]);
    expect(requiredText(String.raw`\x41B\.c\/`, "")).toEqual([["AB.c/"]]);
    expect(requiredText(String.raw`\x41B`, "i")).toEqual([["ab"]]);
    expect(requiredText("A(?<n>bc)D", "")).toEqual([["A"], ["bc"], ["D"]]);
    // An alternation of sequences: one word of each branch in every clause.
    expect(requiredText("(?:ab|cd)x|ef", "")).toEqual([["ab", "cd", "ef"], ["x", "ef"]]);
  });

  it("execWhereNeeded refuses an expression that keeps a lastIndex", () => {
    expect(() => execWhereNeeded(/a/g)).toThrow(/lastIndex/);
    expect(() => execWhereNeeded(/a/y)).toThrow(/lastIndex/);
  });

  it("claims nothing it cannot stand behind", () => {
    expect(requiredText("a|b*", "")).toEqual([]);
    expect(requiredText("abc", "u")).toEqual([]);
    expect(requiredText(String.raw`a\cJb`, "")).toEqual([]);
    expect(requiredText("a)b", "")).toEqual([]);
    expect(requiredText("(a", "")).toEqual([]);
    expect(requiredText("*a", "")).toEqual([]);
    // Under i without u, σ also matches ς: a non-ASCII letter ends a run rather than being looked for.
    expect(requiredText("aσb", "i")).toEqual([["a"], ["b"]]);
    expect(allows(/aσb/i, "AΣB")).toBe(true);
    expect(allows(/aσb/i, "aςb")).toBe(true);
    // Backreferences and classes match text that is not theirs.
    expect(requiredText(String.raw`(a)\1x`, "")).toEqual([["a"], ["x"]]);
    expect(requiredText("[abc]x[^y]", "")).toEqual([["x"]]);
  });

  it("never rules out a text an expression matches (random texts)", () => {
    const sources = ["ab", "a.b", "(?:ab|ba)+a", "a?b", "a*b+a", "\\bab\\b", "(?:a|b)(?:A|B)", "a(?=b)b", "(?:^|a)b$", "a{2}b", "a{1,}B", "[ab]b|a-", "(?:a b)?-", "a\\s+b", "(a)\\1b", "a|", "a(?:b|)a"];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabet = "abAB .-";
    let matched = 0;
    for (const source of sources) {
      for (const flags of ["", "i"]) {
        const re = new RegExp(source, flags);
        const exec = execWhereNeeded(new RegExp(source, flags));
        for (let k = 0; k < 400; k++) {
          let text = "";
          for (let n = rand(9); n > 0; n--) text += alphabet[rand(alphabet.length)];
          expect(exec(text)?.[0], `/${source}/${flags} on ${JSON.stringify(text)}`).toBe(re.exec(text)?.[0]);
          if (re.test(text)) {
            matched++;
            expect(allows(re, text), `/${source}/${flags} on ${JSON.stringify(text)}`).toBe(true);
          }
        }
      }
    }
    expect(matched).toBeGreaterThan(1000);
  });
});

describe("the description guard's rules", () => {
  /** Every description and title in the guard's corpora and the tool corpus. */
  function texts(): string[] {
    const out: string[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) typeof x === "string" && (k === "description" || k === "title") ? out.push(x) : collect(x);
    };
    for (const dir of ["fixtures/descriptions", "corpus"]) {
      const url = new URL(`../${dir}/`, import.meta.url);
      for (const f of readdirSync(url)) if (f.endsWith(".json")) collect(JSON.parse(readFileSync(new URL(f, url), "utf8")));
    }
    return out;
  }

  it("each rule needs only words that every match of it, in these texts, contains (and upper-cased)", () => {
    const all = texts();
    expect(all.length).toBeGreaterThan(500);
    let matched = 0;
    for (const p of PHRASES) {
      const re = new RegExp(p.re.source, p.re.flags.replace("g", ""));
      for (const t of all) {
        for (const text of [t, t.toUpperCase()]) {
          if (!re.test(text)) continue;
          matched++;
          expect(mayMatch(p.needs!, re.ignoreCase ? text.toLowerCase() : text), `${p.rule} /${p.re.source}/ on ${JSON.stringify(text.slice(0, 200))}`).toBe(true);
        }
      }
    }
    expect(matched).toBeGreaterThan(50);
  });

  // That GUARD_NEEDS is current (what requiredText reads from every guard expression) is
  // test/security/guard-tables.test.ts's: it compares the file with what the script writes.
  it("an expression GUARD_NEEDS does not know (an edited one) is read when asked: never a stale need", () => {
    const edited = new RegExp(String.raw`\bsecretly\s+call\b`, "i");
    expect(needsOf(edited, GUARD_NEEDS)).toEqual([["secretly"], ["call"]]);
  });

  it("every rule but the encoded-blob one names what it needs", () => {
    expect(PHRASES.filter((p) => p.needs!.length === 0).map((p) => p.rule)).toEqual(["encoded"]);
  });
});
