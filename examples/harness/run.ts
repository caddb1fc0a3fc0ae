// End to end: a scripted model makes the mistakes models make (a number as a
// string, an enum value in the wrong case, an argument the tool does not take,
// a missing field), gets toolform's feedback, corrects itself, and the
// transcript is printed.
//
//   node --import tsx examples/harness/run.ts
//
// It generates the toolset it needs from examples/tools/ into a temp folder
// first (the same pipeline as `toolform build`), so no prior build is needed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generate } from "../../src/pipeline/generate.js";
import { bindExecutors, CallLoop, jsonObjectInstructions, scriptedModel, type LoopEvent, type Message, type Toolset } from "@toolform/runtime/harness";
import { toolsFromJson } from "../../src/sources/json.js";

const here = dirname(fileURLToPath(import.meta.url));

async function loadToolset(): Promise<{ toolset: Toolset; cleanup: () => void }> {
  const src = join(here, "..", "tools");
  const tools = readdirSync(src)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => toolsFromJson(JSON.parse(readFileSync(join(src, f), "utf8")), `examples/tools/${f}`).tools);
  const { files, diagnostics } = await generate({ tools, options: { emit: "js", lint: false } });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(errors.map((d) => d.message).join("\n"));
  const out = mkdtempSync(join(tmpdir(), "toolform-example-"));
  for (const f of files) {
    mkdirSync(dirname(join(out, f.path)), { recursive: true });
    writeFileSync(join(out, f.path), f.contents);
  }
  const mod = (await import(pathToFileURL(join(out, "index.js")).href)) as { toolset: Toolset };
  return { toolset: mod.toolset, cleanup: () => rmSync(out, { recursive: true, force: true }) };
}

const { toolset, cleanup } = await loadToolset();

// The model writes its calls as JSON in its reply (the json_object format), the
// way a model without native tool calling does — fences, prose and all.
const model = scriptedModel([
  // Turn 1: "1500" as a string, a currency argument the tool does not take, "Open" for the enum value "open".
  'I\'ll draft the contract and look for the bugs.\n```json\n[\n  {"name": "legal_draft_v3", "arguments": {"counterparty": "Acme GmbH", "value": "1500", "term_months": 12, "currency": "EUR"}},\n  {"name": "search_issues", "arguments": {"query": "login page", "filters": {"state": "Open", "labels": ["ui"]}}}\n]\n```',
  // Turn 2: the contract is fixed; the search lost its required query.
  '[{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme GmbH", "value": 1500, "term_months": 12}}, {"name": "search_issues", "arguments": {"filters": {"state": "open", "labels": ["ui"]}}}]',
  // Turn 3: both right (with a trailing comma the harness repairs and records).
  '[{"name": "legal_draft_v3", "arguments": {"counterparty": "Acme GmbH", "value": 1500, "term_months": 12}}, {"name": "search_issues", "arguments": {"query": "login page", "filters": {"state": "open", "labels": ["ui"]},}}]',
  "Done: contract DRAFT-0001 for Acme GmbH (1500 EUR, 12 months) is drafted, and there are 2 open UI issues about the login page (#41, #57).",
]);

// Executors typed from the generated interfaces (here the toolset is loaded at run time, so `args` is loosely typed;
// with `import { toolset } from "./generated/index.js"` each `args` is the tool's interface).
const bound = bindExecutors(toolset, {
  legal_draft_v3: (args: { counterparty: string; value: number; term_months: number }) => ({ draft_id: "DRAFT-0001", counterparty: args.counterparty, value_eur: args.value, term_months: args.term_months }),
  search_issues: (args: { query: string }) => ({ query: args.query, results: [{ id: 41, title: "Login button misaligned" }, { id: 57, title: "Login page flashes on load" }] }),
});

const events: string[] = [];
const onEvent = (e: LoopEvent) => {
  if (e.type === "repaired") events.push(`turn ${e.turn}: read ${e.call.resolved_name} after repairs: ${e.call.repairs.map((r) => r.rule).join(", ")}`);
  if (e.type === "execute") events.push(`turn ${e.turn}: ran ${e.call.resolved_name}`);
};

const loop = new CallLoop({ ...bound, model, format: "json_object", onEvent, feedback: { format: "text" } });
const result = await loop.run([
  { role: "system", content: jsonObjectInstructions(toolset, ["legal_draft_v3", "search_issues"]) },
  { role: "user", content: "Draft a 12-month contract with Acme GmbH worth 1500 EUR, and find the open UI issues about the login page." },
]);

function indent(s: string): string {
  return s.replace(/\n/g, "\n    ");
}

function show(m: Message): string {
  switch (m.role) {
    case "system":
      return `[system] (${m.content.split("\n").length} lines of tool instructions)`;
    case "user":
      return `[user] ${indent(m.content)}`;
    case "assistant":
      return `[assistant] ${indent(m.content)}`;
    case "tool":
      return `[tool ${m.name}${m.isError ? ", error" : ""}] ${indent(m.content)}`;
  }
}

console.log("=== transcript ===\n");
for (const m of result.messages) console.log(show(m) + "\n");
console.log("=== loop ===");
console.log(`stopped: ${result.stopped} after ${result.turns} turns`);
for (const line of events) console.log(line);
console.log("\n=== invalid calls per tool (loop.stats) ===");
for (const [name, s] of Object.entries(loop.stats)) {
  const buckets = (["unknown_tool", "missing_required", "unknown_args", "type_errors", "enum_errors", "constraint_errors"] as const).filter((b) => s[b] > 0).map((b) => `${b}=${s[b]}`);
  console.log(`${name}: ${s.calls} calls, ${s.invalid} invalid (${buckets.join(", ") || "none"}), ${s.not_run} not run, ${s.executed} executed`);
}
cleanup();
