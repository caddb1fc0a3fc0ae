// How many `$ref` hops a check can follow without moving into the value (issue 29.2).
// The generated validator counts every `$ref` call against `maxDepth` (the bound that
// ends recursion on deep input), so a place whose references chain on, in place, for
// more hops than that refuses every value that reaches the end of the chain, however
// small: a 2,000-hop chain built a validator that refused all input. Such a schema is a
// build error naming where the chain starts, its length and the setting; not a validator
// that cannot pass.
//
// One pass over the IR, an explicit stack, each node and edge once: linear in the
// schema, and no call depth tied to the chain's length.
import type { Diagnostic } from "../diagnostics/types.js";
import type { IR, IRNode } from "./ir.js";

/** In-place edges (the same instance): [child, whether the edge is a $ref call]. */
function inPlaceEdges(n: IRNode): [IRNode, boolean][] {
  const out: [IRNode, boolean][] = [];
  if (n.ref) out.push([n.ref.target, true]);
  if (n.dynamicRef) out.push([n.dynamicRef.target, true]);
  for (const k of [...(n.allOf ?? []), ...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.dependentSchemas ?? []).map((d) => d[1])]) out.push([k, false]);
  for (const k of [n.not, n.if, n.then, n.else]) if (k) out.push([k, false]);
  return out;
}

/**
 * For every node, the most `$ref` hops an in-place path from it takes (and the next node on
 * that path). An edge back into the path being walked (an in-place cycle: the lint's
 * `schema/ref-cycle` error) adds nothing, so the walk ends on any graph.
 */
export function refHops(ir: IR): { hops: Map<IRNode, number>; next: Map<IRNode, IRNode> } {
  const hops = new Map<IRNode, number>();
  const next = new Map<IRNode, IRNode>();
  const onPath = new Set<IRNode>();
  for (const start of ir.nodes) {
    if (hops.has(start)) continue;
    // Post-order: a node's count once its children's are known.
    const stack: { n: IRNode; edges: [IRNode, boolean][]; i: number }[] = [{ n: start, edges: inPlaceEdges(start), i: 0 }];
    onPath.add(start);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.edges.length) {
        const [c] = top.edges[top.i++]!;
        if (!hops.has(c) && !onPath.has(c)) {
          onPath.add(c);
          stack.push({ n: c, edges: inPlaceEdges(c), i: 0 });
        }
        continue;
      }
      let best = 0;
      for (const [c, isRef] of top.edges) {
        const h = (hops.get(c) ?? 0) + (isRef ? 1 : 0);
        if (h > best) {
          best = h;
          next.set(top.n, c);
        }
      }
      hops.set(top.n, best);
      onPath.delete(top.n);
      stack.pop();
    }
  }
  return { hops, next };
}

/** The build error for a place whose in-place `$ref` chain is longer than `maxDepth`, or undefined. */
export function refChainProblem(ir: IR, maxDepth: number): Diagnostic | undefined {
  const { hops, next } = refHops(ir);
  let worst: IRNode | undefined;
  for (const n of ir.nodes) if ((hops.get(n) ?? 0) > maxDepth && (worst === undefined || hops.get(n)! > hops.get(worst)!)) worst = n;
  if (!worst) return undefined;
  const path: string[] = [];
  for (let n: IRNode | undefined = worst; n && path.length < 4; n = next.get(n)) path.push(n.loc === "" ? "#" : n.loc.includes("#") ? n.loc : "#" + n.loc);
  const count = hops.get(worst)!;
  return {
    severity: "error",
    code: "schema/ref-chain-too-long",
    message: `a value checked here follows a chain of ${count.toLocaleString("en-US")} $refs (${path.join(" → ")} → …) without moving into the value; the validator counts each against maxDepth (${maxDepth}), so it would refuse every value that reaches the end of the chain`,
    pointer: worst.loc.includes("#") ? "" : worst.loc,
    hint: `point the $ref at the schema the chain ends in (each hop that only refers on adds nothing), or raise maxDepth above ${count} in the toolform config`,
  };
}
