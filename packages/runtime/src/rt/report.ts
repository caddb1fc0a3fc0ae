// The report of a call: its types, the buckets, the model-facing feedback text.
import { clip, identChar, quote } from "./text.js";
import { mk, textOf, unjudged } from "./messages.js";
import { toolLeads } from "./leads.js";
import { annotatedText } from "./annotate.js";

/** How the feedback is written: "lines" (default) one line per error; "annotated" the arguments as sent, pretty-printed, a comment at each wrong place, then the lines. */
export type FeedbackStyle = "lines" | "annotated";

/** The report buckets, in their order. */
export type Bucket = "missing_required" | "unknown_args" | "type_errors" | "enum_errors" | "constraint_errors";

/** One thing wrong with a call, structured. */
export interface ValidationError {
  /** Where: "edits[0].oldText"; "" is the arguments object itself. */
  path: string;
  bucket: Bucket;
  /** The JSON Schema keyword that failed: "type", "minimum", "required", "additionalProperties", ... */
  keyword: string;
  /** What was wanted, in words: "an integer", ">= 0", "one of: \"a\", \"b\"". */
  expected: string;
  /** What was received, shown and truncated: "the string \"ten\"". */
  received: string;
  /** A valid value for this field as JSON text, checked against the field at build time. */
  example?: string | undefined;
  /** A near miss that would fit: "pages" for "Pages", "color" for "colour". */
  suggestion?: string | undefined;
  /** The bucket line: "term_months: expected integer, got string". */
  text: string;
  /** The model-facing line: "\"term_months\" must be an integer; got the string \"ten\". Example: 12". */
  message: string;
}

/** Where a collector puts its errors: an array, or null when it only counts failures (see `probe` in budget.ts: a tool's `is`). */
export type Sink = ValidationError[] | null;

/** The report as a plain dict (what `toDict()` returns and JSON carries). */
export interface ReportDict {
  ok: boolean;
  unknown_tool: boolean;
  missing_required: string[];
  unknown_args: string[];
  type_errors: string[];
  enum_errors: string[];
  constraint_errors: string[];
  n_errors: number;
}

/** A repair made by coercion/normalisation (see `normalize`). */
export interface Repair {
  path: string;
  from: unknown;
  to: unknown;
  rule: string;
}

export interface ValidationReport extends ReportDict {
  /** The tool the call named (as written by the model). */
  tool: string;
  errors: ValidationError[];
  /** Model-facing text: "Refused: the arguments do not match ..." then one line per error; "" when ok. */
  feedback: string;
  /** For an unknown tool: the closest tool names (the suggested ones, else the closest listed); never empty while the toolset has tools. */
  nearest: string[];
  /** The feedback in a given style ("lines", "annotated"); `feedback` is it in the report's own style. */
  feedbackAs(style: FeedbackStyle): string;
  /** Under a coerce mode ("lenient", "normalized"): the coerced arguments the report was computed on, for the executor. Absent under "none". Not in toDict(). */
  value?: unknown;
  /** Under a coerce mode: the repairs that made `value` (empty when none). Absent under "none". Not in toDict(). */
  repairs?: readonly Repair[];
  toDict(): ReportDict;
}


/**
 * A report. What a refused call needs at once is cheap (ok, n_errors, the errors in the order
 * found); the bucket order of `errors`, the five bucket lists and the feedback text are made
 * on first read, once (a caller that only reads `ok` or `feedback` never pays for the others).
 * The lazy parts are ordinary properties, not #private ones: an object made with the report as
 * its prototype (a wrapper adding `value`) reads them through the prototype chain.
 *
 * `found`: the errors in the order found (the schema's order), for the feedback's order (byPath);
 * `order`: what puts them in the feedback's order (byPath), absent when they were found in it (the
 * collector said so), so a bundle of a tool whose errors always are leaves byPath out. `errors`: in bucket order (missing, unknown, type, enum, constraint), each bucket
 * in the order found. The feedback is built on first read: a harness that only logs the buckets
 * never pays for it. Fields are assigned by hand, not as parameter properties: erasable syntax
 * only (Node's type stripping, erasableSyntaxOnly). (Comments on the class's members would be
 * written into every generated runtime file: they are here.)
 */
