// `npm run bench:patterns`: the worst cases of patterns V8 would backtrack on, run as the
// generated check runs them (the linear matcher, rt/linear.ts, on the program the build
// writes), at inputs up to maxPatternInput (10,000 characters). Goal: no call over 10 ms.
// Also: the linear matcher against V8's RegExp on patterns V8 does not backtrack on (the
// choice to keep V8 for those), each ratio against V8 measured in the same run.
//
//   node --import tsx bench/patterns.ts [--out FILE]
//
// `npm run bench` (bench/run.ts) writes the same section into BENCHMARKS.md (unless --no-patterns).
//
// A call's time: the median of 7 first calls, each on a fresh matcher (the first call builds
// the DFA states, so it is the worst; the median, because on a shared machine the slowest
// of a few runs measures the machine's other work), and the median of 20 on a warm one.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { linearRegex } from "../packages/runtime/src/rt/linear.js";
import { compileLinear } from "../src/schema/linear/compile.js";
import { median } from "./harness.js";

const MAX = 10_000;

interface Family {
  name: string;
  pattern: string;
  /** The worst input recheck-style: a pump repeated, then a character that makes the match fail. */
  input: (n: number) => string;
}

const fail = "!";
export const families: Family[] = [
  { name: "nested quantifiers", pattern: "^(a+)+$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "nested quantifiers, words", pattern: "^(\\w+\\s?)*$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "overlapping alternation ×4 under a star", pattern: "^(?:a|a|a|a)*$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "overlapping alternation ×8 under a star", pattern: "^(?:a|a|a|a|a|a|a|a)*$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "(a|aa)*", pattern: "^(a|aa)*$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "(a|aa)+ unanchored start", pattern: "(a|aa)+$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "polynomial \\d*\\d*x", pattern: "^\\d*\\d*x$", input: (n) => "1".repeat(n) },
  { name: "polynomial unanchored \\s*#?\\s*$", pattern: "\\s*#?\\s*$", input: (n) => " ".repeat(n - 1) + fail },
  { name: "nested counted (a{1,10}){1,10}", pattern: "^(?:a{1,10}){1,10}$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "nested counted (a{1,15}){1,15}", pattern: "^(?:a{1,15}){1,15}$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "nested counted (a{1,20}){1,20}", pattern: "^(?:a{1,20}){1,20}$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "nested counted (a{1,30}){1,30}", pattern: "^(?:a{1,30}){1,30}$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "nested counted ((a{1,5}){1,5}){1,5}", pattern: "^(?:(?:a{1,5}){1,5}){1,5}$", input: (n) => "a".repeat(n - 1) + fail },
  { name: "optional chain a?^30 a^30", pattern: `^${"a?".repeat(30)}${"a".repeat(30)}$`, input: (n) => "a".repeat(Math.min(n, 30)) },
  { name: "optional chain a?^160 a^160", pattern: `^${"a?".repeat(160)}${"a".repeat(160)}$`, input: (n) => "a".repeat(Math.min(n, 160)) },
  { name: "optional chain a?^160 a^160, unanchored", pattern: `${"a?".repeat(160)}${"a".repeat(160)}$`, input: (n) => "a".repeat(n - 1) + fail },
  { name: "optional chain a?^300 a^300", pattern: `^${"a?".repeat(300)}${"a".repeat(300)}$`, input: (n) => "a".repeat(Math.min(n, 300)) },
  { name: "many DFA states (a|b)*a(a|b){11}", pattern: "(?:a|b)*a(?:a|b){11}$", input: (n) => randomAb(n) },
  { name: "\\p{L} classes, DFA states past the cache", pattern: "(?:[ab]|\\p{Lu})*a[ab]{11}$", input: (n) => randomAb(n) },
  { name: "email-like, words and dots", pattern: "^([\\w.+-]+)+@([\\w-]+\\.)+[a-z]{2,}$", input: (n) => "a.".repeat(Math.floor((n - 1) / 2)) + fail },
];

function randomAb(n: number): string {
  let x = 29;
  let s = "";
  for (let i = 0; i < n; i++) s += (x = (x * 1103515245 + 12345) & 0x7fffffff) & 0x100 ? "a" : "b";
  return s;
}

