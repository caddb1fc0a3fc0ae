// json_object: the model writes its call as JSON in the reply text — one
// object or an array of them, `{"name", "arguments"}` or `{"tool", "args"}`,
// maybe in a Markdown fence, maybe with prose around it. An already parsed
// value (object or array) is read the same way.
import { clip } from "../../rt/text.js";
import { readJson } from "../json.js";
import { TOO_LARGE, Work } from "../work.js";
import type { FormatContext, FormatResult, ParseError, ParseRepair, ParsedCall } from "../types.js";
import { toParsedCall } from "../validate.js";
import { excerptOf, isObj } from "../data.js";

const NAME_KEYS = ["name", "tool", "tool_name", "function"] as const;
const ARG_KEYS = ["arguments", "args", "parameters", "input"] as const;
/** Brackets tried that held no call; the calls read are not counted (each takes its own text). */
const MAX_MISSES = 64;

/** A call object's name and arguments, or undefined when it is not shaped like a call. */
function callShape(v: unknown): { name: string; args: unknown; id?: string } | undefined {
  if (!isObj(v)) return undefined;
  // {"function": {"name", "arguments"}} (an OpenAI tool_call written out as text).
  if (isObj(v.function) && typeof v.function.name === "string") return callShape(v.function);
  for (const nk of NAME_KEYS) {
    const name = v[nk];
    if (typeof name !== "string") continue;
    let args: unknown = undefined;
    for (const ak of ARG_KEYS) if (Object.prototype.hasOwnProperty.call(v, ak)) {
      args = v[ak];
      break;
    }
    return { name, args, ...(typeof v.id === "string" ? { id: v.id } : {}) };
  }
  return undefined;
}

/** The list of call-shaped items in a value: one call, an array of calls, or {"tool_calls": [...]}. Undefined when it holds no call. */
function callsIn(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v.length > 0 && v.some((x) => callShape(x) !== undefined) ? v : undefined;
  if (isObj(v) && Array.isArray(v.tool_calls)) return callsIn(v.tool_calls);
  return callShape(v) ? [v] : undefined;
}

/**
 * Index just past the bracket closing the one at `start`, or -1 when it is never closed
 * (or `work` runs out first: each character scanned is charged). Strings ("…" or '…') are skipped.
 */
function closingIndex(text: string, start: number, work: Work): number {
  let depth = 0;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      if (text[j] === "\n" && c === "'") continue; // an apostrophe in prose, not a string
      i = j;
      continue;
    }
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) break;
    }
  }
  // An apostrophe's look ahead is rescanned at most once: charge it twice.
  if (!work.take(2 * (Math.min(i, text.length) - start))) return -1;
  return i < text.length ? i + 1 : -1;
}

/** The first "[" or "{" at or after `from`, or -1. */
function nextBracket(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) return i;
  }
  return -1;
}

interface Segment {
  start: number;
  end: number;
  value: unknown;
  repairs: ParseRepair[];
}

const FENCE_RE = /```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)(?:```|$)/g;

/** JSON segments in the text that hold calls, left to right. `work` bounds the reading: past it, what is left is not read. */
function findSegments(text: string, repair: boolean, work: Work): { segments: Segment[]; firstError?: string } {
  const segments: Segment[] = [];
  let firstError: string | undefined;
  // Fenced blocks first: what a model puts in a fence is what it meant as the call.
  for (const m of text.matchAll(FENCE_RE)) {
    const body = m[1]!;
    if (!/^\s*[[{]/.test(body)) continue;
    const closed = m[0].endsWith("```") && m[0].length > 3 + body.length;
    const r = readJson(body, "reply", repair, work);
    if (r.ok && callsIn(r.value)) {
      const fence: ParseRepair = { rule: "code_fence", where: "reply", message: closed ? "removed the Markdown code fence around the JSON" : "removed an unclosed Markdown code fence before the JSON" };
      segments.push({ start: m.index!, end: m.index! + m[0].length, value: r.value, repairs: [fence, ...r.repairs] });
    } else if (!r.ok) firstError ??= r.error;
  }
  if (segments.length) return { segments, ...(firstError !== undefined ? { firstError } : {}) };
  // Else the first bracket from which a call can be read, and so on after it.
  let from = 0;
  let misses = 0;
  while (misses < MAX_MISSES) {
    const start = nextBracket(text, from);
    if (start < 0) break;
    if (work.exhausted) {
      firstError ??= `${TOO_LARGE}: the reply's reading passed its work limit`;
      break;
    }
    const close = closingIndex(text, start, work);
    const end = close < 0 ? text.length : close;
    const r = readJson(text.slice(start, end), "reply", repair, work);
    if (r.ok && callsIn(r.value)) {
      segments.push({ start, end, value: r.value, repairs: r.repairs });
      from = end;
      continue;
    }
    if (!r.ok) firstError ??= r.error;
    misses++;
    from = start + 1;
  }
  return { segments, ...(firstError !== undefined ? { firstError } : {}) };
}

export function parseJsonObject(reply: unknown, ctx: FormatContext): FormatResult {
  const calls: ParsedCall[] = [];
  const errors: ParseError[] = [];
  const take = (items: unknown[], shared: ParseRepair[]) => {
    for (const item of items) {
      const c = callShape(item);
      if (!c) {
        errors.push({ message: 'an item of the JSON is not a call: write {"name": "<tool>", "arguments": {...}}', excerpt: excerptOf(item) });
        continue;
      }
      calls.push(toParsedCall(c.id ?? ctx.nextId(), c.name, c.args, ctx.toolset, { repair: ctx.repair, resolveName: ctx.resolveNames, repairs: shared }));
    }
  };

  if (typeof reply !== "string") {
    const items = callsIn(reply);
    if (items) take(items, []);
    else errors.push({ message: 'the reply is not a call: write {"name": "<tool>", "arguments": {...}}', excerpt: excerptOf(reply) });
    return { calls, text: "", errors };
  }

  const text = reply;
  const work = Work.forText(text.length);
  const { segments, firstError } = findSegments(text, ctx.repair, work);
  if (segments.length === 0) {
    const t = text.trim();
    // Text that starts like JSON (or a fenced block) was meant as a call: say why it could not be read.
    if (/^[[{]/.test(t) || /^```/.test(t)) {
      const parsed = readJson(t, "reply", ctx.repair, work);
      const why = parsed.ok ? 'it has no "name": write {"name": "<tool>", "arguments": {...}}' : `it is not valid JSON (${clip(firstError ?? parsed.error, 120)})`;
      errors.push({ message: `The reply could not be read as a tool call: ${why}`, excerpt: clip(t, 120) });
      return { calls, text: "", errors };
    }
    return { calls, text: t, errors };
  }
  let prose = "";
  let at = 0;
  for (const s of segments) {
    prose += text.slice(at, s.start) + "\n";
    at = s.end;
  }
  prose += text.slice(at);
  prose = prose.replace(/\n{3,}/g, "\n\n").trim();
  let around: ParseRepair | undefined;
  if (/^[\s}\]]+$/.test(prose)) {
    around = { rule: "extra_closing", where: "reply", message: `removed extra closing brackets after the JSON: ${clip(prose.replace(/\s+/g, ""), 20)}` };
    prose = "";
  } else if (prose) around = { rule: "prose_around", where: "reply", message: "ignored the text around the JSON", from: clip(prose, 200) };
  for (const s of segments) {
    const shared = around ? [...s.repairs, around] : s.repairs;
    take(callsIn(s.value)!, shared);
  }
  return { calls, text: prose, errors };
}