class Report implements ValidationReport {
  // Declared only (no field definitions in the written runtime): the constructor assigns them all, in this order.
  declare ok: boolean;
  declare unknown_tool: boolean;
  declare n_errors: number;
  declare readonly tool: string;
  declare readonly nearest: string[];
  private declare readonly found: ValidationError[];
  private declare sorted: ValidationError[] | undefined;
  private declare buckets: [string[], string[], string[], string[], string[]] | undefined;
  private declare text: string | undefined;
  private declare readonly order: ErrorOrder | undefined;
  private declare readonly args: unknown;
  private declare readonly style: FeedbackStyle;
  private declare marked: string | undefined;
  constructor(tool: string, found: ValidationError[], unknownTool: boolean, nearest: string[], order?: ErrorOrder, args?: unknown, style: FeedbackStyle = "lines") {
    this.ok = found.length === 0 && !unknownTool;
    this.unknown_tool = unknownTool;
    this.n_errors = found.length + (unknownTool ? 1 : 0);
    this.tool = tool;
    this.nearest = nearest;
    this.found = found;
    this.sorted = undefined;
    this.buckets = undefined;
    this.text = undefined;
    this.order = order;
    this.args = args;
    this.style = style;
    this.marked = undefined;
  }
  get errors(): ValidationError[] {
    if (this.sorted === undefined) {
      // Bucket lines written when first read (see textOf): a caller's copy or JSON of an error has them.
      for (let i = 0; i < this.found.length; i++) textOf(this.found[i]!);
      const sorted = sortErrors(this.found);
      // The caller's own array: editing it must not change the buckets or the feedback, made later from `found`.
      return keep(this, "sorted", sorted === this.found ? sorted.slice() : sorted);
    }
    return this.sorted;
  }
  private bucket(rank: number): string[] {
    if (this.buckets === undefined) {
      const b: [string[], string[], string[], string[], string[]] = [[], [], [], [], []];
      // Each bucket in the order found: what the bucket order of `errors` gives, without sorting.
      for (const e of this.found) b[rankOf(e.bucket)]!.push(textOf(e));
      return keep(this, "buckets", b)[rank]!;
    }
    return this.buckets[rank]!;
  }
  get missing_required(): string[] {
    return this.bucket(0);
  }
  get unknown_args(): string[] {
    return this.bucket(1);
  }
  get type_errors(): string[] {
    return this.bucket(2);
  }
  get enum_errors(): string[] {
    return this.bucket(3);
  }
  get constraint_errors(): string[] {
    return this.bucket(4);
  }
  get feedback(): string {
    return this.style === "annotated" ? this.feedbackAs("annotated") : this.lines();
  }
  private lines(): string {
    return this.text ?? keep(this, "text", this.ok ? "" : feedbackText(this.tool, this.order === undefined ? this.found : this.order(this.found), this.unknown_tool, this.nearest, listedOf.get(this)));
  }
  feedbackAs(style: FeedbackStyle): string {
    const lines = this.lines();
    if (style !== "annotated" || this.ok || this.unknown_tool) return lines;
    return this.marked ?? keep(this, "marked", annotatedText(lines, this.args, this.found));
  }
  toDict(): ReportDict {
    return {
      ok: this.ok,
      unknown_tool: this.unknown_tool,
      missing_required: this.missing_required.slice(),
      unknown_args: this.unknown_args.slice(),
      type_errors: this.type_errors.slice(),
      enum_errors: this.enum_errors.slice(),
      constraint_errors: this.constraint_errors.slice(),
      n_errors: this.n_errors,
    };
  }
  toJSON(): ReportDict {
    return this.toDict();
  }
}

/**
 * Keeps a lazy part on the report and returns it. Reflect.set, not `=`: on a frozen or sealed
 * report (or a frozen object whose prototype is the report) it says false instead of throwing,
 * and the part is then made again on each read.
 */
function keep<T>(r: object, key: string, v: T): T {
  Reflect.set(r, key, v);
  return v;
}

/** The feedback's first line for a tool, made once per tool name and number (one error or more); at most HEADS_MAX names are kept (a toolset has a handful). */
const feedbackHeads = new Map<string, [string | undefined, string | undefined]>();
const HEADS_MAX = 1000;
function feedbackHead(tool: string, one: boolean): string {
  let h = feedbackHeads.get(tool);
  if (h === undefined) {
    h = [undefined, undefined];
    if (feedbackHeads.size < HEADS_MAX) feedbackHeads.set(tool, h);
  }
  return (h[one ? 0 : 1] ??= `Refused: the arguments do not match the input schema of ${tool}. Nothing was run. Fix ${one ? "this" : "these"} and retry:`);
}

