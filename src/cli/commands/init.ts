// `toolform init`: starter files and the build step (prebuild, or a generate script); says what it did and what it left alone.
import { initProject } from "../init-project.js";
import { parse } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, useColor, type Io } from "../output.js";

export async function initCommand(argv: string[], io: Io): Promise<number> {
  const p = parse("init", argv, { json: { type: "boolean" } }, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.init + "\n");
    return 0;
  }
  const steps = initProject(io.cwd);
  if (p.values.json) {
    io.stdout.write(JSON.stringify({ command: "init", ok: true, steps }, null, 2) + "\n");
    return 0;
  }
  const s = makeStyle(useColor(io.stdout, io.env, !!p.values["no-color"]));
  const mark = { created: s.green("created"), updated: s.green("updated"), skipped: s.yellow("left alone") };
  const lines = steps.map((st) => `  ${mark[st.action].padEnd(s.enabled ? 20 : 10)} ${st.path}${st.note ? s.dim(` — ${st.note}`) : ""}`);
  const did = steps.some((st) => st.action !== "skipped");
  lines.unshift(did ? "toolform init:" : "toolform init: nothing to do, everything was already there:");
  lines.push(
    "",
    "Next:",
    "  npm install @toolform/runtime   # what your app imports at run time (defineTool, the harness, MCP helpers)",
    "  npx toolform build              # writes generated/",
    "  npx toolform validate get_weather '{\"city\": \"Lyon, FR\"}'",
  );
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}
