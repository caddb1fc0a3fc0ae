// `toolform check --live`: list the tools each MCP source serves now and compare
// them with what the generated code was built from. The generated index carries
// every tool's name, description, inputSchema and schemaHash, so this needs the
// output folder only, not the snapshot or any other source file (snapshots, when
// present, only tell which generated tools belong to which server).
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ResolvedConfig } from "../config/types.js";
import { ToolformError } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { isMcpSource, listMcpTools, mcpLabel, readSnapshotTools } from "../sources/mcp.js";
import { compareTools, formatDrift, type ToolDrift, type ToolLike } from "@toolform/runtime/mcp";

/** What live check needs of a generated tool. */
export interface GeneratedToolInfo {
  name: string;
  description: string;
  inputSchema: unknown;
  schemaHash: string;
}

export interface LiveCheckResult {
  /** Some tool differs (exit 1). */
  drift: boolean;
  /** Human-readable report, several lines, no trailing newline. */
  report: string;
  items: ToolDrift[];
  /** Errors (no generated code, a server that cannot be listed): exit 2. */
  diagnostics: Diagnostic[];
  /** Per source: its label and how many tools it listed. */
  sources: { label: string; tools: number }[];
}

/**
 * Imports the generated index in `outDir` (index.js, else index.ts through tsx)
 * and returns its tools. Throws ToolformError when there is none.
 */
export async function loadGeneratedTools(outDir: string, emit?: "ts" | "js" | "cjs"): Promise<GeneratedToolInfo[]> {
  const js = join(outDir, "index.js");
  const ts = join(outDir, "index.ts");
  const file = emit === "ts" ? (existsSync(ts) ? ts : js) : emit !== undefined ? (existsSync(js) ? js : ts) : existsSync(js) ? js : ts;
  if (!existsSync(file)) {
    throw new ToolformError([{ severity: "error", code: "check/no-output", message: `no generated index in ${outDir}`, hint: "run `toolform build` first (check --live compares the servers with the generated code)" }]);
  }
  const href = pathToFileURL(file).href + `?t=${statSync(file).mtimeMs}`;
  let mod: { toolset?: Record<string, Partial<GeneratedToolInfo>> };
  try {
    if (file.endsWith(".ts")) {
      const { tsImport } = await import("tsx/esm/api");
      mod = (await tsImport(href, import.meta.url)) as typeof mod;
    } else {
      mod = (await import(href)) as typeof mod;
    }
  } catch (e) {
    throw new ToolformError([{ severity: "error", code: "check/load-output", message: `cannot load ${file}: ${(e as Error).message.split("\n")[0]}`, hint: "rebuild with `toolform build`" }]);
  }
  const toolset = mod.toolset ?? (mod as { default?: { toolset?: typeof mod.toolset } }).default?.toolset;
  if (!toolset || typeof toolset !== "object") {
    throw new ToolformError([{ severity: "error", code: "check/load-output", message: `${file} exports no toolset`, hint: "rebuild with `toolform build`" }]);
  }
  return Object.values(toolset).map((t) => ({ name: String(t.name), description: t.description ?? "", inputSchema: t.inputSchema, schemaHash: String(t.schemaHash) }));
}

/**
 * Lists every MCP source and compares with the generated code in `outDir`
 * (default the config's outDir): per tool added / removed / schema changed
 * (with a JSON-pointer diff) / description changed.
 */
