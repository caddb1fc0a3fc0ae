// Long-run totality fuzz (issue 9, point 3; seed 003): random schemas — the
// differential tests' vocabulary (test/arbitraries/schema-values.ts) and the hostile
// ones (test/security/hostile.ts), some made recursive — compiled with compileSchema,
// then fed any JS value: fast-check's anything with every option, exotic values
// (cyclic, throwing Proxy/getter, BigInt, symbols, typed arrays …), deep and wide
// values (shared DAGs too). `is` and `validate` must answer (no throw), agree, and
// answer within 30 s (the slowest call is reported: the work budget makes the worst
// case seconds, not forever).
//
//   node --import tsx test/fuzz/totality.ts --runs 2000 [--seed 1] [--chunk 200] [--values 30]
//
// Chunks run in child processes with a time limit, so a hang is reported as one.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { compileSchema } from "../../src/compile-schema.js";
import { schemaArb } from "../arbitraries/schema-values.js";
import { hostileSchema } from "../security/hostile.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf("--" + name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const runs = arg("runs", 500);
const seed = arg("seed", Date.now() % 1_000_000);
const chunk = arg("chunk", 200);
const nValues = arg("values", 30);
const child = process.argv.includes("--child");

/** Some schemas made recursive: the schema becomes $defs/s and also appears under its own items/properties. */
const recursiveArb = fc.tuple(schemaArb, fc.constantFrom("items", "prop", "anyOf")).map(([s, how]) => {
  const self = { $ref: "#/$defs/s" };
  const body = how === "items" ? { type: "array", items: self } : how === "prop" ? { type: "object", properties: { c: self, d: self } } : { anyOf: [s, { type: "object", properties: { c: self } }, { type: "object", properties: { c: self, d: { type: "string" } } }] };
  return { $defs: { s: { anyOf: [s, body] } }, $ref: "#/$defs/s" };
});
const schemas = fc.oneof(schemaArb, hostileSchema, recursiveArb);

function exotics(): unknown[] {
  const cyc: Record<string, unknown> = { a: 1 };
  cyc.c = cyc;
  cyc.d = [cyc, cyc];
  const arr: unknown[] = [];
  arr.push(arr, { c: arr });
  return [
    undefined, NaN, Infinity, -Infinity, -0, 10n, 10n ** 300n, Symbol("s"), () => 1, new Date(NaN), new Map([[1, 2]]), new Set([1]),
    new Uint8Array(4), new Float64Array([NaN]), new ArrayBuffer(8), /x/, new Error("e"), Object("s"), Object.create(null), cyc, arr, [, , 1],
    new Proxy({}, { ownKeys: () => { throw new Error("trap"); }, get: () => { throw new Error("trap"); }, has: () => { throw new Error("trap"); } }),
    Object.defineProperty({}, "c", { enumerable: true, get: () => { throw new Error("getter"); } }),
  ];
}

function deep(n: number, kind: number): unknown {
  let v: unknown = kind % 2 ? "leaf" : {};
  for (let i = 0; i < n; i++) v = kind === 0 ? [v] : kind === 1 ? { c: v } : kind === 2 ? { c: v, d: v } : { c: [v], a: i };
  return v;
}

async function runRounds(first: number, n: number): Promise<{ schemas: number; values: number; slowest: number }> {
  let values = 0;
  let slowest = 0;
  const extra = exotics();
  const anything = fc.anything({ maxDepth: 4, withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withObjectString: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true, withUnicodeString: true });
  for (let k = 0; k < n; k++) {
    const s = first + k;
    const [schema] = fc.sample(schemas, { numRuns: 1, seed: s });
    const c = await compileSchema(schema, { format: false, examples: false, maxDepth: 64, allowUnchecked: true });
    if (c.diagnostics.some((d) => d.severity === "error")) continue;
    const m = (await import("data:text/javascript;base64," + Buffer.from(c.code).toString("base64"))) as { is(v: unknown): boolean; validate(v: unknown): { ok: boolean; errors: unknown[]; feedback: string } };
    const vals: unknown[] = [...fc.sample(anything, { numRuns: nValues, seed: s }), ...extra, deep(100_000, s % 4), deep(200, s % 4), { c: deep(1000, (s + 1) % 4) }];
    for (const v of vals) {
      const t0 = performance.now();
      let is: boolean, r: { ok: boolean; errors: unknown[]; feedback: string };
      try {
        is = m.is(v);
        r = m.validate(v);
        void r.feedback;
      } catch (e) {
        throw new Error(`seed ${s}: threw on a value: ${(e as Error).stack ?? e}\nschema: ${JSON.stringify(schema)}`);
      }
      if (r.ok !== is || (!r.ok && r.errors.length === 0)) throw new Error(`seed ${s}: is ${is}, validate ${r.ok}\nschema: ${JSON.stringify(schema)}`);
      const dt = performance.now() - t0;
      if (dt > slowest) slowest = dt;
      if (dt > 30_000) throw new Error(`seed ${s}: ${dt.toFixed(0)} ms for one value\nschema: ${JSON.stringify(schema)}`);
      values++;
    }
  }
  return { schemas: n, values, slowest };
}

if (child) {
  try {
    process.stdout.write("STATS " + JSON.stringify(await runRounds(seed, runs)) + "\n");
  } catch (e) {
    console.error(`FAIL (replay: node --import tsx test/fuzz/totality.ts --seed <seed> --runs 1)\n${(e as Error).message}`);
    process.exitCode = 1;
  }
} else {
  const total = { schemas: 0, values: 0, slowest: 0 };
  const started = Date.now();
  let done = 0;
  let failed = false;
  for (let first = seed; done < runs && !failed; first += chunk) {
    const n = Math.min(chunk, runs - done);
    const r = spawnSync(process.execPath, ["--stack-size=984", "--import", "tsx", fileURLToPath(import.meta.url), "--child", "--seed", String(first), "--runs", String(n), "--values", String(nValues)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: n * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = r.stdout.split("\n").find((l) => l.startsWith("STATS "));
    if (!line) {
      console.error(`chunk at seed ${first} failed or hung (status ${r.status}, signal ${r.signal})`);
      failed = true;
      break;
    }
    const s = JSON.parse(line.slice(6)) as typeof total;
    total.schemas += s.schemas;
    total.values += s.values;
    total.slowest = Math.max(total.slowest, s.slowest);
    done += n;
    console.log(`${done}/${runs} schemas (seeds ${seed}..${first + n - 1}), ${((Date.now() - started) / 1000).toFixed(0)} s: ${total.values} values, slowest ${total.slowest.toFixed(0)} ms`);
  }
  console.log(failed ? "FAILED" : `OK: ${done} schemas, ${total.values} values, none threw, slowest call ${total.slowest.toFixed(0)} ms`);
  if (failed) process.exitCode = 1;
}
