// Build-time facts about the IR that the normaliser rules need: what type a
// place wants, whether it can hold null, which properties are required for
// an instance, which enum spellings fold together, and which places have
// anything to normalise at all (so no function is emitted for a no-op).
import type { IR, IRNode, JsonType } from "../../schema/ir.js";
import { nzSpellings } from "@toolform/runtime/rt/normalize";

export const SCALAR_TYPES: ReadonlySet<JsonType> = new Set(["string", "number", "integer", "boolean", "null"]);

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v as JsonType;
}

/**
 * The types a place wants: its `type`, else the types of its enum/const values
 * (an `enum: [1, 2, 3]` wants an integer), else undefined (no type-level repair).
 */
export function wantedTypes(n: IRNode): JsonType[] | undefined {
  if (n.bool !== undefined) return undefined;
  if (n.types && n.types.length) return n.types;
  const values = n.const ? [n.const.value] : n.enum;
  if (!values || values.length === 0) return undefined;
  const set = new Set<JsonType>();
  for (const v of values) set.add(jsonTypeOf(v));
  if (set.has("number")) set.delete("integer");
  return [...set];
}

/** Only scalar types are wanted (so a one-element list may stand for its element). */
export function wantsScalarOnly(types: readonly JsonType[]): boolean {
  return types.length > 0 && types.every((t) => SCALAR_TYPES.has(t));
}

/**
 * Whether `null` might be valid at this place. Conservative: true unless the
 * schema surely refuses null (a type, enum or const without it, a false schema,
 * an allOf branch or a $ref that refuses it, or every anyOf/oneOf branch refusing it).
 */
export function allowsNull(n: IRNode, seen: Set<IRNode> = new Set()): boolean {
  if (n.bool !== undefined) return n.bool;
  if (seen.has(n)) return true;
  seen.add(n);
  try {
    if (n.types && n.types.length && !n.types.includes("null")) return false;
    if (n.enum && !n.enum.includes(null)) return false;
    if (n.const && n.const.value !== null) return false;
    if (n.ref && !allowsNull(n.ref.target, seen)) return false;
    if (n.allOf && n.allOf.some((b) => !allowsNull(b, seen))) return false;
    if (n.anyOf && n.anyOf.every((b) => !allowsNull(b, seen))) return false;
    if (n.oneOf && n.oneOf.every((b) => !allowsNull(b, seen))) return false;
    return true;
  } finally {
    seen.delete(n);
  }
}

/** Nodes that judge the same instance as `n` through applicators ($ref, allOf, anyOf, oneOf, if/then/else, dependentSchemas), `n` included. */
function sameInstance(n: IRNode, out: Set<IRNode> = new Set()): Set<IRNode> {
  if (out.has(n)) return out;
  out.add(n);
  const kids = [...(n.allOf ?? []), ...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.dependentSchemas ?? []).map((x) => x[1])];
  for (const k of [n.if, n.then, n.else, n.ref?.target]) if (k) kids.push(k);
  for (const k of kids) sameInstance(k, out);
  return out;
}

/** Places where an instance starts (the root and every property, item and map value), with their sub-places. */
function instanceChildren(n: IRNode): IRNode[] {
  return [
    ...(n.properties ?? []).map((x) => x[1]),
    ...(n.patternProperties ?? []).map((x) => x[1]),
    ...(n.additionalProperties ? [n.additionalProperties] : []),
    ...(n.prefixItems ?? []),
    ...(n.items ? [n.items] : []),
  ];
}

/**
 * For every node, the property names some schema of the same instance requires
 * (the union over every instance the node judges): an optional property is one
 * no schema of its object requires, so dropping its `null` cannot make a
 * "missing required" error.
 */
export function requiredByInstance(ir: IR): Map<IRNode, Set<string>> {
  const out = new Map<IRNode, Set<string>>();
  const starts = new Set<IRNode>([ir.root]);
  for (const n of ir.nodes) for (const c of instanceChildren(n)) starts.add(c);
  for (const s of starts) {
    const group = sameInstance(s);
    const req = new Set<string>();
    for (const g of group) for (const k of g.required ?? []) req.add(k);
    for (const g of group) {
      const have = out.get(g);
      if (have) for (const k of req) have.add(k);
      else out.set(g, new Set(req));
    }
  }
  return out;
}

/** The enum/const values a place's spellings are repaired to (the enum, or only its `const` member when both are given). */
export function spellingValues(n: IRNode): unknown[] {
  let values: unknown[] | undefined = n.enum;
  if (n.const) values = values ? values.filter((v) => v === n.const!.value) : [n.const.value];
  return values ?? [];
}

/** Whether a place has enum/const spellings to repair (the runtime's own fold: nzSpellings). */
export function hasSpellings(n: IRNode): boolean {
  return (n.enum !== undefined || n.const !== undefined) && nzSpellings(spellingValues(n)).size > 0;
}

/** Whether the node itself may repair a value (before looking at sub-places). */
export function hasLocalWork(n: IRNode, required: Map<IRNode, Set<string>>): boolean {
  if (n.bool !== undefined) return false;
  const w = wantedTypes(n);
  if (w) {
    if (wantsScalarOnly(w)) return true; // unwrap a one-element list
    if (w.some((t) => t === "integer" || t === "number" || t === "boolean" || t === "object" || t === "array")) return true;
  }
  if (hasSpellings(n)) return true;
  const req = required.get(n);
  for (const [k, p] of n.properties ?? []) if (!req?.has(k) && !allowsNull(p)) return true;
  return false;
}

/** Sub-places whose normalisation a node runs. `not`, `contains` and `propertyNames` are left alone: they do not say what a value should become. */
export function normChildren(n: IRNode): IRNode[] {
  const out = instanceChildren(n);
  out.push(...(n.allOf ?? []), ...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.dependentSchemas ?? []).map((x) => x[1]));
  if (n.if && (n.then || n.else)) out.push(...[n.then, n.else].filter((x): x is IRNode => x !== undefined));
  if (n.ref) out.push(n.ref.target);
  return out;
}

/** Nodes with anything to normalise, themselves or below (a fixpoint, so recursive schemas are right). */
export function nodesWithWork(ir: IR, required: Map<IRNode, Set<string>>): Set<IRNode> {
  const work = new Set<IRNode>();
  for (const n of ir.nodes) if (hasLocalWork(n, required)) work.add(n);
  let changed = true;
  while (changed) {
    changed = false;
    for (const n of ir.nodes) {
      if (work.has(n)) continue;
      if (normChildren(n).some((c) => work.has(c))) {
        work.add(n);
        changed = true;
      }
    }
  }
  return work;
}

/**
 * Places (not the root) whose fit the normaliser tests on their own, after a
 * JSON-text or wrapped-list repair: the validator gives each its own error
 * function (and, where a fast path calls it, its own `is_*`), and the normaliser
 * asks that one (rt.fitsPlace) instead of writing a check again.
 */
export function placesTestedAlone(ir: IR): Set<IRNode> {
  const work = nodesWithWork(ir, requiredByInstance(ir));
  return new Set(ir.nodes.filter((n) => n !== ir.root && work.has(n) && testsFitAlone(n)));
}

/**
 * Whether the container repairs (normalizer/container.ts) test `n`'s fit on its
 * own: a place wanting an array, or an object and not a string (where a string
 * fits, it is never JSON text to parse).
 */
export function testsFitAlone(n: IRNode): boolean {
  const w = wantedTypes(n);
  return !!w && (w.includes("array") || (w.includes("object") && !w.includes("string")));
}
