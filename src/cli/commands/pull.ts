// `toolform pull`: list each MCP source's tools (tools/list, all pages) and write
// them to its snapshot file, sorted and stable, so the build runs offline and the
// snapshot can be committed and reviewed. Exit 0 (changed or not), 2 on errors.
import { parse, PROJECT } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, useColor, type Io } from "../output.js";
import { loadProject } from "../project.js";
import type { Project } from "../../pipeline/project.js";
import { configFailure } from "./shared.js";

export async function pullCommand(argv: string[], io: Io): Promise<number> {
  const p = parse("pull", argv, { config: PROJECT.config!, quiet: PROJECT.quiet!, json: PROJECT.json!, source: { type: "string", multiple: true }, timeout: { type: "string" } }, { min: 0, max: 0 });
  if (p.values.help) {
    io.stdout.write(HELP.pull + "\n");
    return 0;
  }
  const json = !!p.values.json;
  const s = makeStyle(!json && useColor(io.stdout, io.env, !!p.values["no-color"]));
  let project: Project;
  try {
    project = await loadProject(io.cwd, typeof p.values.config === "string" ? p.values.config : undefined, {});
  } catch (e) {
    return configFailure(e, io, s, json, "pull");
  }
  const { pullTools, formatPull } = await import("../../sources/mcp.js");
  const only = Array.isArray(p.values.source) ? (p.values.source as string[]) : undefined;
  const timeoutMs = typeof p.values.timeout === "string" ? Number(p.values.timeout) : undefined;
  const r = await pullTools(project.config, { ...(only ? { only } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
  const failed = r.diagnostics.some((d) => d.severity === "error");
  if (json) io.stdout.write(JSON.stringify({ command: "pull", ok: !failed, sources: r.sources, diagnostics: r.diagnostics }, null, 2) + "\n");
  else {
    if (!p.values.quiet) io.stdout.write(formatPull(r) + "\n");
    for (const d of r.diagnostics) io.stderr.write(paintDiagnostic(d, s) + "\n");
  }
  return failed ? 2 : 0;
}
