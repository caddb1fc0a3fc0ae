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

// ---------------------------------------------------------------- the one schema walker
// Which keyword values are subschemas, and how to reach them. Everything that walks a
// schema (ref indexing, typing, the lint's SchemaIndex) goes through forEachSubschema.

/** Keywords whose value is one subschema (`items` too, in its object form). */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "contentSchema",
  "items",
]);

/** Keywords whose value is an array of subschemas (`items` too, in its draft-07 array form). */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);

/** Keywords whose value maps names to subschemas (`dependencies`: its non-array values). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

/**
 * Calls `visit` for every direct subschema of `schema` (not for `schema` itself), in
 * the schema's key order, with its JSON pointer relative to `schema`, the keyword that
 * holds it and, under a map keyword, its name. Only schema positions are visited (an
 * `$id` inside an `enum` or `const` value is data, not an identifier), and only values
 * that are schemas (objects or booleans).
 */
export function forEachSubschema(schema: Record<string, unknown>, visit: (sub: unknown, relPointer: string, keyword: string, key?: string) => void): void {
  for (const k of Object.keys(schema)) {
    const v = schema[k];
    if (SCHEMA_KEYWORDS.has(k) && isSchemaValue(v)) visit(v, "/" + k, k);
    else if (SCHEMA_ARRAY_KEYWORDS.has(k) && Array.isArray(v)) v.forEach((sub, i) => isSchemaValue(sub) && visit(sub, `/${k}/${i}`, k));
    else if (SCHEMA_MAP_KEYWORDS.has(k) && isObject(v)) {
      for (const name of Object.keys(v)) if (isSchemaValue(v[name])) visit(v[name], `/${k}/${escapePointer(name)}`, k, name);
    }
  }
}

function isSchemaValue(v: unknown): boolean {
  return typeof v === "boolean" || isObject(v);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------- JSON pointers (RFC 6901)

export function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointer(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `pointer` extended by `segments`, each escaped. */
export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  return pointer + segments.map((s) => "/" + escapePointer(String(s))).join("");
}

/** The value at `pointer` ("" or "/a/0/b") inside `root`, or `found: false` when it leads nowhere. */
export function getAtPointer(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === "") return { found: true, value: root };
  if (!pointer.startsWith("/")) return { found: false };
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const tok = unescapePointer(raw);
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(tok) || Number(tok) >= cur.length) return { found: false };
      cur = cur[Number(tok)];
    } else if (isObject(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, tok)) return { found: false };
      cur = cur[tok];
    } else return { found: false };
  }
  return { found: true, value: cur };
}

/** Follows a JSON pointer into a value; undefined when it leads nowhere. */
export function getPointer(root: unknown, pointer: string): unknown {
  return getAtPointer(root, pointer).value;
}
