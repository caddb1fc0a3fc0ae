// toolform's programmatic API. This entry is imported by every toolform.config.ts
// (for defineConfig), so it stays light: the pipeline (TypeScript, prettier, ajv)
// loads only when one of the async functions below is called.
import type { GenerateOptions, GenerateResult } from "./pipeline/generate.js";
import type { CompileSchemaOptions } from "./compile-schema.js";
import type { ResolvedConfig, ToolformConfig } from "./config/types.js";
import type { ToolDefinition } from "./sources/types.js";
import type { Diagnostic } from "./diagnostics/types.js";

export { defineConfig } from "./config/define.js";
export { defineTool, type ToolSpec, type ToolArgsOf } from "@toolform/runtime";
export type { ToolformConfig, ResolvedConfig, SourceSpec, ToolOptions } from "./config/types.js";
export type { GenerateOptions, GenerateResult } from "./pipeline/generate.js";
export type { GeneratedFile } from "./io/generated-file.js";
export type { CompileSchemaOptions } from "./compile-schema.js";
export type { ToolDefinition, Origin, JsonSchema } from "./sources/types.js";
export type { Diagnostic } from "./diagnostics/types.js";
export { ToolformError, formatDiagnostic } from "./diagnostics/format.js";
export type { Tool, ValidationReport, ValidationError, ReportDict, Repair } from "@toolform/runtime";

/** The whole pipeline in memory: tool definitions (or a config) in, files and diagnostics out. Nothing is written. */
export async function generate(input: { tools: ToolDefinition[]; options?: GenerateOptions } | { config: ResolvedConfig }): Promise<GenerateResult> {
  return (await import("./pipeline/generate.js")).generate(input);
}

/** Any JSON Schema → one standalone ESM module exporting `is` and `validate`. */
export async function compileSchema(schema: unknown, options?: CompileSchemaOptions): Promise<{ code: string; declarations: string; diagnostics: Diagnostic[] }> {
  return (await import("./compile-schema.js")).compileSchema(schema, options);
}

/** Finds and loads toolform.config.{ts,mts,js,mjs}, flags in `overrides` winning. */
export async function loadConfig(opts: { cwd: string; path?: string; overrides?: Partial<ToolformConfig> }): Promise<ResolvedConfig> {
  return (await import("./config/load.js")).loadConfig(opts);
}

/** Fills the defaults of a config object. */
export async function resolveConfig(cfg: ToolformConfig, root: string, configFile?: string): Promise<ResolvedConfig> {
  return (await import("./config/load.js")).resolveConfig(cfg, root, configFile);
}
