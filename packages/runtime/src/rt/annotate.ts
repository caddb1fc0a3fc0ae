// feedbackStyle "annotated": the arguments as the model sent them, pretty-printed, with a
// short comment at each wrong place ("// ← must be a string"), before the usual lines.
// Error path only, built when the feedback is first read.
import type { ValidationError } from "./report.js";
import { clip, pi, pk, quote } from "./text.js";

/** At most this many lines of the arguments are shown (a long array is cut, with a note). */
const LINES_MAX = 60;
/** Items of an array shown before "…" when none of the rest is wrong. */
const ITEMS_SHOWN = 5;

/** The short comment for an error: its message without the field's name, the received value and the example. */
function shortNote(e: ValidationError): string {
  let m = e.message;
  if (e.bucket === "missing_required") return "missing: required" + (e.example === undefined ? "" : `, e.g. ${clip(e.example, 40)}`);
  const q = quote(e.path);
  if (e.path === "" && m.startsWith("The arguments ")) m = m.slice(14);
  else if (m.startsWith(q + " ")) m = m.slice(q.length + 1);
  else if (m.startsWith('"' + e.path + '" ')) m = m.slice(e.path.length + 3);
  const got = m.indexOf("; got ");
  if (got >= 0) {
    // keep a "(did you mean …?)" hint after the received value
    const hint = m.indexOf(" (did you mean ", got);
    m = m.slice(0, got) + (hint >= 0 ? m.slice(hint, m.indexOf("?)", hint) + 2) : "");
  }
  const ex = m.indexOf(". Example: ");
  if (ex >= 0) m = m.slice(0, ex);
  return clip(m.replace(/\.$/, ""), 90);
}

/** The notes by path; a missing property's note goes to its object (it has no line of its own). */
function notesByPath(errors: readonly ValidationError[]): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  for (const e of errors) {
    let at = e.path;
    let note = shortNote(e);
    if (e.bucket === "missing_required") {
      const cut = Math.max(at.lastIndexOf("."), at.lastIndexOf("["));
      const key = cut < 0 ? at : at.slice(cut + (at[cut] === "." ? 1 : 0));
      at = cut < 0 ? "" : at.slice(0, cut);
      note = `${key.startsWith("[") ? key : quote(key)} ${note}`;
    }
    const list = notes.get(at);
    if (list === undefined) notes.set(at, [note]);
    else list.push(note);
  }
  return notes;
}

/** Whether any note is at `p` or below it. */
function wrongBelow(notes: Map<string, string[]>, p: string): boolean {
  for (const k of notes.keys()) if (k === p || k.startsWith(p + ".") || k.startsWith(p + "[")) return true;
  return false;
}

/** The arguments pretty-printed (two spaces), each wrong place with its comment. */
export function annotate(args: unknown, errors: readonly ValidationError[]): string {
  const notes = notesByPath(errors);
  const lines: string[] = [];
  const comment = (p: string) => {
    const n = notes.get(p);
    return n === undefined ? "" : "  // ← " + n.join("; ");
  };
  const write = (v: unknown, p: string, indent: string, head: string, tail: string, depth: number): void => {
    if (lines.length > LINES_MAX) return;
    if (typeof v === "object" && v !== null && depth < 8) {
      const isArr = Array.isArray(v);
      const entries: [string, unknown, string][] = isArr ? (v as unknown[]).map((x, i) => [String(i), x, pi(p, i)]) : Object.keys(v).map((k) => [k, (v as Record<string, unknown>)[k], pk(p, k)]);
      const [open, close] = isArr ? ["[", "]"] : ["{", "}"];
      if (entries.length === 0) {
        lines.push(indent + head + open + close + tail + comment(p));
        return;
      }
      lines.push(indent + head + open + comment(p));
      let skipped = 0;
      entries.forEach(([k, x, xp], i) => {
        if (isArr && i >= ITEMS_SHOWN && !wrongBelow(notes, xp)) return void skipped++;
        write(x, xp, indent + "  ", isArr ? "" : JSON.stringify(k) + ": ", i < entries.length - 1 ? "," : "", depth + 1);
      });
      if (skipped) lines.push(`${indent}  // … ${skipped} more item${skipped === 1 ? "" : "s"}`);
      lines.push(indent + close + tail);
      return;
    }
    let text: string;
    try {
      text = v === undefined ? "undefined" : (JSON.stringify(v) ?? String(v));
    } catch {
      text = String(v);
    }
    lines.push(indent + head + clip(text, 120) + tail + comment(p));
  };
  write(args, "", "", "", "", 0);
  if (lines.length > LINES_MAX) lines.splice(LINES_MAX, lines.length - LINES_MAX, "// …");
  return lines.join("\n");
}

/** The lines' feedback with the arguments as sent, marked, between its head and its lines. */
export function annotatedText(lines: string, args: unknown, errors: readonly ValidationError[]): string {
  let marked: string;
  try {
    marked = annotate(args, errors);
  } catch {
    return lines; // arguments that cannot be read again (a throwing getter): the lines alone
  }
  const cut = lines.indexOf(" Fix th");
  const nl = lines.indexOf("\n");
  if (cut < 0 || nl < 0 || cut > nl) return lines;
  return lines.slice(0, cut) + " Your arguments, marked where they are wrong:\n" + marked + "\n" + lines.slice(cut + 1);
}
