// The meta-schema check runs ajv's standalone validators of the meta-schemas, precompiled by
// scripts/meta-check.ts (a build loads no ajv for it). Held here to what it replaces: the files
// are what the script writes with the installed ajv, and on real schemas (the corpus, the
// JSON-Schema-Test-Suite) and on broken copies of them, the precompiled check gives the same
// verdict, the same errors in the same order, as ajv's own validateSchema.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { META_FILES, metaCheckSource } from "../../scripts/meta-check.js";
import { newAjv } from "../../src/schema/ajv.js";
import type { Dialect } from "../../src/schema/ir.js";
import { checkMetaSchema } from "../../src/schema/metaschema.js";
import { validate as draft07Code } from "../../src/schema/meta/draft-07.js";
import { validate as draft2020Code } from "../../src/schema/meta/2020-12.js";

type MetaValidate = ((schema: unknown) => boolean) & { errors?: unknown[] | null };
const draft07 = draft07Code as MetaValidate;
const draft2020 = draft2020Code as MetaValidate;

const TESTS = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(TESTS, "..");

const corpus = readdirSync(join(TESTS, "corpus"))
  .filter((f) => f.endsWith(".json") && f !== "sources.json")
  .flatMap((f) => (JSON.parse(readFileSync(join(TESTS, "corpus", f), "utf8")) as { tools: { inputSchema: unknown }[] }).tools.map((t) => t.inputSchema));
const suite = (dir: string) =>
  readdirSync(join(TESTS, "json-schema-test-suite", "tests", dir))
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => (JSON.parse(readFileSync(join(TESTS, "json-schema-test-suite", "tests", dir, f), "utf8")) as { schema: unknown }[]).map((c) => c.schema));

/** Wrong values for keywords the meta-schemas constrain: each broken copy sets one of them at one place. */
const BREAKS: [string, unknown][] = [
  ["type", "text"],
  ["type", 5],
  ["minLength", -1],
  ["maxItems", 1.5],
  ["required", "name"],
  ["required", ["a", "a"]],
  ["properties", []],
  ["enum", "x"],
  ["pattern", 3],
  ["items", "x"],
  ["additionalProperties", 1],
  ["anyOf", []],
  ["$ref", 7],
  ["format", {}],
  ["description", null],
];

/** The schema's object places (the root, properties, items, definitions…), as paths of keys. */
function places(s: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (typeof s !== "object" || s === null || Array.isArray(s) || out.length > 40) return out;
  out.push(at);
  for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
    if (["properties", "$defs", "definitions", "patternProperties"].includes(k) && v && typeof v === "object") for (const [p, sub] of Object.entries(v)) places(sub, [...at, k, p], out);
    else if (["items", "additionalProperties", "not", "contains"].includes(k)) places(v, [...at, k], out);
    else if (["anyOf", "oneOf", "allOf", "prefixItems"].includes(k) && Array.isArray(v)) v.forEach((sub, i) => places(sub, [...at, k, String(i)], out));
  }
  return out;
}

/** Broken copies of `s`: the i-th place gets the i-th break (deterministic, spread over both lists). */
function broken(s: unknown, seed: number): unknown[] {
  const ps = places(s);
  return ps.slice(0, 6).map((path, i) => {
    const copy = structuredClone(s) as Record<string, unknown>;
    let o = copy;
    for (const k of path) o = o[k] as Record<string, unknown>;
    const [k, v] = BREAKS[(seed + i) % BREAKS.length]!;
    o[k] = v;
    return copy;
  });
}

const ajvs = new Map<Dialect, ReturnType<typeof newAjv>>();
function live(schema: Record<string, unknown>, dialect: Dialect): { valid: boolean; errors: unknown } {
  let ajv = ajvs.get(dialect);
  if (!ajv) ajvs.set(dialect, (ajv = newAjv(dialect)));
  const valid = ajv.validateSchema(schema) as boolean;
  return { valid, errors: ajv.errors ?? null };
}

describe("the precompiled meta-schema check", () => {
  it.each(META_FILES.map((m) => [m.file, m] as const))("%s is current (else: node --import tsx scripts/meta-check.ts)", (file, m) => {
    expect(readFileSync(join(root, file), "utf8")).toBe(metaCheckSource(m.dialect));
  });

  it("gives ajv's validateSchema verdicts and errors, in order, on real schemas and broken copies of them", () => {
    const schemas = [...corpus, ...suite("draft2020-12"), ...suite("draft7")].filter((s): s is Record<string, unknown> => typeof s === "object" && s !== null && !Array.isArray(s));
    let invalid = 0;
    let checked = 0;
    schemas.forEach((s, i) => {
      for (const schema of [s, ...broken(s, i)]) {
        const { $schema: _s, ...rest } = schema as Record<string, unknown>;
        for (const [dialect, validate] of [["draft-07", draft07], ["2020-12", draft2020]] as const) {
          const want = live(rest, dialect);
          const valid = validate(rest) as boolean;
          expect({ valid, errors: validate.errors ?? null }).toEqual(want);
          checked++;
          if (!valid) invalid++;
        }
      }
    });
    // Not vacuous: thousands of schemas, and many of them refused with errors to compare.
    expect(checked).toBeGreaterThan(5000);
    expect(invalid).toBeGreaterThan(1000);
  });

  it("names the place and what is wrong, as before (checkMetaSchema)", () => {
    expect(checkMetaSchema({ type: "object", properties: { n: { type: "int" } } }, "2020-12")).toEqual([
      { severity: "error", code: "schema/invalid", message: 'not a valid 2020-12 schema: "type" must be one of ["array","boolean","integer","null","number","object","string"]', pointer: "/properties/n/type", hint: "fix the schema keyword at this place (see https://json-schema.org/understanding-json-schema/reference)" },
    ]);
    expect(checkMetaSchema({ $schema: "http://json-schema.org/draft-07/schema#", minLength: -1 }, "draft-07").map((d) => d.message)).toEqual(['not a valid draft-07 schema: "minLength" must be >= 0']);
  });
});
