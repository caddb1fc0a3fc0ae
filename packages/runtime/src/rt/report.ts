// The report of a call: its types, the buckets, the model-facing feedback text.
import { clip, quote } from "./text.js";
import { mk, unjudged } from "./messages.js";
import { textOf } from "./lines.js";
import { byPath, rankOf, sortErrors } from "./order.js";
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
  constructor(tool: string, found: ValidationError[], unknownTool: boolean, nearest: string[], order?: ErrorOrder, args?: unknown, style: FeedbackStyle = "lines", text?: string) {
    this.ok = found.length === 0 && !unknownTool;
    this.unknown_tool = unknownTool;
    this.n_errors = found.length + (unknownTool ? 1 : 0);
    this.tool = tool;
    this.nearest = nearest;
    this.found = found;
    this.sorted = undefined;
    this.buckets = undefined;
    this.text = text;
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
      const mine = sorted === this.found ? sorted.slice() : sorted;
      try {
        this.sorted = mine;
      } catch {} // a frozen report: made again on each read (see below the class)
      return mine;
    }
    return this.sorted;
  }
  private bucket(rank: number): string[] {
    if (this.buckets === undefined) {
      const b: [string[], string[], string[], string[], string[]] = [[], [], [], [], []];
      // Each bucket in the order found: what the bucket order of `errors` gives, without sorting.
      for (const e of this.found) b[rankOf(e.bucket)]!.push(textOf(e));
      try {
        this.buckets = b;
      } catch {} // a frozen report: made again on each read
      return b[rank]!;
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
    let t = this.text;
    if (t === undefined) {
      t = this.ok ? "" : feedbackText(this.tool, this.order === undefined ? this.found : this.order(this.found));
      try {
        this.text = t;
      } catch {} // a frozen report: made again on each read
    }
    return t;
  }
  feedbackAs(style: FeedbackStyle): string {
    const lines = this.lines();
    if (style !== "annotated" || this.ok || this.unknown_tool) return lines;
    let m = this.marked;
    if (m === undefined) {
      m = annotatedText(lines, this.args, this.found);
      try {
        this.marked = m;
      } catch {} // a frozen report: made again on each read
    }
    return m;
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

// A lazy part is kept with a plain assignment in a try: on a frozen report (or a frozen object
// whose prototype is the report) the assignment throws, and the part is then made again on each
// read. Not Reflect.set with the field's name: a keyed store by name cost ~5% of a refused call.

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

/**
 * The feedback of a call to a known tool. An unknown tool's (unknownToolText) is written with its
 * report, which only validateCall makes: a bundle of one tool leaves it out.
 */
function feedbackText(tool: string, errors: ValidationError[]): string {
  let text = feedbackHead(tool, errors.length === 1);
  for (let i = 0; i < errors.length; i++) text += "\n- " + errors[i]!.message;
  // The lines listing what an object declares come from its unknown keys' errors (messages.ts
  // knownLines, reached through them): a bundle of a tool that refuses no unknown key leaves them out.
  let lines: readonly string[] | undefined;
  for (let i = 0; i < errors.length && lines === undefined; i++) lines = (errors[i] as { knownLines?: (all: readonly ValidationError[]) => readonly string[] }).knownLines?.(errors);
  if (lines !== undefined) for (let i = 0; i < lines.length; i++) text += "\n- " + lines[i]!;
  return text;
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

/** The report of a call naming no tool of the toolset, its feedback written with it. */
function unknownReport(name: string, errors: ValidationError[], nearest: string[], listed?: { listed: string[]; total: number }): ValidationReport {
  return new Report(name, errors, true, nearest, undefined, undefined, "lines", unknownToolText(name, errors, nearest, listed));
}

/** An unknown tool's feedback: the nearest names, or (none suggested) the tools listed; then why, for a call that could not be read. */
function unknownToolText(tool: string, errors: ValidationError[], nearest: string[], listed?: { listed: string[]; total: number }): string {
  let near = "";
  if (listed !== undefined) near = ` Tools: ${listed.listed.join(", ")}${listed.listed.length < listed.total ? `, … (${listed.total} in all)` : ""}.`;
  else for (let i = 0; i < nearest.length; i++) near += (i === 0 ? " Did you mean " : " or ") + quote(nearest[i]!);
  if (near && listed === undefined) near += "?";
  let why = ""; // the call itself could not be read
  for (let i = 0; i < errors.length; i++) why += " " + errors[i]!.message;
  return `Refused: there is no tool named ${quote(clip(tool, 80))}.${near}${why}`;
}

export function unknownToolReport(name: string, known: readonly string[]): ValidationReport {
  const leads = toolLeads(name, known);
  // None suggested: the feedback lists the tools instead.
  return unknownReport(name, [], leads.nearest, leads.suggested.length === 0 && leads.listed.length ? leads : undefined);
}

/** A call object that throws when read (a Proxy, a getter on `name`): no tool is named, and the report says why. */
export function unreadableCallReport(e: unknown): ValidationReport {
  const s: ValidationError[] = [];
  unjudged(s, e);
  s[0] = { ...s[0]!, text: "call: not readable (plain JSON data)", message: 'The tool call could not be read as plain JSON data. Send {"name": …, "arguments": {…}}.' };
  return unknownReport("", s, []);
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