function feedbackText(tool: string, errors: ValidationError[], unknownTool: boolean, nearest: string[], listed?: { listed: string[]; total: number }): string {
  if (unknownTool) {
    let near = "";
    if (listed !== undefined) near = ` Tools: ${listed.listed.join(", ")}${listed.listed.length < listed.total ? `, … (${listed.total} in all)` : ""}.`;
    else for (let i = 0; i < nearest.length; i++) near += (i === 0 ? " Did you mean " : " or ") + quote(nearest[i]!);
    if (near && listed === undefined) near += "?";
    let why = ""; // the call itself could not be read
    for (let i = 0; i < errors.length; i++) why += " " + errors[i]!.message;
    return `Refused: there is no tool named ${quote(clip(tool, 80))}.${near}${why}`;
  }
  let text = feedbackHead(tool, errors.length === 1);
  for (let i = 0; i < errors.length; i++) text += "\n- " + errors[i]!.message;
  // The lines listing what an object declares come from its unknown keys' errors (messages.ts
  // knownLines, reached through them): a bundle of a tool that refuses no unknown key leaves them out.
  let lines: readonly string[] | undefined;
  for (let i = 0; i < errors.length && lines === undefined; i++) lines = (errors[i] as { knownLines?: (all: readonly ValidationError[]) => readonly string[] }).knownLines?.(errors);
  if (lines !== undefined) for (let i = 0; i < lines.length; i++) text += "\n- " + lines[i]!;
  return text;
}

/** Path segments: names as written, item indices as numbers ("edits[0].oldText" → "edits", 0, "oldText"); a quoted name keeps its quotes. Read up to the first character that fits none. */
function segments(p: string): (string | number)[] {
  const out: (string | number)[] = [];
  const n = p.length;
  let i = 0;
  while (i < n) {
    // .name or name
    const j = p.charCodeAt(i) === 46 ? i + 1 : i;
    if (j < n && identChar(p.charCodeAt(j), false)) {
      let k = j + 1;
      while (k < n && identChar(p.charCodeAt(k), true)) k++;
      out.push(p.slice(j, k));
      i = k;
      continue;
    }
    if (p.charCodeAt(i) !== 91) break;
    // [digits]
    let k = i + 1;
    while (k < n && p.charCodeAt(k) >= 48 && p.charCodeAt(k) <= 57) k++;
    if (k > i + 1 && k < n && p.charCodeAt(k) === 93) {
      out.push(Number(p.slice(i + 1, k)));
      i = k + 1;
      continue;
    }
    // ["…"]: a JSON string (a backslash escapes any character but a line break)
    if (i + 1 >= n || p.charCodeAt(i + 1) !== 34) break;
    k = i + 2;
    for (;;) {
      if (k >= n) return out;
      const c = p.charCodeAt(k);
      if (c === 34) break;
      if (c === 92) {
        const d = k + 1 < n ? p.charCodeAt(k + 1) : 10;
        if (d === 10 || d === 13 || d === 0x2028 || d === 0x2029) return out;
        k += 2;
      } else k++;
    }
    if (k + 1 >= n || p.charCodeAt(k + 1) !== 93) break;
    out.push(p.slice(i + 1, k + 1));
    i = k + 2;
  }
  return out;
}

/** A path written with bare names and item indices only ("a.b[0].c", no quoted name): its segments start at "." and "[". */
function unquoted(p: string): boolean {
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (!identChar(c, true) && c !== 46 && c !== 91 && c !== 93) return false;
  }
  return true;
}

/** Where the segment of an unquoted path that starts at `i` ends. */
function segmentEnd(p: string, i: number): number {
  let k = i + 1;
  while (k < p.length && p.charCodeAt(k) !== 46 && p.charCodeAt(k) !== 91) k++;
  return k;
}

/**
 * Whether error `i` sorts after error `i - 1` under byPath's key, read off the two unquoted
 * paths without splitting them: true only when sure (the caller falls back to the keys).
 * The first segment where they differ decides: two item indices by number; two names by
 * when each was first found, and the later one was first found at `i` when no earlier
 * error has its prefix. An ancestor's own error after a member's is out of order.
 */
