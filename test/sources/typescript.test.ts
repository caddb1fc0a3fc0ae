// TypeScript files of defineTool calls as a source (src/sources/typescript): what is read
// statically (never evaluated), what is refused with a diagnostic naming the place, and the import path.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { placeOf } from "../../src/diagnostics/format.js";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import { defineTool } from "../../packages/runtime/src/define.js";
import { readTypeScriptTools } from "../../src/sources/typescript/index.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const DIR = "test/fixtures/define-tool";
const fixture = (name: string) => `${DIR}/${name}`;

const readStatic = (...names: string[]) => readTypeScriptTools(names.map(fixture), { root });
const readImport = (...names: string[]) => readTypeScriptTools(names.map(fixture), { root, load: "import" });

/** "file:line:col code" per diagnostic, the way a failure reads in the terminal. */
const places = (ds: Diagnostic[]) => ds.map((d) => `${placeOf(d)} ${d.severity} ${d.code}`);
const byName = (tools: ToolDefinition[], name: string) => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(", ")}`);
  return tool;
};
const NOT_STATIC_HINT =
  'move the value into a const literal in this file, or set `load: "import"` for this source in toolform.config.ts';

/** Fixtures both loaders can read: they must agree on them. */
const READABLE_BOTH_WAYS = [
  "exported-const.ts",
  "default-export.ts",
  "several.ts",
  "array.ts",
  "namespace-call.ts",
  "aliased-import.ts",
  "literals.ts",
  "local-consts.ts",
  "imported-consts.ts",
  "enums.ts",
];

describe("defineTool", () => {
  it("returns its argument and types execute's arguments", () => {
    const spec = {
      name: "t",
      inputSchema: { type: "object" },
      execute: (args: { a: string }) => args.a.toUpperCase(),
    };
    expect(defineTool(spec)).toBe(spec);
    defineTool<{ city: string }>({
      name: "typed",
      inputSchema: { type: "object" },
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string }>();
      },
    });
  });
});

describe("readTypeScriptTools, static", () => {
  it("reads an exported const, with origin and property places", async () => {
    const { tools, diagnostics } = await readStatic("exported-const.ts");
    expect(diagnostics).toEqual([]);
    expect(tools).toHaveLength(1);
    const [tool] = tools;
    expect(tool).toMatchObject({
      name: "get_weather",
      description: "Current weather and a short forecast for a city.",
      origin: { file: "test/fixtures/define-tool/exported-const.ts", pointer: "", line: 10, column: 27 },
    });
    expect(tool!.inputSchema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "City name, e.g. Paris" },
        units: { type: "string", enum: ["c", "f"], default: "c" },
        days: { type: "integer", minimum: 1, maximum: 7 },
      },
      required: ["city"],
      additionalProperties: false,
    });
    expect(tool!.locate!("")).toEqual({ line: 13, column: 3 });
    expect(tool!.locate!("/properties/days/minimum")).toEqual({ line: 18, column: 32 });
    expect(tool!.locate!("#/properties/units/enum/1")).toEqual({ line: 17, column: 44 });
    expect(tool!.locate!("/required/0")).toEqual({ line: 20, column: 16 });
    // A keyword the schema lacks lands on its nearest ancestor.
    expect(tool!.locate!("/properties/days/exclusiveMaximum")).toEqual({ line: 18, column: 7 });
  });

  it("reads a default export", async () => {
    const { tools, diagnostics } = await readStatic("default-export.ts");
    expect(diagnostics).toEqual([]);
    expect(tools.map((t) => [t.name, t.origin.line, t.origin.column])).toEqual([["read_file", 3, 16]]);
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { path: { type: "string", minLength: 1 } },
      required: ["path"],
    });
  });

  it("reads several calls of one file, in source order", async () => {
    const { tools, diagnostics } = await readStatic("several.ts");
    expect(diagnostics).toEqual([]);
    expect(tools.map((t) => [t.name, t.description, t.origin.line])).toEqual([
      ["create_issue", undefined, 3],
      ["close_issue", "Close an issue by number.", 12],
    ]);
    expect("description" in tools[0]!).toBe(false);
  });

  it("reads calls inside an exported array", async () => {
    const { tools, diagnostics } = await readStatic("array.ts");
    expect(diagnostics).toEqual([]);
    expect(tools.map((t) => [t.name, t.origin.line, t.origin.column])).toEqual([
      ["search", 4, 16],
      ["fetch_page", 11, 3],
    ]);
    expect(byName(tools, "fetch_page").inputSchema).toEqual({
      type: "object",
      properties: { url: { type: "string", format: "uri" } },
    });
  });

  it("finds toolform.defineTool(...) and an aliased import", async () => {
    const { tools, diagnostics } = await readStatic("namespace-call.ts", "aliased-import.ts");
    expect(diagnostics).toEqual([]);
    expect(tools.map((t) => [t.name, t.origin.file, t.origin.line, t.origin.column])).toEqual([
      ["ping", "test/fixtures/define-tool/namespace-call.ts", 3, 21],
      ["echo", "test/fixtures/define-tool/aliased-import.ts", 3, 21],
    ]);
  });

  it("reads every literal form, and never evaluates execute or extra fields", async () => {
    const { tools, diagnostics } = await readStatic("literals.ts");
    expect(diagnostics).toEqual([]);
    const tool = tools[0]!;
    expect(tool.name).toBe("literal_forms");
    expect(tool.description).toBe("Every literal form the static reader understands.");
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        offset: { type: "number", minimum: -273.15, maximum: 1000, default: -1 },
        flag: { type: "boolean", default: false, deprecated: true },
        note: { type: ["string", "null"], default: null },
        "quoted-key": { const: "no substitution" },
        "1": { type: "integer" },
        mask: { type: "integer", maximum: 255, multipleOf: 10 },
      },
      required: ["offset"],
    });
    expect("$comment" in (tool.inputSchema as object)).toBe(false);
    expect(tool.locate!("/properties/1")).toEqual({ line: 17, column: 7 });
    expect(tool.locate!("/properties/quoted-key/const")).toEqual({ line: 16, column: 23 });
  });

  it("follows consts, spreads and computed const keys of the same file, placing values where they are written", async () => {
    const { tools, diagnostics } = await readStatic("local-consts.ts");
    expect(diagnostics).toEqual([]);
    const tool = tools[0]!;
    expect(tool).toMatchObject({ name: "local_consts", description: "Built from consts of this file." });
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        units: { type: "string", enum: ["c", "f"] },
        limit: { type: "integer", minimum: 1 },
        cursor: { type: "string" },
        country: { type: "string", minLength: 2 },
      },
      required: ["city", "units"],
    });
    expect(tool.locate!("/properties/city/description")).toEqual({ line: 4, column: 32 });
    expect(tool.locate!("/properties/units/enum/0")).toEqual({ line: 3, column: 16 });
    expect(tool.locate!("/properties/limit/minimum")).toEqual({ line: 5, column: 44 });
    expect(tool.locate!("/properties/country")).toEqual({ line: 17, column: 5 });
    expect(tool.locate!("/required/0")).toEqual({ line: 6, column: 24 });
    expect(tool.locate!("/required/1")).toEqual({ line: 19, column: 32 });
  });

  it("follows relative imports, re-exports, renames, default and namespace imports", async () => {
    const { tools, diagnostics } = await readStatic("imported-consts.ts");
    expect(diagnostics).toEqual([]);
    const tool = tools[0]!;
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        region: { type: "string", description: "City name" },
        units: { enum: ["c", "f"] },
        days: { type: "integer", minimum: 1, maximum: 14 },
        limit: { type: "integer", minimum: 1 },
      },
    });
    // Values written in another file are placed where this file brings them in.
    expect(tool.locate!("/properties/days/minimum")).toEqual({ line: 14, column: 13 });
    expect(tool.locate!("/properties/city/type")).toEqual({ line: 11, column: 13 });
    expect(tool.locate!("/properties/units/enum/1")).toEqual({ line: 13, column: 22 });
    expect(tool.locate!("/properties/limit")).toEqual({ line: 15, column: 10 });
  });

  it("reads members of literal enums and const enums", async () => {
    const { tools, diagnostics } = await readStatic("enums.ts");
    expect(diagnostics).toEqual([]);
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: {
        unit: { enum: ["c", "f"], default: "c" },
        level: { type: "integer", enum: [0, 5, 6] },
      },
    });
  });

  it("warns about a file without defineTool calls and reports a missing file", async () => {
    const { tools, diagnostics } = await readStatic("shared/schemas.ts", "no-such-file.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual([
      "test/fixtures/define-tool/shared/schemas.ts warning source/no-tools",
      "test/fixtures/define-tool/no-such-file.ts error source/read",
    ]);
  });
});

describe("readTypeScriptTools, static failures", () => {
  it("reports every function call of a file, at the call", async () => {
    const { tools, diagnostics } = await readStatic("fail-function-call.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual([
      "test/fixtures/define-tool/fail-function-call.ts:11:17 error source/not-static",
      "test/fixtures/define-tool/fail-function-call.ts:12:20 error source/not-static",
    ]);
    expect(diagnostics[0]).toMatchObject({
      tool: "from_call",
      message: "cannot read `makeProps()` without running the file: it is a function call",
      hint: NOT_STATIC_HINT,
    });
    expect(diagnostics[1]!.message).toContain("`Math.max(1, 2)`");
  });

  it("reports a computed key at the key", async () => {
    const { tools, diagnostics } = await readStatic("fail-computed-key.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/fail-computed-key.ts:10:7 error source/not-static"]);
    expect(diagnostics[0]!.message).toBe(
      'cannot read `[keyFor("user")]` without running the file: it is a computed property key',
    );
  });

  it("reports a value imported from a package at its use", async () => {
    const { diagnostics } = await readStatic("fail-package-import.ts");
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/fail-package-import.ts:9:44 error source/not-static"]);
    expect(diagnostics[0]!.message).toBe(
      'cannot read `LATEST_PROTOCOL_VERSION` without running the file: `LATEST_PROTOCOL_VERSION` is imported from the package "@modelcontextprotocol/sdk/types.js"',
    );
    expect(diagnostics[0]!.hint).toBe(NOT_STATIC_HINT);
  });

  it("reports a template literal with a substitution", async () => {
    const { diagnostics } = await readStatic("fail-template.ts");
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/fail-template.ts:6:9 error source/not-static"]);
    expect(diagnostics[0]!.message).toBe(
      "cannot read ``legal_draft_v${VERSION}`` without running the file: it is a template literal with a substitution",
    );
    expect(diagnostics[0]!.tool).toBeUndefined();
  });

  it("reports a let binding at its use", async () => {
    const { diagnostics } = await readStatic("fail-let.ts");
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/fail-let.ts:10:42 error source/not-static"]);
    expect(diagnostics[0]!.message).toContain("`maxItems` is declared with `let`");
  });

  it("reports a syntax error and reads nothing from the file", async () => {
    const { tools, diagnostics } = await readStatic("broken-syntax.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/broken-syntax.ts:6:2 error source/parse"]);
    expect(diagnostics[0]!.message).toBe("TypeScript syntax error: ',' expected.");
  });

  it("reports a syntax error in a file the evaluation imports from", async () => {
    const { diagnostics } = await readStatic("broken-import-user.ts");
    expect(places(diagnostics)).toContain("test/fixtures/define-tool/shared/broken-values.ts:2:52 error source/parse");
  });

  it("reports a definition without name, or with a schema that is not a schema", async () => {
    const { tools, diagnostics } = await readStatic("broken-missing-name.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual([
      "test/fixtures/define-tool/broken-missing-name.ts:4:23 error source/invalid-tool",
      "test/fixtures/define-tool/broken-missing-name.ts:11:3 error source/invalid-tool",
    ]);
    expect(diagnostics[0]!.message).toBe("the tool definition has no `name`");
    expect(diagnostics[1]).toMatchObject({
      tool: "bad_schema",
      message: '`inputSchema` of tool "bad_schema" must be a JSON Schema object or boolean, got string',
    });
  });

  it("refuses zod and TypeBox schemas statically, pointing at load: import", async () => {
    const { tools, diagnostics } = await readStatic("zod-schema.ts", "typebox-schema.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual([
      "test/fixtures/define-tool/zod-schema.ts:8:16 error source/not-static",
      "test/fixtures/define-tool/typebox-schema.ts:7:16 error source/not-static",
    ]);
    expect(diagnostics.map((d) => d.tool)).toEqual(["zod_search", "typebox_list"]);
    expect(diagnostics[0]!.message).toMatch(/^cannot read `z\.object\(\{ query: .*…` without running/);
  });

  it("keeps the good tools of a read that also has bad files", async () => {
    const { tools, diagnostics } = await readStatic("several.ts", "fail-function-call.ts", "broken-syntax.ts");
    expect(tools.map((t) => t.name)).toEqual(["create_issue", "close_issue"]);
    expect(diagnostics.map((d) => d.code)).toEqual(["source/not-static", "source/not-static", "source/parse"]);
  });
});

describe("readTypeScriptTools, import", () => {
  it("agrees with the static reader on every fixture both can read", async () => {
    const fromSource = await readStatic(...READABLE_BOTH_WAYS);
    const fromRun = await readImport(...READABLE_BOTH_WAYS);
    expect(fromSource.diagnostics).toEqual([]);
    expect(fromRun.diagnostics).toEqual([]);
    const summary = (t: ToolDefinition) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      origin: t.origin,
    });
    expect(fromRun.tools.map(summary)).toEqual(fromSource.tools.map(summary));
    expect(fromRun.tools).toHaveLength(12);
  });

  it("converts a zod 4 schema with z.toJSONSchema", async () => {
    const { tools, diagnostics } = await readImport("zod-schema.ts");
    expect(diagnostics).toEqual([]);
    const tool = tools[0]!;
    expect(tool).toMatchObject({
      name: "zod_search",
      description: "Input schema written with zod 4.",
      origin: { file: "test/fixtures/define-tool/zod-schema.ts", pointer: "", line: 5, column: 24 },
    });
    expect(tool.inputSchema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "Search text" },
        limit: { type: "integer", minimum: -9007199254740991, maximum: 50, default: 10 },
      },
      required: ["query"],
    });
    // Inside a library schema, places fall back to the inputSchema property.
    expect(tool.locate!("/properties/query/minLength")).toEqual({ line: 8, column: 3 });
  });

  it("reads a TypeBox schema as the JSON Schema it is, without its symbol keys", async () => {
    const { tools, diagnostics } = await readImport("typebox-schema.ts");
    expect(diagnostics).toEqual([]);
    const schema = tools[0]!.inputSchema as Record<string, unknown>;
    expect(schema).toEqual({
      type: "object",
      properties: { path: { type: "string", minLength: 1 }, recursive: { type: "boolean" } },
      required: ["path"],
    });
    expect(Object.getOwnPropertySymbols(schema)).toEqual([]);
    expect(Object.getOwnPropertySymbols((schema["properties"] as Record<string, object>)["recursive"]!)).toEqual([]);
  });

  it("reads what the static reader cannot, placing each tool at its call", async () => {
    const { tools, diagnostics } = await readImport(
      "fail-function-call.ts",
      "fail-computed-key.ts",
      "fail-package-import.ts",
      "fail-template.ts",
      "fail-let.ts",
    );
    expect(diagnostics).toEqual([]);
    expect(tools.map((t) => [t.name, t.origin.line, t.origin.column])).toEqual([
      ["from_call", 7, 25],
      ["computed_key", 5, 28],
      ["package_import", 4, 30],
      ["legal_draft_v3", 5, 26],
      ["mutable", 6, 24],
    ]);
    expect(byName(tools, "from_call").inputSchema).toEqual({
      type: "object",
      properties: { city: { type: "string" } },
      maxProperties: 2,
    });
    expect(byName(tools, "computed_key").inputSchema).toEqual({
      type: "object",
      properties: { user_id: { type: "string" } },
    });
    expect(byName(tools, "mutable").inputSchema).toEqual({
      type: "object",
      properties: { tags: { type: "array", maxItems: 15 } },
    });
  });

  it("reports a module that throws while it runs", async () => {
    const { tools, diagnostics } = await readImport("throws-on-import.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/throws-on-import.ts:5:7 error source/import"]);
    expect(diagnostics[0]!.message).toBe("running the file failed: configuration missing");
  });

  it("does not run a file with a syntax error", async () => {
    const { diagnostics } = await readImport("broken-syntax.ts");
    expect(places(diagnostics)).toEqual(["test/fixtures/define-tool/broken-syntax.ts:6:2 error source/parse"]);
  });

  it("reports bad specs, and calls that gave no exported tool", async () => {
    const { tools, diagnostics } = await readImport("broken-missing-name.ts");
    expect(tools).toEqual([]);
    expect(places(diagnostics)).toEqual([
      "test/fixtures/define-tool/broken-missing-name.ts:11:3 error source/invalid-tool",
      "test/fixtures/define-tool/broken-missing-name.ts:4:23 warning source/not-exported",
    ]);
  });
});
