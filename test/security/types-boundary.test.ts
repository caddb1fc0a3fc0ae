// Issue 16.4: json-schema-to-typescript's text enters a tool module only when it is type
// declarations alone — no schema can put code into a module through the types.
import { describe, expect, it } from "vitest";
import { emitArgsType, notOnlyTypes, notOnlyTypesMany } from "../../src/emit/types.js";
import { exampleTools } from "../helpers/generated.js";

describe("the types pasted into a module are types only", () => {
  it("accepts interfaces and type aliases with JSDoc and index signatures", async () => {
    expect(await notOnlyTypes('/** A. */\nexport interface A {\n  /** x */\n  a: string;\n  [k: string]: unknown;\n}\nexport type B = A | "x" | -1;\n')).toBeUndefined();
    for (const t of exampleTools()) {
      const r = await emitArgsType(t.inputSchema, "Args", "reject");
      expect(r.diagnostics, t.name).toEqual([]);
      expect(await notOnlyTypes(r.types.text)).toBeUndefined();
    }
  });

  it("refuses statements, expressions, enums, namespaces with values, unterminated text", async () => {
    expect(await notOnlyTypes("export interface A { a: string }; globalThis.x = 1; interface Z {}")).toMatch(/compiles to JavaScript .*globalThis\.x = 1/);
    expect(await notOnlyTypes("export enum E { a }")).toMatch(/compiles to JavaScript/);
    expect(await notOnlyTypes("export namespace N { export const x = 1; }")).toMatch(/compiles to JavaScript/);
    expect(await notOnlyTypes("export interface A { a: string } /* open")).toMatch(/does not parse/);
    expect(await notOnlyTypes("export type A = string | {")).toMatch(/does not parse/);
    expect(await notOnlyTypes("export type A = B\n")).toMatch(/does not end with a complete declaration/);
  });

  it("texts checked together (one esbuild request) get each its own verdict, also when two texts would only parse as one", async () => {
    const good = ["export interface A { a: string }", 'export type B = "x" | -1;', "/** d */\nexport interface C {\n  [k: string]: unknown;\n}\n"];
    const bad = [
      "export interface A { a: string }; globalThis.x = 1; interface Z {}",
      "export enum E { a }",
      "export namespace N { export const x = 1; }",
      "export interface A { a: string } /* open",
      "export type A = string | {",
      "export type A = B\n",
      // halves of one declaration, each wrong alone
      "*/ export interface D {}",
      "}",
      "declare namespace X {",
      "interface I {",
      "export type T =",
      "export type U = string |",
    ];
    const sets = [good, ...bad.map((b) => [...good, b]), ...bad.map((b) => [b, ...good]), ["export interface A { a: string } /* open", "*/ export interface D {}"], ["interface I {", "}"], ["declare namespace X {", "}"], ["export type T =", good[1]!], ["export type U = string |", "{ a: 1 };"]];
    for (const texts of sets) expect(await notOnlyTypesMany(texts), JSON.stringify(texts)).toEqual(await Promise.all(texts.map(notOnlyTypes)));
    expect((await notOnlyTypesMany(["interface I {", "}"])).every((p) => p !== undefined)).toBe(true);
  });
});

