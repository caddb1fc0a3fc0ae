// Fail closed at build time (issue 13.4): a validator that silently checks less than
// its schema says is the worst outcome for a tool author. A `pattern` JS cannot compile,
// an unknown `format`, and a keyword the compiler does not consume (a misspelling, a
// word of another draft) are build errors naming the tool, the JSON pointer and the
// fix — as ajv's strict mode and schemasafe do — unless the config opts out with
// `allowUnchecked` (then a warning each, and the part is not checked).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import { resolveConfig } from "../../src/config/load.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";

const def = (name: string, inputSchema: JsonSchema): ToolDefinition => ({ name, description: "A tool.", inputSchema, origin: { file: "tools.json", pointer: "/tools/0" } });

/** Python's and PCRE's habits that the "u" flag refuses: \- outside a class, inline flags. */
const BAD_PATTERN = def("lookup_sku", { type: "object", properties: { sku: { type: "string", pattern: "^[A-Z]{3}\\-\\d+$" }, note: { type: "string" } } });
/** OpenAPI-derived schemas: format "json" (seen in a published Notion server). */
const UNKNOWN_FORMAT = def("update_page", { type: "object", properties: { icon: { type: "string", format: "json" } } });
/** A misspelt keyword: without the error, "maxLength" is never checked. */
const MISSPELT = def("post_message", { type: "object", properties: { text: { type: "string", maxLenght: 280 } } });
/** A draft-07 document using a 2020-12 keyword. */
const OTHER_DRAFT = def("set_pair", { $schema: "http://json-schema.org/draft-07/schema#", type: "array", prefixItems: [{ type: "string" }] } as JsonSchema);

const build = (tools: ToolDefinition[], options: GenerateOptions = {}) => generate({ tools, options: { lint: false, emit: "js", ...options } });
const errorsOf = (r: Awaited<ReturnType<typeof build>>) => r.diagnostics.filter((d) => d.severity === "error");

describe("by default each is a build error naming the tool, the pointer and the fix", () => {
  const cases: [ToolDefinition, string, string, RegExp][] = [
    [BAD_PATTERN, "schema/bad-pattern", "/tools/0/inputSchema/properties/sku/pattern", /ECMA-262/],
    [UNKNOWN_FORMAT, "schema/unknown-format", "/tools/0/inputSchema/properties/icon/format", /formats: \{ "json": "annotation" \}/],
    [MISSPELT, "schema/unknown-keyword", "/tools/0/inputSchema/properties/text/maxLenght", /fix its spelling/],
    [OTHER_DRAFT, "schema/other-dialect", "/tools/0/inputSchema/prefixItems", /\$schema/],
  ];
  for (const [tool, code, pointer, fix] of cases) {
    it(`${code} (${tool.name})`, async () => {
      const r = await build([tool, def("fine", { type: "object", properties: { q: { type: "string" } } })]);
      const errors = errorsOf(r);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code, tool: tool.name, file: "tools.json", pointer });
      expect(errors[0]!.message).toMatch(/cannot check it/);
      expect(errors[0]!.hint).toMatch(fix);
      expect(errors[0]!.hint).toContain("allowUnchecked");
      expect(r.files).toEqual([]); // nothing half-built
      const text = formatDiagnostic(errors[0]!);
      expect(text).toContain(tool.name);
      expect(text).toContain(pointer);
    });
  }

  it("compileSchema too: no code, the error", async () => {
    for (const t of [BAD_PATTERN, UNKNOWN_FORMAT, MISSPELT]) {
      const r = await compileSchema(t.inputSchema, { format: false, examples: false });
      expect(r.code).toBe("");
      expect(r.diagnostics.filter((d) => d.severity === "error")).toHaveLength(1);
    }
  });

  it("a patternProperties key that does not compile is an error even with the opt-out (skipping it would change where its keys go)", async () => {
    const t = def("labels", { type: "object", patternProperties: { "^x\\-": { type: "string" } }, additionalProperties: false });
    const r = await build([t], { allowUnchecked: true });
    expect(errorsOf(r).map((d) => d.code)).toEqual(["schema/bad-pattern"]);
  });

  it("what stays quiet: x- vendor words, annotations, known formats, patterns that compile", async () => {
    const t = def("quiet", {
      type: "object",
      title: "Quiet",
      $comment: "fine",
      "x-origin": "openapi",
      properties: { when: { type: "string", format: "date-time", examples: ["2024-01-01T00:00:00Z"] }, code: { type: "string", pattern: "^\\p{Lu}{2}$", deprecated: true } },
    } as JsonSchema);
    const r = await build([t]);
    expect(r.diagnostics.filter((d) => d.severity === "error" || /unknown|bad-pattern|other-dialect/.test(d.code))).toEqual([]);
  });
});

