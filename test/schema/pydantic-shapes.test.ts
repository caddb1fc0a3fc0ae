// The shapes pydantic writes, read well (issue 28.3): Optional[T] = None (anyOf [T, null] with
// default null), a title on every property and model, a tagged union (oneOf + OpenAPI
// discriminator) and $defs/$ref with sibling keywords (2020-12 applies them). The schema is
// what pydantic 2 writes for the model in the comment (model_json_schema()).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

// class Cat(BaseModel): pet_type: Literal["cat"]; meows: int
// class Dog(BaseModel): pet_type: Literal["dog"]; barks: float
// class Unit(str, Enum): c = "c"; f = "f"
// class Args(BaseModel):
//     query: str = Field(description="What to search for")
//     limit: Optional[int] = None
//     pet: Union[Cat, Dog] = Field(discriminator="pet_type")
//     unit: Unit = Field(default=Unit.c, description="Temperature unit", max_length=1)
//     when: Optional[datetime] = None
//     tags: Optional[list[str]] = None
const SCHEMA = {
  $defs: {
    Cat: { properties: { pet_type: { const: "cat", title: "Pet Type", type: "string" }, meows: { title: "Meows", type: "integer" } }, required: ["pet_type", "meows"], title: "Cat", type: "object" },
    Dog: { properties: { pet_type: { const: "dog", title: "Pet Type", type: "string" }, barks: { title: "Barks", type: "number" } }, required: ["pet_type", "barks"], title: "Dog", type: "object" },
    Unit: { enum: ["c", "f"], title: "Unit", type: "string" },
  },
  properties: {
    query: { description: "What to search for", title: "Query", type: "string" },
    limit: { anyOf: [{ type: "integer" }, { type: "null" }], default: null, title: "Limit" },
    pet: { discriminator: { mapping: { cat: "#/$defs/Cat", dog: "#/$defs/Dog" }, propertyName: "pet_type" }, oneOf: [{ $ref: "#/$defs/Cat" }, { $ref: "#/$defs/Dog" }], title: "Pet" },
    unit: { $ref: "#/$defs/Unit", default: "c", description: "Temperature unit", maxLength: 1 },
    when: { anyOf: [{ format: "date-time", type: "string" }, { type: "null" }], default: null, title: "When" },
    tags: { anyOf: [{ items: { type: "string" }, type: "array" }, { type: "null" }], default: null, title: "Tags" },
  },
  required: ["query", "pet"],
  title: "Args",
  type: "object",
};
const TOOL: ToolDefinition = { name: "find_pet", description: "Find a pet.", inputSchema: SCHEMA as JsonSchema, origin: { file: "pets.json", pointer: "/tools/0" } };
const TITLES = ["Query", "Limit", "Pet Type", "Meows", "Barks", "Pet", "When", "Tags", "Args", "Cat", "Dog", "Unit"];

const req = createRequire(import.meta.url);
const ajv = new Ajv2020({ strict: false, allErrors: true });
(req("ajv-formats") as (a: unknown) => void)(ajv);
const ajvValid = ajv.compile(SCHEMA);

let ts: LoadedToolset;
const call = (args: unknown) => ts.validateCall({ name: "find_pet", arguments: args });
const base = { query: "x", pet: { pet_type: "cat", meows: 2 } };

beforeAll(async () => {
  ts = await loadToolset([TOOL]);
});

describe("pydantic's shapes", () => {
  it("builds with the default config, without warnings on these shapes", async () => {
    const r = await generate({ tools: [TOOL], options: { lint: false } });
    expect(r.diagnostics).toEqual([]);
  });

  it("Optional[T] = None: null and leaving it out are fine; a wrong value reads as an optional field", () => {
    expect(call({ ...base, limit: null, when: null, tags: null }).ok).toBe(true);
    expect(call(base).ok).toBe(true);
    const limit = call({ ...base, limit: "ten" }).errors;
    expect(limit).toHaveLength(1);
    expect(limit[0]!.message).toMatch(/^"limit" is optional: omit it, or give an integer\. Example: \d+$/);
    expect(call({ ...base, when: "yesterday" }).errors[0]!.message).toMatch(/^"when" must be a date-time \(RFC 3339, with a time zone\); got "yesterday"/);
    expect(call({ ...base, tags: "a,b" }).errors[0]!.message).toMatch(/^"tags" is optional: omit it, or give an array of strings/);
  });

  it("a typed optional field in the interface", () => {
    const dts = readFileSync(join(ts.dir, "index.d.ts"), "utf8");
    // json-schema-to-typescript names the types after the titles; the fields are optional and typed
    expect(dts).toMatch(/limit\?: Limit\b/);
    expect(dts).toMatch(/type Limit = \(number \| null\)/);
    expect(dts).toMatch(/when\?: When\b/);
    expect(dts).toMatch(/type When = \(string \| null\)/);
  });

  it("the discriminator picks the branch by its value and says so", () => {
    const dog = call({ query: "x", pet: { pet_type: "dog", meows: 3 } });
    expect(dog.errors.map((e) => e.message)).toEqual(['"pet.barks" is required. Example: "barks": 1 ("pet.pet_type" is "dog", which selects this form)']);
    const other = call({ query: "x", pet: { pet_type: "bird" } });
    expect(other.enum_errors).toHaveLength(1);
    expect(other.errors[0]!.message).toContain('"cat"');
    expect(other.errors[0]!.message).toContain('"dog"');
    expect(call({ query: "x", pet: { meows: 3 } }).missing_required).toEqual(["pet.pet_type"]);
  });

  it("$ref with sibling keywords: 2020-12 applies them (default, description, maxLength beside the ref)", () => {
    expect(call({ ...base, unit: "f" }).ok).toBe(true);
    const r = call({ ...base, unit: "kelvin" });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.keyword).sort()).toEqual(["enum", "maxLength"]);
  });

  it("no title leaks into a message as the name of a field", () => {
    const bad = [{}, { query: 1, limit: "x", pet: { pet_type: "dog", barks: "loud" }, unit: 3, when: 5, tags: [1] }, { query: "x", pet: "cat" }, { query: "x", pet: { pet_type: "cat", meows: 1.5 } }];
    for (const args of bad) {
      const r = call(args);
      expect(r.ok).toBe(false);
      for (const e of r.errors) for (const t of TITLES) expect(e.message, e.message).not.toMatch(new RegExp(`\\b${t}\\b`));
    }
  });

  it("verdicts are ajv's", () => {
    const values = [
      base, { ...base, limit: 3 }, { ...base, limit: 3.5 }, { query: "x", pet: { pet_type: "dog", barks: 1 } }, { query: "x", pet: { pet_type: "dog", meows: 1 } },
      { query: "x", pet: { pet_type: "cat", meows: 1, barks: 2 } }, { ...base, unit: "c" }, { ...base, unit: "cc" }, { ...base, when: "2026-01-31T09:00:00Z" }, { ...base, tags: ["a"] }, { query: "x" },
    ];
    for (const v of values) expect(ts.toolset.find_pet!.is(v), JSON.stringify(v)).toBe(ajvValid(v));
  });
});
