// What the playground page is served from one generate() run (emit "js"): the generated
// ES modules the page imports (index.js, the runtime, any chunks) and, per tool, what the
// page shows beside its call editor: the declarations, the validator code as it runs,
// the findings of the lint and the description guard with their fixes.
import type { Diagnostic } from "../diagnostics/types.js";
import type { GenerateResult } from "../pipeline/generate.js";
import type { JsonSchema } from "../sources/types.js";
import type { ProviderLists } from "../emit/providers/index.js";

export interface ToolView {
  name: string;
  description: string;
  /** The tool's source, as a diagnostic names it (relative to the project root). */
  source: string;
  inputSchema: JsonSchema;
  /** Its section of index.d.ts: the interface, with the schema's descriptions as JSDoc. */
  types: string;
  /** Its section of index.js: the validator (and normaliser) the page runs. */
  code: string;
  /** Lint, guard and schema findings for this tool (errors too: a tool with an error has no code). */
  findings: Diagnostic[];
  /** The tool as each provider's list in generated/providers sends it (config `providers`), by provider; absent without providers. */
  providers?: Record<string, unknown>;
}

export interface Snapshot {
  /** Counts up with every build served (module URLs carry it, so a rebuild is imported fresh). */
  id: number;
  ok: boolean;
  builtAt: string;
  ms: number;
  tools: ToolView[];
  /** Findings that belong to no tool (a source that does not parse, a config problem). */
  other: Diagnostic[];
  /** The generated JavaScript files by path (index.js first); empty when the build failed. */
  files: Map<string, string>;
}

/** A snapshot of one generate() result; `rel` turns a diagnostic's file into a path the page shows; `providers`: the provider lists of the same build (config `providers`). */
export function snapshotOf(id: number, result: GenerateResult, ms: number, rel: (file: string) => string, providers?: ProviderLists): Snapshot {
  const placed = result.diagnostics.map((d) => (d.file && !d.file.startsWith("<") && !d.file.includes("://") ? { ...d, file: rel(d.file) } : d));
  const byTool = new Map<string, Diagnostic[]>();
  const other: Diagnostic[] = [];
  for (const d of placed) {
    if (d.tool === undefined) other.push(d);
    else byTool.set(d.tool, [...(byTool.get(d.tool) ?? []), d]);
  }
  const ok = !placed.some((d) => d.severity === "error");
  const tools: ToolView[] = result.tools.map((t) => ({
    name: t.def.name,
    description: t.def.description ?? "",
    source: t.def.origin.file.startsWith("<") ? t.def.origin.file : rel(t.def.origin.file),
    inputSchema: t.def.inputSchema,
    types: t.dts,
    code: t.js ?? "",
    findings: byTool.get(t.def.name) ?? [],
    ...(providers ? { providers: providerForms(providers, t.def.name) } : {}),
  }));
  // Diagnostics of tools that never compiled (a name clash, no schema) still belong on the page.
  const known = new Set(tools.map((t) => t.name));
  for (const [name, ds] of byTool) if (!known.has(name)) other.push(...ds);
  const files = new Map<string, string>();
  if (ok) for (const f of result.files) if (f.path.endsWith(".js")) files.set(f.path, f.contents);
  return { id, ok, builtAt: new Date().toISOString(), ms, tools, other, files };
}

/** One tool's entry in each provider list, as the list sends it (the plan of the way back left out). */
function providerForms(lists: ProviderLists, name: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const openai = lists.openai?.find((t) => t.name === name);
  if (openai) {
    const { plan: _plan, ...shown } = openai;
    out["openai"] = shown;
  }
  const anthropic = lists.anthropic?.find((t) => t.name === name);
  if (anthropic) out["anthropic"] = anthropic;
  const gemini = lists.gemini?.find((t) => t.name === name);
  if (gemini) out["gemini"] = gemini;
  return out;
}

/** The snapshot as the page reads it (GET /api/state): everything but the files, and the module's URL. */
export function snapshotJson(s: Snapshot, base: string): Record<string, unknown> {
  return {
    id: s.id,
    ok: s.ok,
    builtAt: s.builtAt,
    ms: Math.round(s.ms),
    module: s.files.has("index.js") ? `${base}/${s.id}/index.js` : null,
    tools: s.tools,
    other: s.other,
  };
}