function follows(errors: ValidationError[], i: number): boolean {
  const a = errors[i - 1]!.path, b = errors[i]!.path;
  if (a === b || a === "") return true;
  if (b === "") return false;
  const n = Math.min(a.length, b.length);
  let l = 0;
  while (l < n && a.charCodeAt(l) === b.charCodeAt(l)) l++;
  const ca = l < a.length ? a.charCodeAt(l) : -1, cb = l < b.length ? b.charCodeAt(l) : -1;
  const boundA = ca === -1 || ca === 46 || ca === 91, boundB = cb === -1 || cb === 46 || cb === 91;
  if (ca === -1 && boundB) return true; // a is b's ancestor: its own errors come first
  if (cb === -1 && boundA) return false; // b is a's ancestor, after a member
  // The differing segment starts at l when both end a segment there, else at the last boundary before l.
  let st = l;
  if (!(boundA && boundB)) for (st = l === 0 ? 0 : l - 1; st > 0 && a.charCodeAt(st) !== 46 && a.charCodeAt(st) !== 91; ) st--;
  const indexA = a.charCodeAt(st) === 91, indexB = b.charCodeAt(st) === 91;
  if (indexA && indexB) return Number(a.slice(st + 1, segmentEnd(a, st) - 1)) < Number(b.slice(st + 1, segmentEnd(b, st) - 1));
  if (indexA || indexB) return false;
  const end = segmentEnd(b, st);
  const prefix = b.slice(0, end);
  for (let f = 0; f < i - 1; f++) {
    const q = errors[f]!.path;
    if (q.length >= end && q.startsWith(prefix) && (q.length === end || q.charCodeAt(end) === 46 || q.charCodeAt(end) === 91)) return false;
  }
  return true;
}

/**
 * The feedback's order: errors grouped by path, array items by index
 * (line_items[0] before line_items[1]), names in the order first found (the
 * schema's), an object's own errors before its members'. Stable otherwise.
 */
export function byPath(errors: ValidationError[]): ValidationError[] {
  const n = errors.length;
  if (n < 2) return errors;
  // The collector walks in the schema's order, so the order found is usually the order: checked pair by pair on the paths as written.
  if (n <= 16) {
    let inOrder = true;
    for (let i = 0; i < n && inOrder; i++) inOrder = unquoted(errors[i]!.path);
    for (let i = 1; i < n && inOrder; i++) inOrder = follows(errors, i);
    if (inOrder) return errors;
  }
  // Each error's sort key: per path segment, an item's index, or for a name the first error found under that prefix.
  const segs: (string | number)[][] = [];
  for (let i = 0; i < n; i++) segs.push(segments(errors[i]!.path));
  const keys: number[][] = [];
  if (n <= 16) {
    // Few errors: the first error under a prefix is found by comparing segments (no prefix strings, no Map).
    for (let i = 0; i < n; i++) {
      const si = segs[i]!;
      const k: number[] = [];
      for (let j = 0; j < si.length; j++) {
        const seg = si[j]!;
        if (typeof seg === "number") {
          k.push(seg);
          continue;
        }
        let f = 0;
        for (; f < i; f++) {
          const sf = segs[f]!;
          if (sf.length <= j) continue;
          let same = true;
          for (let x = 0; x <= j && same; x++) same = sf[x] === si[x];
          if (same) break;
        }
        k.push(f);
      }
      keys.push(k);
    }
  } else {
    const first = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const k: number[] = [];
      let at = "";
      for (const seg of segs[i]!) {
        at += "\u0000" + seg;
        if (typeof seg === "number") k.push(seg);
        else {
          let f = first.get(at);
          if (f === undefined) first.set(at, (f = i));
          k.push(f);
        }
      }
      keys.push(k);
    }
  }
  const cmp = (a: number, b: number): number => {
    const ka = keys[a]!, kb = keys[b]!;
    for (let j = 0; j < ka.length && j < kb.length; j++) if (ka[j] !== kb[j]) return ka[j]! - kb[j]!;
    return ka.length - kb.length || a - b;
  };
  let inOrder = true;
  for (let i = 1; i < n && inOrder; i++) if (cmp(i - 1, i) > 0) inOrder = false;
  if (inOrder) return errors;
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  order.sort(cmp);
  return order.map((i) => errors[i]!);
}

/** The report of a valid call. Frozen and shared: the valid path allocates nothing. */
export function okReport(tool: string): ValidationReport {
  const r = new Report(tool, [], false, []);
  void r.feedback; // fill the lazy parts before freezing (nothing is left to build on the valid path)
  void r.errors;
  void r.missing_required;
  return Object.freeze(r) as ValidationReport;
}

/** What puts a report's errors in the feedback's order (byPath, or less where less is needed). */
export type ErrorOrder = (errors: ValidationError[]) => ValidationError[];

/** `inPathOrder`: the collector found the errors in the feedback's order (see byPath), so they are not sorted again. */
export function errorReport(tool: string, errors: ValidationError[], inPathOrder = false, args?: unknown, style?: FeedbackStyle): ValidationReport {
  return orderedReport(tool, errors, inPathOrder ? undefined : byPath, args, style);
}

