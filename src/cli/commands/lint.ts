// `toolform lint`: the pipeline's advice only (lint findings and schema
// warnings), all of it, grouped by tool. Exit codes as ESLint's: 1 on an error, or on more
// warnings than --max-warnings allows (no limit unless given); warnings alone exit 0.
import { parse } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, plural, useColor, type Io } from "../output.js";
import { loadProject } from "../project.js";
import { generateProject, openCache } from "../../pipeline/project.js";
import { relocate } from "../report.js";
import { configFailure } from "./shared.js";

export async function lintCommand(argv: string[], io: Io): Promise<number> {
  const p = parse("lint", argv, { config: { type: "string", short: "c" }, "max-warnings": { type: "string" }, "warn-only": { type: "boolean" }, json: { type: "boolean" }, "no-cache": { type: "boolean" } }, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.lint + "\n");
    return 0;
  }
  const json = !!p.values.json;
  const maxText = p.values["max-warnings"];
  const maxWarnings = typeof maxText === "string" ? Number(maxText) : -1;
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1) {
    io.stderr.write(`toolform lint: --max-warnings takes a whole number (0 or more; -1 for no limit); got ${JSON.stringify(maxText)}\n`);
    return 2;
  }
  const s = makeStyle(!json && useColor(io.stdout, io.env, !!p.values["no-color"]));
  let project;
  try {
    // Lint is the point here: the config's rule switches apply, `strict` does not.
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, { strict: false });
  } catch (e) {
    return configFailure(e, io, s, json, "lint");
  }
  const cache = await openCache(project, !!p.values["no-cache"]);
  const result = await generateProject(project, cache);
  const ds = relocate(result.diagnostics, project.config.root, io.cwd);
  const errors = ds.filter((d) => d.severity === "error");
  const warnings = ds.filter((d) => d.severity !== "error");
  // --warn-only (older spelling of the default) lifts a --max-warnings limit too.
  const tooMany = maxWarnings >= 0 && !p.values["warn-only"] && warnings.length > maxWarnings;
  const exitCode = errors.length || tooMany ? 1 : 0;
  if (json) {
    io.stdout.write(JSON.stringify({ command: "lint", ok: exitCode === 0, exitCode, errors: errors.length, warnings: warnings.length, diagnostics: ds }, null, 2) + "\n");
    return exitCode;
  }
  if (ds.length === 0) {
    io.stdout.write(`${s.green("✓")} no findings in ${plural(result.tools.length, "tool")}\n`);
    return 0;
  }
  io.stdout.write(ds.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
  const tools = new Set(ds.map((d) => d.tool).filter(Boolean));
  const byCode = new Map<string, number>();
  for (const d of warnings) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
  const top = [...byCode].sort((a, b) => b[1] - a[1]).slice(0, 4);
  const summary = [errors.length && s.red(plural(errors.length, "error")), warnings.length && s.yellow(plural(warnings.length, "warning"))].filter(Boolean).join(", ");
  io.stdout.write(`\n${summary} in ${plural(tools.size, "tool")} of ${result.tools.length}${top.length ? ` (${top.map(([c, n]) => `${c} ×${n}`).join(", ")})` : ""}\n`);
  if (tooMany) io.stdout.write(s.red(`${plural(warnings.length, "warning")}: more than --max-warnings ${maxWarnings} allows\n`));
  if (top.length) {
    const rule = top[0]![0].replace(/^[^/]+\//, "");
    io.stdout.write(s.dim(`A rule is switched off in toolform.config.ts: lint: { ${JSON.stringify(rule)}: false }; a source you do not own: { ...the source, lint: "off" }\n`));
  }
  return exitCode;
}
