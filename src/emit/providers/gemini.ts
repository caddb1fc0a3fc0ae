// A tool's inputSchema as a Gemini function declaration's `parameters`: the Gemini API's
// Schema object, "a select subset of an OpenAPI 3.0 schema object". Its fields: type
// (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), format, title, description,
// nullable, enum (strings), items, minItems, maxItems, properties, required,
// minProperties, maxProperties, minLength, maxLength, pattern, minimum, maximum, anyOf,
// default, example, propertyOrdering. No $ref (every reference is written out; a
// recursive one is cut to the type it refers to), no additionalProperties, no
// exclusive bounds, multipleOf, uniqueItems, const, oneOf or allOf. A value keeps its
// shape: the call comes back as it is; what the subset leaves out is reported (Loss)
// and still checked by the validator.
import { ANNOTATIONS, childPointer, isObject, jsonTypeOf, localRef, typesOf, type Loss } from "./shared.js";

export interface GeminiConversion {
  /** The schema to send as `parameters`; undefined for a tool that takes no argument (Gemini: leave it unset). */
  parameters?: Record<string, unknown>;
  losses: Loss[];
}

const KEEP = new Set(["minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum"]);
/** Formats the Gemini API names, by type. */
const FORMATS: Record<string, ReadonlySet<string>> = { string: new Set(["date-time"]), number: new Set(["float", "double"]), integer: new Set(["int32", "int64"]) };
const STRUCTURE = new Set(["type", "properties", "required", "items", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "format", "additionalProperties"]);

export function toGemini(inputSchema: unknown): GeminiConversion {
  const losses: Loss[] = [];
  const stack: string[] = [""];
  const convert = (s: unknown, at: string): Record<string, unknown> => {
    if (s === true || s === undefined) return {};
    if (!isObject(s)) {
      losses.push({ at, keyword: "false", note: "a schema no value satisfies" });
      return {};
    }
    if (s.$ref !== undefined) {
      const target = localRef(inputSchema, s.$ref);
      const notes = pick(s, ["title", "description", "default"]);
      if (!target) {
        losses.push({ at, keyword: "$ref", note: "a reference outside the tool's schema" });
        return notes;
      }
      if (stack.includes(target.pointer)) {
        // Recursion: Gemini has no reference; the type alone is said here.
        losses.push({ at, keyword: "$ref", note: "recursive: cut to its type" });
        const t = isObject(target.schema) ? typesOf(target.schema).filter((x) => x !== "null") : [];
        return { ...(t.length === 1 ? { type: t[0]!.toUpperCase() } : {}), ...notes };
      }
      stack.push(target.pointer);
      try {
        return { ...convert(target.schema, target.pointer), ...notes };
      } finally {
        stack.pop();
      }
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === "title" || k === "description" || k === "default") out[k] = v;
      else if (KEEP.has(k) && (typeof v === "number" || (k === "pattern" && typeof v === "string"))) out[k] = v;
      else if (!STRUCTURE.has(k) && !ANNOTATIONS.has(k)) losses.push({ at, keyword: k });
    }
    if (Array.isArray(s.allOf)) {
      // One alternative: it is the schema; more: the first is sent, the rest checked by toolform.
      s.allOf.forEach((b, i) => (i === 0 ? Object.assign(out, convert(b, childPointer(at, "allOf", 0))) : losses.push({ at: childPointer(at, "allOf", i), keyword: "allOf" })));
    }
    const union = Array.isArray(s.anyOf) ? "anyOf" : Array.isArray(s.oneOf) ? "oneOf" : undefined;
    if (union) {
      if (union === "oneOf") losses.push({ at, keyword: "oneOf", note: "sent as anyOf" });
      // A null alternative is `nullable`; one alternative left is the schema itself.
      const all = s[union] as unknown[];
      const isNull = (b: unknown) => isObject(b) && b.type === "null" && Object.keys(b).every((k) => k === "type" || ANNOTATIONS.has(k));
      const rest = all.map((b, i) => [b, i] as const).filter(([b]) => !isNull(b));
      if (rest.length < all.length) out.nullable = true;
      if (rest.length === 1) Object.assign(out, convert(rest[0]![0], childPointer(at, union, rest[0]![1])), out.nullable ? { nullable: true } : {});
      else if (rest.length) out.anyOf = rest.map(([b, i]) => convert(b, childPointer(at, union, i)));
    }
    let types = typesOf(s);
    let values: unknown[] | undefined = Array.isArray(s.enum) ? s.enum : "const" in s ? [s.const] : undefined;
    if (values && !types.length) types = [...new Set(values.map(jsonTypeOf))];
    if (types.includes("null") || values?.includes(null)) out.nullable = true;
    types = types.filter((t) => t !== "null");
    if (types.length === 1) out.type = types[0]!.toUpperCase();
    else if (types.length === 0 && out.nullable && !out.anyOf && !("type" in out)) out.type = "NULL";
    else if (types.length > 1) {
      // Several types: one alternative each (only the description stays outside).
      losses.push({ at, keyword: "type", note: "several types sent as anyOf" });
      out.anyOf = types.map((t) => ({ type: t.toUpperCase() }));
      const kept = ["anyOf", "nullable", "title", "description"];
      for (const k of Object.keys(out)) if (!kept.includes(k) && k !== "default") losses.push({ at, keyword: k });
      for (const k of ["enum", "const", "format", "properties", "items", "additionalProperties"]) if (k in s) losses.push({ at, keyword: k });
      return pick(out, kept);
    }
    if (values) {
      values = values.filter((v) => v !== null);
      // Gemini's enum holds strings (format "enum"); others are left to the validator.
      if (values.every((v) => typeof v === "string") && types[0] === "string") Object.assign(out, { format: "enum", enum: values });
      else losses.push({ at, keyword: Array.isArray(s.enum) ? "enum" : "const", note: "Gemini's enum holds strings only" });
    }
    if (typeof s.format === "string") {
      if (types.length === 1 && FORMATS[types[0]!]?.has(s.format)) out.format = s.format;
      else losses.push({ at, keyword: "format", note: `format "${s.format}" is not one Gemini names` });
    }
    if (types.includes("object") || isObject(s.properties)) {
      const props = isObject(s.properties) ? s.properties : {};
      const names = Object.keys(props);
      if (names.length) {
        out.properties = Object.fromEntries(names.map((n) => [n, convert(props[n], childPointer(at, "properties", n))]));
        const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string" && names.includes(r)) : [];
        if (required.length) out.required = required;
      }
      if (Array.isArray(s.required) && s.required.some((r) => !names.includes(r as string))) losses.push({ at, keyword: "required", note: "names that are not among the properties" });
      if (s.additionalProperties !== undefined && s.additionalProperties !== true) losses.push({ at, keyword: "additionalProperties" });
    }
    if (s.items !== undefined) {
      if (Array.isArray(s.items)) losses.push({ at, keyword: "items", note: "a tuple" });
      else out.items = convert(s.items, childPointer(at, "items"));
    }
    return out;
  };
  const root = convert(inputSchema, "");
  const takesNothing = !isObject(root.properties) && !root.anyOf;
  return { ...(takesNothing ? {} : { parameters: root }), losses };
}

function pick(s: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in s) out[k] = s[k];
  return out;
}
