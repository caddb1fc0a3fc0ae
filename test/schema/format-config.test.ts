// Config `formats: { name: "annotation" | RegExp }` (issue 28.2): formats of one's own. A RegExp
// runs in the generated code as a `pattern` does (the "u" flag, unanchored, the linear-time
// matcher for a pattern that can backtrack catastrophically); "annotation" accepts any value;
// a config naming a known format overrides the vocabulary; a bad entry is a config error.
import { beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { compileSchema } from "../../src/compile-schema.js";
import { patternInputBound } from "../../src/schema/lint/redos.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const TOOL: ToolDefinition = {
  name: "file_ticket",
  description: "File a ticket.",
  inputSchema: {
    type: "object",
    properties: {
      ticket: { type: "string", format: "ticket-id" },
      note: { type: "string", format: "house-style" },
      where: { type: "string", format: "path" },
      many: { type: "string", format: "aaa" },
      any: { format: "ticket-id" },
    },
  } as JsonSchema,
  origin: { file: "t.json", pointer: "/tools/0" },
};
const FORMATS = { "ticket-id": /^[A-Z]+-\d+$/, "house-style": "annotation", path: /^\//, aaa: /^(a+)+$/ } as const;

let ts: LoadedToolset;
const call = (args: unknown) => ts.validateCall({ name: "file_ticket", arguments: args });
beforeAll(async () => {
  ts = await loadToolset([TOOL], { formats: FORMATS });
});

describe("formats of one's own", () => {
  it("a RegExp checks the strings of that format, in words with the format's name and an example that fits", () => {
    expect(call({ ticket: "OPS-12" }).ok).toBe(true);
    const r = call({ ticket: "ops 12" });
    expect(r.constraint_errors).toHaveLength(1);
    expect(r.errors[0]!.keyword).toBe("format");
    expect(r.errors[0]!.message).toMatch(/^"ticket" must be .*pattern \^\[A-Z\]\+-\\d\+\$.*\(format "ticket-id"\); got "ops 12"\. Example: "[A-Z]+-\d+"$/);
    expect(call({ any: 5 }).ok).toBe(true); // like a pattern: a non-string is not the format's to judge
  });

  it('"annotation" accepts any value; a config entry overrides the vocabulary (path becomes checked)', () => {
    expect(call({ note: "anything at all" }).ok).toBe(true);
    expect(call({ where: "/srv/data" }).ok).toBe(true);
    expect(call({ where: "relative/x" }).ok).toBe(false);
  });

  it("a RegExp that backtracks catastrophically runs as such a pattern does: on the linear-time matcher, over the whole input", () => {
    // Linear matching needs no input bound below maxPatternInput (issue 29.1).
    expect(patternInputBound("^(a+)+$", 10_000).redos).toBeUndefined();
    expect(call({ many: "a".repeat(10_000) }).ok).toBe(true);
    expect(call({ many: "a".repeat(9_999) + "b" }).ok).toBe(false); // V8's backtracking would take years on this
    expect(call({ many: "a".repeat(10_001) }).ok).toBe(false); // past maxPatternInput, as any pattern
  });

  it("compileSchema takes the same option", async () => {
    const { code, diagnostics } = await compileSchema({ type: "string", format: "ticket-id" }, { formats: { "ticket-id": /^[A-Z]+-\d+$/ }, format: false });
    expect(diagnostics).toEqual([]);
    expect(code).toContain("^[A-Z]+-\\\\d+$");
    const unknown = await compileSchema({ type: "string", format: "ticket-id" }, { format: false });
    expect(unknown.diagnostics[0]!.code).toBe("schema/unknown-format");
  });
});

describe("config errors", () => {
  const resolve = (formats: unknown) => () => resolveConfig({ sources: ["tools/*.json"], formats } as never, "/nowhere");
  it("accepts true, false and an object of annotation / RegExp", () => {
    expect(resolve(true)).not.toThrow();
    expect(resolve(false)).not.toThrow();
    expect(resolve({ a: "annotation", b: /^x$/u })).not.toThrow();
  });
  it("refuses flags a pattern cannot have, a RegExp that does not compile under u, and other values, naming the entry", () => {
    expect(resolve({ "ticket-id": /^[a-z]+$/i })).toThrow(/formats\.ticket-id: the RegExp \/\^\[a-z\]\+\$\/i has flags/);
    expect(resolve({ odd: /\-/ })).toThrow(/formats\.odd: .* does not compile with the "u" flag/);
    expect(resolve({ odd: "check" })).toThrow(/formats\.odd must be "annotation" or a RegExp/);
    expect(resolve("yes")).toThrow(/"formats" must be true, false or an object/);
  });
});
