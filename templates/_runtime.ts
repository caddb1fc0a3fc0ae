// toolform runtime: the helpers every generated tool module shares.
// This file is copied into the output folder as _runtime.ts, which imports nothing: the one
// import below is replaced by the text of that module when the runtime is written
// (src/emit/runtime-file.ts), so the matcher has a single source the CLI and MCP server share.
// Everything here runs only on the error path, except the small predicates
// (ucs2length, deepEqual, formats) that the fast path calls.
import { nearestNames, suggestAndNearest, suggestName } from "../packages/runtime/src/suggest.js";

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

export interface ValidationReport extends ReportDict {
  /** The tool the call named (as written by the model). */
  tool: string;
  errors: ValidationError[];
  /** Model-facing text: "Refused: the arguments do not match ..." then one line per error; "" when ok. */
  feedback: string;
  /** For an unknown tool: the closest tool names. */
  nearest: string[];
  /** Under a coerce mode ("lenient", "normalized"): the coerced arguments the report was computed on, for the executor. Absent under "none". Not in toDict(). */
  value?: unknown;
  /** Under a coerce mode: the repairs that made `value` (empty when none). Absent under "none". Not in toDict(). */
  repairs?: readonly Repair[];
  toDict(): ReportDict;
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
  /** Full report; the error-collecting path runs only when `is` said no. Under a coerce mode, computed on the coerced value, which it carries (`value`, `repairs`). */
  validate(args: unknown): ValidationReport;
  /** What `validate` coerces. */
  readonly coerce: CoerceMode;
  /** Schema-directed normalisation; never mutates `args`. Default mode "compare" (a parsed call's normalized_arguments). */
  normalize(args: unknown, mode?: NormalizeMode): NormalizeResult;
}

// ---------------------------------------------------------------- reports

/**
 * A report. What a refused call needs at once is cheap (ok, n_errors, the errors in the order
 * found); the bucket order of `errors`, the five bucket lists and the feedback text are made
 * on first read, once (a caller that only reads `ok` or `feedback` never pays for the others).
 */
