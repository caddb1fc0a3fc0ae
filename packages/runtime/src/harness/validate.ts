// Checking one call against a toolset: find the tool (fixing case and spacing
// of its name when asked), read the arguments (an object, or a JSON string the
// way OpenAI sends them), and run the tool's precompiled validator.
import { clip, show } from "../rt/text.js";
import { errorReport, unknownToolReport, unreadableCallReport, type Repair, type ValidationError, type ValidationReport } from "../rt/report.js";
import { parameterNames, type Tool } from "../rt/tool.js";
import { notJsonErr } from "../rt/messages.js";
import { sgFold as fold } from "../suggest.js";
import { textOf } from "./data.js";
import { readJson } from "./json.js";
import type { ParseRepair, ParsedCall, Toolset } from "./types.js";

const hasOwn = Object.prototype.hasOwnProperty;

/** The tool named exactly `name` (own keys only: "constructor" is not a tool). */
export function findTool(toolset: Toolset, name: unknown): Tool<any> | undefined {
  return typeof name === "string" && hasOwn.call(toolset, name) ? toolset[name] : undefined;
}

/**
 * The toolset name `name` stands for: itself when it is a tool; else the one
 * tool whose name is equal after folding case, spaces, "-", "_" and "." (the suggester's fold)
 * ("Legal Draft V3" → "legal_draft_v3"). A name one edit away is not renamed
 * (that is a different word); it stays unknown and is offered as a suggestion.
 */
export function resolveToolName(toolset: Toolset, name: string): { name: string; tool?: Tool<any>; repair?: ParseRepair } {
  const exact = findTool(toolset, name);
  if (exact) return { name, tool: exact };
  if (typeof name !== "string") return { name };
  const f = fold(name);
  if (f === "") return { name };
  const same = Object.keys(toolset).filter((k) => fold(k) === f);
  if (same.length !== 1) return { name };
  const to = same[0]!;
  return { name: to, tool: toolset[to], repair: { rule: "tool_name", where: "name", message: `read the tool name ${clip(JSON.stringify(name), 60)} as ${JSON.stringify(to)}`, from: name, to } };
}

export type ArgumentsRead = { ok: true; value: unknown; repairs: ParseRepair[]; raw?: string } | { ok: false; error: string; repairs: ParseRepair[]; raw: string };

/**
 * The arguments of a call. An object (or any non-string value) is taken as it
 * is; `undefined` is `{}`. A string is parsed as JSON; with `repair`, malformed
 * JSON is repaired (each repair listed), an empty string is `{}`, and a JSON
 * string that itself holds a JSON object (double-encoded) is decoded once more.
 */
export function readArguments(args: unknown, repair: boolean): ArgumentsRead {
  if (args === undefined) return { ok: true, value: {}, repairs: [] };
  if (typeof args !== "string") return { ok: true, value: args, repairs: [] };
  const raw = args;
  if (repair && raw.trim() === "") return { ok: true, value: {}, repairs: [{ rule: "empty_arguments", where: "arguments", message: "read empty arguments as {}", from: raw, to: {} }], raw };
  const r = readJson(raw, "arguments", repair);
  if (!r.ok) return { ok: false, error: r.error, repairs: r.repairs, raw };
  let value = r.value;
  const repairs = r.repairs;
  if (repair && typeof value === "string") {
    const t = value.trim();
    if (t.startsWith("{") || t.startsWith("[")) {
      const inner = readJson(t, "arguments", true);
      if (inner.ok && typeof inner.value === "object" && inner.value !== null) {
        repairs.push({ rule: "double_encoded", where: "arguments", message: "decoded arguments that were JSON-encoded twice", from: value, to: inner.value }, ...inner.repairs);
        value = inner.value;
      }
    }
  }
  return { ok: true, value, repairs, raw };
}

/** The report for arguments that are not readable JSON: a type error at the root, with a message the model can act on. */
export function unreadableArgumentsReport(toolName: string, tool: Tool<any> | undefined, raw: string, error: string): ValidationReport {
  const s: ValidationError[] = [];
  notJsonErr(s, raw, error, parameterNames(tool?.inputSchema));
  return errorReport(toolName, s);
}

export interface ValidateOptions {
  /** Repair malformed JSON in a string of arguments (default false: a call you built is read strictly). */
  repair?: boolean;
  /** Accept a tool name that differs only in case, spaces, "-" or "_" (default false). */
  resolveName?: boolean;
}

/** A call you built yourself: arguments as an object, or a JSON string (OpenAI); `input` (Anthropic) is read too. */
export interface CallInput {
  name: string;
  arguments?: unknown;
  input?: unknown;
}

