/**
 * The text a model reads, before the description guard matches phrases in it.
 *
 * A model reads "іgnore" (Cyrillic і), "ｉｇｎｏｒｅ", "𝐢𝐠𝐧𝐨𝐫𝐞" and "i g n o r e" as "ignore";
 * a regular expression does not. So the guard matches on a normal form too:
 *   1. NFKC: fullwidth, mathematical and other compatibility letters become plain ones;
 *   2. look-alike letters from other scripts fold to the ASCII letter they imitate
 *      (Unicode's confusables.txt, guard-confusables.ts);
 *   3. letter-spaced words ("i g n o r e", "i.g.n.o.r.e") are joined.
 * Invisible characters are already gone (description-guard.ts). Content hidden in an
 * encoding a model decodes unasked — base64, hex, rot13 — is decoded where that is cheap
 * (`hiddenTexts`) and scanned as well.
 */
import { CONFUSABLE_SOURCES } from "./guard-confusables.js";

const FOLD = new Map<string, string>();
for (const [to, from] of Object.entries(CONFUSABLE_SOURCES)) for (const ch of from) FOLD.set(ch, to);

/** Printable ASCII and line breaks only: NFKC and folding change nothing. */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;
const LATIN = /\p{Script=Latin}/u;

/**
 * A run of at least three single letters, each pair split by one separator ("i g n o r e",
 * "i.g.n.o.r.e", "i-g-n-o-r-e"): a letter-spaced word. Two spaces end a word. (Two letters
 * are left alone: "e.g.", "i.e.".)
 */
const SPACED = /(?<![\p{L}\p{N}])\p{L}(?:(?: ?[.\-_*·•|+~] ?| )\p{L}(?![\p{L}\p{N}])){2,}/gu;
const SPACED_PAIR = /(?<![\p{L}\p{N}])\p{L}(?: ?[.\-_*·•|+~] ?| )\p{L}(?![\p{L}\p{N}])/gu;
const SEPARATORS = /[\s.\-_*·•|+~]/g;

export interface Normalised {
  /** The normal form (equal to the input when nothing applied). */
  text: string;
  /** What changed, for a finding's note: "compatibility letters", "look-alike letters", "letter-spaced words". */
  changes: string[];
  /** Words mixing Latin letters with look-alikes from another script ("іgnore" with Cyrillic і): as written, the foreign letters as \u{…}, and folded. */
  mixedWords: { raw: string; folded: string }[];
  /** Letter-spaced runs, joined. */
  spaced: string[];
}

export function normalise(text: string): Normalised {
  const changes: string[] = [];
  const mixedWords: { raw: string; folded: string }[] = [];
  let out = text;
  if (!ASCII.test(out)) {
    const nfkc = out.normalize("NFKC");
    if (nfkc !== out) changes.push("compatibility letters");
    let folded = false;
    out = nfkc.replace(/\p{L}+/gu, (word) => {
      let latin = false;
      let foreign = false;
      let w = "";
      for (const ch of word) {
        const to = FOLD.get(ch);
        if (to === undefined) {
          if (LATIN.test(ch)) latin = true;
          w += ch;
          continue;
        }
        if (!LATIN.test(ch)) foreign = true;
        w += to;
      }
      if (w === word) return word;
      folded = true;
      if (latin && foreign) mixedWords.push({ raw: [...word].map((c) => (FOLD.has(c) && !LATIN.test(c) ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c)).join(""), folded: w });
      return w;
    });
    if (folded) changes.push("look-alike letters");
  }
  const spaced: string[] = [];
  out = out.replace(SPACED, (run) => {
    const joined = run.replace(SEPARATORS, "");
    spaced.push(joined);
    return joined;
  });
  if (spaced.length) {
    // In a letter-spaced text, two-letter words are spaced too ("d o  n o t").
    out = out.replace(SPACED_PAIR, (pair) => pair.replace(SEPARATORS, ""));
    changes.push("letter-spaced words");
  }
  return { text: out, changes, mixedWords, spaced };
}

// ------------------------------------------------------------------ hidden encodings

export interface HiddenText {
  how: "base64" | "hex" | "rot13";
  /** The decoded text. */
  text: string;
  /** Where the encoded run starts in the scanned text, and the run itself. */
  at: number;
  raw: string;
}

const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX = /(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}[ :]?){8,}(?![0-9A-Za-z])|(?:\\x[0-9A-Fa-f]{2}){6,}/g;

/**
 * Whether decoded bytes read as prose: valid UTF-8, no control characters, letters for at
 * least 40%, and two words. A hash or a key decodes to bytes that do not (20 random bytes
 * are all printable ASCII once in ~10^9).
 */
function readsAsText(bytes: Buffer): string | undefined {
  const s = bytes.toString("utf8");
  if (s.includes("\uFFFD") || /[\x00-\x08\x0E-\x1F\x7F]/.test(s)) return undefined;
  // Judged as read: format characters out, letter-spaced words joined.
  const read = normalise(s.replace(/\p{Cf}/gu, "")).text.replace(/\s+/g, " ");
  const letters = read.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 8 || letters / [...read].length < 0.4) return undefined;
  // Two words: letters, a separator, letters (fixed counts: linear time on a long run of letters).
  if (!/\p{L}{2}[\s,.:;!?-]\p{L}{2}/u.test(read)) return undefined;
  return s;
}

export const rot13 = (s: string) => s.replace(/[A-Za-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) & 31) + 12) % 26 + (c.charCodeAt(0) & 96) + 1));

/**
 * Text hidden in base64 or hex that decodes to prose, and the rot13 reading of the
 * whole text (every text has one: it counts only where a phrase rule matches in it).
 */
export function hiddenTexts(text: string): HiddenText[] {
  const out: HiddenText[] = [];
  for (const m of text.matchAll(BASE64)) {
    const s = readsAsText(Buffer.from(m[0].replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    if (s !== undefined) out.push({ how: "base64", text: s, at: m.index, raw: m[0] });
  }
  for (const m of text.matchAll(HEX)) {
    const s = readsAsText(Buffer.from(m[0].replace(/\\x|[ :]/g, ""), "hex"));
    if (s !== undefined) out.push({ how: "hex", text: s, at: m.index, raw: m[0] });
  }
  if (/[A-Za-z]{4}/.test(text)) out.push({ how: "rot13", text: rot13(text), at: 0, raw: text });
  return out;
}