class Report implements ValidationReport {
  ok: boolean;
  unknown_tool: boolean;
  n_errors: number;
  readonly tool: string;
  readonly nearest: string[];
  /** The errors in the order found (the schema's order), for the feedback's order (byPath). */
  readonly #found: ValidationError[];
  #errors: ValidationError[] | undefined;
  #buckets: [string[], string[], string[], string[], string[]] | undefined;
  #text: string | undefined;
  // Fields assigned by hand, not as parameter properties: erasable syntax only (Node's type stripping, erasableSyntaxOnly).
  constructor(tool: string, found: ValidationError[], unknownTool: boolean, nearest: string[]) {
    this.tool = tool;
    this.#found = found;
    this.nearest = nearest;
    this.unknown_tool = unknownTool;
    this.n_errors = found.length + (unknownTool ? 1 : 0);
    this.ok = this.n_errors === 0;
  }
  /** The errors in bucket order (missing, unknown, type, enum, constraint), each bucket in the order found. */
  get errors(): ValidationError[] {
    return (this.#errors ??= sortErrors(this.#found));
  }
  /** The bucket lines, by bucket rank. */
  #bucket(rank: number): string[] {
    if (this.#buckets === undefined) {
      const b: [string[], string[], string[], string[], string[]] = [[], [], [], [], []];
      for (const e of this.errors) b[rankOf(e.bucket)]!.push(e.text);
      this.#buckets = b;
    }
    return this.#buckets[rank]!;
  }
  get missing_required(): string[] {
    return this.#bucket(0);
  }
  get unknown_args(): string[] {
    return this.#bucket(1);
  }
  get type_errors(): string[] {
    return this.#bucket(2);
  }
  get enum_errors(): string[] {
    return this.#bucket(3);
  }
  get constraint_errors(): string[] {
    return this.#bucket(4);
  }
  /** Built on first read: a harness that only logs the buckets never pays for it. */
  get feedback(): string {
    return (this.#text ??= this.ok ? "" : feedbackText(this.tool, byPath(this.#found), this.unknown_tool, this.nearest));
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

function feedbackText(tool: string, errors: ValidationError[], unknownTool: boolean, nearest: string[]): string {
  if (unknownTool) {
    let near = "";
    for (let i = 0; i < nearest.length; i++) near += (i === 0 ? " Did you mean " : " or ") + quote(nearest[i]!);
    if (near) near += "?";
    let why = ""; // the call itself could not be read
    for (let i = 0; i < errors.length; i++) why += " " + errors[i]!.message;
    return `Refused: there is no tool named ${quote(clip(tool, 80))}.${near}${why}`;
  }
  let text = `Refused: the arguments do not match the input schema of ${tool}. Nothing was run. Fix ${errors.length === 1 ? "this" : "these"} and call again:`;
  for (let i = 0; i < errors.length; i++) text += "\n- " + errors[i]!.message;
  for (const l of knownLines(errors)) text += "\n- " + l;
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

/** [A-Za-z_$], and digits after the first character. */
function identChar(c: number, after: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || (after && c >= 48 && c <= 57);
}

/** A path of one bare name ("layout", not "a.b", "a[0]" or "[\"odd key\"]"), or the arguments themselves (""). */
function flatPath(p: string): boolean {
  return p.indexOf(".") < 0 && p.indexOf("[") < 0;
}

/**
 * The feedback's order: errors grouped by path, array items by index
 * (line_items[0] before line_items[1]), names in the order first found (the
 * schema's), an object's own errors before its members'. Stable otherwise.
 */
function byPath(errors: ValidationError[]): ValidationError[] {
  const n = errors.length;
  if (n < 2) return errors;
  // Every path a bare name or "": the arguments' own errors, then by name in the order first found.
  let flat = true;
  for (let i = 0; i < n && flat; i++) flat = flatPath(errors[i]!.path);
  if (flat && n <= 16) {
    // Already grouped (no name comes back after another): the order found is the order.
    let grouped = true;
    for (let i = 1; i < n && grouped; i++) {
      const p = errors[i]!.path;
      if (p === errors[i - 1]!.path) continue;
      if (p === "") grouped = false;
      for (let j = 0; j < i - 1 && grouped; j++) if (errors[j]!.path === p) grouped = false;
    }
    if (grouped) return errors;
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

export function errorReport(tool: string, errors: ValidationError[]): ValidationReport {
  // A failing `is` must yield at least one error; if the collector found none the two
  // paths disagree, which is a toolform bug: say so rather than pass the call.
  if (errors.length === 0) errors.push(mk("", "constraint_errors", "schema", "a value matching the schema", "?", "arguments: does not match the schema", "The arguments do not match the input schema."));
  return new Report(tool, errors, false, []);
}

export function unknownToolReport(name: string, known: readonly string[]): ValidationReport {
  return new Report(name, [], true, nearestNames(name, known));
}

/** A call object that throws when read (a Proxy, a getter on `name`): no tool is named, and the report says why. */
export function unreadableCallReport(e: unknown): ValidationReport {
  const s: ValidationError[] = [];
  unjudged(s, e);
  s[0] = { ...s[0]!, text: "call: not readable (plain JSON data)", message: 'The tool call could not be read as plain JSON data. Send {"name": …, "arguments": {…}}.' };
  return new Report("", s, true, []);
}

/**
 * The generated `validateCall`: total on any value. A call whose `name` is not a
 * tool's (a non-string, an object whose toString throws) is an unknown tool; a call
 * object that throws when read (a Proxy, a getter on `name` or `arguments`) is a
 * refusal saying so, never an exception.
 */
export function callReport(toolset: Readonly<Record<string, Tool>>, known: readonly string[], call: unknown): ValidationReport {
  let name: unknown;
  try {
    name = call === null || call === undefined ? undefined : (call as { name?: unknown }).name;
  } catch (e) {
    return unreadableCallReport(e);
  }
  if (typeof name !== "string" || !hasOwn.call(toolset, name)) return unknownToolReport(typeof name === "string" ? name : show(name), known);
  try {
    const args = (call as { arguments?: unknown }).arguments;
    return toolset[name]!.validate(args === undefined ? {} : args);
  } catch (e) {
    // A throwing `arguments` getter (validate itself is total); only then is an error list made.
    const s: ValidationError[] = [];
    unjudged(s, e);
    return errorReport(name, s);
  }
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

/** A report under a coerce mode: the report of the coerced value, with that value and its repairs. */
class CoercedReport implements ValidationReport {
  readonly ok: boolean;
  readonly unknown_tool: boolean;
  readonly n_errors: number;
  readonly tool: string;
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
    this.n_errors = base.n_errors;
    this.tool = base.tool;
    this.nearest = base.nearest;
  }
  // The base report's errors, buckets and text (built when first read, if the base builds them lazily).
  get errors(): ValidationError[] {
    return this.#base.errors;
  }
  get missing_required(): string[] {
    return this.#base.missing_required;
  }
  get unknown_args(): string[] {
    return this.#base.unknown_args;
  }
  get type_errors(): string[] {
    return this.#base.type_errors;
  }
  get enum_errors(): string[] {
    return this.#base.enum_errors;
  }
  get constraint_errors(): string[] {
    return this.#base.constraint_errors;
  }
  get feedback(): string {
    return this.#base.feedback;
  }
  toDict(): ReportDict {
    return Report.prototype.toDict.call(this);
  }
  toJSON(): ReportDict {
    return this.toDict();
  }
}

const NORMALIZE_MODES: Readonly<Record<NormalizeMode, number>> = Object.freeze({ none: 0, lenient: 1, normalized: 2, compare: 3 });
const NO_REPAIRS: readonly Repair[] = Object.freeze([]);

/** Builds a tool object from the generated pieces. */
export function makeTool<Args>(def: {
  name: string;
  description: string;
  inputSchema: Record<string, unknown> | boolean;
  schemaHash: string;
  is: (v: unknown) => boolean;
  collect: (v: unknown, s: ValidationError[]) => void;
  /** The generated normaliser: (args, mode 1 lenient | 2 normalized | 3 compare, repairs) => value. Absent: nothing is repaired. */
  normalize?: (v: unknown, m: number, r: Repair[]) => unknown;
  coerce?: CoerceMode;
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
  const collect = (v: unknown, s: ValidationError[]): void => {
    work.n = 0;
    try {
      def.collect(v, s);
    } catch (e) {
      unjudged(s, e);
    }
    if (work.n > WORK_MAX) workErr(s);
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
  const modeOf = (mode: unknown): number => {
    const m = NORMALIZE_MODES[mode as NormalizeMode];
    if (typeof m !== "number" || !hasOwn.call(NORMALIZE_MODES, mode as string)) throw new TypeError(`normalize: unknown mode ${String(mode)}; use "none", "lenient", "normalized" or "compare"`);
    return m;
  };
  const normalize = (v: unknown, mode: NormalizeMode = "compare"): NormalizeResult => {
    const m = modeOf(mode);
    if (m === 0 || (m !== 3 && is(v))) return { value: v, repairs: NO_REPAIRS };
    const r: Repair[] = [];
    const value = nz(v, m, r);
    return { value, repairs: r.length ? r : NO_REPAIRS };
  };
  const cm = NORMALIZE_MODES[coerce];
  /** The coerced value and its repairs; the value itself when it already fits (nothing allocated). */
  const coerced = (v: unknown): { value: unknown; r: Repair[] | undefined } => {
    if (is(v)) return { value: v, r: undefined };
    const r: Repair[] = [];
    return { value: nz(v, cm, r), r };
  };
  const validate =
    cm === 0
      ? (v: unknown): ValidationReport => {
          if (is(v)) return ok;
          const s: ValidationError[] = [];
          collect(v, s);
          return errorReport(def.name, s);
        }
      : (v: unknown): ValidationReport => {
          const { value, r } = coerced(v);
          const repairs: readonly Repair[] = r && r.length ? r : NO_REPAIRS;
          if (r === undefined || is(value)) return new CoercedReport(ok, value, repairs);
          const s: ValidationError[] = [];
          collect(value, s);
          return new CoercedReport(errorReport(def.name, s), value, repairs);
        };
  return Object.freeze({
    name: def.name,
    description: def.description,
    inputSchema: def.inputSchema,
    schemaHash: def.schemaHash,
    is,
    validate,
    coerce,
    normalize,
    "~standard": Object.freeze({
      version: 1 as const,
      vendor: "toolform",
      validate: (v: unknown) => {
        if (is(v)) return { value: v as Args };
        const value = cm === 0 ? v : coerced(v).value;
        if (value !== v && is(value)) return { value: value as Args };
        const s: ValidationError[] = [];
        collect(value, s);
        return { issues: errorReport(def.name, s).errors.map((e) => ({ message: e.message, path: pathKeys(e.path) })) };
      },
      jsonSchema: { input: () => def.inputSchema as Record<string, unknown> },
    }),
  });
}

/**
 * Work done by one check, counted in calls of recursive ($ref-target) functions. Branches
 * of anyOf/oneOf that recurse into the same value make checking exponential in the depth
 * of the input — a 700-byte argument can take seconds (ajv's too) — so past WORK_MAX calls
 * the check stops and refuses ("maxSteps"), fail-closed (an error-path call counts 4: that
 * path allocates). Every entry point (makeTool's
 * is/validate/normalize, compileSchema's is/validate) starts it again at 0.
 */
export const work = { n: 0 };
export const WORK_MAX = 1_000_000;

export function workErr(s: ValidationError[]): void {
  const what = `at most ${WORK_MAX} checks through recursive schemas`;
  s.push(mk("", "constraint_errors", "maxSteps", what, "a value too costly to check", `arguments: needs more than ${WORK_MAX} recursive checks (maxSteps)`, `The arguments are too costly to check (${what}); send a smaller or less deeply nested value.`));
}

/** A value the validator could not read to the end: a throwing Proxy or getter, or nesting past the call stack. */
export function unjudged(s: ValidationError[], e: unknown): void {
  const deep = e instanceof RangeError;
  const expected = deep ? "nesting the validator can follow" : "plain JSON data";
  const message = deep ? "The arguments are nested too deeply to check." : "The arguments could not be read as plain JSON data.";
  s.push(mk("", "constraint_errors", deep ? "maxDepth" : "type", expected, deep ? "a value nested too deeply" : "a value that throws when read", `arguments: not checkable (${expected})`, message));
}

/** "edits[0].oldText" → ["edits", 0, "oldText"] (for Standard Schema issue paths). */
export function pathKeys(path: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  const re = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3]!)));
  return keys;
}

// ---------------------------------------------------------------- paths and values

/** JSON.stringify for a string, without its cost in the common case (nothing to escape: one scan, no regex). */
export function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // ", \ and control characters are escaped; for surrogates and U+2028/9 JSON.stringify decides (it escapes lone surrogates only)
    if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029) return JSON.stringify(s);
  }
  return '"' + s + '"';
}

/** A name a path writes bare (a.b): [A-Za-z_$][A-Za-z0-9_$]*, checked without a regex. */
function isIdent(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) if (!identChar(key.charCodeAt(i), i > 0)) return false;
  return true;
}

