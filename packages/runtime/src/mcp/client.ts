// The client side: check a model's tool call against the generated validators
// before it goes to the server (validate before dispatch: no round trip for a call that would fail),
// and a tool's structured result against its compiled output schema when it has one.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { checkCall, type CheckOptions } from "../adapters/check.js";
import type { Tool } from "../rt/tool.js";
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

/** A tool's compiled output schema, as generated tools carry it (`tool.output`) when their source has an outputSchema. */
export interface OutputCheck {
  readonly schemaHash: string;
  is(value: unknown): boolean;
  validate(value: unknown): { readonly ok: boolean; readonly errors: ReadonlyArray<{ readonly message: string }>; toDict?: () => unknown };
}

/** A generated tool, with its output check when it has one. */
export type ClientTool = Tool<any> & { readonly output?: OutputCheck };

/** The `_meta` key of a result whose structuredContent failed the output check: the output report's dict. */
export const OUTPUT_REPORT_META_KEY = "toolform/output-report";

export interface CheckedClientOptions extends CheckOptions {
  /** The generated toolset of this server's tools (`import { toolset } from "./generated/index.js"`). */
  toolset: Readonly<Record<string, ClientTool>>;
  /** A call to a tool the toolset does not know: "refuse" (default; the model gets toolform's did-you-mean) or "send" (the server answers it). */
  unknownTools?: "refuse" | "send";
  /**
   * A result whose structuredContent does not match the tool's output schema (or is missing
   * though the tool has one): "result" (default) turns it into an `isError` result saying so
   * (the report dict in `_meta["toolform/output-report"]`); "throw" throws an Error with that text.
   */
  invalidOutput?: "result" | "throw";
}

type CallToolParams = Parameters<Client["callTool"]>[0];
type CallToolRest = Parameters<Client["callTool"]> extends [unknown, ...infer R] ? R : never;

/** The text for a result that fails its output schema: one line per error. */
function outputText(name: string, errors: ReadonlyArray<{ message: string }> | undefined): string {
  if (!errors) return `The result of ${name} has no structuredContent, though the tool declares an output schema.`;
  return [`The result of ${name} does not match its output schema:`, ...errors.map((e) => `- ${e.message}`)].join("\n");
}

/** The result checked against the tool's output schema: itself when it fits (or the tool has none, or the call failed). */
function checkOutput(name: string, tool: ClientTool | undefined, result: CallToolResult, mode: "result" | "throw"): CallToolResult {
  const out = tool?.output;
  if (!out || result.isError) return result;
  const sc = result.structuredContent;
  if (sc !== undefined && out.is(sc)) return result;
  const report = sc === undefined ? undefined : out.validate(sc);
  if (report?.ok) return result; // cannot happen: `is` and `validate` agree
  const text = outputText(name, report?.errors);
  if (mode === "throw") throw new Error(`toolform: ${text}`);
  return { isError: true, content: [{ type: "text", text }], _meta: { ...result._meta, [OUTPUT_REPORT_META_KEY]: report?.toDict ? report.toDict() : { ok: false, missing: "structuredContent" } } };
}

/**
 * The client with `callTool` checked: arguments are validated by the generated validator
 * before sending (a refused call returns an `isError` result with toolform's feedback and the
 * report dict in `_meta["toolform/report"]`, with no request made); a valid call is sent with
 * the checked arguments (coerced, under a coerce mode or `normalize`); its structuredContent is
 * checked against the tool's compiled output schema when the tool has one. Every other member
 * is the client's own.
 */
export function checkedClient<C extends Pick<Client, "callTool">>(client: C, options: CheckedClientOptions): C {
  const { toolset } = options;
  const hasOwn = Object.prototype.hasOwnProperty;
  const callTool = async (params: CallToolParams, ...rest: CallToolRest) => {
    const name = params.name;
    const known = hasOwn.call(toolset, name);
    if (!known && options.unknownTools === "send") return client.callTool(params, ...rest);
    const c = checkCall(toolset, name, params.arguments ?? {}, options);
    if (!c.ok) return refusedResult({ feedback: c.feedback, toDict: () => c.report.toDict() });
    const result = (await client.callTool({ ...params, arguments: c.args as Record<string, unknown> }, ...rest)) as CallToolResult;
    return checkOutput(name, toolset[name], result, options.invalidOutput ?? "result");
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "callTool") return callTool;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
