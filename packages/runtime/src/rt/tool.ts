// The tool object a generated module exports (makeTool), and validateCall's report (callReport).
import { CoercedReport, errorReport, okReport, orderedReport, type ErrorOrder, type FeedbackStyle, type Repair, unknownToolReport, unreadableCallReport, type ValidationError, type ValidationReport } from "./report.js";
import { work, WORK_MAX } from "./budget.js";
import { pathKeys, show } from "./text.js";
import { notJsonErr, unjudged, workErr } from "./messages.js";
import { hasOwn } from "./predicates.js";

/** What `validate` coerces (config `coerce`; docs/normalize.md). */
export type CoerceMode = "none" | "lenient" | "normalized";

/**
 * What `normalize` does: "none" nothing; "lenient" the casts a tool makes ("5" → 5);
 * "normalized" the normalisation of almost-right values and more, canonical spelling kept (for an
 * executor); "compare" normalized, then every string trimmed and lower-cased (for
 * comparing values: a parsed call's normalized_arguments; never for executing).
 */
export type NormalizeMode = CoerceMode | "compare";

export interface NormalizeResult {
  /** The normalised arguments; the input itself (same reference) when nothing changed. */
  value: unknown;
  /** Every repair made, in order (the compare mode's case-folding is not listed). */
  repairs: readonly Repair[];
}

/** Standard Schema v1 (https://standardschema.dev), with its JSON Schema extension. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey> }> };
    readonly types?: { readonly input: Input; readonly output: Output };
    readonly jsonSchema?: { readonly input: (options?: unknown) => Record<string, unknown> };
  };
}

/** A generated tool: its definition plus its precompiled checks. */
export interface Tool<Args = unknown> extends StandardSchemaV1<Args, Args> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown> | boolean;
  /** sha256 of the canonical inputSchema the code was generated from. */
  readonly schemaHash: string;
  /** Fast path: true when the arguments fit; allocates nothing. */
  is(args: unknown): args is Args;
  /** Full report; the error-collecting path runs only when `is` said no. Under a coerce mode, computed on the coerced value, which it carries (`value`, `repairs`). `options.feedbackStyle` overrides the tool's (config `feedbackStyle`). */
  validate(args: unknown, options?: { feedbackStyle?: FeedbackStyle }): ValidationReport;
  /** What `validate` coerces. */
  readonly coerce: CoerceMode;
  /** Schema-directed normalisation; never mutates `args`. Default mode "compare" (a parsed call's normalized_arguments). */
  normalize(args: unknown, mode?: NormalizeMode): NormalizeResult;
  /** The check of what the tool returns, for a tool that declares an MCP `outputSchema` (its `structuredContent`). */
  readonly output?: OutputCheck;
}

/** A tool's compiled `outputSchema`: plain JSON Schema (more properties than declared are fine unless the schema says otherwise). */
export interface OutputCheck {
  readonly schema: Record<string, unknown> | boolean;
  /** sha256 of the canonical outputSchema (what the MCP validator provider looks it up by). */
  readonly schemaHash: string;
  is(value: unknown): boolean;
  validate(value: unknown): ValidationReport;
}

/**
 * The generated index's `toolset`: the tools by name (each tool's own), frozen, in the order
 * given. Object.fromEntries defines each key as data, so a tool named `__proto__` is a key too.
 */
export function toolsetOf<T>(tools: readonly Tool<any>[]): T {
  return Object.freeze(Object.fromEntries(tools.map((t) => [t.name, t]))) as T;
}

/**
 * The generated `validateCall`: total on any value. A call whose `name` is not a
 * tool's (a non-string, an object whose toString throws) is an unknown tool; a call
 * object that throws when read (a Proxy, a getter on `name` or `arguments`) is a
 * refusal saying so, never an exception.
 */
export function callReport(toolset: Readonly<Record<string, Tool>>, known: readonly string[], call: unknown, options?: { feedbackStyle?: FeedbackStyle }): ValidationReport {
  let name: unknown;
  try {
    name = call === null || call === undefined ? undefined : (call as { name?: unknown }).name;
  } catch (e) {
    return unreadableCallReport(e);
  }
  if (typeof name !== "string" || !hasOwn.call(toolset, name)) return unknownToolReport(typeof name === "string" ? name : show(name), known);
  try {
    // OpenAI's `arguments` (a JSON string, or an object) or Anthropic's `input`.
    let args = (call as { arguments?: unknown }).arguments;
    if (args === undefined) args = (call as { input?: unknown }).input;
    const tool = toolset[name]!;
    return typeof args === "string" ? textArguments(tool, args, options) : tool.validate(args === undefined ? {} : args, options);
  } catch (e) {
    // A throwing `arguments` getter (validate itself is total); only then is an error list made.
    const s: ValidationError[] = [];
    unjudged(s, e);
    return errorReport(name, s);
  }
}

/**
 * Arguments sent as text, the way OpenAI sends them: JSON text holding an object is read and
 * checked, and the report lists that reading as a repair (its `value` is the object, for the
 * executor); text that is not JSON is refused saying so. Text a tool's schema takes as it is
 * (a root that allows strings) stays text.
 */