/** Path of a property below `p`, in the notation models read: a.b, a["odd key"]. */
export function pk(p: string, key: string): string {
  if (isIdent(key)) return p === "" ? key : p + "." + key;
  return p + "[" + quote(key) + "]";
}

/** Path of an item below `p`. */
export function pi(p: string, i: number): string {
  return p + "[" + i + "]";
}

/** The field as named in a message. */
function field(p: string): string {
  return p === "" ? "The arguments" : quote(p);
}

function at(p: string): string {
  return p === "" ? "arguments" : p;
}

export function clip(s: string, n = 60): string {
  return s.length <= n ? s : s.slice(0, n) + "…";
}

/** JSON Schema's name for the type of a value. */
export function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  if (t === "number") return Number.isInteger(v) ? "integer" : Number.isFinite(v) ? "number" : String(v);
  if (t === "string" || t === "boolean" || t === "object") return t;
  return t; // undefined, bigint, symbol, function: not JSON
}

/** A short, safe rendering of a value, as JSON where possible. */
export function show(v: unknown, n = 60): string {
  try {
    if (typeof v === "string") return quote(clip(v, n));
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
    if (typeof v === "bigint") return String(v) + "n";
    if (v === undefined || typeof v === "symbol" || typeof v === "function") return typeof v;
    if (Array.isArray(v)) return v.length === 0 ? "[]" : `an array of ${v.length} item${v.length === 1 ? "" : "s"}`;
    if (typeof v === "object" && v !== null) {
      const keys = Object.keys(v);
      return keys.length === 0 ? "{}" : `an object with ${clip(keys.slice(0, 5).map((k) => JSON.stringify(k)).join(", ") + (keys.length > 5 ? ", …" : ""), n)}`;
    }
    return String(v);
  } catch {
    return "a value that cannot be shown";
  }
}

/** What was received, for a message: `the string "ten"`, `the number 5`, `null`. */
export function describe(v: unknown): string {
  const t = jsonType(v);
  if (t === "string") return "the string " + show(v);
  if (t === "integer" || t === "number") return "the number " + show(v);
  if (t === "boolean" || t === "null") return String(v);
  return show(v);
}

function exampleSuffix(ex: string | undefined): string {
  return ex === undefined ? "" : ". Example: " + ex;
}

function mk(
  path: string,
  bucket: Bucket,
  keyword: string,
  expected: string,
  received: string,
  text: string,
  message: string,
  example?: string,
  suggestion?: string,
): ValidationError {
  // One object shape for every error (optional fields present, maybe undefined): keeps the error path monomorphic.
  return { path, bucket, keyword, expected, received, text, message, example, suggestion };
}

// ---------------------------------------------------------------- error constructors (error path only)

/** Wrong type. `types` is the schema's wording ("integer", "string or null"), `phrase` the message's ("an integer"). */
export function typeErr(s: ValidationError[], p: string, v: unknown, types: string, phrase: string, ex?: string): void {
  const got = describe(v);
  s.push(mk(p, "type_errors", "type", phrase, got, `${at(p)}: expected ${types}, got ${jsonType(v)}`, `${field(p)} must be ${phrase}; got ${got}${exampleSuffix(ex)}`, ex));
}

/** A required property `key` is missing from the object at `p`. */
export function missing(s: ValidationError[], p: string, key: string, ex?: string): void {
  const path = pk(p, key);
  s.push(
    mk(path, "missing_required", "required", "present", "nothing", path, `${quote(path)} is required${ex === undefined ? "" : ". Example: " + quote(key) + ": " + ex}`, ex),
  );
}

/**
 * An unknown key's error. Besides the public fields it keeps what its object declares and
 * the declared names near the key (one scan finds both them and the suggestion): the
 * feedback says the list once per object, not once per unknown key, so the message leaves
 * it out. Private fields: a copy ({...e}) or JSON carries only the public ones.
 */
class UnknownKeyError implements ValidationError {
  path: string;
  bucket: Bucket;
  keyword: string;
  expected: string;
  received: string;
  text: string;
  message: string;
  example: string | undefined;
  suggestion: string | undefined;
  readonly #known: readonly string[];
  readonly #whose: string;
  readonly #near: readonly string[];
  constructor(path: string, received: string, message: string, suggestion: string | undefined, known: readonly string[], whose: string, near: readonly string[]) {
    this.path = path;
    this.bucket = "unknown_args";
    this.keyword = "additionalProperties";
    this.expected = "no such property";
    this.received = received;
    this.text = path;
    this.message = message;
    this.example = undefined;
    this.suggestion = suggestion;
    this.#known = known;
    this.#whose = whose;
    this.#near = near;
  }
  /** The declared names of the error's object, the line's head, and the names near the key; undefined for any other error. */
  static of(e: ValidationError): { known: readonly string[]; whose: string; near: readonly string[] } | undefined {
    return #known in e && e.#known.length > 0 ? { known: e.#known, whose: e.#whose, near: e.#near } : undefined;
  }
}

