// Every example toolform chooses for the fields of real tools (test/corpus/), as a rule
// over the whole corpus rather than named cases: how many are placeholders ("example",
// ["example"]), how many came from the description, and each one's field — for
// MESSAGES.md (bench/messages.ts) and test/messages/corpus-rules.test.ts.
import { readFileSync } from "node:fs";
import { analyzeSchema } from "../src/schema/analyze.js";
import { chooseExamples } from "../src/schema/examples.js";
import type { IRNode } from "../src/schema/ir.js";

export interface FieldExample {
  source: string;
  tool: string;
  /** The field's JSON pointer in the tool's inputSchema. */
  loc: string;
  node: IRNode;
  description: string | undefined;
  /** JSON text, or undefined when no example fits. */
  example: string | undefined;
}

/** A stand-in that says nothing about the field: "example", "examplexx", ["example"], {"name":"example"}. */
export function isPlaceholder(example: string): boolean {
  return /"example[x]*"/.test(example);
}

/** The corpus files as sources.json lists them (test/corpus/, or another corpus folder: test/corpus-python/). */
export function corpusFiles(dir = "test/corpus"): string[] {
  const corpus = JSON.parse(readFileSync(`${dir}/sources.json`, "utf8")) as { file: string }[] | { sources: { file: string }[] };
  return (Array.isArray(corpus) ? corpus : corpus.sources).map((s) => `${dir}/${s.file}`);
}

/** The examples of every named field (a place under `properties`) of every tool in `files`. */
export function fieldExamples(files: readonly string[]): FieldExample[] {
  const out: FieldExample[] = [];
  for (const source of files) {
    const tools = JSON.parse(readFileSync(source, "utf8")) as { name: string; inputSchema: unknown }[] | { tools: { name: string; inputSchema: unknown }[] };
    for (const t of Array.isArray(tools) ? tools : tools.tools) {
      const opts = { unknownArgs: "reject" as const, formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {}, allowUnchecked: [] };
      let analyzed;
      try {
        analyzed = analyzeSchema(t.inputSchema, opts);
      } catch {
        continue;
      }
      const { ir, diagnostics, schema } = analyzed;
      if (!ir || diagnostics.some((d) => d.severity === "error")) continue;
      chooseExamples(ir, schema, undefined, t.name);
      for (const n of ir.nodes) {
        if (n.bool !== undefined || n.loc.includes("#") || !/\/properties\/[^/]+$/.test(n.loc)) continue;
        out.push({ source, tool: t.name, loc: n.loc, node: n, description: n.description, example: n.example });
      }
    }
  }
  return out;
}
