// Issue 16.4: json-schema-to-typescript's text enters a tool module only when it is type
// declarations alone — no schema can put code into a module through the types.
import { describe, expect, it } from "vitest";
import { emitArgsType, notOnlyTypes } from "../../src/emit/types.js";
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
});
