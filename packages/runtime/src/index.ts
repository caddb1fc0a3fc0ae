// @toolform/runtime: what a running app imports next to its generated tools.
// This entry is `defineTool` and its types (no dependencies); the harness and
// the MCP helpers are the subpaths @toolform/runtime/harness and /mcp.
export { defineTool, type ToolSpec, type ToolArgsOf, type JsonSchemaObject, type JsonSchemaTypeName, type LibrarySchema } from "./define.js";
export type { OutputCheck, Tool } from "./rt/tool.js";
export type { ValidationReport, ValidationError, ReportDict, Repair, Bucket } from "./rt/report.js";
