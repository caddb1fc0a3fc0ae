// PairedText (src/schema/lint/required-text.ts): the description guard asks one text for the words
// of every expression; a word with a pair of adjacent characters the text lacks is answered
// without a search. It must answer exactly as text.includes(word), for any text and word.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GUARD_NEEDS } from "../../src/schema/lint/guard-needs.js";
import { mayMatch, PairedText } from "../../src/schema/lint/required-text.js";

const TESTS = join(dirname(fileURLToPath(import.meta.url)), "..");
const descriptions = readdirSync(join(TESTS, "corpus"))
  .filter((f) => f.endsWith(".json") && f !== "sources.json")
  .flatMap((f) => (JSON.parse(readFileSync(join(TESTS, "corpus", f), "utf8")) as { tools: { description?: string }[] }).tools.map((t) => t.description ?? ""));
const needs = Object.values(GUARD_NEEDS);
const words = [...new Set(needs.flat(2))];

describe("PairedText", () => {
  it("answers has(word) as includes(word): every guard word on every corpus description, as written and lower-cased", () => {
    let hits = 0;
    for (const d of descriptions) {
      for (const text of [d, d.toLowerCase()]) {
        const p = new PairedText(text);
        for (const w of words) {
          const want = text.includes(w);
          if (p.has(w) !== want) throw new Error(`has(${JSON.stringify(w)}) is ${!want} on ${JSON.stringify(text.slice(0, 80))}`);
          if (want) hits++;
        }
      }
    }
    expect(descriptions.length).toBeGreaterThan(500);
    expect(hits).toBeGreaterThan(1000);
  });

  it("on edge cases: empty text and word, one character, non-letters, non-ASCII, the text's own substrings", () => {
    const texts = ["", "a", "ab", "<!-- x -->", "{{ sys }}", "ÄÖü ñ ς σ", "line\nbreak\ttab", "x".repeat(3) + "Y"];
    for (const text of texts) {
      const p = new PairedText(text);
      const probes = ["", "a", "b", "ab", "ba", "<!--", "{{", "σ", "ς", "\n", "xY", "xy", "XY", ...Array.from({ length: text.length }, (_, i) => text.slice(i, i + 3))];
      for (const w of probes) expect(p.has(w), `${JSON.stringify(w)} in ${JSON.stringify(text)}`).toBe(text.includes(w));
    }
  });

  it("mayMatch gives the same answer with the text or its PairedText", () => {
    for (const d of descriptions.slice(0, 200)) {
      const lower = d.toLowerCase();
      const p = new PairedText(lower);
      for (const n of needs) expect(mayMatch(n, p)).toBe(mayMatch(n, lower));
    }
  });
});
