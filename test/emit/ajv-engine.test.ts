// engine "ajv" (src/emit/ajv): ajv's standalone code emitted as a dependency-free fallback,
// checked against a live ajv and the JSON Schema Test Suite, its errors mapped to report parts,
// and no code generated at run time.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ajvErrorToParts,
  mapperCode,
  createEngineAjv,
  emitAjvStandalone,
  type AjvErrorObject,
  type AjvEngineOptions,
} from "../../src/emit/ajv/index.js";
import { blankLiterals, literalViolations, parserViolations } from "../../src/emit/ajv/check.js";

const TESTS = join(dirname(fileURLToPath(import.meta.url)), "..");
const SUITE = join(TESTS, "json-schema-test-suite");

type Validate = ((data: unknown) => boolean) & { errors?: AjvErrorObject[] | null };

interface Case {
  name: string;
  schema: unknown;
  opts: AjvEngineOptions;
  valid: unknown[];
  invalid: unknown[];
  /** Invalid by the spec, but ajv accepts it: the ajv engine must do what ajv does. */
  ajvAccepts?: unknown[];
}

const tree = {
  $id: "https://example.com/tree",
  $dynamicAnchor: "node",
  type: "object",
  properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
};

const CASES: Case[] = [
  {
    name: "unevaluatedProperties through allOf/if/then",
    opts: { draft: "2020-12", formats: false },
    schema: {
      type: "object",
      properties: { kind: { enum: ["file", "dir"] } },
      required: ["kind"],
      allOf: [{ if: { properties: { kind: { const: "file" } } }, then: { properties: { size: { type: "integer", minimum: 0 } }, required: ["size"] } }],
      unevaluatedProperties: false,
    },
    valid: [{ kind: "file", size: 3 }, { kind: "dir" }],
    invalid: [{ kind: "dir", size: 3 }, { kind: "file" }, { kind: "file", size: -1, "odd key": 1 }, {}, "str", { kind: "link" }],
  },
  {
    name: "unevaluatedItems with prefixItems and contains",
    opts: { draft: "2020-12", formats: false },
    schema: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], contains: { type: "boolean" }, unevaluatedItems: false },
    valid: [["a", 1, true], ["a", 1, true, false]],
    invalid: [["a", 1], ["a", "b", true], ["a", 1, "x"], {}],
    // ajv 8 does not count items matched by `contains` as evaluated, and in turn lets every item after the prefix through once contains passes.
    ajvAccepts: [["a", 1, true, "x"]],
  },
  {
    name: "$dynamicRef: strict tree extending a remote tree",
    opts: { draft: "2020-12", formats: false, remotes: { "https://example.com/tree": tree } },
    schema: { $id: "https://example.com/strict-tree", $dynamicAnchor: "node", $ref: "tree", unevaluatedProperties: false },
    valid: [{ children: [{ data: 1 }, { children: [] }] }, {}],
    invalid: [{ children: [{ daat: 1 }] }, { children: [{ children: [{ x: 1 }] }] }, { children: "no" }],
  },
  {
    name: "formats (ajv-formats full mode) with formatMinimum",
    opts: { draft: "2020-12", formats: true },
    schema: {
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        email: { type: "string", format: "email" },
        host: { type: "string", format: "hostname" },
        ip: { type: "string", format: "ipv6" },
        uri: { type: "string", format: "uri" },
        re: { type: "string", format: "regex" },
        day: { type: "string", format: "date", formatMinimum: "2020-01-01" },
        id: { type: "string", format: "uuid" },
        dur: { type: "string", format: "duration" },
      },
      unevaluatedProperties: false,
    },
    valid: [
      {
        when: "2024-02-29T12:00:00Z",
        email: "a@b.co",
        host: "example.com",
        ip: "::1",
        uri: "https://x.y/z?q#f",
        re: "^a+$",
        day: "2021-05-01",
        id: "123e4567-e89b-12d3-a456-426614174000",
        dur: "P1DT2H",
      },
      {},
    ],
    invalid: [
      { when: "2023-02-29T12:00:00Z" },
      { when: "yesterday" },
      { email: "nope" },
      { host: "-bad-.com" },
      { ip: "1::2::3" },
      { uri: "relative/path" },
      { re: "(" },
      { day: "2019-12-31" },
      { id: "not-a-uuid" },
      { dur: "P" },
      { extra: 1 },
    ],
  },
  {
    name: "remote $ref (2020-12)",
    opts: { draft: "2020-12", formats: false, remotes: { "https://example.com/defs.json": { $defs: { pos: { type: "integer", minimum: 1 } } } } },
    schema: { type: "object", properties: { n: { $ref: "https://example.com/defs.json#/$defs/pos" } }, unevaluatedProperties: false },
    valid: [{ n: 1 }, {}],
    invalid: [{ n: 0 }, { n: 1.5 }, { n: 1, m: 2 }],
  },
  {
    name: "draft-07 with formats and a remote $ref",
    opts: {
      draft: "draft-07",
      formats: true,
      remotes: { "http://example.com/name.json": { definitions: { name: { type: "string", minLength: 1, format: "hostname" } } } },
    },
    schema: {
      type: "object",
      properties: { host: { $ref: "http://example.com/name.json#/definitions/name" }, at: { type: "string", format: "date" } },
      required: ["host"],
      additionalProperties: false,
    },
    valid: [{ host: "a.b" }, { host: "a", at: "2020-01-01" }],
    invalid: [{}, { host: "" }, { host: "a", at: "2020-13-01" }, { host: "a", x: 1 }],
  },
  {
    name: "formats: false ignores format",
    opts: { draft: "2020-12", formats: false },
    schema: { type: "object", properties: { when: { type: "string", format: "date-time" } }, unevaluatedProperties: false },
    valid: [{ when: "yesterday" }],
    invalid: [{ when: 1 }, { other: 1 }],
  },
  {
    name: "schema text that looks like forbidden code",
    opts: { draft: "2020-12", formats: false },
    schema: {
      type: "object",
      properties: {
        op: { enum: ["import x", 'require("fs")', "eval(1)", "new Function()", "Function(x)"] },
        p: { type: "string", pattern: "^import |eval\\(" },
      },
      unevaluatedProperties: false,
    },
    valid: [{ op: "import x" }, { p: "import y" }, { p: "a eval(" }],
    invalid: [{ op: "export" }, { p: "x" }, { q: 1 }],
  },
];

