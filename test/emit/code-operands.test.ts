// or()/and() in the code builder parenthesise an operand only where it binds looser than
// the operator: the generated condition must mean what the fully parenthesised one means.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { and, Code, or } from "../../src/emit/code.js";

const OPERANDS = [
  "x > 1",
  "x === 2 || x === 3",
  "x !== 0 && x < 5",
  "x ? x > 2 : false",
  "(x ?? 0) > 1",
  "x ?? false",
  "String(x) === \"4\" || x === '|| ,'",
  "typeof x === \"number\" && !Number.isNaN(x)",
  "[x, 1].includes(2)",
  "((y) => y > 3)(x)",
  "x >= 4",
  "x <= 1",
  "x % 2 === 0",
  "`${x}` === \"3\"",
  "/3/.test(String(x))",
];

const evalWith = (text: string, x: unknown) => new Function("x", `return (${text});`)(x);

describe("or / and operands", () => {
  it("mean what the fully parenthesised expression means", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...OPERANDS), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constant(null)), (ops, useOr, x) => {
        const parts = ops.map((t) => new Code(t));
        const built = (useOr ? or : and)(parts).text;
        const full = ops.map((t) => `(${t})`).join(useOr ? " || " : " && ");
        expect(evalWith(built, x)).toBe(evalWith(full, x));
        expect(evalWith(`!(${built})`, x)).toBe(evalWith(`!(${full})`, x));
      }),
    );
  });

  it("leaves operands bare where the operator allows it, and wraps the rest", () => {
    expect(or([new Code("a === 1"), new Code("b && c")]).text).toBe("a === 1 || b && c");
    expect(and([new Code("a || b"), new Code("c")]).text).toBe("(a || b) && c");
    expect(or([new Code("a ?? b"), new Code("c ? d : e"), new Code("f = 1"), new Code("g => g")]).text).toBe("(a ?? b) || (c ? d : e) || (f = 1) || (g => g)");
    expect(or([new Code('a === "?,="'), new Code("b?.c")]).text).toBe('a === "?,=" || b?.c');
    expect(or([new Code("`${a}`"), new Code("/x/.test(a)")]).text).toBe("(`${a}`) || (/x/.test(a))");
    expect(or([]).text).toBe("false");
    expect(and([]).text).toBe("true");
  });
});
