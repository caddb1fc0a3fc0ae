// Reading JSON a model wrote: strict first, then repaired with jsonrepair, and
// every repair named. jsonrepair does not say what it changed, so the input is
// scanned (outside strings) for the faults it fixes: that scan only names the
// repairs, it never decides the value.
import { jsonrepair } from "jsonrepair";
import { clip } from "../rt/text.js";
import type { ParseRepair } from "./types.js";
import { MAX_REPAIR, TOO_LARGE, Work } from "./work.js";

export type JsonRead = { ok: true; value: unknown; repairs: ParseRepair[] } | { ok: false; error: string; repairs: ParseRepair[] };

/**
 * The inside of a Markdown code fence that is the whole text, or undefined. A scan, not
 * a regular expression: `/^\s*```…([\s\S]*?)\r?\n?[ \t]*```\s*$/` retried the
 * closing test at every place of a long run of spaces (quadratic).
 */
export function unfence(text: string): string | undefined {
  const t = text.trim();
  if (t.length < 6 || !t.startsWith("```") || !t.endsWith("```")) return undefined;
  let i = 3;
  while (i < t.length && LANG.test(t[i]!)) i++;
  while (t[i] === " " || t[i] === "\t") i++;
  if (t[i] === "\r") i++;
  if (t[i] === "\n") i++;
  let j = t.length - 3;
  if (j < i) return undefined;
  while (j > i && (t[j - 1] === " " || t[j - 1] === "\t")) j--;
  if (j > i && t[j - 1] === "\n") j--;
  if (j > i && t[j - 1] === "\r") j--;
  return t.slice(i, j);
}

const LANG = /[A-Za-z0-9_-]/;

function parseError(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(/\s+/g, " ").trim();
}

/**
 * Parses `text` as JSON. With `repair`, a Markdown fence around it is removed and
 * what JSON.parse refuses goes through jsonrepair — but only text that starts
 * like a JSON object or array (`{`, `[`): a bare word is not silently turned
 * into a JSON string. `work` (one reply's allowance) is charged for every step; without
 * it the text has its own. jsonrepair never reads more than MAX_REPAIR characters.
 */
export function readJson(text: string, where: ParseRepair["where"], repair: boolean, work?: Work): JsonRead {
  const repairs: ParseRepair[] = [];
  if (typeof text !== "string") return { ok: false, error: "not JSON text", repairs };
  work ??= Work.forText(text.length);
  if (!work.take(text.length)) return { ok: false, error: `${TOO_LARGE}: the reply's reading passed its work limit`, repairs };
  let firstError: string;
  try {
    return { ok: true, value: JSON.parse(text), repairs };
  } catch (e) {
    firstError = parseError(e);
  }
  if (!repair) return { ok: false, error: firstError, repairs };
  let body = text;
  const inner = unfence(text);
  if (inner !== undefined) {
    body = inner;
    repairs.push({ rule: "code_fence", where, message: "removed the Markdown code fence around the JSON" });
    if (!work.take(body.length)) return { ok: false, error: `${firstError}; ${TOO_LARGE}: the reply's reading passed its work limit`, repairs };
    try {
      return { ok: true, value: JSON.parse(body), repairs };
    } catch (e) {
      firstError = parseError(e);
    }
  }
  const t = body.trimStart();
  if (!(t.startsWith("{") || t.startsWith("["))) return { ok: false, error: firstError, repairs };
  if (body.length > MAX_REPAIR) return { ok: false, error: `${firstError}; ${TOO_LARGE} (${body.length} characters, repair reads at most ${MAX_REPAIR})`, repairs };
  // jsonrepair, JSON.parse of its output, and the scan naming the repairs.
  if (!work.take(3 * body.length)) return { ok: false, error: `${firstError}; ${TOO_LARGE}: the reply's reading passed its work limit`, repairs };
  let fixed: string;
  try {
    fixed = jsonrepair(body);
  } catch (e) {
    return { ok: false, error: parseError(e), repairs };
  }
  let value: unknown;
  try {
    value = JSON.parse(fixed);
  } catch (e) {
    return { ok: false, error: parseError(e), repairs };
  }
  const found = describeRepairs(body, where);
  if (found.length === 0) found.push({ rule: "malformed_json", where, message: `repaired malformed JSON: ${clip(JSON.stringify(body.trim()), 80)} → ${clip(fixed.trim(), 80)}`, from: body, to: fixed });
  repairs.push(...found);
  return { ok: true, value, repairs };
}

