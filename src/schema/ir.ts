// The intermediate representation: one node per schema place, dialect-free.
// Draft-07 spellings are already rewritten (items array → prefixItems,
// additionalItems → items, dependencies → dependentRequired/dependentSchemas),
// every $ref points at the node it resolves to, and every keyword of the
// source schema has been consumed by some field below or refused.

export type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";
export const JSON_TYPES: readonly JsonType[] = ["string", "number", "integer", "boolean", "null", "array", "object"];

export type Dialect = "2020-12" | "draft-07";

/** A cross-field rule (x-compare): `left op right`, both property names of the same object. */
export interface CompareRule {
  left: string;
  op: "<" | "<=" | ">" | ">=" | "==" | "!=";
  right: string;
}

export interface IRNode {
  /** Unique within one IR; used to name functions. */
  id: number;
  /** Where this node is written: JSON pointer in the tool's inputSchema ("" = root), or "uri#pointer" in another document. */
  loc: string;
  /** `true`/`false` boolean schema. */
  bool?: boolean;

  types?: JsonType[];
  enum?: unknown[];
  const?: { value: unknown };

  // numbers
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;

  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Checked format name; absent when the format is only an annotation. */
  format?: string;
  /** The pattern source of a format of one's own (config `formats: { name: RegExp }`), checked as `pattern` is. */
  formatPattern?: string;
  /** OpenAPI's `discriminator` beside oneOf/anyOf (pydantic writes it for tagged unions): which property names the branch, and the value → $ref mapping. An annotation for validity; messages pick the branch by it. */
  discriminator?: { property: string; mapping?: Record<string, string> };

  // arrays
  prefixItems?: IRNode[];
  items?: IRNode;
  contains?: IRNode;
  minContains?: number;
  maxContains?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;

  // objects
  properties?: [string, IRNode][];
  required?: string[];
  additionalProperties?: IRNode;
  patternProperties?: [string, IRNode][];
  propertyNames?: IRNode;
  minProperties?: number;
  maxProperties?: number;
  dependentRequired?: [string, string[]][];
  dependentSchemas?: [string, IRNode][];

  /** Checked against properties no other keyword of this place (or its passing subschemas) evaluated. */
  unevaluatedProperties?: IRNode;
  /** Checked against items no other keyword of this place (or its passing subschemas) evaluated. */
  unevaluatedItems?: IRNode;

  // applicators on the same instance
  ref?: IRRef;
  /** $dynamicRef: `name` is set when the static target carries the matching $dynamicAnchor (then the scope decides). */
  dynamicRef?: IRRef & { name?: string };
  /** For a place that starts a schema resource: the $dynamicAnchors that resource declares. */
  scope?: [string, IRNode][];
  allOf?: IRNode[];
  anyOf?: IRNode[];
  oneOf?: IRNode[];
  not?: IRNode;
  if?: IRNode;
  then?: IRNode;
  else?: IRNode;

  // toolform extensions
  compare?: CompareRule[];
  errorMessage?: string | Record<string, string>;

  // annotations (not checks), kept for messages and examples
  title?: string;
  description?: string;
  default?: { value: unknown };
  examples?: unknown[];
  /** JSON text of one valid value, chosen and checked at build time. */
  example?: string;
}

/** A resolved $ref. `target` is filled once the target node exists (recursive schemas point back). */
export interface IRRef {
  ref: string;
  target: IRNode;
}

export interface IR {
  root: IRNode;
  /** Every node, in creation order (schema order). */
  nodes: IRNode[];
  /** Nodes that some $ref points at: they become named functions. */
  refTargets: Set<IRNode>;
  dialect: Dialect;
}

/** Subschemas applied to the same instance as `n`: allOf, anyOf, oneOf, dependentSchemas, if/then/else, $ref (in that order). */
export function inPlaceChildren(n: IRNode): IRNode[] {
  const kids = [...(n.allOf ?? []), ...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.dependentSchemas ?? []).map((d) => d[1])];
  for (const k of [n.if, n.then, n.else, n.ref?.target]) if (k) kids.push(k);
  return kids;
}

/**
 * `n` and every node that judges the same instance through applicators (inPlaceChildren),
 * each once, in depth-first preorder. An explicit stack, not recursion: a `$ref` chain of
 * any length costs time linear in its length and no call depth.
 */
export function sameInstanceGroup(n: IRNode): IRNode[] {
  const out: IRNode[] = [];
  const seen = new Set<IRNode>();
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (seen.has(x)) continue;
    seen.add(x);
    out.push(x);
    const kids = inPlaceChildren(x);
    for (let i = kids.length - 1; i >= 0; i--) if (!seen.has(kids[i]!)) stack.push(kids[i]!);
  }
  return out;
}
