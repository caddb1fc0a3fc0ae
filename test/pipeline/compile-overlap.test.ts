// compileHere (src/pipeline/workers.ts) starts the next batch of tools once a batch's argument
// types have gone to esbuild (emit/types.ts typesCheckSent), not once esbuild has answered:
// the signal must come before the answer, and for every batched request.
import { describe, expect, it } from "vitest";
import { emitArgsType, typesCheckSent } from "../../src/emit/types.js";

const schema = (n: number) => ({ type: "object", properties: { [`p${n}`]: { type: "string" } }, required: [`p${n}`] });

describe("typesCheckSent", () => {
  it("resolves when a gathered types check is sent, before esbuild's answer reaches the tools", async () => {
    const order: string[] = [];
    const sent = typesCheckSent().then(() => order.push("sent"));
    const typed = Promise.all([0, 1, 2].map((n) => emitArgsType(schema(n), `Args${n}`, "reject"))).then((r) => {
      order.push("typed");
      return r;
    });
    const [, types] = await Promise.all([sent, typed]);
    expect(order).toEqual(["sent", "typed"]);
    expect(types.map((t) => t.diagnostics)).toEqual([[], [], []]);
    expect(types[2]!.types.text).toContain("export interface Args2 {");
  });

  it("resolves again for the next request (one signal per send)", async () => {
    for (const n of [3, 4]) {
      const order: string[] = [];
      const sent = typesCheckSent().then(() => order.push("sent"));
      await Promise.all([sent, emitArgsType(schema(n), `Args${n}`, "reject").then(() => order.push("typed"))]);
      expect(order).toEqual(["sent", "typed"]);
    }
  });
});
