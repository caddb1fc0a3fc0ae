// npm run conformance [-- --filter ref] [--write]
// Prints the conformance table and the failures; --write also saves it to docs/conformance.md.
import { writeFileSync } from "node:fs";
import { runSuite, SKIP_FILES, table } from "./suite.js";

const filter = process.argv.includes("--filter") ? process.argv[process.argv.indexOf("--filter") + 1] : undefined;
const results = await runSuite(filter ? { filter } : {});
const text = table(results);
console.log(text);
const fails = results.filter((r) => r.status === "fail");
if (fails.length) {
  console.log("\nFailures:");
  for (const f of fails) console.log(`- ${f.id} ${f.group} / ${f.test}: ${f.reason}`);
}
if (process.argv.includes("--write")) {
  const skips = Object.entries(SKIP_FILES)
    .map(([f, why]) => `- \`${f}\`: ${why}`)
    .join("\n");
  writeFileSync(
    new URL("../../docs/conformance.md", import.meta.url),
    `# Conformance\n\nWritten by \`npm run conformance -- --write\`: every case of the JSON Schema Test Suite (draft 2020-12 and draft 7, required and optional; \`optional/format\` with format assertion on) compiled by \`compileSchema\` into a module and run through its \`is\` and \`validate\`, in \`unknownArgs: "schema"\` mode. The files that check that unknown formats and keywords are ignored (\`optional/format/unknown.json\`, \`optional/unknownKeyword.json\`, \`optional/refOfUnknownKeyword.json\`) run with the \`allowUnchecked\` opt-out: by default toolform refuses such a schema at build time.\n\nSkipped files and why:\n\n${skips}\n\n${text}\n`,
  );
}
process.exitCode = fails.length ? 1 : 0;
