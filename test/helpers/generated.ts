// Test helper: generate a toolset into a temp folder (emit "js") and import it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Tool, ValidationReport } from "../../packages/runtime/src/rt/index.js";

export interface LoadedToolset {
  dir: string;
  toolset: Record<string, Tool>;
  validateCall(call: { name: string; arguments?: unknown }): ValidationReport;
  toolNames: readonly string[];
}

export function exampleTools(): ToolDefinition[] {
  const files = ["legal_draft_v3", "book_room", "edit_file", "tools"];
  return files.flatMap((f) => toolsFromJson(JSON.parse(readFileSync(`examples/tools/${f}.json`, "utf8")), `examples/tools/${f}.json`).tools);
}

export async function loadToolset(tools: ToolDefinition[], options: GenerateOptions = {}): Promise<LoadedToolset> {
  const r = await generate({ tools, options: { lint: false, ...options, emit: "js" } });
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error("generate failed: " + JSON.stringify(errors, null, 1));
  const dir = mkdtempSync(join(tmpdir(), "toolform-gen-"));
  mkdirSync(dir, { recursive: true });
  for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
  const mod = (await import(pathToFileURL(join(dir, "index.js")).href)) as Omit<LoadedToolset, "dir">;
  return { dir, ...mod };
}