function textArguments(tool: Tool, text: string, options: { feedbackStyle?: FeedbackStyle } | undefined): ValidationReport {
  if (tool.is(text)) return tool.validate(text, options);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const s: ValidationError[] = [];
    notJsonErr(s, text, e, parameterNames(tool.inputSchema));
    return errorReport(tool.name, s);
  }
  if (typeof parsed !== "object" || parsed === null) return tool.validate(text, options);
  const report = tool.validate(parsed, options);
  const read: Repair = { path: "", from: text, to: parsed, rule: "json_arguments" };
  const r = report as { value?: unknown; repairs?: readonly Repair[] };
  return new CoercedReport(report, r.repairs ? r.value : parsed, r.repairs ? [read, ...r.repairs] : [read]);
}

/** The declared parameter names of a schema (for a message). */
export function parameterNames(schema: unknown): string[] {
  const p = typeof schema === "object" && schema !== null ? (schema as { properties?: unknown }).properties : undefined;
  return typeof p === "object" && p !== null && !Array.isArray(p) ? Object.keys(p) : [];
}

/**
 * A tool's output check from its generated pieces: total like the arguments' check (a throw or
 * too much work is a refusal). Called by the generated section of a tool that declares an
 * outputSchema, which hands the result to makeTool: a bundle of a tool without one leaves it out.
 */
export function outputCheck(name: string, o: { schema: Record<string, unknown> | boolean; schemaHash: string; is: (v: unknown) => boolean; collect: (v: unknown, s: ValidationError[]) => boolean | void }): OutputCheck {
  const ok = okReport(name);
  const is = (v: unknown): boolean => {
    work.n = 0;
    try {
      return o.is(v);
    } catch {
      return false;
    }
  };
  return Object.freeze({
    schema: o.schema,
    schemaHash: o.schemaHash,
    is,
    validate: (v: unknown): ValidationReport => {
      if (is(v)) return ok;
      const s: ValidationError[] = [];
      work.n = 0;
      try {
        o.collect(v, s);
      } catch (e) {
        unjudged(s, e);
      }
      if (work.n > WORK_MAX) workErr(s);
      return errorReport(name, s);
    },
  });
}

/** What makeTool hands `coercing`: the tool's wrapped checks. */
interface ToolCore {
  is: (v: unknown) => boolean;
  /** The normaliser under a mode, total (a throw repairs nothing). */
  nz: (v: unknown, m: number, r: Repair[]) => unknown;
  ok: ValidationReport;
  /** The report of a value `is` refused. */
  refused: (v: unknown, o: { feedbackStyle?: FeedbackStyle } | undefined) => ValidationReport;
}

/**
 * `validate` under a coerce mode (m: 1 lenient, 2 normalized): the report of the coerced value,
 * which it carries with its repairs; `value`: the coerced value. Passed to makeTool by the
 * generated section of a tool that coerces, so a bundle of a tool that coerces nothing leaves
 * it (and CoercedReport) out.
 */
export function coercing(t: ToolCore, m: number): { validate: (v: unknown, o?: { feedbackStyle?: FeedbackStyle }) => ValidationReport; value: (v: unknown) => unknown } {
  /** The coerced value and its repairs; the value itself when it already fits (nothing allocated). */
  const coerced = (v: unknown): { value: unknown; r: Repair[] | undefined } => {
    if (t.is(v)) return { value: v, r: undefined };
    const r: Repair[] = [];
    return { value: t.nz(v, m, r), r };
  };
  return {
    validate: (v, o) => {
      const { value, r } = coerced(v);
      const repairs: readonly Repair[] = r && r.length ? r : NO_REPAIRS;
      if (r === undefined || t.is(value)) return new CoercedReport(t.ok, value, repairs);
      return new CoercedReport(t.refused(value, o), value, repairs);
    },
    value: (v) => coerced(v).value,
  };
}

/**
 * The feedback's order of the errors of a collector that finds them in it, after which a throw or
 * too much work added the arguments' own error (unjudged, workErr): byPath's order, which puts an
 * object's own errors (path "") before its members' and keeps the rest as found, without byPath.
 */
function rootFirst(errors: ValidationError[]): ValidationError[] {
  const root: ValidationError[] = [];
  const rest: ValidationError[] = [];
  for (let i = 0; i < errors.length; i++) (errors[i]!.path === "" ? root : rest).push(errors[i]!);
  return rest.length === 0 || root.length === 0 ? errors : root.concat(rest);
}

const NORMALIZE_MODES: Readonly<Record<NormalizeMode, number>> = Object.freeze({ none: 0, lenient: 1, normalized: 2, compare: 3 });
const NO_REPAIRS: readonly Repair[] = Object.freeze([]);

/**
 * Builds a tool object from the generated pieces. The parts only some tools use come in as
 * arguments the generated section passes (`order` where errors may come out of the feedback's
 * order, `coercing` under a coerce mode, the `output` check built by outputCheck), never reached
 * from here: a bundler then drops them from a bundle of a tool that does not use them (issue 33).
 */
