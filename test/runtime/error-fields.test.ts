// Every ValidationError a report hands out has all its public fields as own enumerable
// properties — also those whose bucket line (`text`) the runtime writes only when first read
// (rt/messages.ts, LineLater): a copy ({...e}), JSON and Object.keys see the same nine fields,
// in the same order, and nothing else, whichever of `errors`, the bucket lists or the feedback
// is read first.
import { describe, expect, it } from "vitest";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ValidationError, ValidationReport } from "../../packages/runtime/src/rt/index.js";
import { loadToolset } from "../helpers/generated.js";

const FIELDS = ["path", "bucket", "keyword", "expected", "received", "text", "message", "example", "suggestion"];

const tool = {
  name: "every_line",
  description: "One property per kind of bucket line.",
  inputSchema: {
    type: "object",
    properties: {
      count: { type: "integer", minimum: 1, maximum: 10 },
      mode: { type: "string", enum: ["fast", "slow"] },
      when: { type: "string", format: "date" },
      code: { type: "string", pattern: "^[A-Z]{3}$" },
      tags: { type: "array", items: { type: "string" }, minItems: 2 },
      name: { type: "string", minLength: 3 },
      maybe: { anyOf: [{ type: "integer" }, { type: "null" }] },
      level: { type: "integer", minimum: 0, errorMessage: "level: give a level of 0 or more" },
    },
    required: ["count"],
    additionalProperties: false,
  },
};

const { toolset } = await loadToolset(toolsFromJson([tool], "t.json").tools);
const t = toolset.every_line!;

/** Calls that make each kind of error: type (and optional null), enum, format, pattern, size (items, characters), limit, orNull, errorMessage. */
const CALLS: unknown[] = [
  { count: "3", mode: "FAST", when: "tomorrow", code: "ab", tags: ["x"], name: "al", maybe: "x", level: -1 },
  { count: 0, mode: null, when: 5, code: "ABCD" },
  { count: 11, tags: "x", name: 7 },
];

/** Reads a fresh report's parts in the order given, then checks every error. */
function check(call: unknown, order: ("errors" | "buckets" | "feedback")[]): void {
  const r: ValidationReport = t.validate(call);
  expect(r.ok).toBe(false);
  for (const what of order) {
    if (what === "errors") void r.errors;
    else if (what === "buckets") void r.toDict();
    else void r.feedback;
  }
  // What a caller sees of the errors now, before the bucket lists below are read.
  const errors = r.errors as ValidationError[];
  const keys = errors.map((e) => Object.keys(e));
  const copies = errors.map((e) => ({ ...e }));
  const json = errors.map((e) => JSON.parse(JSON.stringify(e)) as Record<string, unknown>);
  const lines = [...r.missing_required, ...r.unknown_args, ...r.type_errors, ...r.enum_errors, ...r.constraint_errors];
  expect(copies.map((e) => e.text)).toEqual(lines);
  expect(json.map((e) => e.text)).toEqual(lines);
  errors.forEach((e, i) => {
    expect(keys[i]).toEqual(FIELDS);
    expect(Object.keys(copies[i]!)).toEqual(FIELDS);
    expect(copies[i]).toEqual(e);
    for (const f of FIELDS) if ((e as unknown as Record<string, unknown>)[f] !== undefined) expect(json[i]![f], f).toEqual((e as unknown as Record<string, unknown>)[f]);
    expect(Object.getOwnPropertyDescriptor(e, "text")).toMatchObject({ enumerable: true, writable: true });
    // Nothing but the nine fields: no symbol-keyed line parts left for a copy to carry.
    expect(Object.getOwnPropertySymbols(e)).toEqual([]);
    expect(Object.getOwnPropertySymbols(copies[i]!)).toEqual([]);
  });
}

describe("a report's errors carry every field, whatever is read first", () => {
  it("covers every kind of bucket line", () => {
    const keywords = new Set(CALLS.flatMap((c) => t.validate(c).errors.map((e) => e.keyword)));
    for (const k of ["type", "enum", "format", "pattern", "minimum", "maximum", "minItems", "minLength"]) expect(keywords, k).toContain(k);
  });
  for (const order of [["errors"], ["buckets"], ["feedback"], ["feedback", "buckets"], ["buckets", "errors"]] as const) {
    it(`reading ${order.join(", then ")} first`, () => {
      for (const c of CALLS) check(c, [...order]);
    });
  }
  it("the bucket lines are the same whether the feedback or the errors are read first", () => {
    for (const c of CALLS) {
      const a = t.validate(c);
      void a.feedback;
      const b = t.validate(c);
      void b.errors;
      expect(a.toDict()).toEqual(b.toDict());
      expect(JSON.stringify(a.errors)).toBe(JSON.stringify(b.errors));
    }
  });
  it("the Standard Schema issues carry the messages", () => {
    const r = t["~standard"].validate(CALLS[0]) as { issues: { message: string }[] };
    expect(r.issues.map((i) => i.message)).toEqual(t.validate(CALLS[0]).errors.map((e) => e.message));
  });
});

describe("an orNull error whose path holds the words the rewrite looks for", () => {
  it("says 'or null' after the path, not inside it", async () => {
    const key = "a, got b must be an integer";
    const odd = {
      name: "odd_path",
      description: "A nullable integer under a key that reads like a message.",
      inputSchema: { type: "object", properties: { [key]: { anyOf: [{ type: "integer" }, { type: "null" }] } }, additionalProperties: false },
    };
    const { toolset: ts } = await loadToolset(toolsFromJson([odd], "odd.json").tools);
    const r = ts.odd_path!.validate({ [key]: "x" });
    expect(r.type_errors).toEqual([`["a, got b must be an integer"]: expected integer or null, got string`]);
    expect(r.errors[0]!.message).toBe(`"[\\"a, got b must be an integer\\"]" must be an integer or null; got the string "x". Example: 1`);
  });
});
