// Reads every configured source into ToolDefinitions: globs of JSON files,
// TypeScript files with defineTool calls, MCP sources (their snapshot file when
// one is set, else the server's tools/list, live).
import { relative, resolve } from "node:path";
import type { SourceLint, SourceSpec } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { parseJsonFile, toolsFromJson } from "./json.js";
import { matchSources } from "./match.js";
import type { SourceMemo, SourceRead } from "./memo.js";
import { readSourceText } from "./text.js";
import type { ToolDefinition } from "./types.js";

const TS_FILE = /\.(m?ts|tsx)$/;

export interface ReadResult {
  tools: ToolDefinition[];
  diagnostics: Diagnostic[];
  /** Every file read (for watch mode and the cache). */
  files: string[];
  /** The lint setting of each tool whose source has one (by tool name). */
  lint: Map<string, SourceLint>;
  /** Files the TypeScript sources import, read by the static evaluation (`build --print-inputs`). */
  imports?: string[];
}

function rel(root: string, file: string): string {
  return relative(root, file).split("\\").join("/");
}

export async function readJsonFile(abs: string, root: string): Promise<SourceRead> {
  return readJson(abs, root).read;
}

/** A JSON source file's tools, and the bytes they were read from (none when it could not be read). */
function readJson(abs: string, root: string): { read: SourceRead; bytes?: Uint8Array } {
  const file = rel(root, abs);
  const read = readSourceText(abs);
  if (!read.ok) return { read: { tools: [], diagnostics: [{ severity: "error", code: "source/read", message: read.message, file, ...(read.hint ? { hint: read.hint } : {}) }] } };
  const parsed = parseJsonFile(read.text, file);
  if (parsed.value === undefined) return { read: { tools: [], diagnostics: parsed.diagnostics }, bytes: read.bytes };
  return { read: toolsFromJson(parsed.value, file), bytes: read.bytes };
}

/** Through the memo when there is one (src/sources/memo.ts: a file whose bytes are known is not parsed again). */
function readJsonMemo(abs: string, root: string, memo: SourceMemo | undefined): SourceRead {
  return memo ? memo.read(abs, () => readJson(abs, root)) : readJson(abs, root).read;
}

export async function readSources(sources: SourceSpec[], root: string, memo?: SourceMemo): Promise<ReadResult> {
  const out: ReadResult = { tools: [], diagnostics: [], files: [], lint: new Map() };
  if (memo) memo.matches = [];
  // Each file is read once: an MCP source's snapshot is that source's, never also a glob's
  // (docs/mcp.md keeps snapshots under tools/, which tools/**/*.json matches too), and a file
  // two globs match is read by the first.
  const taken = new Set<string>();
  for (const spec of sources) if (typeof spec === "object" && "mcp" in spec && spec.snapshot) taken.add(resolve(root, spec.snapshot));
  for (const spec of sources) {
    const before = out.tools.length;
    await readSource(spec);
    const lint = typeof spec === "object" ? spec.lint : undefined;
    if (lint !== undefined) for (const t of out.tools.slice(before)) out.lint.set(t.name, lint);
  }
  return out;

  async function readSource(spec: SourceSpec): Promise<void> {
    if (typeof spec === "object" && "mcp" in spec) {
      if (!spec.snapshot) {
        // No snapshot: list the server now (it is started, listed and ended). The MCP SDK loads only here.
        const { readMcpSource } = await import("./mcp.js");
        const r = await readMcpSource(spec, root);
        out.tools.push(...r.tools);
        out.diagnostics.push(...r.diagnostics);
        return;
      }
      const abs = resolve(root, spec.snapshot);
      out.files.push(abs);
      const r = readJsonMemo(abs, root, memo);
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
      return;
    }
    const patterns = typeof spec === "string" ? [spec] : Array.isArray(spec.files) ? spec.files : [spec.files];
    const load = typeof spec === "string" ? "static" : (spec.load ?? "static");
    // A glob whose folders are known to be as the last build found them matches what it matched then.
    const globKey = JSON.stringify(patterns);
    const known = memo?.knownMatches?.get(globKey);
    const { files: matched, problems } = known ? { files: known, problems: [] } : await matchSources(patterns, root, (f) => f.endsWith(".json") || (TS_FILE.test(f) && !f.endsWith(".d.ts")));
    memo?.matches.push([globKey, matched]);
    const files = matched.filter((f) => !taken.has(f));
    for (const f of files) taken.add(f);
    for (const p of problems) {
      const file = rel(root, p.path);
      out.diagnostics.push({ severity: "error", code: "source/not-a-file", message: `matched by ${patterns.map((x) => JSON.stringify(x)).join(", ")}, but it is ${p.what}, not a file of tool definitions`, file, hint: "remove it, or narrow the source glob so it matches tool files only" });
    }
    if (matched.length === 0 && problems.length === 0) {
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
      const r = readJsonMemo(f, root, memo);
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
    }
    if (tsFiles.length) {
      out.files.push(...tsFiles);
      const { readTypeScriptTools } = await import("./typescript/index.js");
      const r = await readTypeScriptTools(tsFiles, { root, load });
      const own = new Set(tsFiles.map((f) => resolve(root, f)));
      (out.imports ??= []).push(...r.followed.filter((f) => !own.has(resolve(f))));
      out.tools.push(...r.tools);
      out.diagnostics.push(...r.diagnostics);
    }
  }
}
