// Schema sanity (sanity.ts) of `$ref`s: a `$ref` to nowhere, and `$ref` cycles that never make
// progress (a cycle through in-place applicators only: every value would recurse forever).
import type { Diagnostic } from "../../diagnostics/types.js";
import { LintContext, show, where } from "./context.js";
import {
  IN_PLACE,
  SchemaIndex,
  childPointer,
  isLegacyDraft,
  isObject,
  type SchemaNode,
  type SchemaObject,
} from "./walk.js";

// ---------------------------------------------------------------- $ref

export function unresolvedRef(ctx: LintContext, index: SchemaIndex, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  if (typeof s.$ref !== "string") return [];
  const r = index.resolve(s.$ref, node);
  if (r.kind !== "missing") return [];
  return [
    ctx.atSchema(childPointer(node.pointer, "$ref"), {
      rule: "ref-unresolved",
      code: "schema/ref-unresolved",
      severity: "error",
      message: `"$ref": ${show(s.$ref, 80)} at ${where(node.pointer)} resolves to nothing: ${r.reason}.`,
      hint: `Point the $ref at an existing subschema (e.g. "#/$defs/<name>") or add the missing definition.`,
    }),
  ];
}

/** Edges that do not move into the instance: in-place applicators and local $refs. */
function inPlaceEdges(index: SchemaIndex): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = edges.get(from);
    if (list) {
      if (!list.includes(to)) list.push(to);
    } else edges.set(from, [to]);
  };
  const legacy = isLegacyDraft(index.root);
  for (const node of index.nodes) {
    const s = node.schema;
    if (node.parent && node.keyword && IN_PLACE.has(node.keyword)) {
      const p = node.parent.schema;
      // draft-07: siblings of $ref are ignored
      if (!(legacy && isObject(p) && typeof p.$ref === "string")) add(node.parent.pointer, node.pointer);
    }
    if (isObject(s) && typeof s.$ref === "string") {
      const r = index.resolve(s.$ref, node);
      if (r.kind === "local") add(node.pointer, r.pointer);
    }
  }
  return edges;
}

/** Strongly connected components (Tarjan, iterative). */
function sccs(vertices: string[], edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  for (const start of vertices) {
    if (idx.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    idx.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const succ = edges.get(frame.v) ?? [];
      if (frame.i < succ.length) {
        const w = succ[frame.i++]!;
        if (!idx.has(w)) {
          idx.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.v, Math.min(low.get(frame.v)!, idx.get(w)!));
        }
      } else {
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1]!.v;
          low.set(parent, Math.min(low.get(parent)!, low.get(frame.v)!));
        }
        if (low.get(frame.v) === idx.get(frame.v)) {
          const comp: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            comp.push(w);
          } while (w !== frame.v);
          out.push(comp);
        }
      }
    }
  }
  return out;
}

interface RefCycle {
  /** Pointers of the schemas in the cycle. */
  members: Set<string>;
  /** Pointers of the schemas in the cycle that hold a `$ref`, sorted. */
  refs: string[];
}

/** Cycles of in-place applicators and `$ref`s (strongly connected components that loop). */
export function findRefCycles(index: SchemaIndex, edges: Map<string, string[]> = inPlaceEdges(index)): RefCycle[] {
  const vertices = [...new Set([...index.byPointer.keys(), ...edges.keys()])];
  const out: RefCycle[] = [];
  for (const comp of sccs(vertices, edges)) {
    const cyclic = comp.length > 1 || (edges.get(comp[0]!) ?? []).includes(comp[0]!);
    if (!cyclic) continue;
    const refs = comp.filter((p) => {
      const s = index.byPointer.get(p)?.schema;
      return isObject(s) && typeof s.$ref === "string";
    });
    if (refs.length === 0) continue; // cannot happen in a tree, but a shared object graph could
    out.push({ members: new Set(comp), refs: refs.sort() });
  }
  return out;
}

export function refCycles(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
  const edges = inPlaceEdges(index);
  const out: Diagnostic[] = [];
  for (const { members, refs } of findRefCycles(index, edges)) {
    const start = refs[0]!;
    // a shortest path start → … → start inside the component, for the message
    const prev = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length && closing === undefined) {
      const v = queue.shift()!;
      for (const w of edges.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          closing = v;
          break;
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    const path: string[] = [start];
    if (closing !== undefined) {
      const back: string[] = [];
      for (let v: string | undefined = closing; v !== undefined && v !== start; v = prev.get(v)) back.push(v);
      path.push(...back.reverse(), start);
    }
    out.push(
      ctx.atSchema(childPointer(start, "$ref"), {
        rule: "ref-cycle",
        code: "schema/ref-cycle",
        severity: "error",
        // A long cycle is shown by its ends (a 2,000-hop cycle made a 30 KB message).
        message: `"$ref" cycle that never moves into the value: ${(path.length > 8 ? [...path.slice(0, 4).map(where), `… (${path.length - 6} more)`, ...path.slice(-2).map(where)] : path.map(where)).join(" → ")}; validating would recurse forever.`,
        hint: "A recursive schema must recurse through properties/items (a child value), not through $ref/allOf/anyOf/oneOf/not alone. Break the loop or replace one reference with the schema it means.",
      }),
    );
  }
  return out;
}
