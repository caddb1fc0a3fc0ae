// @toolform/runtime/mcp: what an MCP server or client imports at run time
// (validator provider, server adapter, checked calls and a checked client, tool-list diff). Nothing
// here touches node:fs or spawns processes, so it runs on Workers too. The
// build-side pieces live in the toolform package: src/sources/mcp.ts (pullTools)
// and src/mcp/live-check.ts (liveCheck, which uses the diff from here).
export { ToolformJsonSchemaValidator, toolformValidator, UnknownSchemaError, validatorOf, type PrecompiledTool, type ToolformValidatorOptions } from "./validator-provider.js";
export { canonicalJson, schemaHashOf, sha256Hex } from "./canonical.js";
export { serveTools, toolformServerTool, refusedResult, REPORT_META_KEY, type ServerTool, type ServeToolsOptions, type ToolCallExtra } from "./server.js";
export { callToolChecked, checkedClient, OUTPUT_REPORT_META_KEY, type CheckedClientOptions, type ClientTool, type OutputCheck, type ValidateCall } from "./client.js";
export { diffJson, compareTools, formatChanges, formatDrift, type JsonChange, type ToolDrift, type ToolLike } from "./diff.js";
