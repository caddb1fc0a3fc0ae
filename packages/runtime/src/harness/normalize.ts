// Seed 000's normalisation, for comparing values (ParsedCall.normalized_arguments).
//
// This is the harness's fallback, for a toolset generated before tools carried
// their own `normalize` (or a hand-made Tool): a tool that has one is normalised
// by `tool.normalize(args, "compare")` instead, which follows the whole schema. The rules, applied to a copy:
//
//   - a string that is a number ("7", " -2.5 ") becomes the number, where the
//     schema wants a number or integer, or says nothing about the type;
//   - "true"/"yes" become true and "false"/"no" false (any case), where the
//     schema wants a boolean or says nothing about the type;
//   - every other string is trimmed and case-folded (lower case);
//   - a one-element list becomes its element where the schema wants a scalar
//     (a type without "array").
//
// "What the schema wants" is read from the tool's inputSchema: `type` (a name or
// a list of names), or the types named by the branches of anyOf/oneOf, at the top
// level (the arguments' properties) and one level down (their properties and
// items). Deeper, or where the schema gives no type (`$ref`, no `type`), the
// rules apply without a schema. Values are never mutated; keys are copied as own
// data properties (so `__proto__` stays an ordinary key).
import type { Tool } from "../../../../templates/_runtime.js";

type Schema = Record<string, unknown>;

const SCALARS = new Set(["string", "number", "integer", "boolean", "null"]);
/** How many schema levels are followed below the arguments object. */
const SCHEMA_DEPTH = 2;
const MAX_DEPTH = 64;

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The type names a schema allows, or undefined when it does not say. */
function typesOf(s: unknown): Set<string> | undefined {
  if (!isObj(s)) return undefined;
  const t = s.type;
  if (typeof t === "string") return new Set([t]);
  if (Array.isArray(t)) return new Set(t.filter((x): x is string => typeof x === "string"));
  for (const k of ["anyOf", "oneOf"]) {
    const bs = s[k];
    if (Array.isArray(bs)) {
      const all = new Set<string>();
      for (const b of bs) {
        const bt = typesOf(b);
        if (bt === undefined) return undefined;
        for (const x of bt) all.add(x);
      }
      return all;
    }
  }
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((e) => typeof e === "string")) return new Set(["string"]);
  if (typeof s.const === "string") return new Set(["string"]);
  return undefined;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function normString(v: string, types: Set<string> | undefined): unknown {
  const t = v.trim();
  const wantsNumber = types === undefined || types.has("number") || types.has("integer");
  const wantsBool = types === undefined || types.has("boolean");
  const wantsString = types !== undefined && types.has("string");
  if (!wantsString || types === undefined) {
    if (wantsNumber && NUMERIC.test(t)) {
      const n = Number(t);
      if (Number.isFinite(n)) return n;
    }
    if (wantsBool) {
      const l = t.toLowerCase();
      if (l === "true" || l === "yes") return true;
      if (l === "false" || l === "no") return false;
    }
  }
  return t.toLowerCase();
}

function subSchema(s: unknown, key: string | number): unknown {
  if (!isObj(s)) return undefined;
  if (typeof key === "number") {
    const prefix = s.prefixItems;
    if (Array.isArray(prefix) && key < prefix.length) return prefix[key];
    if (Array.isArray(s.items)) return s.items[key];
    return s.items;
  }
  const props = s.properties;
  if (isObj(props) && Object.prototype.hasOwnProperty.call(props, key)) return props[key];
  return undefined;
}

function norm(v: unknown, schema: unknown, level: number, depth: number): unknown {
  const s = level <= SCHEMA_DEPTH ? schema : undefined;
  const types = typesOf(s);
  if (depth > MAX_DEPTH) return v;
  if (Array.isArray(v)) {
    if (v.length === 1 && types !== undefined && types.size > 0 && !types.has("array") && [...types].every((t) => SCALARS.has(t))) {
      return norm(v[0], s, level, depth + 1);
    }
    return v.map((x, i) => norm(x, subSchema(s, i), level + 1, depth + 1));
  }
  if (isObj(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      Object.defineProperty(out, k, { value: norm(v[k], subSchema(s, k), level + 1, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (typeof v === "string") return normString(v, types);
  return v;
}

/** Seed 000's normalisation of `args` against `inputSchema` (see the rules above). */
export function normalizeForComparison(args: unknown, inputSchema: unknown): unknown {
  return norm(args, inputSchema, 0, 0);
}

/**
 * The tool's own `normalize(args, "compare")` when the generated code has one
 * (seed 000's normalisation, generated per schema place), else the fallback
 * above. Its `{ value, repairs }` is unwrapped to the value. When it returns its
 * input unchanged (the same reference: nothing to do, or a tool generated
 * without a normaliser, whose `normalize` is the identity), the fallback runs on
 * that input, so seed 000's rules hold either way. Never throws: a failing
 * normaliser falls back.
 */
export function normalizeArguments(args: unknown, tool: Tool<any> | undefined): unknown {
  const own = (tool as { normalize?: unknown } | undefined)?.normalize;
  if (typeof own === "function") {
    try {
      const r = (own as (a: unknown, mode: string) => unknown).call(tool, args, "compare");
      const value = isObj(r) && "value" in r && Array.isArray((r as { repairs?: unknown }).repairs) ? r.value : r;
      if (value !== args) return value;
    } catch {
      /* fall back */
    }
  }
  try {
    return normalizeForComparison(args, tool?.inputSchema);
  } catch {
    return args;
  }
}