export function makeTool<Args>(def: {
  name: string;
  description: string;
  inputSchema: Record<string, unknown> | boolean;
  schemaHash: string;
  is: (v: unknown) => boolean;
  /** Pushes the errors of a value `is` refused; returns true when they always come in the feedback's order (paths grouped as byPath groups them), which the emitter knows of some schemas. */
  collect: (v: unknown, s: ValidationError[]) => boolean | void;
  /** The generated normaliser: (args, mode 1 lenient | 2 normalized | 3 compare, repairs) => value. Absent: nothing is repaired. */
  normalize?: (v: unknown, m: number, r: Repair[]) => unknown;
  coerce?: CoerceMode;
  /** What puts the errors in the feedback's order (byPath): passed unless `collect` always says they come in it (then only the arguments' own errors a throw or too much work adds move, to the front: rootFirst). */
  order?: ErrorOrder;
  /** `coercing`, passed with a coerce mode other than "none". */
  coercing?: typeof coercing;
  /** The outputSchema's check (outputCheck). */
  output?: OutputCheck;
  /** The feedback's style (config `feedbackStyle`); default "lines". */
  feedbackStyle?: FeedbackStyle;
}): Tool<Args> {
  const ok = okReport(def.name);
  // Total whatever the input: a Proxy or getter that throws, or nesting deeper than
  // the call stack allows under a large maxDepth, is a refusal (see unjudged), never an exception.
  // (try/catch costs nothing on the fast path and allocates nothing.)
  // Each entry point also starts a fresh work budget (see `work`).
  const is = ((v: unknown): boolean => {
    work.n = 0;
    try {
      return def.is(v);
    } catch {
      return false;
    }
  }) as (v: unknown) => v is Args;
  /** Collects the errors; true when they are in the feedback's order (an error added here, at the arguments' own path, would break it). */
  const collect = (v: unknown, s: ValidationError[]): boolean => {
    work.n = 0;
    let inOrder: boolean;
    try {
      inOrder = def.collect(v, s) === true;
    } catch (e) {
      unjudged(s, e);
      return false;
    }
    if (work.n > WORK_MAX) {
      workErr(s);
      return false;
    }
    return inOrder;
  };
  const coerce: CoerceMode = def.coerce ?? "none";
  const nz0 = def.normalize ?? ((v: unknown) => v);
  const nz = (v: unknown, m: number, r: Repair[]): unknown => {
    work.n = 0;
    try {
      return nz0(v, m, r);
    } catch {
      r.length = 0; // nothing repaired: the value is judged as it came
      return v;
    }
  };
  const normalize = (v: unknown, mode: NormalizeMode = "compare"): NormalizeResult => {
    const m = NORMALIZE_MODES[mode];
    if (typeof m !== "number" || !hasOwn.call(NORMALIZE_MODES, mode)) throw new TypeError(`normalize: unknown mode ${String(mode)}; use "none", "lenient", "normalized" or "compare"`);
    if (m === 0 || (m !== 3 && is(v))) return { value: v, repairs: NO_REPAIRS };
    const r: Repair[] = [];
    const value = nz(v, m, r);
    return { value, repairs: r.length ? r : NO_REPAIRS };
  };
  const style: FeedbackStyle = def.feedbackStyle ?? "lines";
  const order = def.order ?? rootFirst;
  /** The report of a value `is` refused. */
  const refused = (v: unknown, o: { feedbackStyle?: FeedbackStyle } | undefined): ValidationReport => {
    const s: ValidationError[] = [];
    return orderedReport(def.name, s, collect(v, s) ? undefined : order, v, o?.feedbackStyle ?? style);
  };
  const cm = NORMALIZE_MODES[coerce];
  if (cm !== 0 && def.coercing === undefined) throw new TypeError(`makeTool: ${def.name} coerces ("${coerce}") but was given no coercing`);
  const co = cm === 0 ? undefined : def.coercing!({ is, nz, ok, refused }, cm);
  // `is` first, then the errors: collecting on every call was measured slower on the valid
  // path (a path handed to a place's own function is built even when nothing fails).
  const validate = co ? co.validate : (v: unknown, o?: { feedbackStyle?: FeedbackStyle }): ValidationReport => (is(v) ? ok : refused(v, o));
  return Object.freeze({
    name: def.name,
    description: def.description,
    inputSchema: def.inputSchema,
    schemaHash: def.schemaHash,
    is,
    validate,
    coerce,
    normalize,
    ...(def.output ? { output: def.output } : {}),
    "~standard": Object.freeze({
      version: 1 as const,
      vendor: "toolform",
      validate: (v: unknown) => {
        if (is(v)) return { value: v as Args };
        const value = co ? co.value(v) : v;
        if (value !== v && is(value)) return { value: value as Args };
        const s: ValidationError[] = [];
        collect(value, s);
        // `errors` is in bucket order, whatever the feedback's order.
        return { issues: orderedReport(def.name, s, undefined).errors.map((e) => ({ message: e.message, path: pathKeys(e.path) })) };
      },
      jsonSchema: { input: () => def.inputSchema as Record<string, unknown> },
    }),
  });
}
