// Message rules over the corpus (issue 31): each class as a rule over the real tools of test/corpus/ (every
// server, every field), not as named cases: examples that make sense and are no
// placeholders, suggestions by meaning that are never wrong, wrong tool names that always
// lead somewhere, unions that state a broken bound, long patterns in words, an enum's
// example that is its suggestion, short parameter lists, and the annotated style.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { corpusFiles, fieldExamples, isPlaceholder, type FieldExample } from "../../bench/example-scan.js";
import { toolNameCases, unionBoundTools, unionShapeTools, unionSpelledTools } from "../../bench/messages-cases.js";
import { describePattern, patternPhrase } from "../../src/emit/validator/phrases.js";
import { descriptionStrings } from "../../src/schema/description-examples.js";
import { fitDescribed, formValues } from "../../src/schema/described-form.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { argSynonymFolded } from "../../packages/runtime/src/rt/leads.js";
import { sgFold } from "../../packages/runtime/src/suggest.js";
import { callReport, type Tool } from "../../packages/runtime/src/rt/index.js";
import { loadToolset } from "../helpers/generated.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { serveTools, toolformServerTool } from "../../packages/runtime/src/mcp/server.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const read = (f: string) => JSON.parse(readFileSync(f, "utf8")) as unknown;
const toolsOf = (f: string) => {
  const j = read(f) as { name: string; description?: string; inputSchema: Obj }[] | { tools: { name: string; description?: string; inputSchema: Obj }[] };
  return Array.isArray(j) ? j : j.tools;
};
const FILES = corpusFiles();

