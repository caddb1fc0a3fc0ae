// Reads every configured source into ToolDefinitions: globs of JSON files,
// TypeScript files with defineTool calls, MCP sources (their snapshot file when
// one is set, else the server's tools/list, live).
import { statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { statKey, unchangedSince, type StatKey } from "../pipeline/stamps.js";
import type { SourceSpec } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { parseJsonFile, toolsFromJson } from "./json.js";
import { matchSources } from "./match.js";
import { readSourceText } from "./text.js";
import type { ToolDefinition } from "./types.js";

const TS_FILE = /\.(m?ts|tsx)$/;

export interface ReadResult {
  tools: ToolDefinition[];
  diagnostics: Diagnostic[];
  /** Every file read (for watch mode and the cache). */
  files: string[];
}

function rel(root: string, file: string): string {
  return relative(root, file).split("\\").join("/");
}

export async function readJsonFile(abs: string, root: string): Promise<{ tools: ToolDefinition[]; diagnostics: Diagnostic[] }> {
  const file = rel(root, abs);
  const read = readSourceText(abs);
  if (!read.ok) return { tools: [], diagnostics: [{ severity: "error", code: "source/read", message: read.message, file, ...(read.hint ? { hint: read.hint } : {}) }] };
  const parsed = parseJsonFile(read.text, file);
  if (parsed.value === undefined) return { tools: [], diagnostics: parsed.diagnostics };
  return toolsFromJson(parsed.value, file);
}

/**
 * JSON source files as read, by absolute path, with the stat they had: a long-lived
 * process (watch) re-reads only files whose stat moved (src/pipeline/stamps.ts says
 * what a stat is trusted for). The tools read are shared between builds: read-only.
 */
export type JsonSourceMemo = Map<string, { stat: StatKey; takenAt: number; read: { tools: ToolDefinition[]; diagnostics: Diagnostic[] } }>;

async function readJsonFileMemo(abs: string, root: string, memo: JsonSourceMemo | undefined): Promise<{ tools: ToolDefinition[]; diagnostics: Diagnostic[] }> {
  if (!memo) return readJsonFile(abs, root);
  const takenAt = Date.now();
  let stat: StatKey | undefined;
  try {
    stat = statKey(statSync(abs));
  } catch {
    stat = undefined;
  }
  const was = memo.get(abs);
  if (stat && was && unchangedSince(was.stat, was.takenAt, stat)) return was.read;
  const read = await readJsonFile(abs, root);
  if (stat) memo.set(abs, { stat, takenAt, read });
  else memo.delete(abs);
  return read;
}

export async function readSources(sources: SourceSpec[], root: string, memo?: JsonSourceMemo): Promise<ReadResult> {
  const out: ReadResult = { tools: [], diagnostics: [], files: [] };
  for (const spec of sources) {
    if (typeof spec === "object" && "mcp" in spec) {
      if (!spec.snapshot) {
        // No snapshot: list the server now (it is started, listed and ended). The MCP SDK loads only here.
        const { readMcpSource } = await import("./mcp.js");
        const r = await readMcpSource(spec, root);
        out.tools.push(...r.tools);
        out.diagnostics.push(...r.diagnostics);
        continue;
      }
      const abs = resolve(root, spec.snapshot);
      out.files.push(abs);
      const r = await readJsonFile(abs, root);
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
      continue;
    }
    const patterns = typeof spec === "string" ? [spec] : Array.isArray(spec.files) ? spec.files : [spec.files];
    const load = typeof spec === "string" ? "static" : (spec.load ?? "static");
    const { files, problems } = await matchSources(patterns, root, (f) => f.endsWith(".json") || (TS_FILE.test(f) && !f.endsWith(".d.ts")));
    for (const p of problems) {
      const file = rel(root, p.path);
      out.diagnostics.push({ severity: "error", code: "source/not-a-file", message: `matched by ${patterns.map((x) => JSON.stringify(x)).join(", ")}, but it is ${p.what}, not a file of tool definitions`, file, hint: "remove it, or narrow the source glob so it matches tool files only" });
    }
    if (files.length === 0 && problems.length === 0) {
      out.diagnostics.push({ severity: "warning", code: "source/empty", message: `no files match ${patterns.map((p) => JSON.stringify(p)).join(", ")}`, hint: "check the glob in toolform.config.ts (paths are relative to the config file)" });
    }
    // TypeScript files are read by the compiler; their bytes are checked here first (same rules as JSON).
    const tsFiles = files.filter((f) => {
      if (!TS_FILE.test(f) || f.endsWith(".d.ts")) return false;
      const read = readSourceText(f);
      if (!read.ok) out.diagnostics.push({ severity: "error", code: "source/read", message: read.message, file: rel(root, f), ...(read.hint ? { hint: read.hint } : {}) });
      return read.ok;
    });
    for (const f of files) {
      if (!f.endsWith(".json")) continue;
      out.files.push(f);
      const r = await readJsonFileMemo(f, root, memo);
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
    }
    if (tsFiles.length) {
      out.files.push(...tsFiles);
      const { readTypeScriptTools } = await import("./typescript/index.js");
      const r = await readTypeScriptTools(tsFiles, { root, load });
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
    }
  }
  return out;
}
