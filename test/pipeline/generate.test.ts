// generate() end to end over the example tools: seed 000's report, model-facing messages,
// the generated files (deterministic, self-contained, strict TypeScript), engine "ajv" and
// `normalizer: false`.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { SEED_000_CALL, SEED_000_JSON, SEED_000_REPORT } from "../fixtures/seed-report.js";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";

let ts: LoadedToolset;
beforeAll(async () => {
  ts = await loadToolset(exampleTools());
});

describe("seed 000's example", () => {
  it("reproduces the report dict exactly", () => {
    const report = ts.validateCall(SEED_000_CALL);
    expect(report.toDict()).toEqual(SEED_000_REPORT);
    expect(JSON.stringify(report)).toBe(SEED_000_JSON);
  });

  it("writes model-facing messages with field, expectation, received value and a checked example", () => {
    const report = ts.validateCall(SEED_000_CALL);
    const messages = report.errors.map((e) => e.message);
    expect(messages).toContain('"colour" is not a parameter of legal_draft_v3.');
    expect(report.feedback).toContain("- Parameters of legal_draft_v3: counterparty, value, term_months");
    expect(messages).toContain('"term_months" must be an integer; got the string "ten". Example: 12');
    expect(messages).toContain('"value" must be at least 0; got -5. Example: 0');
    expect(report.feedback.startsWith("Refused: the arguments do not match")).toBe(true);
    for (const e of report.errors) expect(report.feedback).toContain(e.message);
  });
});

describe("reports", () => {
  it("a valid call is ok and shares one frozen report (nothing allocated)", () => {
    const a = ts.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "Acme", value: 5, term_months: 12 } });
    const b = ts.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "B", value: 0, term_months: 1 } });
    expect(a.ok).toBe(true);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(a.feedback).toBe("");
  });

  it("an unknown tool names the nearest tools", () => {
    const r = ts.validateCall({ name: "book_rom", arguments: {} });
    expect(r.unknown_tool).toBe(true);
    expect(r.ok).toBe(false);
    expect(r.n_errors).toBe(1);
    expect(r.nearest).toEqual(["book_room"]);
    expect(r.feedback).toContain('Did you mean "book_room"?');
  });

  it("suggests the enum value in the right case", () => {
    const r = ts.toolset.search_issues!.validate({ query: "x", sort: "Created" });
    expect(r.enum_errors).toEqual(['sort: "Created" not in ["created", "updated", "comments"]']);
    expect(r.errors[0]!.message).toBe('"sort" must be one of: "created", "updated", "comments"; got "Created" (did you mean "created"?)');
    expect(r.errors[0]!.suggestion).toBe("created");
  });

  it("suggests a misspelt argument name", () => {
    const r = ts.toolset.book_room!.validate({ room_id: "r1", start_iso: "2026-01-31T09:00:00Z", duration_mins: 30 });
    expect(r.unknown_args).toEqual(["duration_mins"]);
    expect(r.errors[0]!.message).toContain('(did you mean "duration_min"?)');
  });

  it("reports missing required fields at any depth, with an example", () => {
    const r = ts.toolset.edit_file!.validate({ path: "/a", edits: [{ oldText: "a", newText: "b" }, { newText: "c" }] });
    expect(r.missing_required).toEqual(["edits[1].oldText"]);
    expect(r.errors[0]!.message).toBe('"edits[1].oldText" is required. Example: "oldText": "foo"');
  });

  it("speaks of X or null for a nullable field", () => {
    const r = ts.toolset.search_issues!.validate({ query: "x", filters: { assignee_id: 7 } });
    expect(r.type_errors).toEqual(["filters.assignee_id: expected string or null, got integer"]);
    expect(r.errors[0]!.message).toMatch(/^"filters.assignee_id" must be a string or null; got the number 7/);
  });

  it("checks formats, with an example of the format", () => {
    const r = ts.toolset.book_room!.validate({ room_id: "r1", start_iso: "tomorrow at 9" });
    expect(r.constraint_errors).toEqual(['start_iso: "tomorrow at 9" is not a valid date-time']);
    expect(r.errors[0]!.message).toContain("Example: \"2026-01-31T09:00:00Z\"");
  });

  it("validates recursive schemas through $ref", () => {
    const good = { title: "T", sections: [{ heading: "A", children: [{ heading: "B", kind: "appendix" }] }] };
    expect(ts.toolset.create_outline!.is(good)).toBe(true);
    const bad = { title: "T", sections: [{ heading: "A", children: [{ heading: "", kind: "Appendix" }] }] };
    const r = ts.toolset.create_outline!.validate(bad);
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.path)).toEqual(["sections[0].children[0].kind", "sections[0].children[0].heading"]);
  });

  it("cross-field rules (x-compare) name both fields", () => {
    const r = ts.toolset.search_issues!.validate({ query: "x", filters: { created: { after: "2026-02-01", before: "2026-01-01" } } });
    expect(r.constraint_errors).toHaveLength(1);
    expect(r.errors[0]!.message).toBe('"filters.created.before" must be after "filters.created.after" ("2026-02-01"); got "2026-01-01"');
  });
});

