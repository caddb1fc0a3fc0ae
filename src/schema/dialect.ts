import type { Dialect } from "./ir.js";

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
export const DRAFT_07_URI = DRAFT_07;
export const DRAFT_2020_URI = DRAFT_2020;
const DRAFT_2019 = /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/;

/** The dialect a schema declares with `$schema`, or `fallback` when it declares none. */
export function dialectOf(schema: unknown, fallback: Dialect = "2020-12"): Dialect {
  if (typeof schema !== "object" || schema === null) return fallback;
  const s = (schema as Record<string, unknown>).$schema;
  if (typeof s !== "string") return fallback;
  if (DRAFT_07.test(s)) return "draft-07";
  if (DRAFT_2020.test(s) || DRAFT_2019.test(s)) return "2020-12";
  return fallback;
}

/** Whether `$schema` names a dialect toolform knows (others get a warning and the default dialect). */
export function isKnownDialectUri(s: string): boolean {
  return DRAFT_07.test(s) || DRAFT_2020.test(s) || DRAFT_2019.test(s);
}

/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS = [
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
  "contentSchema",
] as const;

/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/** Keywords whose value is a map of name → subschema. */
export const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] as const;

/**
 * Calls `visit` for every subschema of `schema` (not for `schema` itself), with its
 * JSON pointer relative to `schema`. Only schema positions are visited: an `$id`
 * inside an `enum` or `const` value is data, not an identifier.
 */
export function forEachSubschema(schema: Record<string, unknown>, visit: (sub: unknown, relPointer: string) => void): void {
  for (const k of SCHEMA_KEYWORDS) if (k in schema) visit(schema[k], "/" + k);
  for (const k of SCHEMA_ARRAY_KEYWORDS) {
    const a = schema[k];
    if (Array.isArray(a)) a.forEach((s, i) => visit(s, `/${k}/${i}`));
  }
  for (const k of SCHEMA_MAP_KEYWORDS) {
    const m = schema[k];
    if (isObject(m)) for (const name of Object.keys(m)) visit(m[name], `/${k}/${escapePointer(name)}`);
  }
  const items = schema.items;
  if (Array.isArray(items)) items.forEach((s, i) => visit(s, `/items/${i}`));
  else if (items !== undefined) visit(items, "/items");
  const deps = schema.dependencies;
  if (isObject(deps)) for (const name of Object.keys(deps)) if (!Array.isArray(deps[name])) visit(deps[name], `/dependencies/${escapePointer(name)}`);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointer(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Follows a JSON pointer ("" or "/a/0/b") into a value; undefined when it leads nowhere. */
export function getPointer(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return undefined;
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const tok = unescapePointer(raw);
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(tok)) return undefined;
      cur = cur[Number(tok)];
    } else if (isObject(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, tok)) return undefined;
      cur = cur[tok];
    } else return undefined;
  }
  return cur;
}