/** A property `key` of the object at `p` that the schema does not declare. `owner` is the tool name at the root. */
export function unknownKey(s: ValidationError[], p: string, key: string, known: readonly string[], owner: string): void {
  const path = pk(p, key);
  const { suggestion, nearest } = suggestAndNearest(key, known);
  const qp = p === "" ? "" : quote(p);
  const whose = p === "" ? "a parameter of " + owner : "a field of " + qp;
  const none = known.length === 0 ? " It takes none." : "";
  const hint = suggestion === undefined ? "" : ` (did you mean ${quote(suggestion)}?)`;
  const head = p === "" ? "Parameters of " + owner : "Fields of " + qp;
  s.push(new UnknownKeyError(path, quote(clip(key)), `${quote(path)} is not ${whose}${hint}.${none}`, suggestion, known, head, nearest));
}

/** At most this many names in a list line; the suggested and closest come first, so a long list loses only far names. */
const LIST_MAX = 40;

/**
 * One line per object with unknown keys: its declared names, the suggested ones first,
 * then those close to any unknown key, then the rest in the schema's order.
 */
function knownLines(errors: readonly ValidationError[]): string[] {
  let groups: Map<readonly string[], { whose: string; meant: string[]; close: string[] }> | undefined;
  for (const e of errors) {
    const k = UnknownKeyError.of(e);
    if (k === undefined) continue;
    groups ??= new Map();
    let g = groups.get(k.known);
    if (g === undefined) groups.set(k.known, (g = { whose: k.whose, meant: [], close: [] }));
    if (e.suggestion !== undefined) g.meant.push(e.suggestion);
    for (const n of k.near) g.close.push(n);
  }
  const out: string[] = [];
  if (groups === undefined) return out;
  for (const [known, g] of groups) {
    const names = uniqueNames(g.meant, g.close, known);
    let shown = "";
    for (let i = 0; i < names.length && i < LIST_MAX; i++) shown += (i ? ", " : "") + names[i]!;
    if (names.length > LIST_MAX) shown += `, … (${names.length} in all)`;
    out.push(`${g.whose}: ${shown}`);
  }
  return out;
}

/** [...new Set([...a, ...b, ...c])] without the copies: a short list is searched, a long one goes through a Set. */
function uniqueNames(a: readonly string[], b: readonly string[], c: readonly string[]): string[] {
  const names: string[] = [];
  const seen = a.length + b.length + c.length > 24 ? new Set<string>() : undefined;
  for (const list of [a, b, c]) {
    for (let i = 0; i < list.length; i++) {
      const n = list[i]!;
      if (seen === undefined ? names.includes(n) : seen.has(n)) continue;
      seen?.add(n);
      names.push(n);
    }
  }
  return names;
}

/** An enum's texts, made once per list (the lists are module constants): what it expects, its list as the bucket line writes it, its strings (for suggestions). */
interface EnumTexts {
  expected: string;
  list: string;
  strings: string[];
}
const enumTextsOf = new WeakMap<readonly unknown[], EnumTexts>();
function enumTexts(allowed: readonly unknown[]): EnumTexts {
  let t = enumTextsOf.get(allowed);
  if (t === undefined) {
    const shown = allowed.slice(0, 12).map((a) => show(a, 40)).join(", ") + (allowed.length > 12 ? `, … (${allowed.length} in all)` : "");
    const one = allowed.length === 1 ? show(allowed[0], 40) : undefined;
    t = { expected: one ?? "one of: " + shown, list: one ?? "[" + shown + "]", strings: allowed.filter((a): a is string => typeof a === "string") };
    enumTextsOf.set(allowed, t);
  }
  return t;
}

/** A value outside its enum (or unequal to its const: `allowed` has one element). */
export function enumErr(s: ValidationError[], p: string, v: unknown, allowed: readonly unknown[], keyword: string, ex?: string): void {
  const t = enumTexts(allowed);
  const got = show(v);
  const near = typeof v === "string" ? suggestName(v, t.strings, () => lastKey(p)) : undefined;
  const hint = near === undefined ? "" : ` (did you mean ${quote(near)}?)`;
  s.push(mk(p, "enum_errors", keyword, t.expected, got, `${at(p)}: ${got} not in ${t.list}`, `${field(p)} must be ${t.expected}; got ${got}${hint}`, ex, near));
}

const LIMIT: Record<string, [string, string]> = {
  minimum: ["<", ">="],
  maximum: [">", "<="],
  exclusiveMinimum: ["<=", ">"],
  exclusiveMaximum: [">=", "<"],
};

/** A number outside minimum/maximum/exclusiveMinimum/exclusiveMaximum. */
export function limitErr(s: ValidationError[], p: string, v: number, keyword: string, limit: number, ex?: string): void {
  const [bad, good] = LIMIT[keyword] ?? ["?", "?"];
  s.push(mk(p, "constraint_errors", keyword, `${good} ${limit}`, show(v), `${at(p)}: ${show(v)} ${bad} ${keyword} ${limit}`, `${field(p)} must be ${good} ${limit}; got ${show(v)}${exampleSuffix(ex)}`, ex));
}

export function multipleErr(s: ValidationError[], p: string, v: number, m: number, ex?: string): void {
  s.push(mk(p, "constraint_errors", "multipleOf", `a multiple of ${m}`, show(v), `${at(p)}: ${show(v)} is not a multiple of ${m}`, `${field(p)} must be a multiple of ${m}; got ${show(v)}${exampleSuffix(ex)}`, ex));
}

const SIZE: Record<string, [string, string, string, string]> = {
  // keyword: [at least/at most, unit, plural unit, what]
  minLength: ["at least", "character", "characters", "length"],
  maxLength: ["at most", "character", "characters", "length"],
  minItems: ["at least", "item", "items", "items"],
  maxItems: ["at most", "item", "items", "items"],
  minProperties: ["at least", "property", "properties", "properties"],
  maxProperties: ["at most", "property", "properties", "properties"],
  minContains: ["at least", "matching item", "matching items", "matching items"],
  maxContains: ["at most", "matching item", "matching items", "matching items"],
};

/** A size out of bounds: `n` is the measured size (code points, items, properties). */
export function sizeErr(s: ValidationError[], p: string, v: unknown, n: number, keyword: string, limit: number, ex?: string): void {
  const [rel, unit, units, what] = SIZE[keyword] ?? ["?", "", "", "size"];
  const op = keyword.startsWith("min") ? "<" : ">";
  const has = typeof v === "string" ? `${show(v)} (${n} ${n === 1 ? unit : units})` : `${n} ${n === 1 ? unit : units}`;
  s.push(
    mk(p, "constraint_errors", keyword, `${rel} ${limit} ${limit === 1 ? unit : units}`, has, `${at(p)}: ${what} ${n} ${op} ${keyword} ${limit}`, `${field(p)} must have ${rel} ${limit} ${limit === 1 ? unit : units}; got ${has}${exampleSuffix(ex)}`, ex),
  );
}

