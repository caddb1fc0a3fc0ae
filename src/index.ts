// toolform's programmatic API.
export { defineConfig } from "./config/define.js";
export { defineTool } from "./define.js";
export type { ToolformConfig, ResolvedConfig, SourceSpec, ToolOptions } from "./config/types.js";
export { loadConfig, resolveConfig } from "./config/load.js";
export { generate, type GenerateOptions, type GenerateResult, type GeneratedFile } from "./build/generate.js";
export { compileSchema, type CompileSchemaOptions } from "./compile-schema.js";
export type { ToolDefinition, Origin, JsonSchema } from "./sources/types.js";
export type { Diagnostic } from "./diagnostics/types.js";
export { ToolformError, formatDiagnostic } from "./diagnostics/format.js";
export type { Tool, ValidationReport, ValidationError, ReportDict, Repair } from "../templates/_runtime.js";
