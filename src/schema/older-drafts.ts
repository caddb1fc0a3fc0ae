// A schema with no `$schema` is read as 2020-12, unless it uses a form that only an
// earlier draft allows: zod's `target: "draft-7"` output with `$schema` stripped, and
// older generators, publish tuples as `items: [...]`, `additionalItems`, `dependencies`
// and draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`. Read as 2020-12 such a
// schema is invalid and would block the whole build; read as the draft it is written
// in, it means what its author meant. Each place gets a warning naming it.
import type { Diagnostic } from "../diagnostics/types.js";
import { forEachSubschema, isObject } from "./dialect.js";

/** JSON pointers (into `schema`) of the forms only draft-07 and earlier allow. */
export function olderDraftForms(schema: unknown): string[] {
  const out: string[] = [];
  const walk = (s: unknown, at: string): void => {
    if (!isObject(s)) return;
    if (Array.isArray(s.items)) out.push(`${at}/items`);
    for (const k of ["additionalItems", "dependencies"]) if (k in s) out.push(`${at}/${k}`);
    for (const k of ["exclusiveMinimum", "exclusiveMaximum"]) if (typeof s[k] === "boolean") out.push(`${at}/${k}`);
    forEachSubschema(s, (sub, rel) => walk(sub, at + rel));
  };
  walk(schema, "");
  return out;
}

/**
 * The schema as draft-07 reads it: draft-04's boolean `exclusiveMinimum: true` beside
 * `minimum: m` becomes `exclusiveMinimum: m` (likewise for the maximum), and `false` is
 * dropped. Everything else, key order included, is kept; a schema without boolean
 * exclusives is returned as it is.
 */
export function draft04Bounds(schema: unknown): unknown {
  if (!olderDraftForms(schema).some((p) => /\/exclusiveM(?:in|ax)imum$/.test(p))) return schema;
  const rewrite = (s: unknown): unknown => {
    if (Array.isArray(s)) return s;
    if (!isObject(s)) return s;
    const copy: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(s)) copy[k] = s[k];
    for (const [ex, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
      if (typeof copy[ex] !== "boolean") continue;
      if (copy[ex] === true && typeof copy[bound] === "number") {
        copy[ex] = copy[bound];
        delete copy[bound];
      } else delete copy[ex];
    }
    forEachSubschema(s, (sub, rel) => setAt(copy, rel, rewrite(sub)));
    return { ...copy };
  };
  return rewrite(schema);
}

/** Sets the direct subschema at `rel` ("/k", "/k/i" or "/k/name") of `copy`, copying the container it sits in. */
function setAt(copy: Record<string, unknown>, rel: string, value: unknown): void {
  const [, k, key] = /^\/([^/]+)(?:\/(.*))?$/.exec(rel)!;
  if (key === undefined) {
    copy[k!] = value;
    return;
  }
  const name = key.replace(/~1/g, "/").replace(/~0/g, "~");
  const holder = copy[k!];
  if (Array.isArray(holder)) {
    const next = holder.slice();
    next[Number(name)] = value;
    copy[k!] = next;
  } else if (isObject(holder)) {
    copy[k!] = { ...holder, [name]: value };
  }
}

/** The dialect to read a schema in, the schema to read, and a warning per older-draft place. */
export function inferOlderDraft(schema: unknown): { schema: unknown; diagnostics: Diagnostic[] } | undefined {
  if (isObject(schema) && typeof schema.$schema === "string") return undefined;
  const places = olderDraftForms(schema);
  if (places.length === 0) return undefined;
  const diagnostics: Diagnostic[] = places.map((pointer) => ({
    severity: "warning",
    code: "schema/older-draft",
    message: `"${pointer.slice(pointer.lastIndexOf("/") + 1)}" in this form is draft-07 or earlier, and the schema has no $schema: it is read as draft-07`,
    pointer,
    hint: 'add "$schema": "http://json-schema.org/draft-07/schema#" to say so, or write it the 2020-12 way (prefixItems, dependentRequired/dependentSchemas, numeric exclusiveMinimum)',
  }));
  return { schema: draft04Bounds(schema), diagnostics };
}