/** A string the pattern refuses. `expected` is the build-time description ("a 32-character hex string (pattern …)"); `len`, when every match has that many characters. */
export function patternErr(s: ValidationError[], p: string, v: string, source: string, expected: string, ex?: string, len?: number): void {
  const n = len === undefined ? len : ucs2length(v);
  const got = n === undefined || n === len ? show(v) : `${show(v)} (${n} character${n === 1 ? "" : "s"})`;
  s.push(mk(p, "constraint_errors", "pattern", expected, got, `${at(p)}: ${show(v)} does not match pattern ${quote(clip(source, 200))}`, `${field(p)} must be ${expected}; got ${got}${exampleSuffix(ex)}`, ex));
}

/** A string that is not of its format. `words` is the build-time description ("a date (YYYY-MM-DD)"). */
export function formatErr(s: ValidationError[], p: string, v: string, format: string, words: string, ex?: string): void {
  s.push(mk(p, "constraint_errors", "format", words, show(v), `${at(p)}: ${show(v)} is not a valid ${format}`, `${field(p)} must be ${words}; got ${show(v)}${exampleSuffix(ex)}`, ex));
}

export function uniqueErr(s: ValidationError[], p: string, i: number, j: number): void {
  s.push(mk(p, "constraint_errors", "uniqueItems", "unique items", `items ${i} and ${j} equal`, `${at(p)}: items ${i} and ${j} are equal (uniqueItems)`, `${field(p)} must not repeat items; items ${i} and ${j} are equal`));
}

/** Any other constraint, with texts built by the generator (combinators, not, depth, x-compare). */
export function constraintErr(s: ValidationError[], p: string, v: unknown, keyword: string, expected: string, text: string, message: string, ex?: string): void {
  s.push(mk(p, "constraint_errors", keyword, expected, show(v), `${at(p)}: ${text}`, `${field(p)} ${message}; got ${show(v)}${exampleSuffix(ex)}`, ex));
}

/** A schema that accepts nothing (`false`), or a property forbidden by one. */
export function falseErr(s: ValidationError[], p: string, v: unknown): void {
  s.push(mk(p, "constraint_errors", "false", "nothing", show(v), `${at(p)}: not allowed`, `${field(p)} is not allowed here`));
}

/** For `anyOf: [X, {type: "null"}]`: X's type errors at `p` say "… or null". */
export function orNull(s: ValidationError[], from: number, p: string): void {
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    if (e.path === p && e.bucket === "type_errors" && !e.expected.endsWith(" or null")) {
      const expected = e.expected + " or null";
      s[i] = { ...e, expected, text: e.text.replace(/, got /, " or null, got "), message: e.message.replace(" must be " + e.expected, " must be " + expected) };
    }
  }
}

/**
 * `null` for an optional field that refuses null: models send it for "no value", so the
 * errors found at `p` since index `from` say it can be left out. `phrase`: what the field
 * takes, in words ("an array of strings"), else the error's own wording.
 */
export function nullOptional(s: ValidationError[], from: number, p: string, phrase?: string): void {
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    if (e.path === p && (e.bucket === "type_errors" || e.bucket === "enum_errors")) s[i] = { ...e, message: `${field(p)} is optional: omit it, or give ${phrase ?? e.expected}${exampleSuffix(e.example)}` };
  }
}

/** Replaces the messages of errors found below index `from` (the `errorMessage` keyword). */
export function overrideMessages(s: ValidationError[], from: number, msg: string | Readonly<Record<string, string>>): void {
  for (let i = from; i < s.length; i++) {
    const e = s[i]!;
    const m = typeof msg === "string" ? msg : msg[e.keyword];
    if (m !== undefined) s[i] = { ...e, message: m };
  }
}

// ---------------------------------------------------------------- near misses

// The matcher itself (nearestNames, suggestName) is @toolform/runtime's src/suggest.ts, spliced in above.

/** The last property name of a path ("a.merge_method", "a.merge_method[2]" → "merge_method"): the words an enum value may repeat. */
function lastKey(p: string): string | undefined {
  const keys = pathKeys(p);
  for (let i = keys.length - 1; i >= 0; i--) if (typeof keys[i] === "string") return keys[i] as string;
  return undefined;
}

// ---------------------------------------------------------------- predicates the fast path uses

/** Length in Unicode code points (JSON Schema counts characters, not UTF-16 units). */
export function ucs2length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/**
 * JSON equality: 1 equals 1.0, key order does not matter, at any depth. Total on any
 * JS value: the recursive walk stops at 128 levels or 100,000 steps and
 * hands over to `deepEqualWide`, which keeps its own stack (100,000-deep input cannot
 * overflow the call stack) and remembers pairs of objects, so shared (DAG) structures
 * cost each pair once and a cycle ends: two objects are equal when they are the same
 * object or structurally equal along every path; a cycle of distinct objects is not.
 * Small comparisons allocate nothing.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  eqSteps = 0;
  const r = eqWalk(a, b, 0);
  return r !== undefined ? r : deepEqualWide(a, b);
}

let eqSteps = 0;

/** true/false, or undefined when the walk got too deep or too long for recursion. */
function eqWalk(a: unknown, b: unknown, depth: number): boolean | undefined {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (depth > 128 || ++eqSteps > 100_000) return undefined;
  const aa = Array.isArray(a);
  if (aa !== Array.isArray(b)) return false;
  if (aa) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const r = eqWalk(x[i], y[i], depth + 1);
      if (r !== true) return r;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  for (const k of kx) {
    if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
    const r = eqWalk(x[k], y[k], depth + 1);
    if (r !== true) return r;
  }
  return true;
}

