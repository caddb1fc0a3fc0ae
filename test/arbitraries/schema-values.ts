// fast-check arbitraries for the differential tests: values aimed at a schema
// (valid ones, and the near misses models make), and random schemas drawn from
// the vocabulary toolform's emitter implements.
import fc from "fast-check";

type Schema = Record<string, unknown> | boolean;

const FORMAT_SAMPLES: Record<string, string[]> = {
  "date-time": ["2026-01-31T09:00:00Z", "2026-01-31 09:00", "2026-02-30T09:00:00Z", "tomorrow"],
  date: ["2026-01-31", "2026-13-01", "31/01/2026"],
  email: ["a@example.com", "not an email"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "123e4567"],
  uri: ["https://example.com/x", "example.com"],
  ipv4: ["192.0.2.1", "256.1.1.1"],
};

/** Values aimed at `schema`: mostly near it, sometimes anything at all. */
export function valueFor(schema: Schema, root: Schema = schema, depth = 0): fc.Arbitrary<unknown> {
  const any = fc.jsonValue({ maxDepth: 2 });
  if (typeof schema === "boolean" || depth > 5) return any;
  if (typeof schema.$ref === "string") {
    const target = (schema.$ref as string).replace(/^#\/\$defs\//, "");
    const defs = (root as Record<string, Record<string, Schema>>).$defs ?? {};
    return defs[target] ? valueFor(defs[target]!, root, depth + 1) : any;
  }
  const arbs: fc.Arbitrary<unknown>[] = [any];
  if (Array.isArray(schema.enum)) arbs.push(fc.constantFrom(...(schema.enum as unknown[])), fc.constantFrom(...(schema.enum as unknown[]).map((e) => (typeof e === "string" ? e.toUpperCase() : e))));
  if ("const" in schema) arbs.push(fc.constant(schema.const));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const t of types) {
    if (t === "string") {
      arbs.push(fc.string({ maxLength: 8 }), fc.constant(""));
      if (typeof schema.format === "string" && FORMAT_SAMPLES[schema.format]) arbs.push(fc.constantFrom(...FORMAT_SAMPLES[schema.format]!));
      if (Array.isArray(schema.examples)) arbs.push(fc.constantFrom(...(schema.examples as unknown[])));
    }
    if (t === "integer" || t === "number") {
      const lo = typeof schema.minimum === "number" ? schema.minimum : -10;
      const hi = typeof schema.maximum === "number" ? schema.maximum : 1000;
      arbs.push(fc.integer({ min: Math.floor(lo) - 2, max: Math.ceil(hi) + 2 }), fc.constantFrom(1.5, -0, 7, "7"));
    }
    if (t === "boolean") arbs.push(fc.boolean(), fc.constant("true"));
    if (t === "null") arbs.push(fc.constant(null));
    if (t === "array") {
      const item = schema.items && typeof schema.items === "object" ? valueFor(schema.items as Schema, root, depth + 1) : any;
      arbs.push(fc.array(item, { maxLength: 4 }));
    }
    if (t === "object" || schema.properties) {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(props);
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) rec[k] = valueFor(props[k]!, root, depth + 1);
      arbs.push(
        fc.tuple(fc.record(rec, { requiredKeys: [] }), fc.option(fc.tuple(fc.constantFrom("extra", "colour", "__proto__", "constructor"), any), { nil: undefined })).map(([o, extra]) => {
          const out = { ...(o as object) } as Record<string, unknown>;
          if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
          return out;
        }),
        fc.record(rec),
      );
    }
  }
  for (const k of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(schema[k])) for (const b of schema[k] as Schema[]) arbs.push(valueFor(b, root, depth + 1));
  return fc.oneof(...arbs);
}

const leaf: fc.Arbitrary<Schema> = fc.oneof<fc.Arbitrary<Schema>[]>(
  fc.constantFrom("string", "number", "integer", "boolean", "null", "array", "object").map((type) => ({ type })),
  fc.constantFrom(["string", "null"], ["integer", "string"]).map((type) => ({ type })),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.constant(null), fc.constant(1.0)), { minLength: 1, maxLength: 4 }).map((e) => ({ enum: e })),
  fc.jsonValue({ maxDepth: 1 }).map((c) => ({ const: c })),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: -5, max: 5 }), maximum: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ type: fc.constant("number"), exclusiveMinimum: fc.integer({ min: -5, max: 5 }), multipleOf: fc.constantFrom(0.5, 2, 0.1, 3) }),
  fc.record({ type: fc.constant("string"), minLength: fc.integer({ min: 0, max: 3 }), maxLength: fc.integer({ min: 2, max: 6 }) }),
  fc.record({ type: fc.constant("string"), pattern: fc.constantFrom("^a", "b$", "[0-9]+", "^\\p{Lu}", "x|y") }),
  fc.record({ type: fc.constant("string"), format: fc.constantFrom("date-time", "date", "email", "uuid", "ipv4", "uri", "hostname") }),
  fc.record({ type: fc.constant("array"), minItems: fc.integer({ min: 0, max: 2 }), maxItems: fc.integer({ min: 1, max: 4 }), uniqueItems: fc.boolean() }),
  fc.record({ minProperties: fc.integer({ min: 0, max: 2 }), maxProperties: fc.integer({ min: 1, max: 3 }) }),
  fc.constant(true),
  fc.constant(false),
);

const NAMES = ["a", "b", "c", "__proto__", "constructor", "x y"];

/** Random schemas over the vocabulary the emitter implements (2020-12). */
export const schemaArb: fc.Arbitrary<Schema> = fc.letrec<{ s: Schema }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom(...NAMES), tie("s"), { maxKeys: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.constant(false), tie("s")),
        patternProperties: fc.dictionary(fc.constantFrom("^x", "[0-9]"), tie("s"), { maxKeys: 1 }),
        propertyNames: fc.constantFrom({ maxLength: 3 }, { pattern: "^[a-z_]+$" }),
        dependentRequired: fc.constant({ a: ["b"] }),
        dependentSchemas: fc.dictionary(fc.constantFrom("a", "c"), tie("s"), { maxKeys: 1 }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      { type: fc.constant("array"), items: tie("s"), prefixItems: fc.array(tie("s"), { minLength: 1, maxLength: 2 }), contains: tie("s"), minContains: fc.integer({ min: 0, max: 2 }), maxContains: fc.integer({ min: 1, max: 3 }) },
      { requiredKeys: ["type"] },
    ),
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((allOf) => ({ allOf })),
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((oneOf) => ({ oneOf })),
    tie("s").map((not) => ({ not })),
    fc.record({ if: tie("s"), then: tie("s"), else: tie("s") }, { requiredKeys: ["if"] }),
  ),
})).s;