/** The literal substrings the brief bans. */
const BANNED = ["require(", "import ", "eval(", "new Function", "Function("];

let dir = "";
const emitted = new Map<string, { code: string; functionName: string; ms: number }>();

function liveAjv(schema: unknown, opts: AjvEngineOptions): Validate {
  return createEngineAjv(opts, false).compile(schema as object) as unknown as Validate;
}

function moduleOf(snippets: Array<{ code: string; functionName: string }>, extra = ""): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const s of snippets) {
    if (seen.has(s.functionName)) continue;
    seen.add(s.functionName);
    parts.push(s.code);
  }
  return `${parts.join("\n")}\n${extra}\nexport { ${[...seen].join(", ")} };\n`;
}

/** Runs `script` (an .mjs in `dir`) in a fresh node that refuses eval/new Function. */
function runNoCodegen(script: string): unknown {
  const r = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", script], { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "toolform-ajv-engine-"));
  for (const c of CASES) {
    const t0 = performance.now();
    const r = await emitAjvStandalone(c.schema, c.opts);
    emitted.set(c.name, { ...r, ms: performance.now() - t0 });
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("emitAjvStandalone", () => {
  it("runs in an empty directory with no node_modules anywhere above it", () => {
    for (let d = dir; ; d = dirname(d)) {
      expect(existsSync(join(d, "node_modules")), d).toBe(false);
      if (dirname(d) === d) break;
    }
  });

  it("emits one prefixed top-level const, free of require/import/eval/new Function", () => {
    for (const c of CASES) {
      const { code, functionName } = emitted.get(c.name)!;
      expect(functionName).toMatch(/^ajv_[0-9a-f]{8}_validate$/);
      expect(code).toMatch(new RegExp(`^(?://[^\\n]*\\n)*const ${functionName} = \\(\\(\\) => \\{\\n[\\s\\S]*\\n\\}\\)\\(\\)\\.validate;\\n$`));
      expect(literalViolations(code)).toEqual([]);
      if (c.name !== "schema text that looks like forbidden code") {
        for (const b of BANNED) expect(code.includes(b), `${c.name}: ${b}`).toBe(false);
        expect(code).not.toMatch(/\beval\b/);
      }
    }
    // The schema's own strings may contain such text: it stays in literals, and the check lets it through.
    const odd = emitted.get("schema text that looks like forbidden code")!.code;
    expect(odd).toContain("import x");
  });

  it("is deterministic: same input, same name and code; different input, different name", async () => {
    const c = CASES[0]!;
    const again = await emitAjvStandalone(c.schema, c.opts);
    expect(again.code).toBe(emitted.get(c.name)!.code);
    expect(again.functionName).toBe(emitted.get(c.name)!.functionName);
    const other = await emitAjvStandalone(c.schema, { ...c.opts, formats: true });
    expect(other.functionName).not.toBe(again.functionName);
    const names = new Set(CASES.map((x) => emitted.get(x.name)!.functionName));
    expect(names.size).toBe(CASES.length);
  });

  it("agrees with a live ajv, verdicts and errors, when imported from the temp directory", async () => {
    for (const [i, c] of CASES.entries()) {
      const { code, functionName } = emitted.get(c.name)!;
      const file = join(dir, `case${i}.mjs`);
      writeFileSync(file, `${code}\nexport { ${functionName} as validate };\n`);
      const mod = (await import(pathToFileURL(file).href)) as { validate: Validate };
      const live = liveAjv(c.schema, c.opts);
      for (const [data, want] of [...c.valid.map((d) => [d, true] as const), ...c.invalid.map((d) => [d, false] as const)]) {
        const got = mod.validate(data);
        expect(got, `${c.name}: ${JSON.stringify(data)}`).toBe(want);
        expect(live(data)).toBe(got);
        expect(mod.validate.errors ?? null).toEqual(live.errors ?? null);
      }
      for (const data of c.ajvAccepts ?? []) {
        expect(mod.validate(data), `${c.name}: ${JSON.stringify(data)}`).toBe(live(data));
        expect(mod.validate.errors ?? null).toEqual(live.errors ?? null);
      }
    }
  });

  it("works pasted together into one module, and never generates code at run time", async () => {
    const all = CASES.map((c) => emitted.get(c.name)!);
    writeFileSync(join(dir, "all.mjs"), moduleOf(all, (await mapperCode("tfMapAjvError")) + "\nexport { tfMapAjvError };"));
    const inputs = CASES.map((c) => ({ fn: emitted.get(c.name)!.functionName, data: [...c.valid, ...c.invalid, ...(c.ajvAccepts ?? [])] }));
    writeFileSync(join(dir, "cases.json"), JSON.stringify(inputs));
    writeFileSync(
      join(dir, "run-cases.mjs"),
      `import * as m from "./all.mjs";
import { readFileSync } from "node:fs";
let blocked = false;
try { new Function("return 1"); } catch (e) { blocked = e instanceof EvalError; }
const out = { blocked, results: [] };
for (const c of JSON.parse(readFileSync("./cases.json", "utf8"))) {
  out.results.push(c.data.map((d) => { const ok = m[c.fn](d); const errors = m[c.fn].errors; return { ok, errors, parts: (errors || []).map((e) => m.tfMapAjvError(e, d)) }; }));
}
process.stdout.write(JSON.stringify(out));
`,
    );
    const out = runNoCodegen("run-cases.mjs") as { blocked: boolean; results: Array<Array<{ ok: boolean; errors: AjvErrorObject[] | null; parts: unknown[] }>> };
    expect(out.blocked).toBe(true);
    for (const [i, c] of CASES.entries()) {
      const live = liveAjv(c.schema, c.opts);
      const data = [...c.valid, ...c.invalid, ...(c.ajvAccepts ?? [])];
      data.forEach((d, j) => {
        const r = out.results[i]![j]!;
        expect(r.ok, `${c.name} #${j}`).toBe(live(d));
        expect(r.errors).toEqual(JSON.parse(JSON.stringify(live.errors ?? null)));
        expect(r.parts).toEqual((live.errors ?? []).map((e) => JSON.parse(JSON.stringify(ajvErrorToParts(e as AjvErrorObject, d)))));
      });
    }
  });

  it("collects ajv's warnings instead of printing them", async () => {
    const r = await emitAjvStandalone({ type: "string", format: "no-such-format", unevaluatedItems: false }, { draft: "2020-12", formats: true });
    expect(r.warnings.join("\n")).toMatch(/no-such-format/);
  });

  it("throws a clear error for an unresolvable $ref and for a bad remote", async () => {
    await expect(emitAjvStandalone({ $ref: "https://nowhere.example/x.json" }, { draft: "2020-12", formats: false })).rejects.toThrow(
      /^ajv engine: ajv \(2020-12\) cannot compile the schema: .*nowhere\.example/,
    );
    await expect(
      emitAjvStandalone({ $ref: "https://example.com/r" }, { draft: "2020-12", formats: false, remotes: { "https://example.com/r": 42 as never } }),
    ).rejects.toThrow(/^ajv engine: cannot add the remote schema "https:\/\/example.com\/r"/);
    await expect(emitAjvStandalone({ $async: true, type: "object" }, { draft: "2020-12", formats: false })).rejects.toThrow(/\$async schemas are not supported/);
    // The draft is the caller's choice: a draft-07 $schema needs draft "draft-07".
    await expect(emitAjvStandalone({ $schema: "http://json-schema.org/draft-07/schema#" }, { draft: "2020-12", formats: false })).rejects.toThrow(/no schema with key or ref/);
    expect((await emitAjvStandalone(true, { draft: "draft-07", formats: false })).code).toMatch(/^const ajv_[0-9a-f]{8}_validate = /m);
  });

  it("refuses a $id holding \"*/\" (ajv writes it into a block comment of its code, which it would end), at any depth and in remotes", async () => {
    const evil = "https://e.example/x*/;globalThis.TOOLFORM_PWN=1;/*";
    const opts = { draft: "2020-12", formats: false } as const;
    await expect(emitAjvStandalone({ $id: evil, type: "object" }, opts)).rejects.toThrow(/^ajv engine: the \$id at "\/\$id" in the schema contains "\*\/"/);
    await expect(emitAjvStandalone({ type: "object", properties: { a: { $id: evil, type: "string" } } }, opts)).rejects.toThrow(/the \$id at "\/properties\/a\/\$id" in the schema/);
    await expect(emitAjvStandalone({ $ref: "https://r.example/s" }, { ...opts, remotes: { "https://r.example/s": { $defs: { d: { $id: evil } } } } })).rejects.toThrow(/the \$id at "\/\$defs\/d\/\$id" in the remote document "https:\/\/r.example\/s"/);
    // Without the refusal, ajv's code would hold the $id's tail as a statement; an ordinary $id still builds.
    const ok = await emitAjvStandalone({ $id: "https://e.example/tool.json", type: "object", properties: { a: { $id: "https://e.example/a", type: "string" } } }, opts);
    expect(ok.code).not.toMatch(/TOOLFORM_PWN/);
    expect((globalThis as { TOOLFORM_PWN?: unknown }).TOOLFORM_PWN).toBeUndefined();
  });

  it("reports snippet size and emit time for a typical schema", async () => {
    const typical = {
      type: "object",
      properties: {
        path: { type: "string", minLength: 1, description: "File to edit" },
        edits: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            properties: { oldText: { type: "string" }, newText: { type: "string" } },
            required: ["oldText", "newText"],
            unevaluatedProperties: false,
          },
        },
        dryRun: { type: "boolean", default: false },
      },
      required: ["path", "edits"],
      allOf: [{ if: { properties: { dryRun: { const: true } } }, then: { properties: { diffFormat: { enum: ["unified", "side-by-side"] } } } }],
      unevaluatedProperties: false,
    };
    const withDate = { ...typical, properties: { ...typical.properties, due: { type: "string", format: "date-time" } } };
    const rows: string[] = [];
    for (const [label, schema, formats] of [
      ["no formats", typical, false],
      ["formats on, no format keyword", typical, true],
      ["formats on, one date-time", withDate, true],
    ] as const) {
      const times: number[] = [];
      let r = await emitAjvStandalone(schema, { draft: "2020-12", formats });
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        r = await emitAjvStandalone(schema, { draft: "2020-12", formats });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push(`${label}: ${r.code.length} bytes, ${r.code.split("\n").length} lines, emit median ${times[2]!.toFixed(1)} ms`);
      expect(r.code.length).toBeLessThan(label === "formats on, one date-time" ? 40_000 : 15_000);
    }
    const first = [...emitted.values()].map((e) => e.ms.toFixed(0)).join(", ");
    console.log(`[ajv-engine] typical schema: ${rows.join("; ")}. First emits of the cases (ms, incl. cold start): ${first}`);
  });
});