/** errorReport with what orders the errors for the feedback (absent: they come in its order): a tool's section passes byPath only when its errors may not (makeTool). */
export function orderedReport(tool: string, errors: ValidationError[], order: ErrorOrder | undefined, args?: unknown, style?: FeedbackStyle): ValidationReport {
  // A failing `is` must yield at least one error; if the collector found none the two
  // paths disagree, which is a toolform bug: say so rather than pass the call.
  if (errors.length === 0) errors.push(mk("", "constraint_errors", "schema", "a value matching the schema", "?", "arguments: does not match the schema", "The arguments do not match the input schema."));
  return new Report(tool, errors, false, [], order, args, style);
}

export function unknownToolReport(name: string, known: readonly string[]): ValidationReport {
  const leads = toolLeads(name, known);
  const r = new Report(name, [], true, leads.nearest);
  // None suggested: the feedback lists the tools instead (see feedbackText).
  if (leads.suggested.length === 0 && leads.listed.length) listedOf.set(r, leads);
  return r;
}

/** An unknown tool's listed tools, when none was suggested. */
const listedOf = new WeakMap<object, { listed: string[]; total: number }>();

/** A call object that throws when read (a Proxy, a getter on `name`): no tool is named, and the report says why. */
export function unreadableCallReport(e: unknown): ValidationReport {
  const s: ValidationError[] = [];
  unjudged(s, e);
  s[0] = { ...s[0]!, text: "call: not readable (plain JSON data)", message: 'The tool call could not be read as plain JSON data. Send {"name": …, "arguments": {…}}.' };
  return new Report("", s, true, []);
}

/** Bucket → rank, without a property lookup by string. */
function rankOf(b: Bucket): number {
  switch (b) {
    case "missing_required":
      return 0;
    case "unknown_args":
      return 1;
    case "type_errors":
      return 2;
    case "enum_errors":
      return 3;
    default:
      return 4;
  }
}

function sortErrors(errors: ValidationError[]): ValidationError[] {
  // Stable: by bucket order, then in the order found (schema order). A counting sort: one pass
  // to count, one to place; no tuple per error, no comparator.
  const n = errors.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (rankOf(errors[i - 1]!.bucket) > rankOf(errors[i]!.bucket)) sorted = false;
  if (sorted) return errors;
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (let i = 0; i < n; i++) {
    const r = rankOf(errors[i]!.bucket);
    if (r === 0) c0++;
    else if (r === 1) c1++;
    else if (r === 2) c2++;
    else if (r === 3) c3++;
  }
  const at = [0, c0, c0 + c1, c0 + c1 + c2, c0 + c1 + c2 + c3];
  const out = new Array<ValidationError>(n);
  for (let i = 0; i < n; i++) {
    const e = errors[i]!;
    out[at[rankOf(e.bucket)]!++] = e;
  }
  return out;
}

/** A report under a coerce mode: the report of the coerced value, with that value and its repairs. Its feedback is the base report's (built when first read, if the base builds it lazily). */
export class CoercedReport implements ValidationReport {
  readonly ok: boolean;
  readonly unknown_tool: boolean;
  readonly missing_required: string[];
  readonly unknown_args: string[];
  readonly type_errors: string[];
  readonly enum_errors: string[];
  readonly constraint_errors: string[];
  readonly n_errors: number;
  readonly tool: string;
  readonly errors: ValidationError[];
  readonly nearest: string[];
  readonly #base: ValidationReport;
  readonly value: unknown;
  readonly repairs: readonly Repair[];
  constructor(base: ValidationReport, value: unknown, repairs: readonly Repair[]) {
    this.#base = base;
    this.value = value;
    this.repairs = repairs;
    this.ok = base.ok;
    this.unknown_tool = base.unknown_tool;
    this.missing_required = base.missing_required;
    this.unknown_args = base.unknown_args;
    this.type_errors = base.type_errors;
    this.enum_errors = base.enum_errors;
    this.constraint_errors = base.constraint_errors;
    this.n_errors = base.n_errors;
    this.tool = base.tool;
    this.errors = base.errors;
    this.nearest = base.nearest;
  }
  get feedback(): string {
    return this.#base.feedback;
  }
  feedbackAs(style: FeedbackStyle): string {
    return this.#base.feedbackAs(style);
  }
  toDict(): ReportDict {
    return Report.prototype.toDict.call(this);
  }
  toJSON(): ReportDict {
    return this.toDict();
  }
}
