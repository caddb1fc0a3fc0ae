// anthropic: Messages API `tool_use` content blocks ({id, name, input}).
// Accepted: a Messages response or assistant message ({content: [...]}), an
// array of content blocks, or one block. `input` is an object; a string (the
// concatenated `partial_json` of a stream) is parsed and repaired like OpenAI's.
import { clip } from "../../rt/text.js";
import type { FormatContext, FormatResult, ParseError, ParsedCall } from "../types.js";
import { toParsedCall } from "../validate.js";
import { excerptOf, isObj } from "../data.js";

export function parseAnthropic(reply: unknown, ctx: FormatContext): FormatResult {
  const calls: ParsedCall[] = [];
  const errors: ParseError[] = [];
  const texts: string[] = [];
  const opts = { repair: ctx.repair, resolveName: ctx.resolveNames };

  const block = (b: unknown) => {
    if (!isObj(b)) return;
    if (b.type === "text" && typeof b.text === "string") texts.push(b.text);
    else if (b.type === "tool_use") {
      const id = typeof b.id === "string" && b.id !== "" ? b.id : ctx.nextId();
      if (typeof b.name !== "string" || b.name === "") errors.push({ message: "a tool_use block has no name", call_id: id });
      const c = toParsedCall(id, typeof b.name === "string" ? b.name : "", b.input, ctx.toolset, opts);
      if (c.raw_arguments !== undefined && c.arguments === c.raw_arguments) errors.push({ message: `the input of ${c.name} is not valid JSON`, call_id: id, excerpt: clip(c.raw_arguments, 120) });
      calls.push(c);
    }
  };

  if (isObj(reply) && Array.isArray(reply.content)) reply.content.forEach(block);
  else if (isObj(reply) && typeof reply.content === "string") texts.push(reply.content);
  else if (Array.isArray(reply)) reply.forEach(block);
  else if (isObj(reply) && typeof reply.type === "string") block(reply);
  else if (typeof reply === "string") texts.push(reply);
  else errors.push({ message: "not an Anthropic reply: expected a message with content blocks, or tool_use blocks", excerpt: excerptOf(reply) });
  return { calls, text: texts.join("\n").trim(), errors };
}