// ---------------------------------------------------------------- JSON Schema Test Suite

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}

/** true/false, "throws RangeError" (ajv overflows the stack on some recursive schemas), null when ajv cannot compile. */
type Verdict = boolean | string | null;

function verdict(f: Validate, data: unknown): Verdict {
  try {
    return f(data);
  } catch (e) {
    return `throws ${(e as Error).name}`;
  }
}

/** remotes/ for draft 2020-12: the draft-neutral files and draft2020-12/, by their http://localhost:1234/ URL. */
function suiteRemotes(): Record<string, unknown> {
  const root = join(SUITE, "remotes");
  const other = new Set(["draft3", "draft4", "draft6", "draft7", "draft2019-09", "v1"]);
  const out: Record<string, unknown> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const rel = relative(root, p).split(sep).join("/");
      if (statSync(p).isDirectory()) {
        if (!other.has(rel)) walk(p);
      } else if (name.endsWith(".json")) {
        out[`http://localhost:1234/${rel}`] = JSON.parse(readFileSync(p, "utf8"));
      }
    }
  };
  walk(root);
  // Keep those ajv can take at all (the same set goes to the live ajv and to the ajv engine).
  for (const [uri, doc] of Object.entries(out)) {
    try {
      createEngineAjv({ draft: "2020-12", formats: false, remotes: { [uri]: doc } }, false);
    } catch {
      delete out[uri];
    }
  }
  return out;
}

