import { generateTools } from "./workload/generate.js";
import { analyzeSchema } from "../src/schema/analyze.js";
import { exampleChecker } from "../src/schema/example-check.js";
import { chooseExamples } from "../src/schema/examples.js";
import { emitChecks } from "../src/emit/validator/functions.js";
import { textIn } from "../src/emit/code.js";
const tools = generateTools(300, 8000).map((g) => g.tool);
const opts = { unknownArgs: "reject" as const, formats: true, maxDepth: 128, maxPatternInput: 10000, remotes: {} };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let round = 0; round < 3; round++) {
  const irs = tools.map((t) => analyzeSchema(t.inputSchema, opts as never));
  let t0 = cpu();
  for (const a of irs) { const nodes = a.ir!.nodes.filter((n) => n.bool === undefined); const { body } = emitChecks(a.ir!, { unknownArgs: "reject", toolName: "", maxDepth: 128, maxPatternInput: 10000 }, nodes); textIn(body, "esm"); }
  const emit = cpu() - t0;
  t0 = cpu();
  const checks = irs.map((a) => exampleChecker(a.ir!, true, opts));
  const make = cpu() - t0;
  t0 = cpu();
  irs.forEach((a, i) => chooseExamples(a.ir!, a.schema, checks[i]));
  const choose = cpu() - t0;
  console.log(`300 tools: emitChecks ${emit.toFixed(0)} ms; exampleChecker (emit + new Function) ${make.toFixed(0)} ms; chooseExamples ${choose.toFixed(0)} ms`);
}
