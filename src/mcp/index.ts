// toolform and MCP at run time: what an MCP server or client imports (validator
// provider, server adapter, checked calls). Nothing here touches node:fs or
// spawns processes, so it runs on Workers too. The build-side pieces the CLI
// calls live in ../sources/mcp.ts (pullTools) and ./live-check.ts (liveCheck).
export { ToolformJsonSchemaValidator, toolformValidator, UnknownSchemaError, validatorOf, type PrecompiledTool, type ToolformValidatorOptions } from "./validator-provider.js";
export { canonicalJson, schemaHashOf, sha256Hex } from "./canonical.js";
export { serveTools, toolformServerTool, refusedResult, REPORT_META_KEY, type ServerTool, type ServeToolsOptions, type ToolCallExtra } from "./server.js";
export { callToolChecked, type ValidateCall } from "./client.js";
export { diffJson, compareTools, formatDrift, type JsonChange, type ToolDrift } from "./diff.js";