export async function liveCheck(config: Pick<ResolvedConfig, "sources" | "root" | "outDir"> & { emit?: "ts" | "js" | "cjs" }, outDir?: string, options: { timeoutMs?: number } = {}): Promise<LiveCheckResult> {
  const dir = resolve(config.root, outDir ?? config.outDir);
  const result: LiveCheckResult = { drift: false, report: "", items: [], diagnostics: [], sources: [] };
  const mcpSources = config.sources.filter(isMcpSource);
  if (mcpSources.length === 0) {
    result.diagnostics.push({ severity: "error", code: "check/no-mcp", message: "check --live: the config has no mcp sources", hint: "add { mcp: { command, args } , snapshot } to sources, or run `toolform check` without --live" });
    result.report = "check --live: no MCP sources in the config";
    return result;
  }
  let generated: GeneratedToolInfo[];
  try {
    generated = await loadGeneratedTools(dir, config.emit);
  } catch (e) {
    result.diagnostics.push(...diagnosticsOf(e));
    result.report = `check --live: ${result.diagnostics[0]!.message}`;
    return result;
  }
  const onlyMcp = mcpSources.length === config.sources.length;
  const generatedNames = new Set(generated.map((t) => t.name));
  const listedAnywhere = new Set<string>();
  const attributed = new Set<string>();
  const perSource: { label: string; listed: ToolLike[]; expected: Set<string> }[] = [];
  for (const spec of mcpSources) {
    const label = mcpLabel(spec);
    // Which generated tools came from this server: those in its snapshot.
    const expected = new Set<string>();
    const snap = spec.snapshot ? readSnapshotTools(resolve(config.root, spec.snapshot)) : undefined;
    for (const t of snap ?? []) if (generatedNames.has(t.name)) (expected.add(t.name), attributed.add(t.name));
    try {
      const listing = await listMcpTools(spec, { root: config.root, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
      const listed = listing.tools.map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), inputSchema: t.inputSchema }));
      for (const t of listed) listedAnywhere.add(t.name);
      perSource.push({ label, listed, expected });
      result.sources.push({ label, tools: listed.length });
    } catch (e) {
      result.diagnostics.push(...diagnosticsOf(e));
    }
  }
  // With only MCP sources, a generated tool no snapshot claims still came from one of them.
  if (onlyMcp && mcpSources.length === 1 && perSource.length === 1) for (const t of generated) perSource[0]!.expected.add(t.name);
  const unclaimed = onlyMcp ? generated.filter((t) => !attributed.has(t.name) && !listedAnywhere.has(t.name)) : [];
  for (const s of perSource) {
    const before = generated.filter((t) => s.expected.has(t.name) || s.listed.some((l) => l.name === t.name));
    result.items.push(...compareTools(s.label, before, s.listed, s.expected));
  }
  if (mcpSources.length > 1 && perSource.length === mcpSources.length) {
    const seen = new Set(result.items.filter((i) => i.kind === "removed").map((i) => i.tool));
    for (const t of unclaimed) {
      if (seen.has(t.name)) continue;
      result.items.push({ source: "(MCP sources)", tool: t.name, kind: "removed", before: { schemaHash: t.schemaHash, description: t.description } });
    }
  }
  // A tool listed by one server is not "removed" from another that never had it.
  result.items = result.items.filter((i) => !(i.kind === "removed" && listedAnywhere.has(i.tool)));
  result.drift = result.items.length > 0;
  const rel = relative(config.root, dir).split("\\").join("/");
  result.report = reportText(result, generated.length, rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : dir);
  return result;
}

function diagnosticsOf(e: unknown): Diagnostic[] {
  if (e instanceof ToolformError) return e.diagnostics;
  return [{ severity: "error", code: "check/live", message: (e as Error)?.message ?? String(e) }];
}

function reportText(r: LiveCheckResult, nGenerated: number, dir: string): string {
  const lines: string[] = [];
  const listed = r.sources.reduce((n, s) => n + s.tools, 0);
  const servers = `${r.sources.length} MCP server${r.sources.length === 1 ? "" : "s"}`;
  if (!r.drift) lines.push(`check --live: the ${listed} tool${listed === 1 ? "" : "s"} listed by ${servers} match the generated code in ${dir} (${nGenerated} tools).`);
  else {
    const tools = new Set(r.items.map((i) => `${i.source}\0${i.tool}`)).size;
    lines.push(`check --live: ${tools} tool${tools === 1 ? "" : "s"} differ between ${servers} and the generated code in ${dir}:`);
    lines.push(...formatDrift(r.items));
    lines.push("Review the changes, then run `toolform pull` and `toolform build` to accept them.");
  }
  for (const d of r.diagnostics) lines.push(`error ${d.code}: ${d.message}${d.hint ? `\n  fix: ${d.hint}` : ""}`);
  return lines.join("\n");
}