describe("JSON Schema Test Suite through the ajv engine", () => {
  const remotes = suiteRemotes();
  const opts: AjvEngineOptions = { draft: "2020-12", formats: false, remotes };

  it("uses the 2020-12 remotes", () => {
    expect(Object.keys(remotes)).toContain("http://localhost:1234/draft2020-12/detached-dynamicref.json");
    expect(Object.keys(remotes).length).toBeGreaterThan(15);
  });

  for (const file of ["unevaluatedProperties", "unevaluatedItems", "dynamicRef"]) {
    it(`${file}.json: same verdicts as live ajv, under --disallow-code-generation-from-strings`, async () => {
      const groups = JSON.parse(readFileSync(join(SUITE, "tests", "draft2020-12", `${file}.json`), "utf8")) as SuiteGroup[];
      const snippets: Array<{ code: string; functionName: string }> = [];
      const plan: Array<{ fn: string | null; data: unknown[] }> = [];
      const liveVerdicts: Verdict[][] = [];
      for (const g of groups) {
        let live: Validate | null = null;
        try {
          live = liveAjv(g.schema, opts);
        } catch {
          live = null;
        }
        let fn: string | null = null;
        try {
          const r = await emitAjvStandalone(g.schema, opts);
          snippets.push(r);
          fn = r.functionName;
        } catch (e) {
          // The ajv engine must fail exactly where ajv fails.
          expect(live, `${g.description}: ${(e as Error).message}`).toBeNull();
        }
        if (live) expect(fn, g.description).not.toBeNull();
        plan.push({ fn, data: g.tests.map((t) => t.data) });
        liveVerdicts.push(g.tests.map((t) => (live ? verdict(live, t.data) : null)));
      }
      writeFileSync(join(dir, `suite-${file}.mjs`), moduleOf(snippets));
      writeFileSync(join(dir, `suite-${file}.json`), JSON.stringify(plan));
      writeFileSync(
        join(dir, `run-suite-${file}.mjs`),
        `import * as m from "./suite-${file}.mjs";
import { readFileSync } from "node:fs";
const plan = JSON.parse(readFileSync("./suite-${file}.json", "utf8"));
const verdict = (f, d) => { try { return f(d); } catch (e) { return "throws " + e.name; } };
process.stdout.write(JSON.stringify(plan.map((p) => p.data.map((d) => (p.fn ? verdict(m[p.fn], d) : null)))));
`,
      );
      const got = runNoCodegen(`run-suite-${file}.mjs`) as Verdict[][];
      let total = 0;
      let passLive = 0;
      let passEngine = 0;
      groups.forEach((g, i) => {
        g.tests.forEach((t, j) => {
          total++;
          if (liveVerdicts[i]![j] === t.valid) passLive++;
          if (got[i]![j] === t.valid) passEngine++;
          expect(got[i]![j], `${g.description} / ${t.description}`).toBe(liveVerdicts[i]![j]);
        });
      });
      const throws = got.flat().filter((v) => typeof v === "string").length;
      const uncompiled = plan.filter((p) => p.fn === null).length;
      console.log(
        `[ajv-engine] draft2020-12/${file}.json: ajv engine ${passEngine}/${total}, live ajv ${passLive}/${total} ` +
          `(${groups.length} schemas, ${uncompiled} not compilable by ajv, ${throws} cases where both throw)`,
      );
      expect(passEngine).toBe(passLive);
    });
  }
});