/** deepEqual for deep, long, shared or cyclic input: an explicit stack and a memo of pairs (1 = being compared, 2 = equal). */
function deepEqualWide(a: object, b: object): boolean {
  const state = new Map<object, Map<object, number>>();
  const mark = (x: object, y: object, v: number) => {
    let m = state.get(x);
    if (m === undefined) state.set(x, (m = new Map()));
    m.set(y, v);
  };
  type Frame = { x: Record<string, unknown>; y: Record<string, unknown>; keys: string[] | undefined; n: number; i: number };
  const enter = (x: object, y: object): Frame | undefined => {
    const xa = Array.isArray(x);
    if (xa !== Array.isArray(y)) return undefined;
    if (xa) return (x as unknown[]).length === (y as unknown[]).length ? { x: x as never, y: y as never, keys: undefined, n: (x as unknown[]).length, i: 0 } : undefined;
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length ? { x: x as never, y: y as never, keys, n: keys.length, i: 0 } : undefined;
  };
  const first = enter(a, b);
  if (first === undefined) return false;
  mark(a, b, 1);
  const stack: Frame[] = [first];
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.i === f.n) {
      stack.pop();
      mark(f.x, f.y, 2);
      continue;
    }
    const k = f.keys === undefined ? f.i : f.keys[f.i]!;
    f.i++;
    if (f.keys !== undefined && !Object.prototype.hasOwnProperty.call(f.y, k)) return false;
    const u = f.x[k];
    const w = f.y[k];
    if (u === w) continue;
    if (typeof u !== "object" || typeof w !== "object" || u === null || w === null) return false;
    const seen = state.get(u)?.get(w);
    if (seen === 2) continue;
    if (seen === 1) return false; // a cycle of distinct objects
    const next = enter(u, w);
    if (next === undefined) return false;
    mark(u, w, 1);
    stack.push(next);
  }
  return true;
}

/**
 * Index pair of the first two equal items, or undefined when all are unique.
 * Up to 64 items: pairwise, as deepEqual (allocates nothing). Beyond that pairwise
 * is quadratic — a million items would be 5·10^11 comparisons — so items meet in Maps
 * instead: primitives by themselves (=== semantics), objects by a canonical text
 * (`canonical`: for such items equal texts ⇔ deepEqual). Objects that have no text
 * (they reach NaN, a function, a symbol or a cycle, or their text would pass 10^7
 * characters) are compared with deepEqual, pairwise, against the others of their
 * bucket (`shallowKey`: the same for equal items). An item has a text exactly when an
 * item equal to it has one, so the two groups never need to meet.
 */
export function firstDuplicate(a: readonly unknown[]): [number, number] | undefined {
  const n = a.length;
  if (n <= 64) {
    for (let j = 1; j < n; j++) for (let i = 0; i < j; i++) if (deepEqual(a[i], a[j])) return [i, j];
    return undefined;
  }
  const prims = new Map<unknown, number>();
  const exact = new Map<string, number>();
  const loose = new Map<string, number[]>();
  const memo = new Map<object, string | null | false>();
  for (let j = 0; j < n; j++) {
    const x = a[j];
    if (typeof x !== "object" || x === null) {
      // Map keys compare by SameValueZero: === for everything but NaN, which equals nothing.
      if (x !== x) continue;
      const i = prims.get(x);
      if (i !== undefined) return [i, j];
      prims.set(x, j);
      continue;
    }
    canonSteps = 0;
    let k = canonicalSmall(x, 0);
    if (k === undefined) k = canonical(x, memo);
    if (k !== null) {
      const i = exact.get(k);
      if (i !== undefined) return [i, j];
      exact.set(k, j);
      continue;
    }
    const shallow = shallowKey(x);
    const bucket = loose.get(shallow);
    if (bucket === undefined) loose.set(shallow, [j]);
    else {
      // These items reach a cycle, NaN, a function or a symbol: straight to the cycle-aware walk.
      for (const i of bucket) if (a[i] === x || deepEqualWide(a[i] as object, x)) return [i, j];
      bucket.push(j);
    }
  }
  return undefined;
}

const CANONICAL_MAX = 10_000_000;
let canonSteps = 0;

/** canonical() for the common item — small, shallow, no cycle: plain recursion, no memo. undefined: too big or deep, ask canonical(). */
function canonicalSmall(x: unknown, depth: number): string | null | undefined {
  switch (typeof x) {
    case "string":
      return JSON.stringify(x);
    case "number":
      return x !== x ? null : String(x);
    case "boolean":
      return x ? "t" : "f";
    case "undefined":
      return "u";
    case "bigint":
      return String(x) + "n";
    case "object":
      if (x === null) return "z";
      break;
    default:
      return null;
  }
  if (depth > 32 || ++canonSteps > 10_000) return undefined;
  let s: string;
  if (Array.isArray(x)) {
    s = "[";
    for (let i = 0; i < x.length; i++) {
      const t = canonicalSmall(x[i], depth + 1);
      if (typeof t !== "string") return t;
      s += (i ? "," : "") + t;
    }
    return s + "]";
  }
  const o = x as Record<string, unknown>;
  const ks = Object.keys(o).sort();
  s = "{";
  for (let i = 0; i < ks.length; i++) {
    const t = canonicalSmall(o[ks[i]!], depth + 1);
    if (typeof t !== "string") return t;
    s += (i ? "," : "") + JSON.stringify(ks[i]) + ":" + t;
  }
  return s + "}";
}

/**
 * The canonical text of a JSON-like object: strings JSON-quoted, numbers printed (0 and -0
 * alike, as ===), object keys sorted. null when there is none (see firstDuplicate). An
 * explicit stack (100,000-deep input cannot overflow) and a memo per object (shared
 * structure is written once; false marks an object being written, so meeting it again is a cycle).
 */
function canonical(root: object, memo: Map<object, string | null | false>): string | null {
  const known = memo.get(root);
  if (known !== undefined) return known === false ? null : known;
  type Frame = { o: Record<string, unknown>; keys: string[] | undefined; n: number; i: number; s: string };
  const open = (o: object): Frame => {
    memo.set(o, false);
    if (Array.isArray(o)) return { o: o as never, keys: undefined, n: o.length, i: 0, s: "[" };
    const keys = Object.keys(o).sort();
    return { o: o as never, keys, n: keys.length, i: 0, s: "{" };
  };
  const stack: Frame[] = [open(root)];
  // Every object being written reaches what failed, wherever it is met: none has a text.
  const fail = (): null => {
    for (const f of stack) memo.set(f.o, null);
    return null;
  };
  for (;;) {
    const f = stack[stack.length - 1]!;
    if (f.i === f.n) {
      const text = f.s + (f.keys === undefined ? "]" : "}");
      memo.set(f.o, text);
      stack.pop();
      if (stack.length === 0) return text;
      const p = stack[stack.length - 1]!;
      p.s += text;
      if (p.s.length > CANONICAL_MAX) return fail();
      continue;
    }
    const idx = f.i++;
    if (idx > 0) f.s += ",";
    let x: unknown;
    if (f.keys === undefined) x = f.o[idx];
    else {
      const k = f.keys[idx]!;
      f.s += JSON.stringify(k) + ":";
      x = f.o[k];
    }
    let t: string;
    switch (typeof x) {
      case "string":
        t = JSON.stringify(x);
        break;
      case "number":
        if (x !== x) return fail();
        t = String(x);
        break;
      case "boolean":
        t = x ? "t" : "f";
        break;
      case "undefined":
        t = "u";
        break;
      case "bigint":
        t = String(x) + "n";
        break;
      case "object": {
        if (x === null) {
          t = "z";
          break;
        }
        const m = memo.get(x);
        if (m === undefined) {
          stack.push(open(x));
          continue;
        }
        if (m === null || m === false) return fail();
        t = m;
        break;
      }
      default:
        return fail();
    }
    f.s += t;
    if (f.s.length > CANONICAL_MAX) return fail();
  }
}

