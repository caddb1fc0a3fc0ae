// Serving generated tools from an MCP server built with the official SDK.
//
// In @modelcontextprotocol/sdk 1.x, `McpServer.registerTool` takes a zod shape or
// zod schema only (anything else: "inputSchema must be a Zod schema or raw shape"),
// so a generated tool — a Standard Schema v1 with a JSON Schema — cannot be passed
// to it. The supported path is the SDK's low-level `Server` (also reachable as
// `mcpServer.server`): `serveTools` installs the tools/list and tools/call handlers,
// lists each tool's own JSON inputSchema (byte for byte what toolform built from),
// and checks every call with the precompiled validator before the handler runs. A
// refused call comes back as an `isError` tool result whose text is toolform's
// model-facing feedback, so the model can fix the call and retry.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type ServerNotification, type ServerRequest, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../rt/tool.js";
import { unknownToolReport } from "../rt/report.js";

export type ToolCallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A generated tool and the function that runs it, for {@link serveTools}. */
export interface ServerTool<Args = unknown> {
  readonly tool: Tool<Args>;
  /** Runs only with arguments the generated validator accepted. */
  readonly execute: (args: Args, extra: ToolCallExtra) => CallToolResult | Promise<CallToolResult>;
  /** Extra fields of the listed tool (title, annotations, outputSchema, _meta). */
  readonly listing?: Partial<Pick<McpTool, "title" | "annotations" | "outputSchema" | "_meta">>;
}

/** Pairs a generated tool with its implementation; `args` is typed from the tool. */
export function toolformServerTool<Args>(tool: Tool<Args>, execute: (args: Args, extra: ToolCallExtra) => CallToolResult | Promise<CallToolResult>, listing?: ServerTool<Args>["listing"]): ServerTool<Args> {
  return { tool, execute, ...(listing ? { listing } : {}) };
}

export interface ServeToolsOptions {
  /** Called for every refused call (count invalid-parameter errors per tool: a rising count calls for a description review). */
  onRefused?: (call: { name: string; arguments: unknown }, feedback: string) => void;
}

/** The `_meta` key of a refused call's result that carries toolform's report dict. */
export const REPORT_META_KEY = "toolform/report";

/** The tool result for a refused call: `isError`, the model-facing feedback as text, the report dict in `_meta`. */
export function refusedResult(report: { feedback: string; toDict?: () => unknown }): CallToolResult {
  return { isError: true, content: [{ type: "text", text: report.feedback }], _meta: { [REPORT_META_KEY]: report.toDict ? report.toDict() : report } };
}

/**
 * Installs tools/list and tools/call on an SDK `Server` (or on `mcpServer.server`;
 * do not also use `mcpServer.registerTool` then: the SDK allows one tools/call handler).
 * Call before `connect` (it registers the tools capability).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serveTools(target: Server | McpServer, tools: readonly ServerTool<any>[], options: ServeToolsOptions = {}): void {
  const server: Server = "setRequestHandler" in target ? target : target.server;
  const byName = new Map<string, ServerTool<unknown>>();
  for (const t of tools) {
    const schema = t.tool.inputSchema;
    if (typeof schema !== "object" || schema === null || schema.type !== "object") {
      throw new TypeError(`toolform: tool ${JSON.stringify(t.tool.name)}: an MCP tool's inputSchema must be an object schema with "type": "object"`);
    }
    if (byName.has(t.tool.name)) throw new TypeError(`toolform: tool ${JSON.stringify(t.tool.name)} is served twice`);
    byName.set(t.tool.name, t as ServerTool<unknown>);
  }
  try {
    server.registerCapabilities({ tools: {} });
  } catch (e) {
    throw new Error(`toolform: serveTools must be called before server.connect(): ${(e as Error).message}`);
  }
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...byName.values()].map(
      (t): McpTool => ({
        name: t.tool.name,
        ...(t.listing?.title !== undefined ? { title: t.listing.title } : {}),
        description: t.tool.description,
        inputSchema: t.tool.inputSchema as McpTool["inputSchema"],
        ...(t.listing?.outputSchema ? { outputSchema: t.listing.outputSchema } : {}),
        ...(t.listing?.annotations ? { annotations: t.listing.annotations } : {}),
        ...(t.listing?._meta ? { _meta: t.listing._meta } : {}),
      }),
    ),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    const args: unknown = request.params.arguments ?? {};
    const entry = byName.get(name);
    if (!entry) {
      // The generated code's own answer (rt/leads.ts): the tools suggested, else the tools listed (all when few, else the closest and the count).
      const report = unknownToolReport(name, [...byName.keys()]);
      options.onRefused?.({ name, arguments: args }, report.feedback);
      return refusedResult(report);
    }
    if (!entry.tool.is(args)) {
      const report = entry.tool.validate(args);
      options.onRefused?.({ name, arguments: args }, report.feedback);
      return refusedResult(report);
    }
    try {
      return await entry.execute(args, extra);
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: `Tool ${name} failed: ${e instanceof Error ? e.message : String(e)}` }] };
    }
  });
}