function time(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

const fmt = (ms: number) => (ms < 0.01 ? ms.toFixed(4) : ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

const INTRO = [
  "Patterns V8 would backtrack on run, in generated code, on the linear matcher",
  "(`packages/runtime/src/rt/linear.ts`; SECURITY.md, \"No pattern can stall a call\"). Each family",
  "at its worst input (a pump repeated, then a character that makes the match fail; random",
  "a/b text for the DFA-state families) at 100, 1,000 and 10,000 characters (`maxPatternInput`),",
  "through the program the build writes. \"states\": the program's NFA size; a program over",
  "500 states is refused at build time (`schema/redos-unbounded`). Run alone with",
  "`npm run bench:patterns` (bench/patterns.ts; `-- --out FILE` writes the section), on a shared",
  "2-core machine; the first call on a fresh matcher builds the DFA and runs in V8's",
  "interpreter, so it is the one that counts.",
].join("\n");

const DECISION = [
  "Decision: only flagged patterns use the linear matcher. On patterns V8 does not backtrack on",
  "(the corpus's kind), V8's compiled `RegExp` is faster per call (the last column), and both are",
  "well under a microsecond: a safe pattern gains nothing from the linear matcher, and a tool with",
  "no flagged pattern carries none of its code.",
].join("\n");

/** The BENCHMARKS.md section (heading included): measured now. */
export function patternsSection(): string {
  const rows: string[] = [];
  let worst = 0;
  for (const fam of families) {
    const c = compileLinear(fam.pattern);
    if (!("program" in c)) {
      rows.push(`| ${fam.name.replace(/\|/g, "\\|")} | \`${fam.pattern.length > 40 ? fam.pattern.slice(0, 37) + "…" : fam.pattern}\` | — | refused at build: ${c.unsupported} | | |`);
      continue;
    }
    const p = c.program;
    const cells: string[] = [];
    for (const n of [100, 1_000, MAX]) {
      const s = fam.input(n);
      const colds: number[] = [];
      for (let i = 0; i < 7; i++) {
        const m = linearRegex(p.bounds, p.nodes, p.sets);
        colds.push(time(() => m.test(s)));
      }
      const cold = median(colds);
      const m = linearRegex(p.bounds, p.nodes, p.sets);
      m.test(s);
      const warm = median(Array.from({ length: 20 }, () => time(() => m.test(s))));
      worst = Math.max(worst, cold);
      cells.push(n === MAX ? `${fmt(cold)} / ${fmt(warm)}` : fmt(cold));
    }
    const shown = fam.pattern.length > 40 ? fam.pattern.slice(0, 37) + "…" : fam.pattern;
    rows.push(`| ${fam.name.replace(/\|/g, "\\|")} | \`${shown.replace(/\|/g, "\\|")}\` | ${p.nodes.length / 3} | ${cells.join(" | ")} |`);
  }

  // Safe patterns: V8 versus the linear matcher, same inputs (valid and invalid), per call.
  const safe = [
    { pattern: "^[a-zA-Z0-9_-]+$", ok: "abc_DEF-123".repeat(3), bad: "abc def" },
    { pattern: "^#[0-9A-Fa-f]{6}$", ok: "#a0b1c2", bad: "#a0b1cz" },
    { pattern: "^\\d{4}-\\d{2}-\\d{2}$", ok: "2025-01-31", bad: "2025-1-31" },
    { pattern: "^[a-zA-Z0-9_.-]+\\.(png|svg|gif)$", ok: "some-image_01.png", bad: "some-image_01.jpg" },
    { pattern: "^[a-z]+(-[a-z]+)*$", ok: "a-long-kebab-case-name", bad: "a-long-kebab-case-name-" },
  ];
  const safeRows: string[] = [];
  for (const { pattern, ok, bad } of safe) {
    const c = compileLinear(pattern);
    if (!("program" in c)) continue;
    const m = linearRegex(c.program.bounds, c.program.nodes, c.program.sets);
    const re = new RegExp(pattern, "u");
    const per = (f: (s: string) => boolean) => {
      const reps = 20_000;
      const samples: number[] = [];
      for (let r = 0; r < 9; r++) {
        let sink = 0;
        const t0 = performance.now();
        for (let i = 0; i < reps; i++) sink += f(i & 1 ? ok : bad) ? 1 : 0;
        samples.push(((performance.now() - t0) * 1e6) / reps);
        if (sink !== reps / 2) throw new Error(`${pattern}: the two matchers disagree`);
      }
      return median(samples);
    };
    const v8 = per((s) => re.test(s));
    const lin = per((s) => m.test(s));
    safeRows.push(`| \`${pattern.replace(/\|/g, "\\|")}\` | ${v8.toFixed(0)} | ${lin.toFixed(0)} | ${(lin / v8).toFixed(1)}× |`);
  }
  return [
    "## Patterns: worst cases through the linear matcher (`npm run bench:patterns`)",
    "",
    INTRO,
    "",
    `Worst cases (ms per call, median of 7 first calls on fresh matchers; at ${MAX.toLocaleString("en-US")} characters also / the warm median of 20). Goal: no call over 10 ms. Slowest call: **${fmt(worst)} ms**.`,
    "",
    "| family | pattern | states | 100 chars | 1,000 | 10,000 (cold / warm) |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "Patterns V8 does not backtrack on (ns per call, median of 9 rounds of 20,000 calls, half valid, half not):",
    "",
    "| pattern | V8 RegExp | linear matcher | linear / V8 |",
    "| --- | ---: | ---: | ---: |",
    ...safeRows,
    "",
    `Node ${process.version}, ${process.platform}-${process.arch}.`,
    "",
    DECISION,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = patternsSection();
  console.log(out);
  const at = process.argv.indexOf("--out");
  if (at > 0 && process.argv[at + 1]) writeFileSync(process.argv[at + 1]!, out + "\n");
}
