// Shared by the adapter examples: print what a scripted run did, and read the tool results a
// model was sent out of a provider-neutral prompt.

/** The text of every tool result in an AI SDK prompt (LanguageModelV3Prompt), in order. */
export function toolResultTexts(prompt: readonly { role: string; content: unknown }[]): string[] {
  const out: string[] = [];
  for (const m of prompt) {
    if (m.role !== "tool" || !Array.isArray(m.content)) continue;
    for (const p of m.content as { type: string; output?: { type: string; value: unknown } }[]) {
      if (p.type !== "tool-result" || !p.output) continue;
      out.push(typeof p.output.value === "string" ? p.output.value : JSON.stringify(p.output.value));
    }
  }
  return out;
}

export interface RunSummary {
  text: string;
  ran: readonly unknown[];
  refused: readonly string[];
  /** Per model call: the tool results it was sent. */
  prompts: readonly (readonly string[])[];
}

export function printTranscript(framework: string, r: RunSummary): void {
  console.log(`=== ${framework}: what each model call read ===`);
  r.prompts.forEach((results, i) => {
    console.log(`\n--- model call ${i + 1}${results.length ? "" : " (no tool results yet)"}`);
    for (const t of results) console.log(t.replace(/^/gm, "  "));
  });
  console.log(`\nrefused: ${r.refused.join(", ") || "none"}`);
  console.log(`executor ran ${r.ran.length} time(s) with: ${r.ran.map((a) => JSON.stringify(a)).join("; ")}`);
  console.log(`answer: ${r.text}`);
}
