// Hostile tool definitions for the code-injection fuzz (issue 9, point 1), shared
// by the bounded test (test/security/injection.test.ts) and the long-run script
// (test/fuzz/injection.ts).
//
// Every string position a schema has — tool name, description, title, property
// names, $defs names, $ref targets, enum/const values, patterns, patternProperties
// keys, format names, examples, defaults, errorMessage, dependentRequired names,
// x-compare operands, and json-schema-to-typescript's tsType/tsEnumNames — is filled with text aimed at breaking out of the context
// the generator puts it in: a "…" / '…' / `…` string, a template `${…}`, a line or
// block comment, a JSDoc block, a regex, an identifier, a TypeScript type, an
// inline <script>. The payloads set `globalThis.__pwned`; a test that loads the
// generated code asserts it stays unset and that no identifier `__pwned` exists in
// the generated syntax tree (so a payload that landed in dead code is caught too).
import fc from "fast-check";
import { escapePointer } from "../../src/schema/dialect.js";
import type { ToolDefinition } from "../../src/sources/types.js";

export const CANARY = "__pwned";

/** Break-outs, one per quoting context the generator (or json-schema-to-typescript, or prettier) uses. */
export const PAYLOADS: readonly string[] = [
  `"+(globalThis.__pwned=1)+"`,
  `'+(globalThis.__pwned=1)+'`,
  "`+(globalThis.__pwned=1)+`",
  "${globalThis.__pwned=1}",
  "`);globalThis.__pwned=1;(`",
  `"});globalThis.__pwned=1;({"`,
  `'});globalThis.__pwned=1;({'`,
  `"]);globalThis.__pwned=1;(["`,
  `\\"+(globalThis.__pwned=1)+\\"`,
  `\\';globalThis.__pwned=1;//`,
  "*/globalThis.__pwned=1;/*",
  "*/ } ; globalThis.__pwned=1; /**",
  "\nglobalThis.__pwned=1;//",
  "\r\nglobalThis.__pwned=1;//",
  "\rglobalThis.__pwned=1;//",
  "\u2028globalThis.__pwned=1;//",
  "\u2029globalThis.__pwned=1;//",
  "\u0085globalThis.__pwned=1;//",
  "/;globalThis.__pwned=1;/",
  "a; }; globalThis.__pwned=1; interface X { b: string",
  "a: string; [k: string]: unknown }; globalThis.__pwned = 1; type Y = {",
  "</script><script>globalThis.__pwned=1</script>",
  "<!--globalThis.__pwned=1-->",
  "-->globalThis.__pwned=1",
  "#!globalThis.__pwned=1",
  "\u0000globalThis.__pwned=1",
  "x=globalThis.__pwned=1",
  "a;globalThis.__pwned=1;b",
  "import('data:text/javascript,globalThis.__pwned=1')",
  "$&$'$`$1globalThis.__pwned=1",
  // More `"` than `'`: lit() writes these in single quotes (code.ts quoted).
  `""'+(globalThis.__pwned=1)+'`,
  `""\\'+(globalThis.__pwned=1)+\\'`,
  `"\\"\\\\';globalThis.__pwned=1;//`,
  `""\u2028'+(globalThis.__pwned=1)+'\u2029`,
  `"""\uFDD0'\uFDD1+(globalThis.__pwned=1)+'\uFDD4`,
];

