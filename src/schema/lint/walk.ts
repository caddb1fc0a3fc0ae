/**
 * Walk every subschema of an input schema ($defs, items, combinators included) and
 * resolve local `$ref`s, for the lint rules. The walk follows the JSON tree only (a
 * `$ref` is an edge the rules follow themselves), so it always ends, even on object
 * graphs with cycles (a TypeScript source can build one).
 */
import type { JsonSchema } from "../../sources/types.js";
import { childPointer, forEachSubschema, getAtPointer, isObject, unescapePointer } from "../dialect.js";

// The pointer helpers and isObject live with the one subschema walker (../dialect.ts).
export { childPointer, getAtPointer, isObject, unescapePointer };

export type SchemaObject = { [keyword: string]: unknown };

/**
 * Keywords that apply their subschema to the *same* instance (no progress into the
 * value). A `$ref` cycle through only these never ends.
 */
export const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies"]);

export interface SchemaNode {
  schema: JsonSchema;
  /** JSON pointer from the inputSchema root. */
  pointer: string;
  /** Base URI in effect for this subschema (after `$id`s on the way). */
  base: string;
  /** The keyword that led here ("properties", "items", "allOf", …), undefined at the root. */
  keyword?: string;
  /** The property / def name under a map keyword. */
  key?: string;
  /** The parent node, undefined at the root. */
  parent?: SchemaNode;
}

export function isSchema(v: unknown): v is JsonSchema {
  return typeof v === "boolean" || isObject(v);
}

export const DEFAULT_BASE = "toolform:/inputSchema";

function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

function stripFragment(uri: string): string {
  const i = uri.indexOf("#");
  return i < 0 ? uri : uri.slice(0, i);
}

/** Is the schema in draft-07 (or older) terms? Decided by the root `$schema`. */
export function isLegacyDraft(root: JsonSchema): boolean {
  return isObject(root) && typeof root.$schema === "string" && /draft-0[3-7]/.test(root.$schema);
}

/** Visit every subschema, depth first, parents before children, in key order. */
export function walkSchema(root: JsonSchema, visit: (node: SchemaNode) => void): void {
  const onStack = new Set<object>();
  const go = (node: SchemaNode): void => {
    const s = node.schema;
    if (typeof s === "object" && s !== null) {
      if (onStack.has(s)) return; // a cyclic object graph: stop here
      onStack.add(s);
    }
    visit(node);
    if (isObject(s)) {
      let base = node.base;
      if (typeof s.$id === "string" && !s.$id.startsWith("#")) base = stripFragment(resolveUri(s.$id, base) ?? base);
      forEachSubschema(s, (value, rel, keyword, key) => {
        const n: SchemaNode = { schema: value as JsonSchema, pointer: node.pointer + rel, base, keyword, parent: node };
        if (key !== undefined) n.key = key;
        go(n);
      });
    }
    if (typeof s === "object" && s !== null) onStack.delete(s);
  };
  go({ schema: root, pointer: "", base: rootBase(root) });
}

function rootBase(root: JsonSchema): string {
  if (isObject(root) && typeof root.$id === "string" && !root.$id.startsWith("#")) {
    return stripFragment(resolveUri(root.$id, DEFAULT_BASE) ?? DEFAULT_BASE);
  }
  return DEFAULT_BASE;
}

export type RefResolution =
  | { kind: "local"; pointer: string; schema: JsonSchema }
  /** The ref points into a document this schema does not hold (a remote ref): not checked here. */
  | { kind: "external"; uri: string }
  | { kind: "missing"; reason: string };

/** All subschemas of one input schema, with the `$id`/anchor index needed to resolve refs. */
export class SchemaIndex {
  readonly nodes: SchemaNode[] = [];
  readonly byPointer = new Map<string, SchemaNode>();
  private readonly kids = new Map<SchemaNode, SchemaNode[]>();
  /** Absolute URI (no fragment) of each schema resource → its pointer. */
  private readonly resources = new Map<string, string>();
  /** "uri#anchor" → pointer. */
  private readonly anchors = new Map<string, string>();

