// npm run conformance [-- --filter ref] : prints the conformance table and the failures.
import { runSuite, table } from "./suite.js";

const filter = process.argv.includes("--filter") ? process.argv[process.argv.indexOf("--filter") + 1] : undefined;
const results = await runSuite(filter ? { filter } : {});
console.log(table(results));
const fails = results.filter((r) => r.status === "fail");
if (fails.length) {
  console.log("\nFailures:");
  for (const f of fails) console.log(`- ${f.id} ${f.group} / ${f.test}: ${f.reason}`);
}