describe("the opt-out: allowUnchecked (config, per tool, compileSchema)", () => {
  it("true: builds with a warning each, and the part is not checked (the old behaviour)", async () => {
    const r = await build([BAD_PATTERN, UNKNOWN_FORMAT, MISSPELT], { allowUnchecked: true });
    expect(errorsOf(r)).toEqual([]);
    const warnings = r.diagnostics.filter((d) => /bad-pattern|unknown-format|unknown-keyword/.test(d.code));
    expect(warnings.map((d) => [d.severity, d.tool])).toEqual(
      expect.arrayContaining([
        ["warning", "lookup_sku"],
        ["warning", "update_page"],
        ["warning", "post_message"],
      ]),
    );
    expect(warnings.every((d) => /not checked \(allowUnchecked/.test(d.message))).toBe(true);
  });

  it("a list allows only those kinds", async () => {
    const r = await build([BAD_PATTERN, UNKNOWN_FORMAT], { allowUnchecked: ["format"] });
    expect(errorsOf(r).map((d) => [d.code, d.tool])).toEqual([["schema/bad-pattern", "lookup_sku"]]);
  });

  it("per tool: only that tool is allowed", async () => {
    const r = await build([UNKNOWN_FORMAT, def("other_page", UNKNOWN_FORMAT.inputSchema)], { tools: { update_page: { allowUnchecked: ["format"] } } });
    expect(errorsOf(r).map((d) => d.tool)).toEqual(["other_page"]);
  });

  it("compileSchema({ allowUnchecked }) builds a module that leaves the part unchecked", async () => {
    const r = await compileSchema(UNKNOWN_FORMAT.inputSchema, { allowUnchecked: ["format"], format: false, examples: false });
    expect(r.code).not.toBe("");
    const dir = mkdtempSync(join(tmpdir(), "toolform-fc-"));
    writeFileSync(join(dir, "v.mjs"), r.code);
    const mod = (await import(join(dir, "v.mjs"))) as { is(v: unknown): boolean };
    expect(mod.is({ icon: "not json at all" })).toBe(true);
  });

  it("the config checks the value and names the fix", () => {
    const ok = resolveConfig({ sources: ["tools/*.json"], allowUnchecked: ["format"] }, "/tmp");
    expect(ok.allowUnchecked).toEqual(["format"]);
    expect(resolveConfig({ sources: ["tools/*.json"] }, "/tmp").allowUnchecked).toEqual([]);
    expect(resolveConfig({ sources: ["tools/*.json"], allowUnchecked: true }, "/tmp").allowUnchecked).toEqual(["pattern", "format", "keyword"]);
    expect(() => resolveConfig({ sources: ["tools/*.json"], allowUnchecked: ["formats"] as never }, "/tmp")).toThrow(/allowUnchecked/);
    expect(() => resolveConfig({ sources: ["tools/*.json"], tools: { x: { allowUnchecked: "yes" as never } } }, "/tmp")).toThrow(/tools\.x\.allowUnchecked/);
  });
});
