// JSON equality (const, enum, uniqueItems): total on deep, long, shared or cyclic values.
import { hasOwn } from "./predicates.js";

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
    if (!hasOwn.call(y, k)) return false;
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
    if (f.keys !== undefined && !hasOwn.call(f.y, k)) return false;
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

/**
 * The canonical text of a value that is not an object (null included): strings JSON-quoted,
 * numbers printed (0 and -0 alike, as ===); null when there is none (NaN, a function, a
 * symbol); undefined for an object, which the callers write themselves.
 */
function canonScalar(x: unknown): string | null | undefined {
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
      return x === null ? "z" : undefined;
    default:
      return null;
  }
}

/** canonical() for the common item — small, shallow, no cycle: plain recursion, no memo. undefined: too big or deep, ask canonical(). */
function canonicalSmall(x: unknown, depth: number): string | null | undefined {
  const c = canonScalar(x);
  if (c !== undefined) return c;
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
    let t = canonScalar(x);
    if (t === null) return fail();
    if (t === undefined) {
      const m = memo.get(x as object);
      if (m === undefined) {
        stack.push(open(x as object));
        continue;
      }
      if (m === null || m === false) return fail();
      t = m;
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