/** Text that is not a payload but breaks naive quoting, naming or comparison. */
export const FRAGMENTS: readonly string[] = [
  '"', "'", "`", "\\", "\\\\", "\\u0022", "\\x22", "${", "}", "*/", "/*", "/**", "// ", "//", "\n", "\r", "\r\n", "\t", "\u2028", "\u2029",
  "\u0000", "\u0007", "\u001b[31m", "\u007f", "\uFEFF", "\u200B", "\u202E", "\u2066", "\uD800", "\uDC00", "\uDBFF\uDFFF", "\uD83D\uDE00",
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "then",
  "</script>", "<script>", "<!--", "-->", "]]>", "%s", "%", "%E0%A4%A", "{{x}}", "~", "~0", "~1", "/", "#", "?", "&",
  "", " ", "0", "-0", "1e999", "NaN", "undefined", "null", "true", "default", "index", "_runtime", "rt", "s", "v", "p", "d",
  "eval", "Function", "import", "require", "await", "yield", "let", "class", "enum",
  // Names the generated modules declare themselves (a tool named so must not redeclare them).
  "rt", "RT", "is 0", "collect 0", "re 0", "x 0", "k 0", "err 0 0", "is_0_0", "toolset", "validateCall", "tool names", "toolsBySchemaHash",
  "tool", "ToolArgs", "isArgs 0", "normalize 0", "validate 10", "ok", "validate", "is", "input schemas", "schema_hashes",
];

const lone = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** One hostile string: a payload, a mix of payloads and fragments, random UTF-16 (lone surrogates included), or a very long one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...PAYLOADS, ...FRAGMENTS), { minLength: 2, maxLength: 5 }).map((a) => a.join("")) },
  { weight: 2, arbitrary: fc.string({ unit: lone, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PAYLOADS), fc.integer({ min: 2_000, max: 5_000 })).map(([p, n]) => "A".repeat(n) + p + "\\".repeat(n % 7)) },
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Names that URIs can carry (no lone surrogates: `encodeURIComponent` refuses them, so no `$ref` can name them). */
export const refableName: fc.Arbitrary<string> = hostileString.filter((s) => s.length < 500 && !LONE_SURROGATE.test(s));

/** A `$ref` to `#/$defs/<name>`, JSON-pointer-escaped and percent-encoded. */
export function refTo(name: string): string {
  return "#/$defs/" + encodeURIComponent(escapePointer(name));
}

/** A regex source that matches `s` literally and compiles with the u flag. */
export function literalPattern(s: string): string {
  // In u-mode only syntax characters may be escaped with a backslash.
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

const FORMATS = ["date-time", "date", "time", "email", "hostname", "ipv4", "ipv6", "uri", "uuid", "json-pointer", "regex", "duration"];

type Schema = Record<string, unknown>;

/** An object with these own keys (`__proto__` included: Object.fromEntries defines, it does not set). */
function own(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries);
}