/** One call read and checked (what toParsedCall and the framework adapters build on). */
export interface Checked {
  resolved: string;
  tool: Tool<any> | undefined;
  args: unknown;
  raw?: string;
  repairs: ParseRepair[];
  report: ValidationReport;
  /** False when the arguments string could not be read (then `args` is that string). */
  readable: boolean;
}

/** Finds the tool, reads the arguments (repairing when asked) and validates them; total on any call. */
export function check(call: CallInput, toolset: Toolset, repair: boolean, resolveName: boolean): Checked {
  let rawName: unknown;
  let given: unknown;
  try {
    rawName = call?.name;
    given = call?.arguments !== undefined ? call.arguments : call?.input;
  } catch (e) {
    // A call object that throws when read (a Proxy, a getter): a report, never an exception.
    return { resolved: "", tool: undefined, args: undefined, repairs: [], report: unreadableCallReport(e), readable: false };
  }
  const name = rawName === undefined || rawName === null ? "" : textOf(rawName);
  const repairs: ParseRepair[] = [];
  const res = resolveName ? resolveToolName(toolset, name) : { name, tool: findTool(toolset, name) };
  if ("repair" in res && res.repair) repairs.push(res.repair);
  const read = readArguments(given, repair);
  repairs.push(...read.repairs);
  if (!res.tool) {
    const args = read.ok ? read.value : read.raw;
    return { resolved: name, tool: undefined, args, ...(read.raw !== undefined ? { raw: read.raw } : {}), repairs, report: unknownToolReport(name, Object.keys(toolset)), readable: read.ok };
  }
  if (!read.ok) return { resolved: res.name, tool: res.tool, args: read.raw, raw: read.raw, repairs, report: unreadableArgumentsReport(res.name, res.tool, read.raw, read.error), readable: false };
  let report: ValidationReport;
  try {
    report = res.tool.validate(read.value);
  } catch (e) {
    // Generated validators are total; a throw is a toolform bug, reported rather than passed.
    report = errorReport(res.name, [
      { path: "", bucket: "constraint_errors", keyword: "schema", expected: "a value the validator can check", received: show(read.value), text: "arguments: the validator failed", message: `The arguments could not be checked (${clip(String(e), 120)})` },
    ]);
  }
  return { resolved: res.name, tool: res.tool, args: read.value, ...(read.raw !== undefined ? { raw: read.raw } : {}), repairs, report, readable: true };
}

/**
 * Checks a call against the toolset and returns the report. An unknown tool is invalid (`unknown_tool: true`, with
 * the nearest names); arguments that are not readable JSON are a type error at
 * the root whose message says so.
 */
export function validateArguments(call: CallInput, toolset: Toolset, options: ValidateOptions = {}): ValidationReport {
  return check(call, toolset, options.repair ?? false, options.resolveName ?? false).report;
}

/** The repairs a coercing validator lists beside its report (absent under coerce "none", and in toolsets generated before coercion). */
function coercionsOf(report: ValidationReport): readonly Repair[] {
  const r = (report as { repairs?: unknown }).repairs;
  return Array.isArray(r) ? (r as Repair[]) : [];
}

/**
 * The arguments normalised for comparison: the tool's generated `normalize(args, "compare")`
 * (the one normaliser; it follows the whole schema). An unknown tool, or one whose
 * normaliser fails, leaves them as they are.
 */
function normalizedArguments(args: unknown, tool: Tool<any> | undefined): unknown {
  if (tool === undefined || typeof tool.normalize !== "function") return args;
  try {
    return tool.normalize(args, "compare").value;
  } catch {
    return args;
  }
}

/** Builds a ParsedCall: resolve the name, read (and repair) the arguments, validate, normalise. */
export function toParsedCall(id: string, name: string, args: unknown, toolset: Toolset, opts: { repair: boolean; resolveName: boolean; repairs?: ParseRepair[] }): ParsedCall {
  const c = check({ name, arguments: args }, toolset, opts.repair, opts.resolveName);
  const pc: ParsedCall = {
    id,
    name,
    resolved_name: c.resolved,
    arguments: c.args,
    normalized_arguments: c.readable ? normalizedArguments(c.args, c.tool) : c.args,
    validation: c.report.toDict(),
    valid: c.report.ok,
    repairs: [...(opts.repairs ?? []), ...c.repairs],
    coercions: coercionsOf(c.report),
    report: c.report,
  };
  if (c.raw !== undefined) pc.raw_arguments = c.raw;
  return pc;
}