describe("generated files", () => {
  it("are deterministic: byte-identical across runs", async () => {
    const a = await generate({ tools: exampleTools(), options: { lint: false } });
    const b = await generate({ tools: exampleTools().reverse(), options: { lint: false } });
    expect(a.files).toEqual(b.files);
  });

  it("import nothing outside the folder and contain no eval or new Function", async () => {
    const { files } = await generate({ tools: exampleTools(), options: { lint: false } });
    for (const f of files) {
      expect(f.contents.startsWith("// Code generated by toolform. DO NOT EDIT.\n/* eslint-disable */\n// biome-ignore-all lint: generated file\n")).toBe(true);
      for (const m of f.contents.matchAll(/from\s+"([^"]+)"/g)) expect(m[1]).toMatch(/^\.\/[\w.-]+\.js$/);
      expect(f.contents).not.toMatch(/\beval\(|new Function|require\(/);
    }
  });

  it("load from a folder with no node_modules, in a plain node process", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolform-bare-"));
    cpSync(ts.dir, dir, { recursive: true });
    writeFileSync(
      join(dir, "check.mjs"),
      `import { validateCall } from "./index.js";
const r = validateCall(${JSON.stringify(SEED_000_CALL)});
console.log(JSON.stringify(r));`,
    );
    const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", join(dir, "check.mjs")], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(SEED_000_REPORT);
  });

  it("the TypeScript output type-checks on its own (strict)", async () => {
    const { files } = await generate({ tools: exampleTools(), options: { lint: false, emit: "ts" } });
    const dir = mkdtempSync(join(tmpdir(), "toolform-ts-"));
    for (const f of files) writeFileSync(join(dir, f.path), f.contents);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: false, types: [] }, include: ["*.ts"] }),
    );
    const tsc = join(process.cwd(), "node_modules", "typescript", "bin", "tsc");
    execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    expect(readFileSync(join(dir, "index.ts"), "utf8")).toContain("export function validateCall");
  });
});

describe("engine: ajv (the escape hatch)", () => {
  it("gives the same verdicts and report buckets through ajv's standalone code, dependency-free", async () => {
    const viaAjv = await loadToolset(exampleTools(), { engine: "ajv" });
    const r = viaAjv.validateCall(SEED_000_CALL);
    expect(r.ok).toBe(false);
    expect(r.unknown_args).toEqual(["colour"]);
    expect(r.missing_required).toEqual([]);
    expect(r.n_errors).toBe(3);
    expect(viaAjv.validateCall({ name: "legal_draft_v3", arguments: { counterparty: "Acme", value: 5, term_months: 12 } }).ok).toBe(true);
  });
});

describe("normalizer: false", () => {
  it("leaves normalize the identity and makes the module smaller, verdicts unchanged", async () => {
    const full = await generate({ tools: exampleTools(), options: { lint: false } });
    const lean = await generate({ tools: exampleTools(), options: { lint: false, normalizer: false } });
    const size = (fs: { path: string; contents: string }[]) => fs.filter((f) => !f.path.startsWith("_runtime.")).reduce((n, f) => n + f.contents.length, 0);
    // (The normaliser is a fifth of the module: its object places are tables, its enum places pass the validator's list.)
    expect(size(lean.files)).toBeLessThan(size(full.files) * 0.85);
    const ts2 = await loadToolset(exampleTools(), { normalizer: false });
    const args = { counterparty: "Acme", value: "5", term_months: 12 };
    expect(ts2.toolset.legal_draft_v3!.normalize(args, "normalized").value).toBe(args);
    expect(ts2.validateCall({ name: "legal_draft_v3", arguments: args }).toDict()).toEqual(ts.validateCall({ name: "legal_draft_v3", arguments: args }).toDict());
  });
});
