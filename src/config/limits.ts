// Bounds on what one tool's schema may hold (issue 18.3). The build is linear in the
// schema's size, but a large or hostile `tools/list` (a 2 MB schema, 8,000 properties)
// still costs CI a minute per tool: past these bounds a tool is a build error naming
// the place, the size and the setting that raises the bound.
import type { Diagnostic } from "../diagnostics/types.js";
import { forEachSubschema, isObject } from "../schema/dialect.js";

export interface Limits {
  /** Largest inputSchema, in bytes of its JSON text. Default 1 MiB. */
  schemaBytes: number;
  /** Most `properties` one object schema may declare. Default 2,000. */
  propertiesPerObject: number;
  /** Most values one `enum` may list. Default 5,000. */
  enumSize: number;
}

export const DEFAULT_LIMITS: Limits = { schemaBytes: 1 << 20, propertiesPerObject: 2_000, enumSize: 5_000 };

/**
 * The first bound `schema` passes, as an error; undefined when it keeps within them.
 * Call after schemaShapeProblem (the walk recurses: the schema is known not to be too deep).
 */
export function limitProblem(schema: unknown, limits: Limits = DEFAULT_LIMITS): Diagnostic | undefined {
  const hint = (key: keyof Limits, now: number) => `split the tool, or raise \`limits: { ${key}: … }\` in the toolform config (now ${now})`;
  const bytes = Buffer.byteLength(JSON.stringify(schema) ?? "", "utf8");
  if (bytes > limits.schemaBytes) {
    return { severity: "error", code: "schema/too-large", message: `the input schema is ${bytes.toLocaleString("en-US")} bytes of JSON; the limit is ${limits.schemaBytes.toLocaleString("en-US")}`, pointer: "", hint: hint("schemaBytes", limits.schemaBytes) };
  }
  let found: Diagnostic | undefined;
  const walk = (s: unknown, at: string, seen: Set<object>): void => {
    if (found || !isObject(s) || seen.has(s)) return;
    seen.add(s);
    const props = s.properties;
    if (isObject(props)) {
      const n = Object.keys(props).length;
      if (n > limits.propertiesPerObject) {
        found = { severity: "error", code: "schema/too-many-properties", message: `this object declares ${n.toLocaleString("en-US")} properties; the limit is ${limits.propertiesPerObject.toLocaleString("en-US")}`, pointer: at, hint: hint("propertiesPerObject", limits.propertiesPerObject) };
        return;
      }
    }
    if (Array.isArray(s.enum) && s.enum.length > limits.enumSize) {
      found = { severity: "error", code: "schema/enum-too-large", message: `this enum lists ${s.enum.length.toLocaleString("en-US")} values; the limit is ${limits.enumSize.toLocaleString("en-US")}`, pointer: at + "/enum", hint: hint("enumSize", limits.enumSize) };
      return;
    }
    forEachSubschema(s, (sub, rel) => walk(sub, at + rel, seen));
  };
  walk(schema, "", new Set());
  return found;
}

/** Checks a `limits` object from the config; returns the filled-in limits or an error message naming the key. */
export function resolveLimits(raw: unknown): Limits | string {
  if (raw === undefined) return { ...DEFAULT_LIMITS };
  if (!isObject(raw)) return `"limits" must be an object like { schemaBytes: ${DEFAULT_LIMITS.schemaBytes} }; got ${JSON.stringify(raw)}`;
  const out: Limits = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(raw)) {
    if (!(k in DEFAULT_LIMITS)) return `"limits.${k}" is not a limit; the limits are ${Object.keys(DEFAULT_LIMITS).join(", ")}`;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1) return `"limits.${k}" must be a positive integer; got ${JSON.stringify(v)}`;
    out[k as keyof Limits] = v;
  }
  return out;
}