/** A leaf schema whose string positions are hostile. `defs` are $defs names a $ref may point at. */
function leaf(defs: string[]): fc.Arbitrary<Schema> {
  const annotations = fc.record(
    {
      title: hostileString,
      description: hostileString,
      $comment: hostileString,
      "x-note": hostileString,
      // json-schema-to-typescript's own keywords: tsType was pasted into the output verbatim.
      tsType: fc.oneof(hostileString, fc.constantFrom("string }; globalThis.__pwned = 1; interface Zz { b: string", "string; } globalThis.__pwned = 1; export type Q = {")),
      tsEnumNames: fc.array(fc.oneof(hostileString, fc.constant("constructor")), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  );
  const core: fc.Arbitrary<Schema>[] = [
    fc.array(hostileString, { minLength: 1, maxLength: 6 }).map((e) => ({ type: "string", enum: [...new Set(e)] })),
    fc.array(fc.oneof(hostileString, fc.integer(), fc.constant(null), fc.dictionary(hostileString, hostileString, { maxKeys: 2 })), { minLength: 1, maxLength: 4 }).map((e) => ({ enum: e })),
    hostileString.map((c) => ({ const: c })),
    // Negative literal types: json-schema-to-typescript writes `-1` then an index signature (babel-ts misread that).
    fc.array(fc.oneof(fc.integer({ max: -1 }), fc.double({ max: -0.5, noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 3 }).map((e) => (e.length === 1 ? { const: e[0] } : { enum: e })),
    fc.dictionary(hostileString, hostileString, { maxKeys: 3 }).map((c) => ({ const: c })),
    hostileString.map((s) => ({ type: "string", pattern: literalPattern(s), examples: [s], default: s })),
    hostileString.map((s) => ({ type: "string", pattern: "^(?:" + literalPattern(s) + ")$|^ok$" })),
    hostileString.map((f) => ({ type: "string", format: f })),
    fc.constantFrom(...FORMATS).map((f) => ({ type: "string", format: f })),
    fc.tuple(hostileString, hostileString).map(([ex, def]) => ({ type: "integer", minimum: 0, maximum: 10, examples: [ex, 3], default: def })),
    fc.tuple(hostileString, hostileString).map(([m, k]) => ({ type: "integer", minimum: 1, errorMessage: m, description: k })),
    fc.tuple(hostileString, hostileString).map(([m1, m2]) => ({ type: "string", maxLength: 3, errorMessage: { type: m1, maxLength: m2 } })),
    fc.array(hostileString, { minLength: 1, maxLength: 3 }).map((cs) => ({ anyOf: cs.map((c) => ({ const: c })) })),
    fc.tuple(hostileString, hostileString).map(([a, b]) => ({ type: "array", items: { enum: [a, b] }, uniqueItems: true, maxItems: 3 })),
  ];
  if (defs.length) core.push(fc.constantFrom(...defs).map((d) => ({ $ref: refTo(d) })));
  return fc.tuple(fc.oneof(...core), annotations).map(([c, a]) => ({ ...a, ...c }));
}

/** An object schema with hostile property names, one or two levels deep. */
function objectSchema(defs: string[], depth: number): fc.Arbitrary<Schema> {
  const value: fc.Arbitrary<Schema> = depth > 0 ? fc.oneof({ weight: 3, arbitrary: leaf(defs) }, { weight: 1, arbitrary: objectSchema(defs, depth - 1) }) : leaf(defs);
  return fc
    .record(
      {
        props: fc.uniqueArray(fc.tuple(hostileString, value), { minLength: 1, maxLength: 5, selector: ([k]) => k }),
        nRequired: fc.nat({ max: 5 }),
        extraRequired: fc.option(hostileString, { nil: undefined }),
        additional: fc.constantFrom<"none" | "false" | "schema">("none", "false", "schema"),
        patternKey: fc.option(hostileString, { nil: undefined }),
        dependent: fc.boolean(),
        compare: fc.boolean(),
        propertyNames: fc.option(hostileString, { nil: undefined }),
        title: hostileString,
        description: hostileString,
        errorMessage: fc.option(fc.oneof(hostileString, fc.record({ required: hostileString, additionalProperties: hostileString })), { nil: undefined }),
      },
      { requiredKeys: ["props", "nRequired", "additional", "dependent", "compare", "title", "description"] },
    )
    .map((r) => {
      const keys = r.props.map(([k]) => k);
      const s: Schema = { type: "object", title: r.title, description: r.description, properties: own(r.props) };
      const required = keys.slice(0, r.nRequired);
      if (r.extraRequired !== undefined && !keys.includes(r.extraRequired)) required.push(r.extraRequired);
      if (required.length) s.required = required;
      if (r.additional === "false") s.additionalProperties = false;
      if (r.additional === "schema") s.additionalProperties = { type: "string", description: r.description };
      if (r.patternKey !== undefined) s.patternProperties = own([[literalPattern(r.patternKey), { type: "string", title: r.title }]]);
      if (r.dependent && keys.length >= 2) s.dependentRequired = own([[keys[0]!, [keys[1]!]]]);
      if (r.compare && keys.length >= 2) s["x-compare"] = [{ left: keys[0], op: "<", right: keys[1] }];
      if (r.propertyNames !== undefined) s.propertyNames = { not: { const: r.propertyNames } };
      if (r.errorMessage !== undefined) s.errorMessage = r.errorMessage;
      return s;
    });
}

/** A tool's input schema: an object with hostile properties, $defs with hostile names that properties $ref. */
export const hostileSchema: fc.Arbitrary<Schema> = fc
  .uniqueArray(refableName, { maxLength: 3 })
  .chain((defNames) =>
    fc
      .tuple(
        fc.tuple(...defNames.map(() => leaf([]))),
        objectSchema(defNames, 1),
        fc.option(fc.dictionary(hostileString, fc.constant({ type: "string" }), { maxKeys: 2 }), { nil: undefined }),
        fc.boolean(),
        // unevaluatedProperties (judged natively; with engine "ajv", by ajv standalone code, bundled).
        fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
      )
      .map(([defSchemas, root, unused, recursive, unevaluated]) => {
        const entries: [string, unknown][] = defNames.map((n, i) => [n, defSchemas[i]]);
        // A recursive $def with a hostile name: a list of itself.
        if (recursive && defNames.length) {
          const self = defNames[0]!;
          entries[0] = [self, { anyOf: [defSchemas[0], { type: "array", items: { $ref: refTo(self) }, maxItems: 3 }] }];
        }
        for (const [k, v] of Object.entries(unused ?? {})) if (!defNames.includes(k)) entries.push([k, v]);
        const schema: Schema = { ...root };
        if (entries.length) schema.$defs = own(entries);
        if (unevaluated) schema.unevaluatedProperties = false;
        return schema;
      }),
  );

/** One hostile tool definition. */
export const hostileTool: fc.Arbitrary<ToolDefinition> = fc
  .record({ name: hostileString, description: hostileString, inputSchema: hostileSchema })
  .map(({ name, description, inputSchema }) => ({ name, description, inputSchema, origin: { file: "hostile.json", pointer: "/tools/0" } }));

/** A small hostile toolset (names may collide: that must be a build error, not a crash). */
export const hostileToolset: fc.Arbitrary<ToolDefinition[]> = fc.array(hostileTool, { minLength: 1, maxLength: 3 });

// ---------------------------------------------------------------- values aimed at a schema

function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith("#/$defs/")) return undefined;
  const name = decodeURIComponent(ref.slice("#/$defs/".length)).replace(/~1/g, "/").replace(/~0/g, "~");
  const defs = root.$defs as Record<string, Schema> | undefined;
  return defs && Object.prototype.hasOwnProperty.call(defs, name) ? defs[name] : undefined;
}

const ANY = fc.jsonValue({ maxDepth: 2 });

const FORMAT_OK: Record<string, string> = {
  "date-time": "2026-01-31T09:00:00Z",
  date: "2026-01-31",
  time: "09:00:00Z",
  email: "a@example.com",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/x",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  "json-pointer": "/a/b",
  regex: "^a+$",
  duration: "P1D",
};

/**
 * Values built to fit `schema` (the hostile schemas above: enum, const, patterns with their
 * example, formats, bounds, required keys, closed objects, dependentRequired, propertyNames).
 * Not every one fits (x-compare, oneOf of equal consts ...), which the oracle decides.
 */
export function validFor(schema: unknown, root: Schema = schema as Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return ANY;
  if (typeof schema !== "object" || schema === null || depth > 4) return fc.constant(null);
  const s = schema as Schema;
  if (typeof s.$ref === "string") {
    const t = resolveRef(s.$ref, root);
    return t ? validFor(t, root, depth + 1) : fc.constant(null);
  }
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf) && s.anyOf.length) return fc.oneof(...(s.anyOf as unknown[]).map((b) => validFor(b, root, depth + 1)));
  switch (s.type) {
    case "string":
      if (Array.isArray(s.examples) && typeof s.examples[0] === "string") return fc.constant(s.examples[0]);
      if (typeof s.pattern === "string") return fc.constant("ok");
      if (typeof s.format === "string") return fc.constant(FORMAT_OK[s.format] ?? "anything");
      return fc.string({ maxLength: typeof s.maxLength === "number" ? s.maxLength : 8 });
    case "integer":
      return fc.integer({ min: typeof s.minimum === "number" ? s.minimum : -5, max: typeof s.maximum === "number" ? s.maximum : 50 });
    case "array":
      return fc.uniqueArray(validFor(s.items, root, depth + 1), { maxLength: typeof s.maxItems === "number" ? s.maxItems : 3, comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b) });
    case "object": {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const keys = Object.keys(props);
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const banned = (s.propertyNames as Schema | undefined)?.not as Schema | undefined;
      const dep = (s.dependentRequired ?? {}) as Record<string, string[]>;
      return fc
        .tuple(
          fc.tuple(...keys.map((k) => validFor(props[k], root, depth + 1))),
          fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
          validFor(props[[...required].find((r) => !keys.includes(r)) ?? ""] ?? true, root, depth + 1),
        )
        .map(([vals, keep, extraVal]) => {
          const present = new Set(keys.filter((k, i) => required.has(k) || keep[i]));
          for (const [k, deps] of Object.entries(dep)) if (present.has(k)) for (const d of deps) present.add(d);
          const entries: [string, unknown][] = keys.map((k, i): [string, unknown] => [k, vals[i]]).filter(([k]) => present.has(k));
          for (const r of required) if (!keys.includes(r)) entries.push([r, s.additionalProperties === undefined ? extraVal : "ok"]);
          return own(entries.filter(([k]) => !(banned && "const" in banned && banned.const === k)));
        });
    }
  }
  return ANY;
}

