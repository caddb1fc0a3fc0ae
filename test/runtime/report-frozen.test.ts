// A report frozen or sealed by its reader (Object.freeze(report), a frozen wrapper) still
// answers every lazy part: errors, the buckets, feedback, toDict() and JSON.
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import { unknownToolReport } from "../../packages/runtime/src/rt/report.js";

type Report = { ok: boolean; errors: { path: string }[]; feedback: string; missing_required: string[]; type_errors: string[]; toDict(): Record<string, unknown> };
const { code } = await compileSchema({ type: "object", properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["a", "b"] }, { format: false, examples: false });
const mod = (await import("data:text/javascript;base64," + Buffer.from(code).toString("base64"))) as { validate(v: unknown): Report };

const seal: Record<string, (r: Report) => Report> = {
  freeze: (r) => Object.freeze(r),
  seal: (r) => Object.seal(r),
  preventExtensions: (r) => Object.preventExtensions(r),
  "frozen wrapper": (r) => Object.freeze(Object.create(r)) as Report,
  "sealed wrapper": (r) => Object.seal(Object.create(r)) as Report,
};

describe("a frozen or sealed report", () => {
  for (const [how, close] of Object.entries(seal)) {
    it(`${how}: feedback, errors, buckets, toDict() and JSON.stringify answer as on an open report`, () => {
      const open = mod.validate({ a: "x" });
      const expected = { feedback: open.feedback, errors: JSON.stringify(open.errors), dict: open.toDict(), json: JSON.stringify(open) };
      const r = close(mod.validate({ a: "x" }));
      expect(r.ok).toBe(false);
      expect(r.feedback).toBe(expected.feedback);
      expect(r.feedback).toBe(expected.feedback);
      expect(JSON.stringify(r.errors)).toBe(expected.errors);
      expect(r.missing_required).toEqual(open.missing_required);
      expect(r.type_errors).toEqual(open.type_errors);
      expect(r.toDict()).toEqual(expected.dict);
      expect(JSON.stringify(r)).toBe(expected.json);
    });
  }

  it("an unknown tool's report, frozen before anything is read", () => {
    const r = Object.freeze(unknownToolReport("serch", ["search", "fetch"])) as unknown as Report;
    expect(r.feedback).toMatch(/search/);
    expect(r.errors).toEqual([]);
    expect(JSON.parse(JSON.stringify(r))).toMatchObject({ ok: false, unknown_tool: true });
  });
});
