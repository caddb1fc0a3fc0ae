// Every provider schema toolform writes for the 600 real tools of test/corpus stays
// inside the subset the provider documents (docs/providers.md cites the rules): the
// API is not called at test time, so the rules are checked here, keyword by keyword.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toGemini } from "../../src/emit/providers/gemini.js";
import { toOpenAI } from "../../src/emit/providers/openai.js";
import { toolsFromJson } from "../../src/sources/json.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const tools = readdirSync("test/corpus")
  .filter((f) => f.endsWith(".json") && f !== "sources.json")
  .flatMap((f) => toolsFromJson(JSON.parse(readFileSync(`test/corpus/${f}`, "utf8")), `test/corpus/${f}`).tools);

const OPENAI_KEYWORDS = new Set(["type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "$ref", "$defs", "description", "title", "default", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems"]);
const OPENAI_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
const GEMINI_FIELDS = new Set(["type", "format", "title", "description", "nullable", "enum", "items", "minItems", "maxItems", "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum", "anyOf", "default"]);
const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);

/** What breaks OpenAI's strict-mode rules in `s` (at `at`), objects nested `depth` deep. */
function openaiBreaks(s: unknown, at: string, depth: number, root: boolean, out: string[]): void {
  if (!isObj(s)) return void out.push(`${at}: not a schema object`);
  for (const k of Object.keys(s)) if (!OPENAI_KEYWORDS.has(k)) out.push(`${at}: keyword ${k}`);
  if (s.$ref !== undefined && Object.keys(s).some((k) => !["$ref", "description", "title", "default"].includes(k))) out.push(`${at}: $ref with siblings`);
  if (s.$ref !== undefined && !/^#(\/\$defs\/[^/]+)?$/.test(String(s.$ref))) out.push(`${at}: $ref ${String(s.$ref)}`);
  if (s.$defs !== undefined && !root) out.push(`${at}: $defs below the root`);
  if (typeof s.format === "string" && !OPENAI_FORMATS.has(s.format)) out.push(`${at}: format ${s.format}`);
  if (s.type === undefined && s.anyOf === undefined && s.$ref === undefined) out.push(`${at}: no type`);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("object")) {
    if (depth + 1 > 10) out.push(`${at}: nested more than 10 deep`);
    const names = Object.keys(isObj(s.properties) ? s.properties : {});
    if (s.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`);
    if (JSON.stringify(s.required) !== JSON.stringify(names)) out.push(`${at}: required is not every property`);
    for (const n of names) openaiBreaks((s.properties as Obj)[n], `${at}/properties/${n}`, depth + 1, false, out);
  }
  if (s.items !== undefined) openaiBreaks(s.items, `${at}/items`, depth + 1, false, out);
  if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => openaiBreaks(b, `${at}/anyOf/${i}`, depth, false, out));
  if (isObj(s.$defs)) for (const [n, d] of Object.entries(s.$defs)) openaiBreaks(d, `${at}/$defs/${n}`, depth, false, out);
}

function geminiBreaks(s: unknown, at: string, out: string[]): void {
  if (!isObj(s)) return void out.push(`${at}: not a schema object`);
  for (const k of Object.keys(s)) if (!GEMINI_FIELDS.has(k)) out.push(`${at}: field ${k}`);
  if (s.type !== undefined && !GEMINI_TYPES.has(String(s.type))) out.push(`${at}: type ${JSON.stringify(s.type)}`);
  if (s.enum !== undefined && (s.type !== "STRING" || !(s.enum as unknown[]).every((e) => typeof e === "string"))) out.push(`${at}: enum of non-strings`);
  if (isObj(s.properties)) for (const [n, p] of Object.entries(s.properties)) geminiBreaks(p, `${at}/properties/${n}`, out);
  if (s.items !== undefined) geminiBreaks(s.items, `${at}/items`, out);
  if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => geminiBreaks(b, `${at}/anyOf/${i}`, out));
}

describe("provider schemas stay in the documented subsets", () => {
  it("OpenAI strict: only supported keywords and formats, every object closed with all its properties required, $ref alone and into $defs", () => {
    const out: string[] = [];
    let strict = 0;
    for (const t of tools) {
      const c = toOpenAI(t.inputSchema);
      if (!c.strict) continue;
      strict++;
      if (c.parameters.type !== "object") out.push(`${t.name}: root is not an object`);
      openaiBreaks(c.parameters, t.name + " #", 0, true, out);
    }
    expect(out).toEqual([]);
    expect(strict).toBe(559);
  });

  it("Gemini: only the Schema object's fields, upper-case types, string enums, no $ref", () => {
    const out: string[] = [];
    for (const t of tools) {
      const g = toGemini(t.inputSchema);
      if (g.parameters) geminiBreaks(g.parameters, t.name + " #", out);
    }
    expect(out).toEqual([]);
  });
});
