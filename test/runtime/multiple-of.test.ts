// multipleOf decided exactly on the decimals the model wrote (no tolerance): the runtime
// helper, the generated checks, the Test Suite's cases, ajv where its binary `%` is exact,
// and a property over random decimals k·d written out as strings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import { isMultipleOf } from "../../packages/runtime/src/rt/predicates.js";

type Mod = { is(v: unknown): boolean; validate(v: unknown): { ok: boolean } };
async function compiled(schema: object): Promise<Mod> {
  const { code } = await compileSchema(schema, { format: false, examples: false });
  return (await import("data:text/javascript;base64," + Buffer.from(code).toString("base64"))) as Mod;
}

/** k·d as a decimal string, with d = dm·10^-p: the exact product, the point put back in. */
function times(k: bigint, dm: bigint, p: number): string {
  const neg = k * dm < 0n;
  const digits = (neg ? -(k * dm) : k * dm).toString().padStart(p + 1, "0");
  const s = p === 0 ? digits : digits.slice(0, digits.length - p) + "." + digits.slice(digits.length - p);
  return (neg ? "-" : "") + s;
}
const dec = (dm: bigint, p: number) => times(1n, dm, p);

describe("isMultipleOf", () => {
  it("takes the decimal as written: no tolerance, no binary rounding", () => {
    expect(isMultipleOf(19.99, 0.01)).toBe(true);
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0.7, 0.1)).toBe(true);
    expect(isMultipleOf(1.1, 0.1)).toBe(true);
    expect(isMultipleOf(0.0075, 0.0001)).toBe(true);
    expect(isMultipleOf(4.35, 0.05)).toBe(true);
    expect(isMultipleOf(19.990000001, 0.01)).toBe(false);
    expect(isMultipleOf(1.0000000001, 0.5)).toBe(false);
    expect(isMultipleOf(0.00751, 0.0001)).toBe(false);
    expect(isMultipleOf(0.35, 0.1)).toBe(false);
    expect(isMultipleOf(35, 1.5)).toBe(false);
    expect(isMultipleOf(4.5, 1.5)).toBe(true);
  });

  it("handles negatives, zero, exponents, huge and tiny numbers", () => {
    expect(isMultipleOf(-4.5, 1.5)).toBe(true);
    expect(isMultipleOf(-0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0, 0.123)).toBe(true);
    expect(isMultipleOf(-0, 7)).toBe(true);
    expect(isMultipleOf(3e-7, 1e-7)).toBe(true);
    expect(isMultipleOf(3.5e-7, 1e-7)).toBe(false);
    expect(isMultipleOf(1e-7, 1e-8)).toBe(true);
    expect(isMultipleOf(1e-8, 1e-7)).toBe(false);
    expect(isMultipleOf(1e21, 0.5)).toBe(true);
    expect(isMultipleOf(1e21, 7)).toBe(false);
    expect(isMultipleOf(7e21, 7)).toBe(true);
    expect(isMultipleOf(1e308, 0.5)).toBe(true);
    expect(isMultipleOf(1e308, 0.123456789)).toBe(false);
    expect(isMultipleOf(12391239123, 1e-8)).toBe(true);
    expect(isMultipleOf(5e-324, 0.5)).toBe(false);
    expect(isMultipleOf(5e-324, 5e-324)).toBe(true);
    expect(isMultipleOf(1e-323, 5e-324)).toBe(true);
    expect(isMultipleOf(1.5e300, 3e299)).toBe(true);
    expect(isMultipleOf(1.5e300, 4e299)).toBe(false);
    // Beyond 2^53 the decimal decides, not the binary value: 1e23 is 99999999999999991611392 in binary.
    expect(isMultipleOf(1e23, 10)).toBe(true);
    expect(isMultipleOf(1e23, 3)).toBe(false);
    // Long digit strings (BigInt): 16 significant digits on both sides.
    expect(isMultipleOf(1.234567890123457, 1.234567890123457)).toBe(true);
    expect(isMultipleOf(2.469135780246914, 1.234567890123457)).toBe(true);
    expect(isMultipleOf(2.469135780246915, 1.234567890123457)).toBe(false);
    expect(isMultipleOf(2.469135780246914e200, 1.234567890123457e-100)).toBe(true);
    expect(isMultipleOf(Infinity, 0.5)).toBe(false);
    expect(isMultipleOf(NaN, 0.5)).toBe(false);
  });

  it("k·d is a multiple of d for random decimals; k·d plus one more decimal place is not (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 99999n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (k, dm, p, extra) => {
          const d = Number(dec(dm, p));
          const v = Number(times(k, dm, p));
          expect(isMultipleOf(v, d)).toBe(true);
          // One more nonzero decimal than d has: never a multiple.
          const off = Number(times(k * dm * 10n + (k < 0n ? -BigInt(extra) : BigInt(extra)), 1n, p + 1));
          expect(isMultipleOf(off, d)).toBe(false);
        },
      ),
      { seed: 29, numRuns: 3000 },
    );
  });

  it("k·d is a multiple of d with exponents, 1e-300 … 1e300 (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.integer({ min: -300, max: 280 }),
        fc.integer({ min: 0, max: 8 }),
        (k, dm, e, up) => {
          // d = dm·10^e, v = k·dm·10^(e+up): ≤ 15 digits, so String gives them back as written.
          const d = Number(`${dm}e${e}`);
          const v = Number(`${k * dm}e${e + up}`);
          expect(isMultipleOf(v, d)).toBe(true);
          expect(isMultipleOf(-v, d)).toBe(true);
          // v / 10^(up+1) with a last digit that dm does not divide out: not a multiple.
          if (dm % 10n !== 0n) expect(isMultipleOf(Number(`${k * dm * 10n + 1n}e${e - 1}`), d)).toBe(false);
        },
      ),
      { seed: 2029, numRuns: 3000 },
    );
  });
});