/** The top level of an object or array: its keys (sorted) or length, and its primitive members. Equal for deepEqual items. */
function shallowKey(v: object): string {
  const part = (x: unknown): string => (typeof x === "string" ? JSON.stringify(x) : typeof x === "object" && x !== null ? (Array.isArray(x) ? "a" : "o") : typeof x === "number" ? String(x) : typeof x);
  if (Array.isArray(v)) {
    let s = "[" + v.length;
    for (let i = 0; i < v.length && i < 8; i++) s += "," + part(v[i]);
    return s;
  }
  const o = v as Record<string, unknown>;
  const ks = Object.keys(o).sort();
  let s = "{";
  for (let i = 0; i < ks.length && i < 32; i++) s += JSON.stringify(ks[i]) + ":" + part(o[ks[i]!]) + ",";
  return s + ks.length;
}

/** `multipleOf` that is right for fractions (0.1, 0.01) and does not overflow. */
export function isMultipleOf(v: number, m: number): boolean {
  if (Number.isInteger(m) && Number.isInteger(v)) return v % m === 0;
  const q = v / m;
  // Overflow: every integer is a multiple of 1/n (0.5, 0.25, …) even when v / m is Infinity.
  if (!Number.isFinite(q)) return Number.isInteger(v) && Number.isInteger(1 / m);
  if (Number.isInteger(q)) return true;
  // Decimal-aware check: scale both by the number of decimals in m.
  const dec = decimals(m);
  if (dec > 0 && dec < 16) {
    const scale = 10 ** dec;
    const sv = Math.round(v * scale);
    // Relative tolerance only: 5e-324 must not round to a "multiple" of 0.5.
    if (Math.abs(sv - v * scale) <= 1e-9 * Math.abs(v * scale)) {
      const sm = Math.round(m * scale);
      return Number.isSafeInteger(sv) ? sv % sm === 0 : Math.abs(q - Math.round(q)) < 1e-9;
    }
    return false;
  }
  return false;
}

function decimals(m: number): number {
  const s = String(m);
  const e = s.indexOf("e-");
  if (e >= 0) return Number(s.slice(e + 2)) + (s.indexOf(".") >= 0 ? e - s.indexOf(".") - 1 : 0);
  const d = s.indexOf(".");
  return d < 0 ? 0 : s.length - d - 1;
}

/** Own property test, for keys that objects inherit (constructor, toString, __proto__, ...). */
export const hasOwn = Object.prototype.hasOwnProperty;

// ---------------------------------------------------------------- combinators (error path)

/** One alternative of anyOf/oneOf, described at build time (src/emit/validator/phrases.ts). */
export interface Alternative {
  /** What it accepts, in words: "\"latest\"", "a 32-character hex string (pattern …)". */
  readonly p: string;
  /** JSON types it accepts ([]: not known from the branch itself). */
  readonly t: readonly string[];
  /** Object branches: declared and required property names. */
  readonly k?: readonly string[];
  readonly r?: readonly string[];
  /** 1: a const or enum branch (number: a generated array literal widens the 1). */
  readonly l?: number;
}

/**
 * How far a value is from a failed branch (lower is closer): a branch of another JSON type is
 * farthest, then a const/enum the value does not equal (unless it is a near miss, "Latest"
 * for "latest"), then an object branch by the share of the value's keys it knows and of its
 * required keys present, then fewest errors.
 */
function distanceTo(a: Alternative, errors: readonly ValidationError[], v: unknown, t: string, p: string): number {
  const few = errors.length / (errors.length + 1); // < 1: breaks ties only
  if (a.t.length > 0 && !a.t.includes(t) && !(t === "integer" && a.t.includes("number")) && !(t === "number" && a.t.includes("integer"))) return 4000 + few;
  if (a.t.length === 0) for (const e of errors) if (e.path === p && e.bucket === "type_errors") return 4000 + few;
  if (a.l === 1) {
    for (const e of errors) if (e.path === p && e.bucket === "enum_errors") return e.suggestion === undefined ? 3000 + few : few;
    return few;
  }
  if (t === "object" && (a.k !== undefined || a.r !== undefined)) {
    const o = v as Record<string, unknown>;
    let total = 0;
    let fit = 0;
    for (const k in o) {
      if (!hasOwn.call(o, k)) continue;
      total++;
      if (a.k !== undefined && a.k.includes(k)) fit++;
    }
    for (const r of a.r ?? []) {
      total++;
      if (hasOwn.call(o, r) && o[r] !== undefined) fit++;
    }
    return 1000 * (total === 0 ? 1 : 1 - fit / total) + few;
  }
  return errors.length;
}

/** s.push(...errors) without the spread: a branch with a million errors (a million bad items) would overflow the call stack. */
function pushAll(s: ValidationError[], errors: readonly ValidationError[]): void {
  for (let i = 0; i < errors.length; i++) s.push(errors[i]!);
}

/**
 * Reports a value that matched no branch of anyOf/oneOf: the branch named by a discriminating
 * property (`tagKey`) when there is one; else the closest branch (see distanceTo), in one error
 * naming every alternative when its errors are about the value itself (`all`: the alternatives
 * in words, built at build time), or as its own errors followed by what the others accept.
 */
