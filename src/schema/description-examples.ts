// Values a field's description offers as examples: `e.g. 7d`, `like "owner/repo"`,
// "examples of valid names are: a, b, c", a JSON array or object after "Example:", a
// backticked value. Each is checked against the field later (examples.ts); what is
// never offered: a function or tool call (`find_projects()`) for a field that is not
// code, a word cut out of another ("example" + "s"), a filler word ("like this"), a form
// ("YYYY-MM-DD").
import { isFormToken } from "./described-form.js";

/** Words after a hint that are prose, not a value. */
const PROSE = new Set(["the", "a", "an", "this", "that", "these", "those", "it", "its", "in", "of", "to", "for", "with", "when", "if", "and", "or", "not", "so", "as", "is", "are", "be", "by", "on", "at", "from", "any", "all", "some", "one", "each", "your", "you", "we", "they", "which", "what", "how", "other", "more", "values", "value", "above", "below", "following", "format", "only"]);

/** A call of a function or tool: `find_projects()`, `api.get(x)`. */
const CALL = /^[A-Za-z_$][\w.$]*\s*\(.*\)$/s;

/** Field words that say the value is code, where a call is a fair example. */
const CODE_WORDS = /\b(script|function|expression|code|js|javascript|command|cmd|eval|snippet)\b/i;

/** The JSON value (array or object) that starts at text[i], read whole (brackets balanced, strings skipped), or undefined. */
function balanced(text: string, i: number): string | undefined {
  const open = text[i];
  if (open !== "[" && open !== "{") return undefined;
  let depth = 0;
  let quote: string | undefined;
  for (let j = i; j < text.length && j < i + 400; j++) {
    const c = text[j]!;
    if (quote !== undefined) {
      if (c === "\\") j++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") {
      depth--;
      if (depth === 0) return text.slice(i, j + 1);
    }
  }
  return undefined;
}

/** JSON, or the JavaScript-ish literal descriptions write (`{ name: 'CEO' }`): undefined when neither parses. */
export function looseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    // bare keys quoted, single-quoted strings double-quoted (no quote inside them)
    const fixed = s.replace(/'([^'"\\]*)'/g, '"$1"').replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":');
    try {
      return JSON.parse(fixed);
    } catch {
      return undefined;
    }
  }
}

/**
 * The values a description offers, best first, as strings (a JSON array or object as its text).
 * `fieldName`: a call is offered only to a field whose name says it is code.
 */
export function descriptionStrings(text: string, fieldName = ""): string[] {
  const out: string[] = [];
  const push = (s: string) => {
    s = s.trim().replace(/[.:,;]$/, "");
    // A form ("YYYY-MM-DD") says what a value looks like, it is none (described-form.ts makes one of it).
    if (s === "" || out.includes(s) || isFormToken(s)) return;
    if (CALL.test(s) && !CODE_WORDS.test(fieldName.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " "))) return;
    out.push(s);
  };
  // "examples of valid X are: a, b, c" / "valid values include: a, b": the first item of the list.
  const list = /\b(?:examples?|valid values?|allowed values?|possible values?)\b[^:.\n]{0,60}?\b(?:are|is|include|includes)\s*:?\s*/gi;
  // A hint, then a value. The hint ends at a word boundary: "examples" never yields "s".
  const hint = /\b(?:e\.g\.|eg\.|i\.e\.|for example|for instance|such as|like|examples?)(?![\w])\s*[:,]?\s*/gi;
  // "in the format '1234567890.123456'", "use 'v1'", "format: \"x\"": only a quoted value follows these.
  const quoted = /\b(?:format|formatted as|use|default to|defaults to)\s*:?\s*(?=["'`“])/gi;
  for (const re of [list, hint, quoted]) {
    for (const m of text.matchAll(re)) {
      const at = m.index! + m[0].length;
      const v = valueAt(text, at);
      if (v !== undefined) push(v);
    }
  }
  // A backticked value that is not a bare word (a bare word is usually another parameter's name).
  for (const m of text.matchAll(/`([^`\n]{1,80})`/g)) if (!/^[A-Za-z_][A-Za-z_]*$/.test(m[1]!)) push(m[1]!);
  // A double-quoted value with a digit or punctuation in it ("nodes-base.httpRequest"), not a quoted word or phrase.
  for (const m of text.matchAll(/"([^"\s]{2,80})"/g)) if (!/^[A-Za-z_][A-Za-z_]*$/.test(m[1]!)) push(m[1]!);
  return out;
}

/** The value written at text[at]: quoted, backticked, a JSON array/object, or a bare token that is not prose. */
function valueAt(text: string, at: number): string | undefined {
  const c = text[at];
  if (c === undefined) return undefined;
  if (c === "[" || c === "{") return balanced(text, at);
  const q = /^(?:"([^"\n]{1,80})"|'([^'\n]{1,80})'|`([^`\n]{1,80})`|“([^”\n]{1,80})”)/.exec(text.slice(at));
  if (q) return q[1] ?? q[2] ?? q[3] ?? q[4];
  const bare = /^[^\s,;)"'`]{1,80}/.exec(text.slice(at));
  if (!bare) return undefined;
  const w = bare[0].replace(/[.:]$/, "");
  if (w === "" || PROSE.has(w.toLowerCase())) return undefined;
  return w;
}
