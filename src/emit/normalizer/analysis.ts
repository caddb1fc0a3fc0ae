// Build-time facts about the IR that the normaliser rules need: what type a
// place wants, whether it can hold null, which properties are required for
// an instance, which enum spellings fold together, and which places have
// anything to normalise at all (so no function is emitted for a no-op).
import { sameInstanceGroup, type IR, type IRNode, type JsonType } from "../../schema/ir.js";
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
 * The places that surely refuse `null` (the rest might take it). Conservative: a place
 * refuses null only when the schema surely does (a type, enum or const without it, a false
 * schema, an allOf branch or a $ref that refuses it, or every anyOf/oneOf branch refusing it).
 *
 * "Surely refuses" is the least fixpoint of those rules (a cycle proves nothing), found for
 * every node at once by propagating refusals up from the nodes that refuse on their own:
 * time linear in the nodes and edges, no recursion, so a `$ref` chain of any length or a
 * DAG of shared branches costs no more than its size.
 */
export function nullRefusers(ir: IR): Set<IRNode> {
  const edges = (x: IRNode): [IRNode, "all" | "any" | "one"][] => [
    ...(x.ref ? [[x.ref.target, "all"] as [IRNode, "all"]] : []),
    ...(x.allOf ?? []).map((b): [IRNode, "all"] => [b, "all"]),
    ...(x.anyOf ?? []).map((b): [IRNode, "any"] => [b, "any"]),
    ...(x.oneOf ?? []).map((b): [IRNode, "one"] => [b, "one"]),
  ];
  const nodes: IRNode[] = [];
  const parents = new Map<IRNode, [IRNode, "all" | "any" | "one"][]>();
  const left = new Map<IRNode, { any: number; one: number }>();
  const stack = [...ir.nodes];
  const seen = new Set<IRNode>(ir.nodes);
  while (stack.length) {
    const x = stack.pop()!;
    nodes.push(x);
    if (x.bool !== undefined) continue;
    left.set(x, { any: x.anyOf?.length ?? -1, one: x.oneOf?.length ?? -1 });
    for (const [c, kind] of edges(x)) {
      let ps = parents.get(c);
      if (!ps) parents.set(c, (ps = []));
      ps.push([x, kind]);
      if (!seen.has(c)) {
        seen.add(c);
        stack.push(c);
      }
    }
  }
  const refuses = new Set<IRNode>();
  const queue: IRNode[] = [];
  const refuse = (x: IRNode) => {
    if (!refuses.has(x)) {
      refuses.add(x);
      queue.push(x);
    }
  };
  for (const x of nodes) {
    if (x.bool !== undefined) {
      if (!x.bool) refuse(x);
      continue;
    }
    if (x.types && x.types.length && !x.types.includes("null")) refuse(x);
    else if (x.enum && !x.enum.includes(null)) refuse(x);
    else if (x.const && x.const.value !== null) refuse(x);
    else if (left.get(x)!.any === 0 || left.get(x)!.one === 0) refuse(x); // an empty anyOf/oneOf refuses everything
  }
  while (queue.length) {
    const x = queue.pop()!;
    for (const [p, kind] of parents.get(x) ?? []) {
      if (refuses.has(p)) continue;
      const l = left.get(p)!;
      if (kind === "all" || (kind === "any" && --l.any === 0) || (kind === "one" && --l.one === 0)) refuse(p);
    }
  }
  return refuses;
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
    const group = sameInstanceGroup(s);
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

/**
 * A place that wants a string and nothing else, of an enum/const list with spellings to repair:
 * its cast and its spelling repair are one runtime call (nzToSpelling), written by enumRule.
 */
export function castsThenSpells(n: IRNode): boolean {
  const w = wantedTypes(n);
  return w !== undefined && w.length === 1 && w[0] === "string" && hasSpellings(n);
}

/** Whether the node itself may repair a value (before looking at sub-places). `refusesNull`: nullRefusers of the IR. */
export function hasLocalWork(n: IRNode, required: Map<IRNode, Set<string>>, refusesNull: ReadonlySet<IRNode>): boolean {
  if (n.bool !== undefined) return false;
  const w = wantedTypes(n);
  if (w) {
    if (wantsScalarOnly(w)) return true; // unwrap a one-element list
    if (w.some((t) => t === "integer" || t === "number" || t === "boolean" || t === "object" || t === "array")) return true;
  }
  if (hasSpellings(n)) return true;
  const req = required.get(n);
  for (const [k, p] of n.properties ?? []) if (!req?.has(k) && refusesNull.has(p)) return true;
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

/**
 * Nodes with anything to normalise, themselves or below: the nodes with local work and
 * everything that reaches one through normChildren (recursive schemas included), found by
 * walking the edges backwards from them once — linear in the IR, however long its chains.
 */
export function nodesWithWork(ir: IR, required: Map<IRNode, Set<string>>, refusesNull: ReadonlySet<IRNode> = nullRefusers(ir)): Set<IRNode> {
  const parents = new Map<IRNode, IRNode[]>();
  for (const n of ir.nodes)
    for (const c of normChildren(n)) {
      const ps = parents.get(c);
      if (ps) ps.push(n);
      else parents.set(c, [n]);
    }
  const work = new Set<IRNode>();
  const queue: IRNode[] = [];
  for (const n of ir.nodes)
    if (hasLocalWork(n, required, refusesNull)) {
      work.add(n);
      queue.push(n);
    }
  while (queue.length) {
    for (const p of parents.get(queue.pop()!) ?? [])
      if (!work.has(p)) {
        work.add(p);
        queue.push(p);
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
