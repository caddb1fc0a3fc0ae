// openai: chat-completions `tool_calls` (and the legacy `function_call`) and
// Responses API `function_call` items; arguments arrive as a JSON string.
// Accepted: a chat completion ({choices}), its message, an array of tool_calls,
// a Responses response ({output}), an array of output items, or one item.
import { clip } from "../../rt/text.js";
import type { FormatContext, FormatResult, ParseError, ParsedCall } from "../types.js";
import { toParsedCall } from "../validate.js";
import { excerptOf, isObj } from "../data.js";

/** Text of a message's content: a string, or parts with `text`. */
function contentText(c: unknown): string {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === "string" && (p.type === undefined || p.type === "text" || p.type === "output_text") ? p.text : "")).join("");
  return "";
}

export function parseOpenAI(reply: unknown, ctx: FormatContext): FormatResult {
  const calls: ParsedCall[] = [];
  const errors: ParseError[] = [];
  const texts: string[] = [];
  const opts = { repair: ctx.repair, resolveName: ctx.resolveNames };

  const call = (id: unknown, name: unknown, args: unknown) => {
    const cid = typeof id === "string" && id !== "" ? id : ctx.nextId();
    if (typeof name !== "string" || name === "") errors.push({ message: "a tool call has no function name", call_id: cid });
    calls.push(toParsedCall(cid, typeof name === "string" ? name : "", args, ctx.toolset, opts));
  };

  const toolCall = (tc: unknown) => {
    if (!isObj(tc)) return errors.push({ message: "a tool call is not an object", excerpt: excerptOf(tc) });
    const f = isObj(tc.function) ? tc.function : tc;
    call(tc.id, f.name, f.arguments);
  };

  const message = (m: Record<string, unknown>) => {
    const t = contentText(m.content);
    if (t) texts.push(t);
    if (typeof m.refusal === "string" && m.refusal) texts.push(m.refusal);
    if (Array.isArray(m.tool_calls)) m.tool_calls.forEach(toolCall);
    if (isObj(m.function_call)) call(undefined, m.function_call.name, m.function_call.arguments);
  };

  // Responses API output items.
  const item = (it: unknown) => {
    if (!isObj(it)) return;
    if (it.type === "function_call") call(it.call_id ?? it.id, it.name, it.arguments);
    else if (it.type === "message") {
      const t = contentText(it.content);
      if (t) texts.push(t);
    } else if (isObj(it.function) || (it.type === undefined && "arguments" in it)) toolCall(it);
  };

  if (isObj(reply) && Array.isArray(reply.choices)) {
    const m = (reply.choices[0] as { message?: unknown } | undefined)?.message;
    if (isObj(m)) message(m);
    else errors.push({ message: "the completion has no message" });
  } else if (isObj(reply) && Array.isArray(reply.output)) {
    reply.output.forEach(item);
  } else if (isObj(reply) && ("tool_calls" in reply || "content" in reply || "function_call" in reply || reply.role === "assistant")) {
    message(reply);
  } else if (Array.isArray(reply)) {
    reply.forEach(item);
  } else if (isObj(reply)) {
    item(reply);
    if (calls.length === 0 && texts.length === 0) errors.push({ message: "not an OpenAI reply: expected a chat completion, a message, tool_calls or Responses output items", excerpt: excerptOf(reply) });
  } else if (typeof reply === "string") {
    texts.push(reply);
  } else {
    errors.push({ message: "not an OpenAI reply", excerpt: excerptOf(reply) });
  }
  for (const c of calls) if (!c.valid && c.raw_arguments !== undefined && c.arguments === c.raw_arguments) errors.push({ message: `the arguments of ${c.name} are not valid JSON`, call_id: c.id, excerpt: clip(c.raw_arguments, 120) });
  return { calls, text: texts.join("\n").trim(), errors };
}
