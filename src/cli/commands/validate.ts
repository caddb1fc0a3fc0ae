// `toolform validate TOOL [ARGS_JSON | -]`: one call through the built toolset
// (or, with --from-sources, through a toolset generated in memory into a temp
// folder), printing the report dict and the model-facing feedback.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ValidationReport } from "@toolform/runtime";
import { parseJsonFile } from "../../sources/json.js";
import { parse, UsageError } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, useColor, type Io } from "../output.js";
import { loadProject, rel } from "../project.js";
import { generateProject, openCache, type Project } from "../../pipeline/project.js";
import { relocate } from "../report.js";
import { configFailure, readAll } from "./shared.js";

interface Toolset {
  validateCall(call: { name: string; arguments?: unknown }): ValidationReport;
  toolNames?: readonly string[];
}

async function importToolset(dir: string): Promise<Toolset> {
  const js = join(dir, "index.js");
  if (existsSync(js)) return (await import(pathToFileURL(js).href)) as Toolset;
  const ts = join(dir, "index.ts");
  const { tsImport } = await import("tsx/esm/api");
  return (await tsImport(pathToFileURL(ts).href, import.meta.url)) as Toolset;
}

export async function validateCommand(argv: string[], io: Io): Promise<number> {
  const p = parse(
    "validate",
    argv,
    { config: { type: "string", short: "c" }, out: { type: "string", short: "o" }, "from-sources": { type: "boolean" }, json: { type: "boolean" }, "no-cache": { type: "boolean" } },
    { min: 1, max: 2 },
  );
  if (p.values.help) {
    io.stdout.write(HELP.validate + "\n");
    return 0;
  }
  const json = !!p.values.json;
  const s = makeStyle(!json && useColor(io.stdout, io.env, !!p.values["no-color"]));
  const [tool, argsText] = p.positionals as [string, string | undefined];

  // The arguments first: a typo there is a usage error, whatever the toolset.
  let args: unknown = {};
  if (argsText !== undefined) {
    const text = argsText === "-" ? await readAll(io.stdin) : argsText;
    const parsed = parseJsonFile(text, argsText === "-" ? "<stdin>" : "ARGS_JSON");
    if (parsed.value === undefined) {
      const d = parsed.diagnostics[0]!;
      throw new UsageError(`the arguments are not valid JSON: ${d.message}${d.line ? ` (line ${d.line}, column ${d.column})` : ""}`, "validate");
    }
    args = parsed.value;
  }

  let project: Project | undefined;
  const outFlag = typeof p.values.out === "string" ? p.values.out : undefined;
  if (p.values["from-sources"] || !outFlag) {
    try {
      project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, {});
    } catch (e) {
      return configFailure(e, io, s, json, "validate");
    }
  }

  let toolset: Toolset;
  let tmp: string | undefined;
  try {
    if (p.values["from-sources"]) {
      const pr: Project = { ...project!, config: { ...project!.config, emit: "js" } };
      const cache = await openCache(pr, !!p.values["no-cache"]);
      const result = await generateProject(pr, cache);
      const errors = relocate(
        result.diagnostics.filter((d) => d.severity === "error"),
        pr.config.root,
        io.cwd,
      );
      if (errors.length) {
        if (json) io.stdout.write(JSON.stringify({ command: "validate", ok: false, exitCode: 2, diagnostics: errors }, null, 2) + "\n");
        else io.stderr.write(errors.map((d) => paintDiagnostic(d, s)).join("\n") + "\n" + `${s.red("✗")} the sources do not build; nothing to validate against\n`);
        return 2;
      }
      tmp = mkdtempSync(join(tmpdir(), "toolform-validate-"));
      const { writeOutputs } = await import("../../io/write.js");
      writeOutputs(tmp, result.files);
      toolset = await importToolset(tmp);
    } else {
      const dir = outFlag ? join(io.cwd, outFlag) : project!.config.outDir;
      if (!existsSync(join(dir, "index.js")) && !existsSync(join(dir, "index.ts"))) {
        throw new UsageError(`no built toolset in ${rel(io.cwd, dir)}/ (no index.js or index.ts); run \`toolform build\` first, or pass --from-sources`, "validate");
      }
      toolset = await importToolset(dir);
    }
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }

  const report = toolset.validateCall({ name: tool, arguments: args });
  const dict = report.toDict();
  if (json) {
    io.stdout.write(JSON.stringify({ tool, valid: report.ok, report: dict, feedback: report.feedback, errors: report.errors, nearest: report.nearest }, null, 2) + "\n");
    return report.ok ? 0 : 1;
  }
  const lines: string[] = [];
  lines.push(report.ok ? `${s.green("✓ valid")}: ${tool}` : `${s.red("✗ invalid")}: ${tool} (${dict.n_errors} ${dict.n_errors === 1 ? "error" : "errors"})`);
  lines.push("", s.bold("report (toDict):"), JSON.stringify(dict, null, 2));
  if (!report.ok) lines.push("", s.bold("feedback (what the model sees):"), report.feedback);
  io.stdout.write(lines.join("\n") + "\n");
  return report.ok ? 0 : 1;
}