/** Values aimed at `schema`: valid ones (see validFor) and near misses. */
export function valuesFor(schema: unknown, root: Schema = schema as Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth === 0) return fc.oneof({ weight: 2, arbitrary: validFor(schema, root) }, { weight: 3, arbitrary: nearFor(schema, root, 0) });
  return nearFor(schema, root, depth);
}

function nearFor(schema: unknown, root: Schema, depth: number): fc.Arbitrary<unknown> {
  if (typeof schema !== "object" || schema === null || depth > 4) return ANY;
  const s = schema as Schema;
  if (typeof s.$ref === "string") {
    const t = resolveRef(s.$ref, root);
    return t ? nearFor(t, root, depth + 1) : ANY;
  }
  const arbs: fc.Arbitrary<unknown>[] = [ANY, hostileString, validFor(s, root, depth)];
  if (Array.isArray(s.enum) && s.enum.length) arbs.push(fc.constantFrom(...s.enum), fc.constantFrom(...s.enum).map((e) => (typeof e === "string" ? e.toUpperCase() + "x" : e)));
  if ("const" in s) arbs.push(fc.constant(s.const));
  if (Array.isArray(s.examples) && s.examples.length) arbs.push(fc.constantFrom(...s.examples));
  if ("default" in s) arbs.push(fc.constant(s.default));
  if (s.type === "string") arbs.push(fc.constantFrom("ok", "", "2026-01-31", "a@example.com"));
  if (s.type === "integer") arbs.push(fc.integer({ min: -2, max: 12 }));
  for (const k of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(s[k])) for (const b of s[k] as unknown[]) arbs.push(nearFor(b, root, depth + 1));
  if (s.type === "array") arbs.push(fc.array(nearFor(s.items, root, depth + 1), { maxLength: 4 }));
  if (s.type === "object" || s.properties) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const keys = Object.keys(props);
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    const entry = (k: string) => fc.tuple(fc.constant(k), nearFor(props[k], root, depth + 1));
    arbs.push(
      fc
        .tuple(
          fc.tuple(...keys.map(entry)),
          fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
          fc.option(fc.tuple(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "toString")), ANY), { nil: undefined }),
        )
        .map(([entries, keep, extra]) => {
          const kept = entries.filter(([k], i) => required.has(k) || keep[i]);
          if (extra) kept.push(extra);
          return own(kept);
        }),
    );
  }
  return fc.oneof(...arbs);
}

/** What a model can send: a JSON round trip (own `__proto__` keys survive it, undefined does not). */
export function asJson(v: unknown): unknown {
  return v === undefined ? null : JSON.parse(JSON.stringify(v));
}

/** toolform's own keyword, which the oracle (ajv) does not know: removed before asking ajv. */
export function withoutCompare(s: unknown): unknown {
  return JSON.parse(JSON.stringify(s), (k, v) => (k === "x-compare" ? undefined : v));
}