export function pickBranch(s: ValidationError[], p: string, v: unknown, branches: ValidationError[][], keyword: string, alts: readonly Alternative[], all: string, tagKey?: string, tags?: readonly unknown[]): void {
  if (tagKey !== undefined && tags !== undefined && typeof v === "object" && v !== null && !Array.isArray(v)) {
    const t = hasOwn.call(v, tagKey) ? (v as Record<string, unknown>)[tagKey] : undefined;
    const i = tags.findIndex((x) => deepEqual(x, t));
    if (i >= 0) {
      pushAll(s, branches[i]!);
      return;
    }
    if (t === undefined) missing(s, p, tagKey, show(tags[0]));
    else enumErr(s, pk(p, tagKey), t, tags, keyword, show(tags[0]));
    return;
  }
  const t = jsonType(v);
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < branches.length; i++) {
    const d = distanceTo(alts[i]!, branches[i]!, v, t, p);
    if (d < bestD) (best = i), (bestD = d);
  }
  const errors = branches[best]!;
  let flat = errors.length > 0;
  for (let i = 0; i < errors.length && flat; i++) if (errors[i]!.path !== p) flat = false;
  if (!flat) {
    // Errors inside the value: the closest branch's, then in a word what else the value may be.
    const from = s.length;
    pushAll(s, errors);
    let others = "";
    for (let i = 0; i < alts.length; i++) if (i !== best && alts[i]!.p !== alts[best]!.p && others.indexOf(alts[i]!.p) < 0) others += (others ? " or " : "") + alts[i]!.p;
    // One note per error: nested unions (a recursive schema, 128 deep) name only the innermost alternatives.
    if (others && from < s.length && s[from]!.message.indexOf(" (or else ") < 0) {
      const e = s[from]!;
      s[from] = { ...e, message: `${e.message} (or else ${field(p)} may be ${others})` };
    }
    return;
  }
  // One error for the value: every alternative named, the closest branch's received value, example and hint.
  const e = errors[0]!;
  const hint = e.suggestion === undefined ? "" : ` (did you mean ${quote(e.suggestion)}?)`;
  const text = e.bucket === "type_errors" ? `${at(p)}: expected ${typesText(alts)}, got ${t}` : e.text;
  s.push(mk(p, e.bucket, e.keyword, all, e.received, text, `${field(p)} must be ${all}; got ${e.received}${hint}${exampleSuffix(e.example)}`, e.example, e.suggestion));
}

/** "integer or string": the JSON types the alternatives accept. */
function typesText(alts: readonly Alternative[]): string {
  const seen: string[] = [];
  for (const a of alts) for (const x of a.t) if (!seen.includes(x)) seen.push(x);
  return seen.length ? seen.join(" or ") : "one of the alternatives";
}

/** oneOf matched by more than one branch. */
export function oneOfMany(s: ValidationError[], p: string, v: unknown, matched: number[], total: number): void {
  const which = matched.map((m) => "#" + m).join(" and ");
  constraintErr(s, p, v, "oneOf", `exactly one of ${total} alternatives`, `matches ${which} of oneOf`, `must match exactly one of the ${total} alternatives, but matches ${which}; remove what makes it fit more than one`);
}

// ---------------------------------------------------------------- x-compare

const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;

/** A comparable number for a value: numbers as is; date, date-time and time strings as instants. */
function instant(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const t = TIME_RE.exec(v);
  if (t) {
    const off = t[5]!.toLowerCase() === "z" ? 0 : (t[5]![0] === "-" ? -1 : 1) * (Number(t[5]!.slice(1, 3)) * 60 + Number(t[5]!.slice(4, 6)));
    return (Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3]) + Number(t[4] ?? 0) - off * 60) * 1000;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

/** True when both sides are present and comparable and `left op right` is false. */
export function compareFails(left: unknown, right: unknown, op: string): boolean {
  const a = instant(left);
  const b = instant(right);
  if (a === undefined || b === undefined || typeof left !== typeof right) return false;
  switch (op) {
    case "<":
      return !(a < b);
    case "<=":
      return !(a <= b);
    case ">":
      return !(a > b);
    case ">=":
      return !(a >= b);
    case "==":
      return a !== b;
    default:
      return a === b;
  }
}

const OP_WORDS: Record<string, string> = { "<": "before", "<=": "at or before", ">": "after", ">=": "at or after", "==": "equal to", "!=": "different from" };
const OP_NUM: Record<string, string> = { "<": "less than", "<=": "at most", ">": "greater than", ">=": "at least", "==": "equal to", "!=": "different from" };

export function compareErr(s: ValidationError[], p: string, left: string, lv: unknown, op: string, right: string, rv: unknown): void {
  const lp = pk(p, left);
  const rp = pk(p, right);
  // Skipped when either side is already wrong on its own.
  for (const e of s) if (e.path === lp || e.path === rp) return;
  const words = (typeof lv === "number" ? OP_NUM : OP_WORDS)[op] ?? op;
  s.push(
    mk(lp, "constraint_errors", "x-compare", `${words} ${quote(rp)}`, show(lv), `${lp}: ${show(lv)} ${op} ${rp} (${show(rv)}) does not hold`, `${quote(lp)} must be ${words} ${quote(rp)} (${show(rv)}); got ${show(lv)}`),
  );
}

/** Recursion deeper than the schema's bound (recursive $ref on deep or cyclic input). */
export function depthErr(s: ValidationError[], p: string, v: unknown, max: number): void {
  constraintErr(s, p, v, "maxDepth", `nesting at most ${max} deep`, `nested deeper than ${max} levels`, `is nested too deeply (more than ${max} levels)`);
}

/** An error found by ajv's standalone code (tools on the ajv fallback road), in toolform's report. */
export function fromAjv(s: ValidationError[], m: { path: string; bucket: Bucket; keyword: string; expected: string }, tool: string): void {
  const f = field(m.path);
  const message =
    m.bucket === "missing_required"
      ? `${f} is required`
      : m.bucket === "unknown_args"
        ? `${f} is not ${m.path.includes(".") || m.path.includes("[") ? "allowed here" : "a parameter of " + tool}`
        : `${f} must be ${m.expected}`;
  const text = m.bucket === "missing_required" || m.bucket === "unknown_args" ? at(m.path) : `${at(m.path)}: expected ${m.expected}`;
  s.push(mk(m.path, m.bucket, m.keyword, m.expected, "", text, message));
}

// ---------------------------------------------------------------- $dynamicRef

/** What a dynamic scope binds an anchor name to: the target's functions. */
export interface ScopeBinding {
  is(v: unknown, d: number, ds: unknown): boolean;
  err(v: unknown, p: string, s: ValidationError[], d: number, ds: unknown): void;
  props?(v: unknown, d: number, ds: unknown, out: Set<string>): void;
  items?(v: unknown, d: number, ds: unknown, out: Set<number>): void;
}
export type DynamicScope = Readonly<Record<string, ScopeBinding>> | undefined;

/** Entering a resource: adds its $dynamicAnchors, keeping names an outer resource already bound. */
export function enterScope(ds: DynamicScope, add: Readonly<Record<string, ScopeBinding>>): DynamicScope {
  if (ds === undefined) return add;
  let out: Record<string, ScopeBinding> | undefined;
  for (const k in add) {
    if (hasOwn.call(ds, k)) continue;
    out ??= Object.assign(Object.create(null) as Record<string, ScopeBinding>, ds);
    out[k] = add[k]!;
  }
  return out ?? ds;
}

/** The binding of `name` in the dynamic scope, else the static target. */
export function dynamicTarget(ds: DynamicScope, name: string, fallback: ScopeBinding): ScopeBinding {
  return ds !== undefined && hasOwn.call(ds, name) ? ds[name]! : fallback;
}
