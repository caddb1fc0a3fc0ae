// Plain text, for models that call tools by writing JSON in their reply (the
// json_object format): a system prompt that lists the tools and the protocol,
// and the loop's messages as role/content pairs, tool results sent back as a
// user turn starting "Tool result:".
import type { Message, Toolset } from "../types.js";
import { objectSchema, toolList } from "./shared.js";

export interface TextMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A system prompt describing the tools and how to call them as JSON. */
export function jsonObjectInstructions(toolset: Toolset, only?: readonly string[]): string {
  const tools = toolList(toolset, only)
    .map((t) => `- ${t.name}: ${t.description}\n  input schema: ${JSON.stringify(objectSchema(t.inputSchema))}`)
    .join("\n");
  return [
    "You can call these tools:",
    tools,
    "",
    'To call a tool, reply with only a JSON object: {"name": "<tool>", "arguments": {...}} (or a JSON array of such objects for several calls).',
    "Each result comes back in a message starting \"Tool result:\". When you have the answer, reply in plain text without JSON.",
  ].join("\n");
}

/** The conversation as text messages. Results of one turn are sent together in one user message. */
export function toTextMessages(messages: readonly Message[]): TextMessage[] {
  const out: TextMessage[] = [];
  let i = 0;
  while (i < messages.length) {
    const m = messages[i]!;
    if (m.role !== "tool") {
      if (m.role === "assistant" && m.content === "" && m.toolCalls?.length) {
        // A call that came as structured data (not text): write it out as the JSON the protocol asks for.
        const calls = m.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }));
        out.push({ role: "assistant", content: JSON.stringify(calls.length === 1 ? calls[0] : calls) });
      } else out.push({ role: m.role, content: m.content });
      i++;
      continue;
    }
    const results: (Message & { role: "tool" })[] = [];
    while (i < messages.length && messages[i]!.role === "tool") results.push(messages[i++] as Message & { role: "tool" });
    const text =
      results.length === 1
        ? `Tool result: ${results[0]!.content}`
        : results.map((r, k) => `Tool result (${k + 1} of ${results.length}, ${r.name}): ${r.content}`).join("\n\n");
    const last = out[out.length - 1];
    if (last && last.role === "user") last.content += "\n\n" + text;
    else out.push({ role: "user", content: text });
  }
  // A user message right after tool results (an unreadable-reply notice) joins them.
  const merged: TextMessage[] = [];
  for (const m of out) {
    const last = merged[merged.length - 1];
    if (last && last.role === "user" && m.role === "user") last.content += "\n\n" + m.content;
    else merged.push({ ...m });
  }
  return merged;
}
