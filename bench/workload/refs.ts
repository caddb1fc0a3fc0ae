// Ref-heavy tool schemas (issue 29.2), one shape per way a schema can lean on `$ref`:
//   chain   — a straight `$ref` chain, def i → def i+1 (a 2,000-hop chain overflowed the stack)
//   graph   — objects whose properties point at other defs (recursive through values: legit)
//   diamond — each def an allOf of the next two (a DAG with exponentially many paths through it)
//   shared  — many properties pointing at the same chain of defs
// Deterministic (no randomness): the same size gives the same bytes.

export type RefShape = "chain" | "graph" | "diamond" | "shared";
export const REF_SHAPES: readonly RefShape[] = ["chain", "graph", "diamond", "shared"];

const ref = (i: number) => ({ $ref: `#/$defs/d${i}` });

/** The inputSchema of a tool of `shape` with `n` defs. */
export function refSchema(shape: RefShape, n: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  switch (shape) {
    case "chain":
      for (let i = 0; i < n; i++) defs[`d${i}`] = i + 1 < n ? ref(i + 1) : { type: "string", maxLength: 20 };
      properties.value = ref(0);
      break;
    case "graph":
      for (let i = 0; i < n; i++)
        defs[`d${i}`] = {
          type: "object",
          description: `Node ${i}.`,
          properties: { left: ref((i * 7 + 1) % n), right: ref((i * 13 + 5) % n), label: { type: "string", maxLength: 10 + (i % 7) } },
          required: ["label"],
        };
      for (let i = 0; i < Math.min(n, 10); i++) properties[`root_${i}`] = ref(i);
      break;
    case "diamond":
      // Runs of 12 in place, then a step into a property (maxDepth counts in-place hops): the paths
      // through the whole multiply (~233 per run), so a walk that does not remember where it has been never ends.
      for (let i = 0; i < n; i++)
        defs[`d${i}`] = i + 2 >= n ? { type: "object" } : i % 12 === 11 ? { type: "object", properties: { next: ref(i + 1) } } : { allOf: i % 12 === 10 ? [ref(i + 1)] : [ref(i + 1), ref(i + 2)], maxProperties: 100 + (i % 5) };
      properties.value = ref(0);
      break;
    case "shared": {
      const depth = Math.max(1, Math.min(50, Math.floor(n / 4)));
      for (let i = 0; i < depth; i++) defs[`d${i}`] = i + 1 < depth ? { ...ref(i + 1), description: `Step ${i}.` } : { type: "integer", minimum: 0 };
      // In objects of 100 properties each (the default limit is 2,000 properties per object).
      for (let i = 0; i < n - depth; i++) {
        const group = ((properties[`g${Math.floor(i / 100)}`] ??= { type: "object", properties: {} }) as { properties: Record<string, unknown> }).properties;
        group[`p${i}`] = ref(i % depth);
      }
      break;
    }
  }
  return { type: "object", properties, $defs: defs };
}

/** A tool of `shape` whose JSON text is about `kib` KiB (the defs count scaled to fit). */
export function refTool(shape: RefShape, kib: number): { name: string; description: string; inputSchema: Record<string, unknown> } {
  const probe = JSON.stringify(refSchema(shape, 1000)).length / 1000;
  const n = Math.max(4, Math.round((kib * 1024) / probe));
  return { name: `refs_${shape}`, description: `A ${shape} of $refs (${n} defs).`, inputSchema: refSchema(shape, n) };
}
