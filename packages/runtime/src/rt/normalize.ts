// toolform normaliser helpers: what the generated `normalize` of every tool calls.
//
// The schema is never read here: the generated code decides, per schema place,
// which of these casts may apply (only where the schema wants that type), and
// these helpers only say whether one string spells one value. The rules and
// their look-alikes are in docs/normalize.md.
//
// Modes, as numbers in generated code: 1 lenient, 2 normalized, 3 compare
// (normalized, then every string case-folded and trimmed).
import type { Repair } from "./report.js";
import { fitsPlace, type PlaceCheck } from "./budget.js";
import { pi, pk } from "./text.js";
import { hasOwn } from "./predicates.js";

export const NZ_LENIENT = 1;

/** lenient integer: an optional minus, then 0 or digits without a leading zero. Nothing else (no space, no +, no 5.0, no 1e3, no 0x10). */
const NZ_LENIENT_INT = /^-?(?:0|[1-9][0-9]*)$/;
/** lenient number: the integer above with an optional fraction ("2.5"; not ".5", "5.", "1e3"). */
const NZ_LENIENT_NUM = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
/** normalized number (after trimming): sign, digits with an optional point, or a point and digits, then an optional exponent. */
const NZ_NUMERIC = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/**
 * The number a string spells, for a place that wants a number (`int` false) or an
 * integer (`int` true), or undefined. Refused always: not finite ("1e999"), an
 * integer outside ±(2^53−1) (it would not round-trip), and -0 becomes 0.
 */
export function nzNumber(s: string, m: number, int: boolean): number | undefined {
  let t = s;
  if (m === NZ_LENIENT) {
    if (t.length > 400 || !(int ? NZ_LENIENT_INT : NZ_LENIENT_NUM).test(t)) return undefined;
  } else {
    t = t.trim();
    if (t.length > 400 || !NZ_NUMERIC.test(t)) return undefined;
  }
  const n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (Number.isInteger(n) ? !Number.isSafeInteger(n) : int) return undefined;
  return n === 0 ? 0 : n;
}

/** The boolean a string spells, or undefined. lenient: exactly "true" / "false". normalized: trimmed, any case, also "yes" / "no". */
export function nzBoolean(s: string, m: number): boolean | undefined {
  if (m === NZ_LENIENT) return s === "true" ? true : s === "false" ? false : undefined;
  if (s.length > 20) return undefined;
  const t = s.trim().toLowerCase();
  return t === "true" || t === "yes" ? true : t === "false" || t === "no" ? false : undefined;
}

/**
 * A JSON text that encodes the container a place wants (`want`: 1 an object, 2 an
 * array, 3 either), parsed; undefined when it is not JSON or not that container.
 * JSON.parse makes `__proto__` an own data property, never a prototype.
 */
export function nzJson(s: string, want: number): unknown {
  const t = s.trim();
  const c = t.charCodeAt(0);
  if (!((c === 123 && (want & 1) !== 0) || (c === 91 && (want & 2) !== 0))) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return undefined;
  }
  if (Array.isArray(v)) return (want & 2) !== 0 ? v : undefined;
  return typeof v === "object" && v !== null && (want & 1) !== 0 ? v : undefined;
}

/** The canonical spelling of an enum/const string that differs only in case or surrounding space (`folded` maps folded → canonical). */
export function nzEnum(s: string, folded: ReadonlyMap<string, string>): string | undefined {
  return s.length > 10_000 ? undefined : folded.get(s.trim().toLowerCase());
}

/** Records a scalar repair: the unwrapping of a one-element list (when `unwrapped`), then the cast of a string. Returns `to`. */
export function nzScalar(r: Repair[], p: string, from: unknown, to: unknown, unwrapped: boolean): unknown {
  let f = from;
  if (unwrapped) {
    f = (from as unknown[])[0];
    r.push({ path: p, from, to: f, rule: "unwrap_list" });
  }
  if (f !== to) r.push({ path: p, from: f, to, rule: typeof to === "boolean" ? "boolean_string" : typeof to === "number" ? "number_string" : "cast" });
  return to;
}

/** Records a repair. */
export function nzFix(r: Repair[], p: string, from: unknown, to: unknown, rule: string): void {
  r.push({ path: p, from, to, rule });
}

/** Records a repair before the repairs made inside its result (at index `at`). */
export function nzFixAt(r: Repair[], at: number, p: string, from: unknown, to: unknown, rule: string): void {
  r.splice(at, 0, { path: p, from, to, rule });
}

/**
 * A plain object with `v`'s own enumerable properties. Object spread defines them
 * (CopyDataProperties): an own `__proto__` key is copied as data, never run
 * through the prototype setter.
 */
