// Stage 1 of the schema check: is the inputSchema a valid JSON Schema of its dialect?
import type { Diagnostic } from "../diagnostics/types.js";
import { ajvFor } from "./ajv.js";
import type { Dialect } from "./ir.js";

/** Meta-schema errors of `schema` (pointers are into the schema). */
export function checkMetaSchema(schema: unknown, dialect: Dialect): Diagnostic[] {
  if (typeof schema === "boolean") return [];
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return [{ severity: "error", code: "schema/not-an-object", message: `inputSchema must be a JSON Schema object, got ${Array.isArray(schema) ? "an array" : JSON.stringify(schema)}`, pointer: "", hint: `write {"type": "object", "properties": {...}}` }];
  }
  const ajv = ajvFor(dialect, "meta");
  // validateSchema would try to fetch an unknown $schema; strip it (dialectOf already chose).
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  if (ajv.validateSchema(rest)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of ajv.errors ?? []) {
    // Meta-schema errors come in cascades (anyOf branches); keep the first per place.
    if (seen.has(e.instancePath)) continue;
    seen.add(e.instancePath);
    const what = e.keyword === "type" ? `must be ${String((e.params as { type?: unknown }).type)}` : e.keyword === "enum" ? `must be one of ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}` : (e.message ?? "is invalid");
    out.push({
      severity: "error",
      code: "schema/invalid",
      message: `not a valid ${dialect} schema: ${e.instancePath ? JSON.stringify(e.instancePath.split("/").pop()) : "the schema"} ${what}`,
      pointer: e.instancePath,
      hint: "fix the schema keyword at this place (see https://json-schema.org/understanding-json-schema/reference)",
    });
  }
  return out;
}