describe("1, 2, 8. examples of every corpus field: sensible, realistic, valid", () => {
  let fields: FieldExample[];
  beforeAll(() => {
    fields = fieldExamples(FILES);
  });

  it("placeholders (\"example\", [\"example\"]) are at most 5% of the examples", () => {
    const given = fields.filter((f) => f.example !== undefined);
    expect(given.length).toBeGreaterThan(3000);
    expect(given.filter((f) => isPlaceholder(f.example!)).length / given.length).toBeLessThanOrEqual(0.05);
  });

  it("every example is valid for its field (ajv, independently of the build's own check)", () => {
    const req = createRequire(import.meta.url);
    const addFormats = req("ajv-formats") as (a: unknown) => void;
    let checked = 0;
    let id = 0;
    const bad: string[] = [];
    const ajvs = { d7: new Ajv({ strict: false, logger: false }), d2020: new Ajv2020({ strict: false, logger: false }) };
    addFormats(ajvs.d7);
    addFormats(ajvs.d2020);
    for (const f of FILES) {
      for (const t of toolsOf(f)) {
        const ajv = /draft-0[467]/.test(String(t.inputSchema.$schema ?? "")) ? ajvs.d7 : ajvs.d2020;
        const uri = `https://t.invalid/s${++id}.json`;
        try {
          ajv.addSchema({ ...t.inputSchema, $schema: undefined, $id: uri });
        } catch {
          continue;
        }
        for (const e of fields.filter((x) => x.source === f && x.tool === t.name && x.example !== undefined)) {
          let v;
          try {
            v = ajv.getSchema(`${uri}#${e.loc.split("/").map((s, i) => (i ? encodeURIComponent(s) : s)).join("/")}`);
          } catch {
            continue;
          }
          if (!v) continue;
          checked++;
          if (!v(JSON.parse(e.example!))) bad.push(`${t.name} ${e.loc} ${e.example}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(2500);
    expect(bad).toEqual([]);
  });

  it("no call (`find_projects()`) is the example of a field that is not code, and no single letter is cut out of a word", () => {
    const call = /^"[A-Za-z_$][\w.$]*\s*\(.*\)"$/s;
    const code = /script|function|expression|code|command|cmd|eval/i;
    for (const f of fields) {
      if (f.example === undefined) continue;
      if (call.test(f.example)) expect(f.loc).toMatch(code);
      // a one-letter string only where the description or schema offers that letter on its own
      const one = /^"([A-Za-z])"$/.exec(f.example);
      if (one) expect(`${f.description ?? ""} ${JSON.stringify(f.node.enum ?? [])} ${JSON.stringify(f.node.default ?? "")}`).toMatch(new RegExp(`(^|[^A-Za-z])${one[1]}([^A-Za-z]|$)`));
    }
  });

  it("a value the description offers beats a guess from the name: where a field's description offers a value valid for it, the example is one the description offers", () => {
    let offered = 0;
    for (const f of fields) {
      if (f.example === undefined || !f.description || f.node.examples || f.node.default || f.node.const || f.node.enum) continue;
      const offers = descriptionStrings(f.description, f.loc.split("/").pop());
      if (offers.length === 0) continue;
      const shown = JSON.parse(f.example) as unknown;
      // the example is one of the offers (as text, or as the JSON an offer holds) or else no offer fits the field (then the example is a guess)
      const fromText = offers.some((o) => o === shown || (typeof shown !== "string" && o.replace(/\s/g, "") === JSON.stringify(shown)));
      if (fromText) offered++;
    }
    expect(offered).toBeGreaterThan(40);
  });

  it("descriptions' lists and JSON values are read whole, over the phrasings descriptions use", () => {
    // every corpus description: no offered value is a lone letter or a fragment of "examples"
    for (const f of fields) for (const o of descriptionStrings(f.description ?? "", f.loc.split("/").pop())) expect(o).not.toMatch(/^[a-z]$|^s$/);
    // JSON arrays and objects in any corpus description come out whole (balanced)
    let json = 0;
    for (const f of fields) {
      for (const o of descriptionStrings(f.description ?? "")) {
        if (!/^[[{]/.test(o)) continue;
        json++;
        expect(o.at(-1)).toBe(o[0] === "[" ? "]" : "}");
      }
    }
    expect(json).toBeGreaterThan(0);
  });

  it("a guess fits its place: the same query phrase is not the example of fields from different domains", () => {
    const queries = fields.filter((f) => /\/properties\/(query|q|search)$/i.test(f.loc) && f.example !== undefined && f.node.types?.includes("string"));
    expect(queries.length).toBeGreaterThan(10);
    expect(new Set(queries.map((q) => q.example)).size).toBeGreaterThanOrEqual(4);
    // a field said to take an absolute path gets one
    for (const f of fields) if (/\babsolute path\b/i.test(f.description ?? "") && /path$/i.test(f.loc) && f.example?.startsWith('"')) expect(f.example).toMatch(/^"\/|^"[A-Z]:\\/);
  });
});

describe("1. a guess from the field's name never contradicts the form its description states", () => {
  // The forms, read here by the test's own expressions: each a statement and what a value of it looks like.
  const FORMS: { says: RegExp; unless?: RegExp; fits: (v: unknown) => boolean }[] = [
    { says: /\babsolute (file |directory )?paths?\b/i, unless: /\brelative\b/i, fits: (v) => typeof v !== "string" || /^(\/|[A-Z]:\\)/.test(v) },
    { says: /\brelative to\b|\brelative path/i, unless: /\babsolute\b/i, fits: (v) => typeof v !== "string" || !v.startsWith("/") },
    { says: /\bYYYY-MM-DD\b/, fits: (v) => typeof v !== "string" || /^\d{4}-\d{2}-\d{2}/.test(v) },
    { says: /\bISO ?8601\b/i, unless: /YYYY/, fits: (v) => typeof v !== "string" || /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?)?$/.test(v) },
    { says: /\bepoch\b|\bunix (time|timestamp)/i, fits: (v) => (typeof v === "number" ? v > 1e9 : typeof v !== "string" || /^\d{9,13}$/.test(v)) },
    { says: /\bin milliseconds\b/i, fits: (v) => typeof v !== "number" || v === 0 || v >= 100 || v === 1 },
  ];

  it("over every corpus field whose example is a guess (not a value the schema or the description offers)", () => {
    const fields = fieldExamples([...FILES, ...corpusFiles("test/corpus-python")]);
    let stated = 0;
    const bad: string[] = [];
    for (const f of fields) {
      const d = f.description ?? "";
      if (f.example === undefined || !d || f.node.examples || f.node.default || f.node.const || f.node.enum) continue;
      const v = JSON.parse(f.example) as unknown;
      // a value the description offers is the description's own, not a guess
      if (descriptionStrings(d, f.loc.split("/").pop()).some((o) => o === v || o.replace(/\s/g, "") === JSON.stringify(v))) continue;
      for (const form of FORMS) {
        if (!form.says.test(d) || form.unless?.test(d)) continue;
        stated++;
        const values = Array.isArray(v) ? v : [v];
        if (!values.every(form.fits)) bad.push(`${f.tool} ${f.loc}: ${f.example} | ${d.slice(0, 100)}`);
      }
    }
    expect(stated).toBeGreaterThan(60);
    expect(bad).toEqual([]);
  });

  it("the forms rule as a table: a stated form brings every name guess to it, or drops it", () => {
    const guesses = ["src/index.ts", "/home/user/project/src/index.ts", "2026-01-31T09:00:00Z", "09:00:00Z", "Fix login timeout", "general", "octocat", "en-US", "my-project"];
    const forms: [string, (v: string) => boolean][] = [
      ["Path relative to the workspace root", (v) => !v.startsWith("/")],
      ["Absolute path of the file", (v) => v.startsWith("/")],
      ["Date in YYYY-MM-DD format", (v) => /^\d{4}-\d{2}-\d{2}$/.test(v)],
      ["Start time (YYYY-MM-DD HH:mm)", (v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v)],
      ["When, as an ISO 8601 timestamp", (v) => /^\d{4}-\d{2}-\d{2}T|^\d{2}:\d{2}/.test(v)],
      ["Lowercase identifier", (v) => v === v.toLowerCase()],
      ["The name of the migration in snake_case", (v) => /^[a-z0-9]+(_[a-z0-9]+)*$/.test(v)],
      ["The type of the relationship. Should be in SCREAMING_SNAKE_CASE.", (v) => /^[A-Z0-9]+(_[A-Z0-9]+)*$/.test(v)],
      ["Slug, in kebab-case", (v) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v)],
      ["Key in camelCase", (v) => /^[a-z][A-Za-z0-9]*$/.test(v)],
      ["Comma-separated list of names", (v) => v.includes(",") || !/\s/.test(v)],
      ["Channel, starting with '#'", (v) => v.startsWith("#")],
      ["Unix timestamp of the event", (v) => /^\d{9,13}$/.test(v)],
    ];
    for (const [text, fits] of forms) {
      for (const g of guesses) {
        const out = fitDescribed(g, text);
        if (out !== undefined) expect(fits(out), `${text}: ${g} -> ${out}`).toBe(true);
      }
      // the stated form's own value, where it makes one, has the form
      for (const v of formValues(text)) expect(fits(v), `${text}: ${v}`).toBe(true);
    }
    // a condition is no form: "If the value is a formula, it should start with '='"
    expect(fitDescribed("general", "If the value is a formula, it should start with '='")).toBe("general");
    // a form token is not offered as a value
    expect(descriptionStrings("Filter from this date (format: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS')")).toEqual([]);
  });
});

describe("5. long patterns are said in words or by a value matching them, never as a clipped regex", () => {
  it("every corpus pattern", () => {
    let long = 0;
    for (const f of FILES) {
      for (const m of readFileSync(f, "utf8").matchAll(/"pattern":\s*("(?:[^"\\]|\\.)*")/g)) {
        const p = JSON.parse(m[1]!) as string;
        const { expected } = patternPhrase(p);
        if (p.length > 80) {
          long++;
          expect(expected).not.toContain("…");
          const like = /like "([^"]*)"/.exec(expected);
          if (!describePattern(p)) expect(new RegExp(p, "u").test(like![1]!)).toBe(true);
        }
      }
    }
    expect(long).toBeGreaterThan(0);
  });
});

describe("runtime rules over every corpus server", () => {
  const servers: { file: string; toolset: Record<string, Tool>; names: string[] }[] = [];
  beforeAll(async () => {
    for (const f of FILES) {
      const { tools } = toolsFromJson(read(f), f);
      try {
        const ts = await loadToolset(tools);
        servers.push({ file: f, toolset: ts.toolset, names: [...ts.toolNames] });
      } catch {
        // a server whose tools the build refuses (fails closed on an unknown format) is not judged here
      }
    }
  }, 300_000);

  it("7. a wrong tool name always leads somewhere: nearest never empty, the meant tool suggested or listed in >= 90%, no wrong suggestion", () => {
    let cases = 0, led = 0, wrong = 0;
    for (const s of servers) {
      for (const name of s.names) {
        for (const w of toolNameCases(name, s.file)) {
          if (s.names.includes(w.called)) continue;
          const r = callReport(s.toolset, s.names, { name: w.called, arguments: {} });
          cases++;
          expect(r.nearest.length).toBeGreaterThan(0);
          const suggested = r.feedback.includes("Did you mean") ? r.nearest : [];
          if (suggested.length && !suggested.includes(w.intended ?? "")) wrong++;
          if (w.intended === null ? r.feedback.includes("Tools: ") : suggested.includes(w.intended) || r.feedback.includes(w.intended)) led++;
        }
      }
    }
    expect(cases).toBeGreaterThan(1000);
    expect(wrong).toBe(0);
    expect(led / cases).toBeGreaterThanOrEqual(0.9);
  });

  it("7. the MCP server helper answers a wrong tool name as the generated code does (one implementation), over every corpus server", async () => {
    let cases = 0;
    for (const s of servers) {
      // serveTools on a stand-in for the SDK's Server: its tools/call handler, called directly
      const handlers: ((req: { params: { name: string; arguments?: unknown } }, extra: unknown) => Promise<CallToolResult>)[] = [];
      const fake = { registerCapabilities() {}, setRequestHandler: (_schema: unknown, h: (typeof handlers)[number]) => void handlers.push(h) };
      serveTools(fake as unknown as Parameters<typeof serveTools>[0], s.names.map((n) => toolformServerTool(s.toolset[n]!, () => ({ content: [] }))));
      const call = handlers[1]!;
      for (const name of s.names.slice(0, 10)) {
        for (const w of toolNameCases(name, s.file)) {
          if (s.names.includes(w.called)) continue;
          cases++;
          const r = await call({ params: { name: w.called, arguments: {} } }, {});
          const report = callReport(s.toolset, s.names, { name: w.called, arguments: {} });
          expect(r.isError).toBe(true);
          expect((r.content[0] as { text: string }).text).toBe(report.feedback);
          // it leads somewhere: a tool suggested, or tools listed
          expect(report.feedback).toMatch(/Did you mean "|Tools: /);
        }
      }
    }
    expect(cases).toBeGreaterThan(500);
  });

  it("4. a synonym of a declared argument is suggested only when exactly one declared name means it; never a wrong one", () => {
    const groups = [["source", "from"], ["destination", "to"], ["query", "q"], ["directory", "dir"], ["login", "username"], ["repository", "repo"], ["content", "text"], ["url", "link"], ["command", "cmd"], ["language", "lang"], ["limit", "maxResults"]];
    let hits = 0, cases = 0;
    for (const s of servers) {
      for (const name of s.names) {
        const props = Object.keys((s.toolset[name]!.inputSchema as { properties?: Obj }).properties ?? {});
        for (const [meant, said] of groups) {
          if (!props.includes(meant!) || props.includes(said!)) continue;
          const r = s.toolset[name]!.validate({ [said!]: "x" });
          const e = r.errors.find((x) => x.path === said);
          if (!e) continue;
          cases++;
          if (e.suggestion !== undefined) expect(e.suggestion).toBe(meant);
          if (e.suggestion === meant) hits++;
          // the table's own rule: what it suggests is the one declared name of the group
          const synonym = argSynonymFolded(said!, sgFold(said!), props);
          expect(synonym === undefined || synonym === meant).toBe(true);
        }
      }
    }
    expect(cases).toBeGreaterThan(20);
    expect(hits / cases).toBeGreaterThanOrEqual(0.5);
  });

  it("8. an enum error's structured example is the value suggested", () => {
    let n = 0;
    for (const s of servers) {
      for (const name of s.names) {
        const props = (s.toolset[name]!.inputSchema as { properties?: Record<string, Obj> }).properties ?? {};
        for (const [k, p] of Object.entries(props)) {
          const v = Array.isArray(p.enum) ? (p.enum as unknown[]).find((x): x is string => typeof x === "string" && x.toUpperCase() !== x) : undefined;
          if (v === undefined) continue;
          const e = s.toolset[name]!.validate({ [k]: v.toUpperCase() }).errors.find((x) => x.path === k && x.bucket === "enum_errors");
          if (!e || e.suggestion === undefined) continue;
          n++;
          expect(e.example).toBe(JSON.stringify(e.suggestion));
        }
      }
    }
    expect(n).toBeGreaterThan(30);
  });

  it("9. a parameter list over 12 names shows the closest few and the count", () => {
    let n = 0;
    for (const s of servers) {
      for (const name of s.names) {
        const props = Object.keys((s.toolset[name]!.inputSchema as { properties?: Obj }).properties ?? {});
        const r = s.toolset[name]!.validate({ zz_not_a_parameter: 1 });
        const line = r.feedback.split("\n").find((l) => l.startsWith(`- Parameters of ${name}: `));
        if (!line) continue;
        const shown = line.slice(`- Parameters of ${name}: `.length).replace(/, … \(\d+ in all\)$/, "").split(", ");
        if (props.length > 12) {
          n++;
          expect(shown.length).toBeLessThanOrEqual(6);
          expect(line).toContain(`(${props.length} in all)`);
        } else expect(shown.length).toBe(props.length);
      }
    }
    expect(n).toBeGreaterThan(10);
  });

  it("6. annotated: the arguments as sent, pretty-printed, a comment at each wrong place, then the same lines", () => {
    let n = 0;
    for (const s of servers) {
      for (const name of s.names.slice(0, 8)) {
        const props = Object.keys((s.toolset[name]!.inputSchema as { properties?: Obj }).properties ?? {});
        const args: Obj = { zz_not_a_parameter: [1, 2] };
        for (const p of props.slice(0, 3)) args[p] = { wrong: true };
        const r = s.toolset[name]!.validate(args, { feedbackStyle: "annotated" });
        if (r.ok) continue;
        n++;
        const lines = s.toolset[name]!.validate(args).feedback;
        expect(r.feedbackAs("lines")).toBe(lines);
        const text = r.feedback;
        // the lines follow, unchanged after the head
        expect(text.endsWith(lines.slice(lines.indexOf(" Fix th") + 1))).toBe(true);
        // the marked part, comments removed, is the arguments as JSON
        const marked = text.split("\n").slice(1, text.split("\n").findIndex((l) => /^Fix th/.test(l)));
        expect(JSON.parse(marked.map((l) => l.replace(/ {2}\/\/ ←.*$/, "")).join("\n"))).toEqual(args);
        // a comment at the unknown argument's line
        expect(marked.find((l) => l.includes('"zz_not_a_parameter"'))).toContain("// ←");
      }
    }
    expect(n).toBeGreaterThan(100);
  });
});

describe("3. unions over real bounded fields state the broken bound", () => {
  it("a value of the closest branch's type that breaks its bound: the message states the bound and its example is the bound", async () => {
    const tools = unionBoundTools(FILES, read, 30);
    expect(tools.length).toBeGreaterThan(10);
    const ts = await loadToolset(toolsFromJson(tools, "union-bounds.json").tools);
    let n = 0;
    for (const t of tools) {
      const [k, s] = Object.entries(t.inputSchema.properties as Record<string, Obj>).find(([, s]) => Array.isArray(s.anyOf))!;
      const b = (s.anyOf as Obj[])[0]!;
      const v = typeof b.minimum === "number" ? b.minimum - 1 : typeof b.maximum === "number" ? b.maximum + 1 : typeof b.minItems === "number" ? [] : "";
      const e = ts.toolset[t.name]!.validate({ [k]: v }).errors.find((x) => x.path === k);
      if (!e) continue;
      n++;
      expect(e.message).toMatch(/must (be at least|be at most|have at least) /);
      expect(e.message).toMatch(/\(or else "[^"]+" may be a string\)$/);
      if (typeof v === "number") expect(e.example).toBe(String(typeof b.minimum === "number" ? b.minimum : b.maximum));
    }
    expect(n).toBeGreaterThan(10);
  }, 120_000);

  it("a string is pointed to the branch whose string rules its shape fits, not to the first branch that breaks as few rules", async () => {
    // every pair of real string rules (patterns, formats) of the corpora, the second aimed at by its own example with a "!" put in
    const tools = unionShapeTools(fieldExamples([...FILES, ...corpusFiles("test/corpus-python")]));
    expect(tools.length).toBeGreaterThan(60);
    const ts = await loadToolset(toolsFromJson(tools.map(({ value: _v, aimed: _a, ...t }) => t), "union-shapes.json").tools);
    const req = createRequire(import.meta.url);
    const ajv = new Ajv2020({ strict: false, logger: false });
    (req("ajv-formats") as (a: unknown) => void)(ajv);
    let n = 0;
    const missed: string[] = [];
    for (const t of tools) {
      const key = Object.keys(t.inputSchema.properties as Obj)[0]!;
      const e = ts.toolset[t.name]!.validate({ [key]: t.value }).errors.find((x) => x.path === key);
      if (e?.example === undefined) continue;
      n++;
      // the example the message gives is one the aimed branch accepts
      if (!ajv.validate(t.aimed, JSON.parse(e.example))) missed.push(`${t.value}: ${e.message}`);
    }
    expect(n).toBeGreaterThan(60);
    expect(missed.length, missed.join("\n")).toBeLessThanOrEqual(n * 0.05);
  }, 120_000);

  it("a string that spells a number or a boolean (\"42\", \"true\") is pointed to the number or boolean branch, not to a string rule it breaks", async () => {
    const tools = unionSpelledTools(fieldExamples(FILES));
    expect(tools.length).toBeGreaterThan(40);
    const ts = await loadToolset(toolsFromJson(tools.map(({ value: _v, aimed: _a, ...t }) => t), "union-spelled.json").tools);
    const req = createRequire(import.meta.url);
    const ajv = new Ajv2020({ strict: false, logger: false });
    (req("ajv-formats") as (a: unknown) => void)(ajv);
    let n = 0;
    const missed: string[] = [];
    for (const t of tools) {
      const key = Object.keys(t.inputSchema.properties as Obj)[0]!;
      const e = ts.toolset[t.name]!.validate({ [key]: t.value }).errors.find((x) => x.path === key);
      if (e?.example === undefined) continue;
      n++;
      if (!ajv.validate(t.aimed, JSON.parse(e.example))) missed.push(`${t.value}: ${e.message}`);
    }
    expect(n).toBeGreaterThan(40);
    expect(missed).toEqual([]);
  }, 120_000);

  it("an object branch names its fields", async () => {
    // every corpus union with an object branch: its phrase names fields (never a bare "an object")
    const ts = await loadToolset(toolsFromJson(toolsOf("test/corpus/notion.json").filter((t) => JSON.stringify(t.inputSchema).includes('"anyOf"')).slice(0, 20), "test/corpus/notion.json").tools, { allowUnchecked: ["format"] });
    let n = 0;
    for (const [name, tool] of Object.entries(ts.toolset)) {
      for (const [k, s] of Object.entries((tool.inputSchema as { properties?: Record<string, Obj> }).properties ?? {})) {
        if (!Array.isArray(s.anyOf) || !(s.anyOf as Obj[]).some((b) => isObj(b) && b.type === "object" && isObj(b.properties) && Object.keys(b.properties).length > 0)) continue;
        const e = tool.validate({ [k]: 12345 }).errors.find((x) => x.path === k);
        if (!e) continue;
        n++;
        expect(e.message, name).not.toMatch(/an object(,| or|;)/);
      }
    }
    expect(n).toBeGreaterThan(0);
  }, 120_000);
});
