// feedback: what a model gets back for an invalid call. Two forms: the
// JSON ({"ok": false, "error": "invalid call", "validation": {...}}) and the
// model-facing text ("Refused: the arguments do not match ...",
// one line per error: field, what was expected, what was received, an example).
import { clip } from "../rt/text.js";
import type { ReportDict, ValidationError, ValidationReport } from "../rt/report.js";
import type { ParsedCall } from "./types.js";

export interface FeedbackOptions {
  /** What the tool result carries: the JSON, the text, or both (text, a blank line, the JSON). Default "both". */
  format?: "json" | "text" | "both";
  /**
   * Whether values the model sent are quoted back (default true). Turn it off for
   * tools whose inputs may carry untrusted content: the lines are then rebuilt
   * from each error's path, expected and example, and the JSON's bucket lines
   * for enum and constraint errors say what was expected instead of what came.
   */
  echoReceived?: boolean;
  /** Tool names to list when a call names no known tool and none is near. */
  toolNames?: readonly string[];
}

/** The JSON tool result for an invalid call. */
export interface InvalidCallJson {
  ok: false;
  error: "invalid call";
  validation: ReportDict;
}

export interface Feedback {
  text: string;
  json: InvalidCallJson;
  /** What to send as the tool result, per `format`. */
  content: string;
}

function field(p: string): string {
  return p === "" ? "The arguments" : JSON.stringify(p);
}

function at(p: string): string {
  return p === "" ? "arguments" : p;
}

const HAVE = new Set(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"]);

/** A model-facing line that quotes no value the model sent: the path, what was expected, a suggestion from the schema, the example. */
export function redactedLine(e: ValidationError): string {
  switch (e.bucket) {
    case "missing_required":
    case "unknown_args":
      // These lines name a path and schema facts (parameters, an example), never a value.
      return e.message;
    default: {
      let verb = "must be";
      let expected = e.expected;
      if (e.keyword === "false") return `${field(e.path)} is not allowed here`;
      if (e.keyword === "uniqueItems") (verb = "must have"), (expected = "unique items");
      else if (HAVE.has(e.keyword)) verb = "must have";
      const hint = e.bucket === "enum_errors" && e.suggestion !== undefined ? ` (did you mean ${JSON.stringify(e.suggestion)}?)` : "";
      return `${field(e.path)} ${verb} ${expected}${hint}${e.example === undefined ? "" : ". Example: " + e.example}`;
    }
  }
}

/** The report dict with the received values taken out of the bucket lines. */
export function redactedDict(report: ValidationReport): ReportDict {
  const d = report.toDict();
  d.enum_errors = [];
  d.constraint_errors = [];
  for (const e of report.errors) if (e.bucket === "enum_errors" || e.bucket === "constraint_errors") d[e.bucket].push(`${at(e.path)}: expected ${e.expected}`);
  return d;
}

function headerOf(report: ValidationReport): string {
  const nl = report.feedback.indexOf("\n");
  return nl < 0 ? report.feedback : report.feedback.slice(0, nl);
}

function reportOf(x: ValidationReport | ParsedCall): ValidationReport {
  return "toDict" in x ? x : x.report;
}

/**
 * The tool result for an invalid call (a report, or a ParsedCall). The text is
 * the report's own `feedback` (built by the generated code), or — with
 * `echoReceived: false` — the same header with lines rebuilt without values.
 */
export function feedback(reportOrCall: ValidationReport | ParsedCall, options: FeedbackOptions = {}): Feedback {
  const report = reportOf(reportOrCall);
  const echo = options.echoReceived ?? true;
  const json: InvalidCallJson = { ok: false, error: "invalid call", validation: echo ? report.toDict() : redactedDict(report) };
  let text: string;
  if (report.ok) text = "";
  else if (report.unknown_tool) {
    text = report.feedback;
    if (report.nearest.length === 0 && options.toolNames?.length) text += ` Tools: ${options.toolNames.join(", ")}.`;
  } else if (echo) text = report.feedback;
  else text = [headerOf(report), ...report.errors.map((e) => "- " + redactedLine(e))].join("\n");
  const format = options.format ?? "both";
  const js = JSON.stringify(json);
  const content = format === "json" ? js : format === "text" ? text : `${text}\n\n${js}`;
  return { text, json, content };
}

/** The answer to a valid call that was not run because a sibling in its turn was refused (nothing of a turn with a refused call runs). */
export const NOT_RUN =
  "Not run: another call in this turn was refused, so nothing of this turn ran. Send this call again together with the corrected one.";

/** The answer to a call the approval gate refused. */
export function notApproved(reason?: string): string {
  const why = typeof reason === "string" && reason !== "" ? ` (${clip(reason, 500)})` : "";
  return `Not run: the call was not approved${why}. Do not retry it unchanged.`;
}
