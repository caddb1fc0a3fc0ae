// Long-run fuzz of the description guard's reading (issue 29, item 9): every poisoned
// fixture that a phrase rule catches as written is disguised by a random chain of one to
// three transforms — look-alike letters, fullwidth or mathematical letters, letter
// spacing, invisible characters, rot13, hex, base64 — and must still be flagged by a rule
// other than the disguise's own (hidden-unicode, obfuscated, encoded). The bounded version
// of each transform is test/security/description-guard-normalise.test.ts.
//
//   node --import tsx test/fuzz/description-guard.ts --runs 5000 [--seed 1]
//
// Prints the detection rate per transform chain and the first misses with their seed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { scanText } from "../../src/schema/lint/index.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf("--" + name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const runs = arg("runs", 2000);
const seed0 = arg("seed", 1);

const DISGUISE_RULES = new Set(["hidden-unicode", "obfuscated", "encoded"]);
const caught = (text: string) => scanText(text).some((m) => !DISGUISE_RULES.has(m.rule));

const poisoned = (JSON.parse(readFileSync(new URL("../fixtures/descriptions/poisoned.json", import.meta.url), "utf8")) as { id: string; tool: { description?: string } }[])
  .map((e) => ({ id: e.id, text: e.tool.description ?? "" }))
  .filter((e) => /^[\x20-\x7e\n]*$/.test(e.text) && scanText(e.text).some((m) => !DISGUISE_RULES.has(m.rule) && !m.excerpt.includes("-decoded")));

const LOOKALIKES = new Map<string, string[]>();
for (const [from, to] of Object.entries(createRequire(import.meta.url)("unhomoglyph/data.json") as Record<string, string>)) {
  if (!/^[A-Za-z]$/.test(to) || [...from].length !== 1 || !/\p{L}/u.test(from) || /\p{Script=Latin}/u.test(from) || from.normalize("NFKC") !== from) continue;
  const key = to === "l" && /\p{Lu}/u.test(from) ? "I" : to;
  LOOKALIKES.set(key, [...(LOOKALIKES.get(key) ?? []), from]);
}

type Rand = (n: number) => number;
const lcg = (seed: number): Rand => {
  let s = seed >>> 0;
  // the high bits (an LCG's low bits cycle quickly)
  return (n) => ((s = (s * 1103515245 + 12345) % 2 ** 31), Math.floor((s / 2 ** 31) * n));
};

const TRANSFORMS: Record<string, (s: string, r: Rand) => string> = {
  lookalike: (s, r) => [...s].map((c) => (LOOKALIKES.has(c) && r(2) === 0 ? LOOKALIKES.get(c)![r(LOOKALIKES.get(c)!.length)]! : c)).join(""),
  fullwidth: (s) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  bold: (s) => s.replace(/[a-z]/g, (c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)),
  spaced: (s, r) => {
    const sep = [" ", ".", "-", "*"][r(4)]!;
    return s
      .split(" ")
      .map((w) => [...w].join(sep))
      .join(sep === " " ? "   " : "  ");
  },
  zerowidth: (s, r) => [...s].map((c) => (r(3) === 0 ? c + "\u200b" : c)).join(""),
  rot13: (s) => s.replace(/[A-Za-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) & 31) + 12) % 26 + (c.charCodeAt(0) & 96) + 1)),
  hex: (s) => Buffer.from(s, "utf8").toString("hex"),
  base64: (s) => Buffer.from(s, "utf8").toString("base64"),
};
// Encodings end a chain (a model decodes one layer unasked, not a look-alike inside rot13 of hex).
const LETTERS = ["lookalike", "fullwidth", "bold", "spaced", "zerowidth"];
const ENCODINGS = ["rot13", "hex", "base64"];

const byChain = new Map<string, { n: number; hit: number }>();
let flagged = 0;
const misses: string[] = [];
for (let k = 0; k < runs; k++) {
  const seed = seed0 + k;
  const r = lcg(seed);
  const e = poisoned[r(poisoned.length)]!;
  const chain: string[] = [];
  for (let i = r(2) + 1; i > 0; i--) {
    const t = LETTERS[r(LETTERS.length)]!;
    if (!chain.includes(t)) chain.push(t);
  }
  // rot13 turns ASCII letters only: after look-alike, fullwidth or bold letters its output reads as nothing, to a model too.
  const encodings = chain.some((t) => ["lookalike", "fullwidth", "bold"].includes(t)) ? ["hex", "base64"] : ENCODINGS;
  if (r(2) === 0) chain.push(encodings[r(encodings.length)]!);
  const [name] = e.text.split(". ", 1);
  let body = e.text.slice(name!.length);
  for (const t of chain) body = TRANSFORMS[t]!(body, r);
  const text = `${name}. ${body}`;
  const key = chain.join("+");
  const c = byChain.get(key) ?? { n: 0, hit: 0 };
  c.n++;
  if (scanText(text).length) flagged++;
  if (caught(text)) c.hit++;
  else if (misses.length < 15) misses.push(`seed ${seed} ${e.id} [${key}]: ${JSON.stringify(text.slice(0, 160))}`);
  byChain.set(key, c);
}
const total = [...byChain.values()].reduce((a, c) => ({ n: a.n + c.n, hit: a.hit + c.hit }), { n: 0, hit: 0 });
console.log(`description guard fuzz, seeds ${seed0}..${seed0 + runs - 1}: ${total.hit}/${total.n} disguised poisoned descriptions caught by a content rule (${((100 * total.hit) / total.n).toFixed(1)}%), ${flagged}/${total.n} flagged at all (${((100 * flagged) / total.n).toFixed(1)}%)`);
for (const [key, c] of [...byChain].sort((a, b) => a[1].hit / a[1].n - b[1].hit / b[1].n).slice(0, 12)) console.log(`  ${key}: ${c.hit}/${c.n}`);
for (const m of misses) console.log("  MISS " + m);