export function nzCopy(v: object): Record<string, unknown> {
  return { ...(v as Record<string, unknown>) };
}

/**
 * Copy-on-write set of an own property of `v`: `o` is `v` until the first change,
 * then a copy. `k` is always an own data property of the copy, so the write below
 * replaces its value (also for `__proto__`) and calls no setter. Returns the object to keep writing.
 */
export function nzSet(o: any, v: object, k: string, x: unknown): any {
  const w = o === v ? nzCopy(v) : o;
  if (hasOwn.call(w, k)) w[k] = x;
  else Object.defineProperty(w, k, { value: x, writable: true, enumerable: true, configurable: true });
  return w;
}

/** Copy-on-write removal of `k` (a `null` the schema does not allow for an optional property), recorded at `p`. */
export function nzDrop(r: Repair[], p: string, o: any, v: object, k: string): any {
  const w = o === v ? nzCopy(v) : o;
  if (hasOwn.call(w, k)) delete w[k];
  r.push({ path: p, from: null, to: undefined, rule: "drop_null" });
  return w;
}

/** Copy-on-write item: `a` is `v` until the first change, then a copy. */
export function nzItem(a: any, v: unknown[], i: number, x: unknown): any {
  const w = a === v ? v.slice() : a;
  w[i] = x;
  return w;
}

/** Own property value, or undefined (for keys that plain objects inherit). */
export function nzOwn(o: any, k: string): unknown {
  return hasOwn.call(o, k) ? o[k] : undefined;
}

/** A generated `nz_*` function: (value, path, repairs, mode, depth) => the value, repaired or itself. */
export type NzFunction = (v: any, p: string, r: Repair[], m: number, d: number) => unknown;

/**
 * A declared property `k` of the object `v` (read as `v.k`, or as an own property only when
 * plain objects inherit `k`): normalised by `f` at its
 * path, written copy-on-write into `o`; with `drop`, a null is removed in normalized
 * mode instead. `f` undefined: only the drop. Returns the object to keep writing.
 */
export function nzProp(o: any, v: any, k: string, f: NzFunction | undefined, drop: boolean, p: string, r: Repair[], m: number, d: number): any {
  // The generator's test for such keys too (src/emit/code.ts isInheritedKey).
  const x = k in Object.prototype || k === "__proto__" ? nzOwn(v, k) : v[k];
  if (x === undefined) return o;
  if (drop && x === null && m >= 2) return nzDrop(r, pk(p, k), o, v, k);
  if (f === undefined) return o;
  const y = f(x, pk(p, k), r, m, d);
  return y === x ? o : nzSet(o, v, k, y);
}

/** A row of nzProps: a declared property's key, its normaliser (undefined: only the drop) and whether a null is dropped (absent: not). */
export type NzPropRow = readonly [k: string, f: NzFunction | undefined, drop?: boolean];

/**
 * The declared properties of an object place, each as nzProp does it, in order: when `v`
 * is an object (not an array), returns it with their repairs (copied on the first change),
 * else `v` itself. A key plain objects inherit (`constructor`, `__proto__`) is read only
 * as an own property. One table per place keeps each tool's generated normaliser short.
 * With `self` (the place's normaliser) and `fits` (its check), first JSON text of an object
 * is read as nzContainer reads it (a place that wants an object and nothing else: one call).
 */
export function nzProps(v: any, p: string, r: Repair[], m: number, d: number, props: readonly NzPropRow[], self?: NzFunction, fits?: PlaceCheck): any {
  if (self !== undefined) v = nzContainer(v, p, r, m, d, 1, self, fits!);
  if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
  let o = v;
  for (let i = 0; i < props.length; i++) {
    const row = props[i]!;
    o = nzProp(o, v, row[0], row[1], row[2] === true, p, r, m, d);
  }
  return o;
}

/**
 * Normalized mode (`m` 2 or more; else `v` itself), a value where an object (`want` bit 1)
 * or an array (bit 2) is wanted and which is neither (the generated code passes only such
 * a value to an array place; at an object place only a string is read): a string's JSON
 * text of that container parsed, and (arrays) any other value but null as a one-element
 * list; normalised by `self`, and kept only when the result `fits` the place (the repair
 * recorded before those made inside it). Otherwise `v` unchanged. Returns the value.
 */
export function nzContainer(v: unknown, p: string, r: Repair[], m: number, d: number, want: number, self: NzFunction, fits: PlaceCheck): unknown {
  if (m < 2) return v;
  let j: unknown = undefined;
  if (typeof v === "string") {
    j = nzJson(v, want);
    if (j !== undefined) v = nzTry(v, j, p, r, m, d, self, fits, "json_string");
  }
  if (j === undefined && v !== null && (want & 2) !== 0) v = nzTry(v, [v], p, r, m, d, self, fits, "wrap_list");
  return v;
}

