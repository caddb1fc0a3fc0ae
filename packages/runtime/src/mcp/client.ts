// The client side: check a model's tool call against the generated validators
// before it goes to the server (validate before dispatch: no round trip for a call that would fail).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { refusedResult } from "./server.js";

/** `validateCall` from the generated index. */
export type ValidateCall = (call: { name: string; arguments?: unknown }) => { ok: boolean; feedback: string; toDict?: () => unknown };

/**
 * Validates `{name, arguments}` with the generated `validateCall`; a refused call
 * (unknown tool or bad arguments) returns an `isError` result with the model-facing
 * feedback and never reaches the server. A valid call is sent with `client.callTool`.
 */
export async function callToolChecked(client: Client, validateCall: ValidateCall, call: { name: string; arguments?: Record<string, unknown> }, options?: RequestOptions): Promise<CallToolResult> {
  const report = validateCall(call);
  if (!report.ok) return refusedResult(report);
  return (await client.callTool({ name: call.name, arguments: call.arguments ?? {} }, undefined, options)) as CallToolResult;
}