  constructor(readonly root: JsonSchema) {
    this.resources.set(rootBase(root), "");
    walkSchema(root, (node) => {
      this.nodes.push(node);
      if (node.parent) {
        const list = this.kids.get(node.parent);
        if (list) list.push(node);
        else this.kids.set(node.parent, [node]);
      }
      if (!this.byPointer.has(node.pointer)) this.byPointer.set(node.pointer, node);
      const s = node.schema;
      if (!isObject(s)) return;
      if (typeof s.$id === "string") {
        if (s.$id.startsWith("#")) {
          // draft-07 style plain-name fragment
          this.anchors.set(`${node.base}${s.$id}`, node.pointer);
        } else {
          const uri = resolveUri(s.$id, node.base);
          if (uri !== undefined) {
            this.resources.set(stripFragment(uri), node.pointer);
            const frag = uri.slice(stripFragment(uri).length + 1);
            if (frag && !frag.startsWith("/")) this.anchors.set(uri, node.pointer);
          }
        }
      }
      const ownBase =
        typeof s.$id === "string" && !s.$id.startsWith("#") ? stripFragment(resolveUri(s.$id, node.base) ?? node.base) : node.base;
      for (const kw of ["$anchor", "$dynamicAnchor"]) {
        const a = s[kw];
        if (typeof a === "string") this.anchors.set(`${ownBase}#${a}`, node.pointer);
      }
    });
  }

  /** Direct subschemas of a node, in walk order. */
  children(node: SchemaNode): readonly SchemaNode[] {
    return this.kids.get(node) ?? [];
  }

  /** The base URI against which a `$ref` written in this node resolves. */
  baseOf(node: SchemaNode): string {
    const s = node.schema;
    if (isObject(s) && typeof s.$id === "string" && !s.$id.startsWith("#")) {
      return stripFragment(resolveUri(s.$id, node.base) ?? node.base);
    }
    return node.base;
  }

  /** Resolutions by base URI and $ref: the rules ask again for each place that reaches a ref (a ref-heavy schema asked millions of times). */
  private resolved = new Map<string, RefResolution>();

  resolve(ref: string, node: SchemaNode): RefResolution {
    const base = this.baseOf(node);
    const key = base + "\n" + ref;
    let r = this.resolved.get(key);
    if (r === undefined) this.resolved.set(key, (r = this.resolveFrom(ref, base)));
    return r;
  }

  private resolveFrom(ref: string, base: string): RefResolution {
    const uri = resolveUri(ref, base);
    if (uri === undefined) return { kind: "missing", reason: `"${ref}" is not a valid URI reference` };
    const doc = stripFragment(uri);
    const resourcePointer = this.resources.get(doc);
    if (resourcePointer === undefined) return { kind: "external", uri };
    const hashAt = uri.indexOf("#");
    let fragment = hashAt < 0 ? "" : uri.slice(hashAt + 1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      return { kind: "missing", reason: `"${ref}" has a malformed %-escape` };
    }
    let pointer: string;
    if (fragment === "" || fragment.startsWith("/")) {
      pointer = resourcePointer + fragment;
    } else {
      const p = this.anchors.get(`${doc}#${fragment}`);
      if (p === undefined) return { kind: "missing", reason: `no "$anchor": "${fragment}" in the schema` };
      pointer = p;
    }
    const got = getAtPointer(this.root, pointer);
    if (!got.found) return { kind: "missing", reason: `nothing at "#${fragment}"` };
    if (!isSchema(got.value)) return { kind: "missing", reason: `"#${fragment}" is not a schema` };
    return { kind: "local", pointer, schema: got.value };
  }

  /** Follow `$ref` (repeatedly) from a node; returns the final node's schema, or the node's own. */
  deref(node: SchemaNode, maxHops = 32): { schema: JsonSchema; pointer: string } {
    let cur: { schema: JsonSchema; pointer: string } = { schema: node.schema, pointer: node.pointer };
    let curNode: SchemaNode = node;
    for (let i = 0; i < maxHops; i++) {
      const s = cur.schema;
      if (!isObject(s) || typeof s.$ref !== "string") return cur;
      const r = this.resolve(s.$ref, curNode);
      if (r.kind !== "local") return cur;
      cur = { schema: r.schema, pointer: r.pointer };
      curNode = this.byPointer.get(r.pointer) ?? { schema: r.schema, pointer: r.pointer, base: curNode.base };
    }
    return cur;
  }
}

/** The JSON Schema type names a value has ("integer" values are also "number"). */
export function jsonTypesOf(value: unknown): string[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  switch (typeof value) {
    case "string":
      return ["string"];
    case "boolean":
      return ["boolean"];
    case "number":
      return Number.isInteger(value) ? ["integer", "number"] : ["number"];
    case "object":
      return ["object"];
    default:
      return [];
  }
}

/** The declared `type` as a list, or undefined if the schema has no (usable) `type`. */
export function declaredTypes(schema: JsonSchema): string[] | undefined {
  if (!isObject(schema)) return undefined;
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t) && t.every((x) => typeof x === "string")) return t as string[];
  return undefined;
}

export function fitsType(value: unknown, types: string[]): boolean {
  const has = jsonTypesOf(value);
  return types.some((t) => has.includes(t));
}
