// TypeBox 0.34: TypeCompiler. The compiler refuses a raw JSON Schema object (it
// dispatches on TypeBox's [Kind] symbol: "Preflight validation check failed to
// guard for the given schema"), so the schema is first rebuilt with Type.* — the
// same keywords as options — which is what a TypeBox user does with a JSON tool
// definition. Formats are registered in FormatRegistry with ajv-formats' "full"
// checks (TypeBox ships none). Check() is the fast path; on failure the errors are
// collected with Errors() (all of them, with TypeBox's messages; a missing required property counts twice: "Expected required property" and the property's type).

import { Type, FormatRegistry, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import formatsModule from "ajv-formats/dist/formats.js";
import type { Adapter } from "./types.js";
import { pkgVersion } from "./versions.js";

const { fullFormats } = ((formatsModule as any).default ?? formatsModule) as typeof import("ajv-formats/dist/formats.js");

function registerFormat(name: string) {
  if (FormatRegistry.Has(name)) return;
  const f = (fullFormats as Record<string, unknown>)[name];
  const def = f && typeof f === "object" && !(f instanceof RegExp) ? (f as { validate: unknown }).validate : f;
  if (def instanceof RegExp) FormatRegistry.Set(name, (s) => def.test(s));
  else if (typeof def === "function") FormatRegistry.Set(name, def as (s: string) => boolean);
  else throw new Error(`TypeBox adapter: no check for format ${name}`);
}

type S = Record<string, any>;

/** JSON Schema (the subset the workload uses) → the equivalent TypeBox type. */
export function toTypeBox(s: S): TSchema {
  const { type, properties, required, items, enum: en, format, ...rest } = s;
  if (en) return Type.Union((en as unknown[]).map((v) => Type.Literal(v as string)), rest);
  if (Array.isArray(type)) return Type.Union(type.map((t: string) => toTypeBox({ ...s, type: t })));
  switch (type) {
    case "object": {
      const req = new Set<string>(required ?? []);
      const props: Record<string, TSchema> = {};
      for (const [k, v] of Object.entries((properties ?? {}) as Record<string, S>)) props[k] = req.has(k) ? toTypeBox(v) : Type.Optional(toTypeBox(v));
      return Type.Object(props, rest);
    }
    case "array":
      return Type.Array(toTypeBox(items ?? {}), rest);
    case "string":
      if (format) registerFormat(format);
      return Type.String(format ? { ...rest, format } : rest);
    case "integer":
      return Type.Integer(rest);
    case "number":
      return Type.Number(rest);
    case "boolean":
      return Type.Boolean(rest);
    case "null":
      return Type.Null(rest);
    case undefined:
      return Type.Unknown(rest);
  }
  throw new Error(`TypeBox adapter: type ${String(type)} not handled`);
}

export const typeboxAdapter: Adapter = async () => ({
  versions: { "@sinclair/typebox": pkgVersion("@sinclair/typebox") },
  rows: [
    {
      id: "typebox",
      label: "TypeBox TypeCompiler, Check + Errors",
      prepare: (t) => {
        const c = TypeCompiler.Compile(toTypeBox(t.inputSchema));
        return {
          run: (a) => (c.Check(a) ? null : [...c.Errors(a)]),
          ok: (r) => r === null,
          nErrors: (r) => (r as unknown[] | null)?.length ?? 0,
          firstMessage: (r) => {
            const e = (r as { path: string; message: string }[] | null)?.[0];
            return e ? `${e.path} ${e.message}` : "";
          },
        };
      },
    },
  ],
  notes: [
    "TypeBox: TypeCompiler.Compile refuses a raw JSON Schema (no [Kind] symbol), so the bench rebuilds each schema with Type.* (same keywords) and registers ajv-formats' full format checks in FormatRegistry.",
  ],
});