/** `to` normalised by `self` when that fits, recorded as `rule` before the repairs inside it; else `from` (and no repair). */
function nzTry(from: unknown, to: unknown, p: string, r: Repair[], m: number, d: number, self: NzFunction, fits: PlaceCheck, rule: string): unknown {
  const n = r.length;
  const w = self(to, p, r, m, d);
  if (fitsPlace(fits, w, d)) {
    nzFixAt(r, n, p, from, to, rule);
    return w;
  }
  r.length = n;
  return from;
}

/** Items `from`… of the array `v`, each normalised by `f` at its path, written copy-on-write into `a` (nzItem). Returns the array to keep writing. */
export function nzItems(a: any, v: unknown[], from: number, f: NzFunction, p: string, r: Repair[], m: number, d: number): any {
  for (let i = from; i < v.length; i++) {
    const x = v[i];
    const y = f(x, pi(p, i), r, m, d);
    if (y !== x) a = nzItem(a, v, i, y);
  }
  return a;
}

/**
 * The strings of an enum/const list by their folded spelling (trimmed, lower-cased), leaving
 * out spellings the list itself folds together ("A" and "a": never chosen between). The
 * generator asks this too: a place whose map is empty has no spelling to repair.
 */
export function nzSpellings(values: readonly unknown[]): Map<string, string> {
  const byFold = new Map<string, string | null>();
  for (const s of values) {
    if (typeof s !== "string") continue;
    const f = s.trim().toLowerCase();
    const had = byFold.get(f);
    byFold.set(f, had === undefined || had === s ? s : null);
  }
  const out = new Map<string, string>();
  for (const [f, s] of byFold) if (s !== null) out.set(f, s);
  return out;
}

/** nzSpellings of each list, made when a repair first reads it (nothing at import). */
const nzSpellingMaps = new WeakMap<readonly unknown[], ReadonlyMap<string, string>>();

/**
 * Normalized mode: a string that is not one of the enum/const `values` but differs from one
 * only in case or surrounding space becomes it (nzSpellings, nzEnum), recorded; else `v`.
 * `values` is the list the validator reports (its `allowed` constant), so the generated code
 * writes it once.
 */
export function nzSpelling(v: string, p: string, r: Repair[], values: readonly unknown[]): string {
  let folded = nzSpellingMaps.get(values);
  if (folded === undefined) nzSpellingMaps.set(values, (folded = nzSpellings(values)));
  const c = nzEnum(v, folded);
  if (c === undefined || c === v) return v;
  nzFix(r, p, v, c, "enum_spelling");
  return c;
}

/** A place that wants a string of an enum/const list: nzToString, then (normalized mode) nzSpelling; one call where the generated code would write two. */
export function nzToSpelling(v: unknown, p: string, r: Repair[], m: number, values: readonly unknown[]): unknown {
  const w = nzToString(v, p, r, m, 0);
  return m >= 2 && typeof w === "string" ? nzSpelling(w, p, r, values) : w;
}

/**
 * The casts of a place that wants only strings, integers, numbers or booleans: nzCast of
 * that one type, as an NzFunction, so a place with nothing else to repair calls it directly.
 */
export function nzToString(v: unknown, p: string, r: Repair[], m: number, _d: number): unknown {
  // No string spells anything for a string place: only the one-element list is unwrapped.
  return nzCastBy(v, p, r, m, NZ_STRING, undefined);
}

export function nzToInteger(v: unknown, p: string, r: Repair[], m: number, _d: number): unknown {
  return nzCast(v, p, r, m, NZ_INTEGER);
}

export function nzToNumber(v: unknown, p: string, r: Repair[], m: number, _d: number): unknown {
  return nzCast(v, p, r, m, NZ_NUMBER);
}

export function nzToBoolean(v: unknown, p: string, r: Repair[], m: number, _d: number): unknown {
  return nzCastBy(v, p, r, m, NZ_BOOLEAN, nzBoolean);
}

/** The types a place wants, as bits for nzCast (the generated code writes them by name: `rt.NZ_STRING | rt.NZ_NULL`). */
export const NZ_STRING = 1;
export const NZ_INTEGER = 2;
export const NZ_NUMBER = 4;
export const NZ_BOOLEAN = 8;
export const NZ_NULL = 16;
export const NZ_ARRAY = 32;
export const NZ_OBJECT = 64;

