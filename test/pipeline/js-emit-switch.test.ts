// emit "js" switches two entry files (index.js, index.d.ts) with two renames. A build
// killed between them must leave the new validators running (types may lag until the
// next build, which `check` reports), never new types over old validators. The kill is
// simulated: the second entry rename throws, as if the process died there.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

let renames = 0;
let killAt = -1;
vi.mock("node:fs", async (load) => {
  const real = await load<typeof import("node:fs")>();
  const renameSync = (from: string, to: string) => {
    if (/index\.(js|d\.ts|ts)$/.test(String(to)) && ++renames === killAt) throw new Error("killed between the entry renames");
    return real.renameSync(from, to);
  };
  return { ...real, default: { ...real, renameSync }, renameSync };
});

const { writeOutputs, GENERATED_MARK } = await import("../../src/io/write.js");

const gen = (v: number) => [
  { path: `_runtime.v${v}.js`, contents: `${GENERATED_MARK}\nexport const runtime = ${v};\n` },
  { path: "index.d.ts", contents: `${GENERATED_MARK}\nexport declare const version: ${v};\n` },
  { path: "index.js", contents: `${GENERATED_MARK}\nimport "./_runtime.v${v}.js";\nexport const version = ${v};\n` },
];

describe("emit js: a build killed between the two entry renames", () => {
  it("leaves the new code (the validators that run) with at worst the old declarations; the next build completes the switch", () => {
    const out = mkdtempSync(join(tmpdir(), "toolform-switch-"));
    writeOutputs(out, gen(1));
    renames = 0;
    killAt = 2; // the first entry rename succeeds, the process dies before the second
    expect(() => writeOutputs(out, gen(2))).toThrow(/killed/);
    killAt = -1;
    const read = (f: string) => readFileSync(join(out, f), "utf8");
    // The code is the new generation, whole: the validators that run are the newest.
    expect(read("index.js")).toBe(gen(2)[2]!.contents);
    expect(read("_runtime.v2.js")).toBe(gen(2)[0]!.contents);
    // The declarations may lag (old): never new types over old validators.
    expect(read("index.d.ts")).toBe(gen(1)[1]!.contents);
    const next = writeOutputs(out, gen(2));
    expect(next.written).toEqual(["index.d.ts"]);
    expect(read("index.d.ts")).toBe(gen(2)[1]!.contents);
    expect(next.removed).toEqual(["_runtime.v1.js"]);
  });
});