// ---------------------------------------------------------------- error mapping

describe("ajvErrorToParts", () => {
  const e = (keyword: string, instancePath: string, params: Record<string, unknown>, message?: string): AjvErrorObject => ({
    keyword,
    instancePath,
    schemaPath: "#/x",
    params,
    ...(message ? { message } : {}),
  });

  it("missing_required: path of the missing property", () => {
    expect(ajvErrorToParts(e("required", "/edits/0", { missingProperty: "oldText" }))).toEqual({
      path: "edits[0].oldText",
      keyword: "required",
      bucket: "missing_required",
      expected: "present",
      params: { missingProperty: "oldText" },
    });
    expect(ajvErrorToParts(e("required", "", { missingProperty: "path" })).path).toBe("path");
  });

  it("unknown_args: path of the extra key, for additionalProperties and unevaluatedProperties", () => {
    const a = ajvErrorToParts(e("additionalProperties", "", { additionalProperty: "odd key" }));
    expect(a).toMatchObject({ path: '["odd key"]', bucket: "unknown_args", expected: "no such property" });
    const u = ajvErrorToParts(e("unevaluatedProperties", "/a", { unevaluatedProperty: "odd key" }));
    expect(u).toMatchObject({ path: 'a["odd key"]', bucket: "unknown_args", keyword: "unevaluatedProperties" });
  });

  it("type_errors", () => {
    expect(ajvErrorToParts(e("type", "/n", { type: "integer" }))).toMatchObject({ path: "n", bucket: "type_errors", expected: "an integer" });
    expect(ajvErrorToParts(e("type", "/n", { type: ["string", "null"] })).expected).toBe("a string or null");
  });

  it("enum_errors, for enum and const", () => {
    expect(ajvErrorToParts(e("enum", "/mode", { allowedValues: ["a", "b"] }))).toMatchObject({ bucket: "enum_errors", expected: 'one of: "a", "b"' });
    expect(ajvErrorToParts(e("const", "/k", { allowedValue: 3 }))).toMatchObject({ bucket: "enum_errors", expected: "3" });
  });

  it("constraint_errors for everything else", () => {
    expect(ajvErrorToParts(e("minimum", "/n", { comparison: ">=", limit: 0 }))).toMatchObject({ bucket: "constraint_errors", expected: ">= 0" });
    expect(ajvErrorToParts(e("minLength", "/s", { limit: 1 })).expected).toBe("at least 1 character");
    expect(ajvErrorToParts(e("unevaluatedItems", "/xs", { limit: 2 })).expected).toBe("at most 2 items");
    expect(ajvErrorToParts(e("format", "/d", { format: "date" })).expected).toBe("a date (YYYY-MM-DD)");
    expect(ajvErrorToParts(e("pattern", "/p", { pattern: "^a" })).expected).toBe("a string matching /^a/");
    expect(ajvErrorToParts(e("oneOf", "", { passingSchemas: null }, "must match exactly one schema in oneOf"))).toMatchObject({
      path: "",
      bucket: "constraint_errors",
      expected: "must match exactly one schema in oneOf",
    });
    expect(ajvErrorToParts(e("false schema", "/x", {})).expected).toBe("nothing");
  });

  it("paths: pointer escapes, odd keys, and numeric object keys when the data is given", () => {
    expect(ajvErrorToParts(e("type", "/a~1b/c~0d/0", { type: "string" })).path).toBe('["a/b"]["c~d"][0]');
    expect(ajvErrorToParts(e("type", "/2024/x", { type: "string" })).path).toBe("[2024].x");
    expect(ajvErrorToParts(e("type", "/2024/x", { type: "string" }), { "2024": { x: 1 } }).path).toBe('["2024"].x');
    expect(ajvErrorToParts(e("type", "/xs/1", { type: "string" }), { xs: [0, 1] }).path).toBe("xs[1]");
  });

  it("the emitted mapper is the typed module bundled: plain JS, one top-level name, no forbidden code", async () => {
    const src = await mapperCode("ajv_00000000_mapError");
    expect(src.startsWith("const ajv_00000000_mapError = (()=>{")).toBe(true);
    expect(src.endsWith("})().mapAjvError;")).toBe(true);
    expect(literalViolations(src)).toEqual([]);
    expect(await parserViolations(src, "ajv_00000000_mapError", "ajv_00000000_")).toEqual([]);
    for (const b of BANNED) expect(src.includes(b)).toBe(false);
  });
});