/** `w` has one of the types in `want` (the validator's type test: a number is finite, an object is not an array). */
function nzHasType(w: unknown, want: number): boolean {
  const t = typeof w;
  const bits =
    t === "string" ? NZ_STRING
    : t === "number" ? (Number.isInteger(w) ? NZ_NUMBER | NZ_INTEGER : Number.isFinite(w) ? NZ_NUMBER : 0)
    : t === "boolean" ? NZ_BOOLEAN
    : w === null ? NZ_NULL
    : Array.isArray(w) ? NZ_ARRAY
    : t === "object" ? NZ_OBJECT
    : 0;
  return (bits & want) !== 0;
}

/**
 * The casts of a place wanting any other list of types (`want`, NZ_* bits), as nzToString and
 * its siblings do for one: a value of none of them is cast — a one-element list unwrapped in
 * normalized mode when only scalars are wanted, then a string that spells a wanted number
 * (an integer when no number is wanted) or else boolean — and kept only when the result has
 * a wanted type.
 */
export function nzCast(v: unknown, p: string, r: Repair[], m: number, want: number): unknown {
  return nzCastBy(v, p, r, m, want, nzSpells);
}

/** The value a string spells for a place wanting `want`: a wanted number (an integer when no number is wanted), else a boolean, else undefined. */
function nzSpells(s: string, m: number, want: number): unknown {
  const num = (want & (NZ_NUMBER | NZ_INTEGER)) !== 0 ? nzNumber(s, m, (want & NZ_NUMBER) === 0) : undefined;
  return num ?? ((want & NZ_BOOLEAN) !== 0 ? nzBoolean(s, m) : undefined);
}

/**
 * nzCast with what a string spells read by `spells` (undefined: nothing), so a place's own cast
 * (nzToString, nzToBoolean) brings into a bundle only the readings its type needs.
 */
function nzCastBy(v: unknown, p: string, r: Repair[], m: number, want: number, spells: ((s: string, m: number, want: number) => unknown) | undefined): unknown {
  if (nzHasType(v, want)) return v;
  const u = (want & (NZ_ARRAY | NZ_OBJECT)) === 0 && m >= 2 && Array.isArray(v) && v.length === 1;
  let w: unknown = u ? (v as unknown[])[0] : v;
  if (typeof w === "string" && spells !== undefined) {
    const c = spells(w, m, want);
    if (c !== undefined) w = c;
  }
  return w !== v && nzHasType(w, want) ? nzScalar(r, p, v, w, u) : v;
}

/**
 * A tool's normaliser entry: (args, mode, repairs) => value. Arguments that already
 * `fit` are left as they are (except in compare mode); a normaliser that throws
 * (deeper than maxDepth, input no normaliser can read) leaves the value as it was.
 */
export function nzEntry(fits: (v: unknown) => boolean, root: NzFunction): (v: unknown, m: number, r: Repair[]) => unknown {
  return (v, m, r) => {
    let out = v;
    if (m >= 1 && m <= 3 && !fits(v)) {
      const n = r.length;
      try {
        out = root(v, "", r, m, 0);
      } catch {
        r.length = n;
        out = v;
      }
    }
    return m === 3 ? nzFold(out) : out;
  };
}

/** Thrown inside generated normalisers when recursion passes maxDepth; caught at the entry, which then leaves the value as it was. */
export const NZ_ABORT: object = Object.freeze({ nzAbort: true });

/** Compare mode: every string trimmed and lower-cased, keys kept, copy-on-write; shared and cyclic input visited once. */
export function nzFold(v: unknown): unknown {
  if (typeof v === "string") return nzFoldString(v);
  if (typeof v !== "object" || v === null) return v;
  try {
    return nzFoldIn(v, { seen: undefined }, 0);
  } catch {
    return v; // not a JSON value (a throwing getter, a revoked proxy): left as it is
  }
}

function nzFoldString(s: string): string {
  const t = s.trim().toLowerCase();
  return t === s ? s : t;
}

/** `st.seen` (made on the first nested object) maps each object visited to its folded copy: shared parts are folded once, cycles end. */
function nzFoldIn(v: object, st: { seen: Map<object, unknown> | undefined }, d: number): unknown {
  if (d > 0) {
    const seen = (st.seen ??= new Map());
    const done = seen.get(v);
    if (done !== undefined) return done;
    seen.set(v, v);
  }
  if (d > 512) return v;
  let out: any = v;
  const fold = (x: unknown): unknown => (typeof x === "string" ? nzFoldString(x) : typeof x === "object" && x !== null ? nzFoldIn(x, st, d + 1) : x);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const y = fold(x);
      if (y !== x) out = nzItem(out, v, i, y);
    }
  } else {
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      const y = fold(x);
      if (y !== x) out = nzSet(out, v, k, y);
    }
  }
  if (d > 0) st.seen!.set(v, out);
  return out;
}
