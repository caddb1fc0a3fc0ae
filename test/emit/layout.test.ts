// src/emit/layout.ts re-lays generated code without prettier (issue 15): it may change
// only the whitespace between tokens, never a token, and it is stable.
import { describe, expect, it } from "vitest";
import { Code } from "../../src/emit/code.js";
import { layoutCode, tokenize } from "../../src/emit/layout.js";
import { generate } from "../../src/pipeline/generate.js";
import { exampleTools } from "../helpers/generated.js";

/** The tokens of a text; a block comment's lines are re-indented, so its whitespace is folded. */
const texts = (s: string) =>
  tokenize(s)
    .filter((t) => t.kind !== "nl")
    .map((t) => (t.kind === "block-comment" ? t.text.replace(/\s+/g, " ") : t.text));

describe("layoutCode", () => {
  it("keeps every token of generated code, in order, and is idempotent (the example tools, the ajv engine too)", async () => {
    for (const engine of ["toolform", "ajv"] as const) {
      const r = await generate({ tools: exampleTools(), options: { lint: false, engine } });
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      for (const t of r.tools) {
        expect(t.ts.length).toBeGreaterThan(0);
        expect(layoutCode(new Code(t.ts))).toBe(t.ts);
      }
    }
  });

  it("changes whitespace only: strings, templates, regex literals and comments are read whole", () => {
    const src = 'const a = { b: "x; }", c: `t ${ { d: 1 }.d } u`, r: /[/}]+;/u }; if (a) { f(a); // c { ;\n g(); } else { /* a;\n b */ h(); }\nfor (let i = 0; i < 2; i++) { x /= 2; }';
    const out = layoutCode(new Code(src));
    expect(texts(out)).toEqual(texts(src));
    expect(out).toBe(`const a = { b: "x; }", c: \`t \${ { d: 1 }.d } u\`, r: /[/}]+;/u };
if (a) {
  f(a); // c { ;
  g();
} else {
  /* a;
  b */ h();
}
for (let i = 0; i < 2; i++) {
  x /= 2;
}
`);
  });

  it("is linear in the size of its input (a tool with 2,000 properties lays out in one pass)", () => {
    const long = "if (" + Array.from({ length: 2000 }, (_, i) => `k === "p${i}"`).join(" || ") + ") { return false; }";
    const out = layoutCode(new Code(long));
    expect(texts(out)).toEqual(texts(long));
    expect(out.split("\n").length).toBe(4);
  });

});
