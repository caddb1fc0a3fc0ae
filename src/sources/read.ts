// Reads every configured source into ToolDefinitions: globs of JSON files,
// TypeScript files with defineTool calls, MCP sources (their snapshot file when
// one is set, else the server's tools/list, live).
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { glob } from "tinyglobby";
import type { SourceSpec } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { parseJsonFile, toolsFromJson } from "./json.js";
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
  let text: string;
  try {
    text = readFileSync(abs, "utf8");
  } catch (e) {
    return { tools: [], diagnostics: [{ severity: "error", code: "source/read", message: `cannot read: ${(e as Error).message}`, file }] };
  }
  const parsed = parseJsonFile(text, file);
  if (parsed.value === undefined) return { tools: [], diagnostics: parsed.diagnostics };
  return toolsFromJson(parsed.value, file);
}

export async function readSources(sources: SourceSpec[], root: string): Promise<ReadResult> {
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
    const files = (await glob(patterns, { cwd: root, absolute: true, ignore: ["**/node_modules/**"] })).sort();
    if (files.length === 0) {
      out.diagnostics.push({ severity: "warning", code: "source/empty", message: `no files match ${patterns.map((p) => JSON.stringify(p)).join(", ")}`, hint: "check the glob in toolform.config.ts (paths are relative to the config file)" });
    }
    const tsFiles = files.filter((f) => TS_FILE.test(f) && !f.endsWith(".d.ts"));
    for (const f of files) {
      if (!f.endsWith(".json")) continue;
      out.files.push(f);
      const r = await readJsonFile(f, root);
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
