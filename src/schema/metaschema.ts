// Stage 1 of the schema check: is the inputSchema a valid JSON Schema of its dialect?
// ajv's own validators of the meta-schemas, precompiled (scripts/meta-check.ts): the errors
// ajv's validateSchema gives, without loading ajv or compiling a meta-schema in a build.
import type { ErrorObject } from "ajv";
import type { Diagnostic } from "../diagnostics/types.js";
import type { Dialect } from "./ir.js";
import { validate as draft07 } from "./meta/draft-07.js";
import { validate as draft2020 } from "./meta/2020-12.js";

type MetaValidate = ((schema: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Meta-schema errors of `schema` (pointers are into the schema). */
export function checkMetaSchema(schema: unknown, dialect: Dialect): Diagnostic[] {
  if (typeof schema === "boolean") return [];
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return [{ severity: "error", code: "schema/not-an-object", message: `inputSchema must be a JSON Schema object, got ${Array.isArray(schema) ? "an array" : JSON.stringify(schema)}`, pointer: "", hint: `write {"type": "object", "properties": {...}}` }];
  }
  const validate: MetaValidate = dialect === "draft-07" ? draft07 : draft2020;
  // Checked against the dialect's meta-schema whatever its $schema says (dialectOf already chose).
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  if (validate(rest)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of validate.errors ?? []) {
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
