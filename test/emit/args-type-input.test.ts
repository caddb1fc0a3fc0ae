// emitArgsType (src/emit/types.ts) copies a schema only when it changes it (json-schema-to-
// typescript's own keywords removed, open maps marked under "reject"): either way the caller's
// schema is left as it was, and the types are those of the changed copy.
import { describe, expect, it } from "vitest";
import { emitArgsType } from "../../src/emit/types.js";
import { jstt } from "../../src/emit/jstt.js";

const plain = { title: "T", type: "object", properties: { q: { type: "string" }, n: { type: "integer", minimum: 1 } }, required: ["q"] };
const withTsType = { type: "object", properties: { a: { type: "string", tsType: "number" } }, required: ["a"] };
const openMap = { type: "object", properties: { labels: { type: "object", properties: {} } } };

describe("emitArgsType and the caller's schema", () => {
  it.each([
    ["a schema it types as it is", plain, "reject"],
    ["a schema with tsType", withTsType, "reject"],
    ["an open map under reject", openMap, "reject"],
    ["an open map under schema", openMap, "schema"],
  ] as const)("%s: the schema is not changed", async (_name, schema, unknownArgs) => {
    const before = structuredClone(schema);
    await emitArgsType(schema, "Args", unknownArgs);
    expect(schema).toEqual(before);
  });

  it("types from the changed copy: tsType ignored, an open map indexable under reject", async () => {
    expect((await emitArgsType(withTsType, "Args", "reject")).types.text).toBe("export interface Args {\na: string\n}\n");
    expect((await emitArgsType(openMap, "Args", "reject")).types.text).toBe("export interface Args {\nlabels?: {\n[k: string]: unknown | undefined\n}\n}\n");
    expect((await emitArgsType(plain, "Args", "reject")).types.text).toBe("export interface Args {\nq: string\nn?: number\n}\n");
  });

  it("a schema without $ref skips json-schema-ref-parser's walk: the same types as with the walk; with $ref, refs resolved", async () => {
    const refs = { type: "object", properties: { a: { $ref: "#/$defs/x" } }, required: ["a"], $defs: { x: { type: "string", enum: ["p", "q"] } } };
    const refInData = { type: "object", properties: { a: { type: "object", default: { $ref: "#/$defs/x" } } }, $defs: { x: { type: "string" } } };
    for (const schema of [plain, openMap, refs, refInData]) {
      const { title: _t, ...root } = structuredClone(schema) as Record<string, unknown>;
      // What emitArgsType asked before (the walk always run), under "schema" (no edits of the copy).
      const walked = await jstt()(root as never, "Args", { bannerComment: "", format: false, additionalProperties: true, declareExternallyReferenced: true, enableConstEnums: false, strictIndexSignatures: true, unknownAny: true, maxItems: -1, $refOptions: { resolve: { external: false, http: false, file: false } } as never });
      expect((await emitArgsType(schema, "Args", "schema")).types.text).toBe(/[;}]\s*$/.test(walked) ? walked : walked.trimEnd() + ";\n");
    }
    expect((await emitArgsType(refs, "Args", "reject")).types.text).toContain('a: X');
  });
});
