// Patterns the ReDoS tests judge: the real tools' (test/corpus/) and the families known to
// backtrack in V8 beyond bench/patterns.ts's (those are imported from there).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { collectPatterns } from "../../src/schema/lint/redos.js";

const corpusDir = fileURLToPath(new URL("../corpus/", import.meta.url));

let corpus: string[] | undefined;
/** Every distinct `pattern` and `patternProperties` key of the corpus's tools, in file order. */
export function corpusPatterns(): string[] {
  if (corpus) return corpus;
  const out = new Set<string>();
  for (const f of readdirSync(corpusDir).filter((f) => f.endsWith(".json") && f !== "sources.json").sort()) {
    const tools = (JSON.parse(readFileSync(join(corpusDir, f), "utf8")) as { tools?: { inputSchema?: unknown }[] }).tools ?? [];
    for (const t of tools) for (const { pattern } of collectPatterns(t.inputSchema ?? {})) out.add(pattern);
  }
  return (corpus = [...out]);
}

/** Backtracking in V8 (exponential, polynomial, or an exponential constant), with and without what the linear matcher cannot run. */
export const vulnerableFamilies = [
  // test/security/totality.test.ts
  "^(\\w+\\s?)*$",
  "(a|aa)+$",
  "^\\d*\\d*x$",
  "\\s*#?\\s*$",
  "^(?:a|a|a|a)*$",
  "^(a+)+\\1$",
  // classic shapes
  "^(a*)*$",
  "^(a|a)*b$",
  "(x+x+)+y",
  "^(a?){25}a{25}$",
  "^((ab)*)+$",
  "^(\\d+)*\\.$",
  "\\d+$",
  "a+b",
  "^\\d+\\d+$",
  "^[a-z0-9]+[a-z]*\\.$",
  "^(?:[a-z]+\\.?)*$",
  "^([\\w.+-]+)+@([\\w-]+\\.)+[a-z]{2,}$",
  // backreferences and lookaround: only recheck's fuzzer decides these
  "^(a|a)*\\1$",
  "^(\\w)\\w*\\w*x\\1$",
  "(a+)+(?=b)$",
  "^(?=\\d)\\d*\\d*x$",
  "(?<=x)\\d+\\d+y",
];