// ---------------------------------------------------------------- naming the repairs

type Frame = { kind: "{" | "["; state: "key" | "colon" | "value" | "comma"; afterComma: boolean };

const WORD = /[A-Za-z_$][\w$]*/y;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/**
 * Names the faults in `text` that jsonrepair fixes: trailing commas, single
 * quotes, unquoted keys, Python constants, comments, missing commas or colons,
 * unclosed brackets or strings, extra closing brackets. Each rule is reported once.
 */
export function describeRepairs(text: string, where: ParseRepair["where"]): ParseRepair[] {
  if (typeof text !== "string") return [];
  const seen = new Map<ParseRepair["rule"], ParseRepair>();
  const add = (rule: ParseRepair["rule"], message: string) => {
    if (!seen.has(rule)) seen.set(rule, { rule, where, message });
  };
  const stack: Frame[] = [];
  const top = () => stack[stack.length - 1];
  // A complete value (or key) was read.
  const value = (bare: boolean) => {
    const f = top();
    if (!f) return;
    if (f.kind === "[") {
      if (f.state === "comma") add("missing_comma", "added a missing comma between array items");
      f.state = "comma";
    } else if (f.state === "key") {
      if (bare) add("unquoted_keys", "quoted the unquoted property names");
      f.state = "colon";
    } else if (f.state === "colon") {
      add("missing_colon", "added a missing colon after a property name");
      f.state = "comma";
    } else if (f.state === "value") {
      f.state = "comma";
    } else {
      add("missing_comma", "added a missing comma between properties");
      f.state = "colon";
    }
    f.afterComma = false;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === "`") {
      if (c !== '"') add("single_quotes", "replaced single quotes around strings with double quotes");
      let j = i + 1;
      while (j < n && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      if (j >= n) {
        add("unterminated_string", "closed a string that was not closed");
        value(false);
        break;
      }
      i = j + 1;
      value(false);
      continue;
    }
    if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      add("comments", "removed comments");
      const end = text[i + 1] === "/" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + (text[i + 1] === "/" ? 1 : 2);
      continue;
    }
    if (c === "{" || c === "[") {
      value(false);
      stack.push({ kind: c, state: c === "{" ? "key" : "value", afterComma: false });
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      const f = top();
      if (!f) {
        add("extra_closing", `removed an extra closing "${c}"`);
        i++;
        continue;
      }
      if (f.afterComma) add("trailing_comma", "removed a trailing comma");
      stack.pop();
      i++;
      continue;
    }
    if (c === ",") {
      const f = top();
      if (f) {
        f.state = f.kind === "{" ? "key" : "value";
        f.afterComma = true;
      }
      i++;
      continue;
    }
    if (c === ":") {
      const f = top();
      if (f && f.kind === "{") f.state = "value";
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(text);
    if (num && num[0].length > 0 && num[0] !== "-") {
      i += num[0].length;
      value(true);
      continue;
    }
    WORD.lastIndex = i;
    const w = WORD.exec(text);
    if (w) {
      const word = w[0];
      const f = top();
      const isKey = f?.kind === "{" && f.state === "key";
      if (!isKey) {
        if (word === "True" || word === "False" || word === "None") add("python_constants", "replaced Python's True/False/None with true/false/null");
        else if (word !== "true" && word !== "false" && word !== "null") add("unquoted_value", `quoted the bare word ${clip(JSON.stringify(word), 30)}`);
      }
      i += word.length;
      value(true);
      continue;
    }
    i++;
  }
  if (stack.length > 0) {
    const closers = stack
      .map((f) => (f.kind === "{" ? "}" : "]"))
      .reverse()
      .join("");
    add("missing_closing", `added the missing closing ${closers.length === 1 ? "bracket" : "brackets"} ${closers}`);
  }
  return [...seen.values()];
}
