// mcp: `tools/call` — a JSON-RPC request ({jsonrpc, id, method: "tools/call",
// params: {name, arguments}}), its params alone, or an array of either.
import { clip } from "../../rt/text.js";
import type { FormatContext, FormatResult, ParseError, ParsedCall } from "../types.js";
import { toParsedCall } from "../validate.js";
import { excerptOf, isObj } from "../data.js";

export function parseMcp(reply: unknown, ctx: FormatContext): FormatResult {
  const calls: ParsedCall[] = [];
  const errors: ParseError[] = [];
  const opts = { repair: ctx.repair, resolveName: ctx.resolveNames };

  const one = (v: unknown) => {
    if (!isObj(v)) return errors.push({ message: "not a tools/call request or params", excerpt: excerptOf(v) });
    let params: unknown = v;
    let id: string | undefined;
    if ("method" in v || "jsonrpc" in v) {
      if (v.method !== "tools/call") return errors.push({ message: `not a tools/call request (method ${clip(JSON.stringify(v.method) ?? "missing", 40)})` });
      params = v.params;
      if (typeof v.id === "string" || typeof v.id === "number") id = String(v.id);
    }
    if (!isObj(params) || typeof params.name !== "string") return errors.push({ message: 'tools/call params need a "name"', excerpt: excerptOf(params) });
    const cid = id ?? ctx.nextId();
    const c = toParsedCall(cid, params.name, params.arguments, ctx.toolset, opts);
    if (c.raw_arguments !== undefined && c.arguments === c.raw_arguments) errors.push({ message: `the arguments of ${c.name} are not valid JSON`, call_id: cid, excerpt: clip(c.raw_arguments, 120) });
    calls.push(c);
  };

  if (Array.isArray(reply)) reply.forEach(one);
  else one(reply);
  return { calls, text: "", errors };
}