// ---------------------------------------------------------------- the checks themselves

describe("forbidden-code checks", () => {
  it("blankLiterals keeps code and blanks strings, templates, regexes and comments", () => {
    const src = 'const s = "require(x)"; const r = /import (a)/g.test(s) / 2; // eval(1)\nconst t = `a ${f("new Function")} b`;';
    const out = blankLiterals(src);
    expect(out.length).toBe(src.length);
    expect(out).toContain("const s = \"");
    expect(out).not.toContain("require");
    expect(out).not.toContain("import");
    expect(out).not.toContain("eval");
    expect(out).toContain("${f(\"");
    expect(literalViolations(src)).toEqual([]);
  });

  it("literalViolations finds the bans in code", () => {
    expect(literalViolations('var x = require("fs");')[0]).toMatch(/^require\(/);
    expect(literalViolations('const t = `${require("fs")}`;')[0]).toMatch(/^require\(/);
    expect(literalViolations('import fs from "fs";')[0]).toMatch(/^import/);
    expect(literalViolations("var f = new Function('a', 'return a');").map((v) => v.split(" at ")[0])).toEqual(["new Function", "Function("]);
    expect(literalViolations("var y = eval('1');")[0]).toMatch(/^eval\(/);
    expect(literalViolations("var __require = 1; o.require(1); o.eval(2);")).toEqual([]);
  });

  it("parserViolations sees free references text cannot", async () => {
    expect(await parserViolations("const ajv_x = Function;", "ajv_x", "t")).toEqual(["free reference to Function"]);
    expect(await parserViolations("const ajv_x = typeof require;", "ajv_x", "t")).toEqual(["free reference to require"]);
    expect(await parserViolations("const ajv_x = globalThis.eval;", "ajv_x", "t")).toEqual(["free reference to eval"]);
    expect((await parserViolations('const ajv_x = () => import("fs");', "ajv_x", "t"))[0]).toMatch(/refused.*fs/);
    expect(await parserViolations("const ajv_x = { require: 1, eval: 2 }.eval;", "ajv_x", "t")).toEqual([]);
  });
});
