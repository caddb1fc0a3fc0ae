// jsonText (src/emit/quote.ts): a value's JSON text as a string literal, or undefined where JSON
// text cannot carry the value exactly. Plain JSON data skips the read-back comparison; held
// here to the comparison itself (the definition) on values of every kind and on the corpus.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jsonText, lit } from "../../src/emit/code.js";

const TESTS = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The definition: the JSON text when JSON.parse of it gives the same literal as the value. */
function reference(value: unknown): string | undefined {
  const json = JSON.stringify(value);
  if (json === undefined || lit(JSON.parse(json)).text !== lit(value).text) return undefined;
  return `'${json.replace(/[\\']/g, "\\$&").replace(/[\u2028\u2029\uFDD0-\uFDD5]/g, (c) => "\\u" + c.charCodeAt(0).toString(16))}'`;
}

/** What a call gives: its text, or the error it throws (jsonText throws where the comparison does: a value that is no JSON). */
function outcome(f: () => string | undefined): { text?: string; error?: string } {
  try {
    const text = f();
    return text === undefined ? {} : { text };
  } catch (e) {
    return { error: String(e) };
  }
}
const same = (v: unknown) => expect(outcome(() => jsonText(v)?.text)).toEqual(outcome(() => reference(v)));

const sparse: unknown[] = [1];
sparse[2] = 3;
const nullProto = Object.assign(Object.create(null) as object, { a: 1, b: [true, null] });
const withProtoKey = JSON.parse('{"__proto__": {"type": "string"}, "x": 1}') as unknown;

const values: [string, unknown][] = [
  ["a plain schema", { type: "object", properties: { a: { type: "string", enum: ["x", "y"] } }, required: ["a"] }],
  ["-0 at the top", -0],
  ["-0 nested", { minimum: -0 }],
  ["-0 in an array", [1, -0]],
  ["a sparse array", sparse],
  ["an undefined property", { a: undefined, b: 1 }],
  ["a null-prototype object", nullProto],
  ["an own __proto__ key", withProtoKey],
  ["a string with marks and separators", { d: "a\u2028b\uFDD0c'\\" }],
  ["a lone surrogate", { d: "x\ud800y" }],
  ["unicode keys", { "ключ": 1, "2": "two", "1": "one" }],
  ["big and small numbers", [1e21, 1e-7, -5, 0.1]],
];

describe("jsonText", () => {
  it.each(values)("%s: as the read-back comparison says", (_name, v) => same(v));

  it("a value with toJSON, or of a class, goes through the comparison (a Date reads back as a string: no text)", () => {
    expect(jsonText({ when: new Date(0) })).toBeUndefined();
    same({ when: new Date(0) });
    same({ a: { toJSON: () => 1 } });
    same({ properties: { toJSON: { type: "string" } } });
    expect(jsonText({ properties: { toJSON: { type: "string" } } })?.text).toBe(`'{"properties":{"toJSON":{"type":"string"}}}'`);
  });

  it("every corpus tool's schema: the same text as the comparison", () => {
    const schemas = readdirSync(join(TESTS, "corpus"))
      .filter((f) => f.endsWith(".json") && f !== "sources.json")
      .flatMap((f) => (JSON.parse(readFileSync(join(TESTS, "corpus", f), "utf8")) as { tools: { inputSchema: unknown }[] }).tools.map((t) => t.inputSchema));
    expect(schemas.length).toBeGreaterThan(500);
    for (const s of schemas) expect(jsonText(s)?.text).toBe(reference(s));
  });
});