/** The decimal String(x) gives, as an exact fraction n/d (BigInt): an oracle that shares no code with the helper. */
function fraction(x: number): [bigint, bigint] {
  const [mant, e = "0"] = String(x).split("e");
  const [int, frac = ""] = mant!.split(".");
  const exp = Number(e) - frac.length;
  const n = BigInt(int! + frac);
  return exp >= 0 ? [n * 10n ** BigInt(exp), 1n] : [n, 10n ** BigInt(-exp)];
}
function oracle(v: number, m: number): boolean {
  const [vn, vd] = fraction(v);
  const [mn, md] = fraction(m);
  return (vn * md) % (vd * mn) === 0n;
}

describe("isMultipleOf against an exact fraction oracle", () => {
  it("agrees on random doubles, products k·m (17-digit decimals: the BigInt path) and near misses (property)", () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 });
    const divisor = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e-300, max: 1e300 }), fc.constantFrom(0.1, 0.01, 0.5, 1.5, 3, 1e-7, 1e21, 0.3, 0.25, 0.001, 2.5e-5, 12.5, 0.07));
    fc.assert(
      fc.property(finite, divisor, fc.integer({ min: -1e6, max: 1e6 }), fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 20 }), (x, m, k, digits, e) => {
        // A decimal of up to 17 digits with up to 20 decimals, as a model might write it.
        const written = Number(`${digits}e-${e}`);
        for (const v of [x, k * m, (k * m) / 10, k * m + m / 1e6, written]) if (Number.isFinite(v)) expect([v, m, isMultipleOf(v, m)]).toEqual([v, m, oracle(v, m)]);
      }),
      { seed: 329, numRuns: 5000 },
    );
  });
});

describe("generated multipleOf checks", () => {
  it("reject what a tolerance accepted and accept decimal multiples", async () => {
    const cents = await compiled({ type: "number", multipleOf: 0.01 });
    expect(cents.is(19.99)).toBe(true);
    expect(cents.validate(19.99).ok).toBe(true);
    expect(cents.is(19.990000001)).toBe(false);
    expect(cents.validate(19.990000001).ok).toBe(false);
    const half = await compiled({ type: "number", multipleOf: 0.5 });
    expect(half.is(1.0000000001)).toBe(false);
    expect(half.is(1e308)).toBe(true);
    const tenth = await compiled({ type: "number", multipleOf: 0.1 });
    expect(tenth.is(0.3)).toBe(true);
    expect(tenth.validate(0.3).ok).toBe(true);
  });

  it("integer divisors: % for safe integers, the decimal beyond 2^53", async () => {
    const ten = await compiled({ type: "number", multipleOf: 10 });
    expect(ten.is(120)).toBe(true);
    expect(ten.is(125)).toBe(false);
    expect(ten.is(12.5)).toBe(false);
    expect(ten.is(1e23)).toBe(true);
    expect(ten.validate(1e23).ok).toBe(true);
    const three = await compiled({ type: "integer", multipleOf: 3 });
    expect(three.is(1e23)).toBe(false);
    expect(three.is(-9)).toBe(true);
  });

  it("pass every multipleOf case of the JSON Schema Test Suite (2020-12 and draft 7, with float overflow)", async () => {
    const root = join(import.meta.dirname, "..", "json-schema-test-suite", "tests");
    let n = 0;
    for (const file of ["draft2020-12/multipleOf.json", "draft2020-12/optional/float-overflow.json", "draft7/multipleOf.json", "draft7/optional/float-overflow.json"]) {
      const groups = JSON.parse(readFileSync(join(root, file), "utf8")) as { schema: object; tests: { description: string; data: unknown; valid: boolean }[] }[];
      for (const g of groups) {
        const mod = await compiled(g.schema);
        for (const t of g.tests) {
          expect([file, t.description, mod.is(t.data)]).toEqual([file, t.description, t.valid]);
          expect(mod.validate(t.data).ok).toBe(t.valid);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(20);
  });

  it("agree with ajv where ajv's binary % is exact: integers by integers, binary fractions by binary fractions", async () => {
    const ajv = new Ajv2020({ strict: false });
    for (const m of [2, 3, 7, 10, 0.5, 0.25, 0.125]) {
      const mod = await compiled({ multipleOf: m });
      const check = ajv.compile({ multipleOf: m });
      const values = fc.sample(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }).map((k) => k / 8)), { numRuns: 400, seed: m * 1000 });
      for (const v of values) expect([m, v, mod.is(v)]).toEqual([m, v, check(v)]);
    }
    // ajv is also right to reject these (a tolerance accepted them).
    for (const [m, v] of [[0.01, 19.990000001], [0.5, 1.0000000001]] as const) {
      expect(ajv.compile({ multipleOf: m })(v)).toBe(false);
      expect((await compiled({ multipleOf: m })).is(v)).toBe(false);
    }
  });
});
