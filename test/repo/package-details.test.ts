// What a user of the published packages meets first (issue 17.4, 17.5): help that
// links to docs they can reach, a license, docs without internal jargon, "did you
// mean" for a mistyped option, `compile` output holding only the runtime helpers
// the schema uses, feedback in the order of the arguments' paths, and emit "cjs".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DOCS_URL } from "../../src/cli/help.js";
import { compileSchema } from "../../src/compile-schema.js";
import { generate } from "../../src/pipeline/generate.js";
import { toolsFromJson } from "../../src/sources/json.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "toolform-details-"));
  dirs.push(d);
  return d;
}

async function load(code: string): Promise<{ is(v: unknown): boolean; validate(v: unknown): { ok: boolean; feedback: string } }> {
  const file = join(tempDir(), "validate.mjs");
  writeFileSync(file, code);
  return import(file);
}

describe("docs that ship", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { repository: { url: string }; homepage: string; license: string };
  const repo = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");

  it("--help links to docs by an absolute URL of the package's repository", () => {
    expect(pkg.homepage.startsWith(repo)).toBe(true);
    expect(DOCS_URL.startsWith(repo + "/")).toBe(true);
    const r = spawnSync(process.execPath, ["bin/toolform.js", "--help"], { encoding: "utf8" });
    expect(r.stdout).toContain(`Docs: ${DOCS_URL}`);
  });

  it("both packages carry the MIT license; package READMEs link absolutely", () => {
    for (const dir of [".", "packages/runtime"]) {
      expect(readFileSync(join(dir, "LICENSE"), "utf8")).toMatch(/^MIT License/);
      expect((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { license: string }).license).toBe("MIT");
    }
    const runtimeReadme = readFileSync("packages/runtime/README.md", "utf8");
    for (const [, target] of runtimeReadme.matchAll(/\]\(([^)]+)\)/g)) expect(target).toMatch(/^https:\/\//);
  });

  it("README and docs say rules, not internal names", () => {
    const files = ["README.md", "packages/runtime/README.md", ...readdirSync("docs").map((f) => join("docs", f))];
    for (const f of files) expect(readFileSync(f, "utf8"), f).not.toMatch(/seed (study|0\d\d)|seed-000/i);
    const readme = readFileSync("README.md", "utf8");
    // The user's quick start comes before the contributors' two commands, which stay.
    expect(readme.indexOf("## Quick start")).toBeGreaterThan(0);
    expect(readme.indexOf("## Quick start")).toBeLessThan(readme.indexOf("npm ci && npm test"));
    expect(readme).toContain("npm ci && npm run generate");
  });
});

describe("CLI details", () => {
  it("an unknown option gets a suggestion, like an unknown command", () => {
    const r = spawnSync(process.execPath, ["bin/toolform.js", "build", "--ouy", "x"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option --ouy (did you mean "--out"?)');
    const far = spawnSync(process.execPath, ["bin/toolform.js", "check", "--zzzzzz"], { encoding: "utf8" });
    expect(far.stderr).toContain("unknown option --zzzzzz\n");
  });

  it("compile writes only the runtime helpers the schema uses", async () => {
    const one = await compileSchema({ type: "object", properties: { n: { type: "integer" } }, required: ["n"] }, { name: "one" });
    const dated = await compileSchema({ type: "object", properties: { at: { type: "string", format: "date-time" }, tags: { type: "array", uniqueItems: true } } }, { name: "dated" });
    // The whole runtime inlined is over 100 kB; a one-field schema needs the report, the
    // messages and the name matcher (for an unknown key), not the format checks.
    const whole = await compileSchema({ type: "object", properties: { at: { type: "string", format: "date-time" } } }, { name: "whole" });
    expect(one.code.length).toBeLessThan(40_000);
    expect(one.code).not.toContain("function fmt_date_time");
    expect(whole.code).toContain("function fmt_date_time");
    expect(dated.code.length).toBeGreaterThan(one.code.length);
    const m = await load(one.code);
    expect(m.is({ n: 1 })).toBe(true);
    expect(m.validate({}).feedback).toContain('"n" is required');
    expect(m.validate({ n: "1" }).feedback).toContain('"n" must be an integer');
    const d = await load(dated.code);
    expect(d.is({ at: "2025-01-01T00:00:00Z", tags: [1, 2] })).toBe(true);
    expect(d.validate({ at: "yesterday", tags: [1, 1] }).ok).toBe(false);
  });

  it("feedback lines follow the arguments' paths: line_items[0] before line_items[1]", async () => {
    const schema = {
      type: "object",
      properties: {
        customer: { type: "string" },
        line_items: { type: "array", items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer", minimum: 1 } }, required: ["sku", "qty"] } },
      },
      required: ["customer", "line_items"],
    };
    const m = await load((await compileSchema(schema, { name: "order", unknownArgs: "reject" })).code);
    const lines = m
      .validate({ customer: 5, line_items: [{ sku: "a", qty: "2" }, { qty: 0 }, { sku: "c", qty: 1, color: "red" }] })
      .feedback.split("\n")
      .slice(1);
    // One line per error in path order, then the list of fields once (for the unknown "color").
    expect(lines.map((l) => /^- "([^"]+)"/.exec(l)?.[1])).toEqual(["customer", "line_items[0].qty", "line_items[1].sku", "line_items[1].qty", "line_items[2].color", undefined]);
    expect(lines.at(-1)).toMatch(/^- Fields of "line_items\[2\]": /);
  });

  it('emit "cjs" writes CommonJS that require() loads, with .d.ts beside it', async () => {
    const tools = toolsFromJson(JSON.parse(readFileSync("examples/tools/legal_draft_v3.json", "utf8")), "examples/tools/legal_draft_v3.json").tools;
    const { files, diagnostics } = await generate({ tools, options: { emit: "cjs", lint: false } });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const dir = tempDir();
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "cjs-app", private: true }));
    for (const f of files) writeFileSync(join(dir, f.path), f.contents);
    expect(files.map((f) => f.path.replace(/^_runtime\.[0-9a-f]{10}\./, "_runtime.#.")).sort()).toEqual(["_runtime.#.d.ts", "_runtime.#.js", "index.d.ts", "index.js", "package.json"]);
    expect(existsSync(join(dir, "index.js"))).toBe(true);
    const g = createRequire(join(dir, "x.js"))("./index.js") as { validateCall(c: { name: string; arguments: unknown }): { ok: boolean; type_errors: string[] }; toolNames: string[] };
    expect(g.toolNames).toEqual(["legal_draft_v3"]);
    expect(g.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "Acme", value: 5, term_months: 12 } }).ok).toBe(true);
    expect(g.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "Acme", value: 5, term_months: "ten" } }).type_errors).toEqual(["term_months: expected integer, got string"]);
  });
});
