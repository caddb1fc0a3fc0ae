// The real-tools corpus (test/corpus/, issue 13): every tool that public
// MCP servers publish must build, and every verdict must be ajv's.
//  - Each source file is built on its own (a refused tool is reported with its
//    diagnostic and left out, so it cannot hide the rest), in both unknownArgs modes,
//    and the whole corpus once more in one project (names: only exactly equal names
//    from two sources may clash).
//  - Per tool, values aimed at the schema (valid ones drawn from it, and mutations of
//    them) are judged by ajv (its draft, ajv-formats, ownProperties) and by toolform:
//    under "schema" the verdicts must be equal; under the default "reject" no
//    ajv-valid call may be refused except for an extra key at the root or in an
//    object that lists properties (an object with no declared properties and no
//    additionalProperties is an open map and takes any key).
// Every disagreement is put in one category, and each category is one test below,
// so a failure names its cause and shows examples.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileSchema } from "../../src/compile-schema.js";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import type { CompiledTool } from "../../src/pipeline/compile-tool.js";
import { toolsFromJson } from "../../src/sources/json.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import type { Tool, ValidationReport } from "../../packages/runtime/src/rt/index.js";
import type { UnknownArgs } from "../../src/config/types.js";

// prettier is cosmetics and takes most of a build (minutes on 558 tools on a loaded
// 2-core box); everything else runs as in `toolform build`, which emits TypeScript
// (vitest strips the types when it imports the modules).
vi.mock("../../src/emit/finish.js", async (importOriginal) => ({ ...(await importOriginal<typeof import("../../src/emit/finish.js")>()), formatSource: async (text: string) => text }));

/** The npm servers, and beside them the Python ones (test/corpus-python: pydantic's schemas, issue 28). */
const DIRS = ["test/corpus", "test/corpus-python"];
const RUNS = 48; // values per tool and per kind (drawn from the schema, mutated)

type Schema = Record<string, unknown> | boolean;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

interface SourceEntry {
  /** The folder it is in (set here). */
  dir: string;
  file: string;
  tools: number;
  package: string;
  version: string;
  /** npm: the published artefact's hash. */
  integrity?: string;
  repository: string;
  /** Python servers built from source: the commit they were listed at. */
  commit?: string;
  license: string;
  licenseFile: string;
}
const sources = DIRS.flatMap((dir) => (JSON.parse(readFileSync(`${dir}/sources.json`, "utf8")) as SourceEntry[]).map((s) => ({ ...s, dir })));
const corpus = sources.map((s) => {
  const path = `${s.dir}/${s.file}`;
  const { tools, diagnostics } = toolsFromJson(JSON.parse(readFileSync(path, "utf8")), path);
  return { source: s, tools, diagnostics };
});

// ---------------------------------------------------------------- the oracle

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;
const oracles = {
  draft7: new Ajv({ strict: false, allErrors: true, ownProperties: true, logger: false }),
  draft2020: new Ajv2020({ strict: false, allErrors: true, ownProperties: true, logger: false }),
};
addFormats(oracles.draft7);
addFormats(oracles.draft2020);

/** Forms only a draft before 2019-09 allows (issue 13.5): such a schema without $schema is read as draft-07. */
function usesDraft7Forms(s: unknown): boolean {
  if (Array.isArray(s)) return s.some(usesDraft7Forms);
  if (!isObj(s)) return false;
  if (Array.isArray(s.items) || "additionalItems" in s || isObj(s.dependencies) || typeof s.exclusiveMinimum === "boolean" || typeof s.exclusiveMaximum === "boolean") return true;
  return Object.values(s).some(usesDraft7Forms);
}
function draftOf(schema: Obj): "draft7" | "draft2020" {
  const declared = String(schema.$schema ?? "");
  if (declared.includes("draft-07") || declared.includes("draft-06") || declared.includes("draft-04")) return "draft7";
  if (declared) return "draft2020";
  return usesDraft7Forms(schema) ? "draft7" : "draft2020";
}

// ---------------------------------------------------------------- values from a schema

// Per format: valid values, and the near misses where validators tend to part ways
// (case, offsets, leap seconds, prefixes); ajv-formats is the judge of each.
const FORMAT_VALUES: Record<string, string[]> = {
  "date-time": ["2026-01-31T09:00:00Z", "2026-12-01T23:59:59.5+01:00", "2026-01-31t09:00:00z", "2026-06-30T23:59:60Z", "2026-01-31T09:00Z", "2026-01-31 09:00:00Z", "2026-01-31T09:00:00", "2026-01-31T09:00:00+0100", "2026-02-29T09:00:00Z", "2024-02-29T00:00:00.123456789-23:59"],
  date: ["2026-01-31", "2024-02-29", "2026-02-29", "2026-1-31", "20260131"],
  time: ["09:00:00Z", "23:59:59+02:00", "09:00:00", "23:59:60Z", "9:00:00Z"],
  duration: ["P1D", "PT1H30M", "P1W", "PT", "P1Y2M3DT4H5M6S", "P0.5D"],
  email: ["a@example.com", "first.last@sub.example.org", "a@b", "\"quoted\"@example.com", "a@[192.0.2.1]", "a b@example.com"],
  hostname: ["example.com", "localhost", "-bad.example", "a".repeat(64) + ".com", "xn--nxasmq6b.com", "example.com."],
  ipv4: ["192.0.2.1", "10.0.0.255", "01.2.3.4", "1.2.3", "256.0.0.1"],
  ipv6: ["2001:db8::1", "::1", "::ffff:192.0.2.1", "2001:db8::1%eth0", "1:2:3:4:5:6:7:8:9"],
  uri: ["https://example.com/x?y=1", "urn:isbn:0451450523", "example.com/x", "https://example.com/a b", "mailto:a@example.com", "//example.com", "HTTPS://EXAMPLE.COM"],
  "uri-reference": ["/a/b", "https://example.com", "#frag", "a b", "\\\\server"],
  "uri-template": ["/users/{id}", "/users/{id"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "{123e4567-e89b-12d3-a456-426614174000}", "123e4567e89b12d3a456426614174000", "00000000-0000-0000-0000-000000000000"],
  "json-pointer": ["/a/b", "", "/a~1b", "a/b", "/a~2"],
  regex: ["^a+$", "(unclosed", "\\p{L}"],
};

/**
 * Where toolform's format check and ajv-formats part, and why toolform's verdict
 * stands (JSON Schema Test Suite, tests/draft2020-12/optional/format, or the RFC the
 * format names). A tool-level disagreement on a value holding one of these strings
 * is this table's, not a new finding; the table itself is checked both ways.
 */
const FORMAT_DEVIATIONS: Record<string, string> = {
  'date-time "2026-01-31 09:00:00Z"': 'RFC 3339 §5.6: date-time = full-date "T" full-time; ajv-formats also takes a space',
  'date-time "2026-01-31T09:00:00+0100"': "RFC 3339 §5.6: time-numoffset has a colon; ajv-formats makes it optional",
  'email "a@b"': "RFC 5321 allows a one-label domain; ajv-formats wants a dot",
  'email "\\"quoted\\"@example.com"': 'Test Suite email.json: "a quoted string ... in the local part is valid"; ajv-formats refuses it',
  'email "a@[192.0.2.1]"': 'Test Suite email.json: "an IPv4-address-literal after the @ is valid"; ajv-formats refuses it',
  'hostname "example.com."': 'Test Suite hostname.json: "trailing dot" is invalid; ajv-formats accepts it',
  'uuid "urn:uuid:123e4567-e89b-12d3-a456-426614174000"': 'Test Suite uuid.json: "URN prefixed UUID is invalid"; ajv-formats accepts the prefix',
};
const deviantStrings = new Set(Object.keys(FORMAT_DEVIATIONS).map((k) => JSON.parse(k.slice(k.indexOf(" ") + 1)) as string));
const holdsDeviant = (v: unknown): boolean => (typeof v === "string" ? deviantStrings.has(v) : Array.isArray(v) ? v.some(holdsDeviant) : isObj(v) ? Object.values(v).some(holdsDeviant) : false);

/** Local `$ref` targets ("#", "#/$defs/x", "#/definitions/x"); undefined when not local. */
function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let cur: unknown = root;
  for (const raw of decodeURIComponent(ref.slice(1)).split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    cur = Array.isArray(cur) ? cur[Number(seg)] : isObj(cur) ? cur[seg] : undefined;
    if (cur === undefined) return undefined;
  }
  return typeof cur === "boolean" || isObj(cur) ? cur : undefined;
}

/** Sibling keywords of an applicator, merged shallowly with one of its branches (properties and required united). */
function merge(a: Obj, b: Schema): Obj {
  if (typeof b === "boolean") return a;
  const out: Obj = { ...b, ...a };
  if (isObj(a.properties) || isObj(b.properties)) out.properties = { ...(b.properties as Obj), ...(a.properties as Obj) };
  if (Array.isArray(a.required) || Array.isArray(b.required)) out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  if (a.type !== undefined && b.type !== undefined) out.type = b.type;
  return out;
}

function typesOf(s: Obj): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === "string") return [s.type];
  if (s.properties || s.required || s.additionalProperties !== undefined) return ["object"];
  if (s.items || s.prefixItems) return ["array"];
  if (s.pattern || s.format || s.minLength !== undefined || s.maxLength !== undefined) return ["string"];
  if (s.minimum !== undefined || s.maximum !== undefined) return ["number"];
  return [];
}

/** Values drawn from `schema`, meant to be valid (ajv has the last word: the draw is not exact for every keyword). */
function validArb(schema: Schema, root: Schema, depth = 0): fc.Arbitrary<unknown> {
  const any = fc.jsonValue({ maxDepth: 1 });
  if (schema === true) return any;
  if (schema === false) return fc.constant(null);
  const deep = depth > 6;
  let s = schema;
  if (typeof s.$ref === "string") {
    const target = resolveRef(root, s.$ref);
    if (target === undefined || depth > 10) return any;
    const { $ref: _drop, ...rest } = s;
    s = merge(rest, target);
  }
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    let m: Obj = rest;
    for (const b of allOf as Schema[]) m = merge(m, isObj(b) && typeof b.$ref === "string" ? (resolveRef(root, b.$ref) ?? b) : b);
    return validArb(m, root, depth + 1);
  }
  for (const k of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(s[k]) && (s[k] as unknown[]).length) {
      const { [k]: branches, ...rest } = s;
      return fc.oneof(...(branches as Schema[]).map((b) => validArb(merge(rest, isObj(b) && typeof b.$ref === "string" ? (resolveRef(root, b.$ref) ?? b) : b), root, depth + 1)));
    }
  }
  const types = typesOf(s);
  if (!types.length) return any;
  return fc.oneof(...types.map((t) => typed(t, s as Obj, root, depth, deep)));
}

function typed(t: string, s: Obj, root: Schema, depth: number, deep: boolean): fc.Arbitrary<unknown> {
  switch (t) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const num = (k: string) => (typeof s[k] === "number" ? (s[k] as number) : undefined);
      let lo = num("minimum") ?? (s.exclusiveMinimum === true ? undefined : num("exclusiveMinimum")) ?? -1000;
      let hi = num("maximum") ?? (s.exclusiveMaximum === true ? undefined : num("exclusiveMaximum")) ?? Math.max(lo, 0) + 1000;
      if (num("exclusiveMinimum") !== undefined || s.exclusiveMinimum === true) lo += t === "integer" ? 1 : 1e-6;
      if (num("exclusiveMaximum") !== undefined || s.exclusiveMaximum === true) hi -= t === "integer" ? 1 : 1e-6;
      const step = num("multipleOf");
      if (step) return fc.integer({ min: Math.ceil(Math.max(lo, -1e9) / step), max: Math.floor(Math.min(hi, 1e9) / step) }).map((k) => k * step);
      const ilo = Math.ceil(Math.max(lo, Number.MIN_SAFE_INTEGER));
      const ihi = Math.floor(Math.min(hi, Number.MAX_SAFE_INTEGER));
      const ints = fc.integer({ min: Math.min(ilo, ihi), max: ihi });
      return t === "integer" ? ints : fc.oneof(ints, fc.double({ min: Math.max(lo, -1e12), max: Math.min(hi, 1e12), noNaN: true, noDefaultInfinity: true }));
    }
    case "string": {
      const fmt = typeof s.format === "string" ? FORMAT_VALUES[s.format] : undefined;
      if (fmt) return fc.constantFrom(...fmt);
      const min = typeof s.minLength === "number" ? s.minLength : 0;
      const max = typeof s.maxLength === "number" ? s.maxLength : min + 12;
      if (typeof s.pattern === "string") {
        try {
          return fc.stringMatching(new RegExp(s.pattern, "u"), { size: "xsmall" });
        } catch {
          /* a pattern fast-check cannot draw from: plain strings (ajv decides) */
        }
      }
      return fc.oneof(fc.string({ minLength: min, maxLength: Math.min(max, min + 12) }), fc.string({ unit: "grapheme", minLength: min, maxLength: Math.min(max, min + 6) }));
    }
    case "array": {
      const tuple = Array.isArray(s.prefixItems) ? (s.prefixItems as Schema[]) : Array.isArray(s.items) ? (s.items as Schema[]) : [];
      const rest: Schema | undefined = Array.isArray(s.items) ? (s.additionalItems as Schema | undefined) : (s.items as Schema | undefined);
      const min = typeof s.minItems === "number" ? s.minItems : 0;
      const max = deep ? min : Math.min(typeof s.maxItems === "number" ? s.maxItems : min + 3, min + 3);
      const item = rest === undefined ? fc.jsonValue({ maxDepth: 1 }) : validArb(rest, root, depth + 1);
      const tail = Math.max(0, max - tuple.length);
      const restArb = s.uniqueItems ? fc.uniqueArray(item, { minLength: Math.max(0, min - tuple.length), maxLength: tail, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength: Math.max(0, Math.min(min - tuple.length, tail)), maxLength: tail });
      if (!tuple.length) return restArb;
      return fc.tuple(fc.tuple(...tuple.map((x) => validArb(x, root, depth + 1))), restArb).map(([head, more]) => [...head, ...more]);
    }
    case "object": {
      const props = isObj(s.properties) ? (s.properties as Record<string, Schema>) : {};
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, p] of Object.entries(props)) if (!deep || required.includes(k)) rec[k] = validArb(p, root, depth + 1);
      for (const k of required) rec[k] ??= fc.jsonValue({ maxDepth: 1 });
      const base = fc.record(rec, { requiredKeys: required.filter((k) => k in rec) });
      // Extra keys where the schema allows them: an open map, or additionalProperties as a schema.
      const ap = s.additionalProperties;
      if (ap === false || deep || s.unevaluatedProperties === false) return base;
      const extraValue = isObj(ap) || ap === true ? validArb(ap as Schema, root, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const extras = fc.dictionary(fc.constantFrom("extra", "colour", "replicaCount", "x-1", "Key With Space"), extraValue, { maxKeys: 2 });
      return fc.tuple(base, fc.option(extras, { freq: 2 })).map(([o, e]) => {
        const out = { ...(o as Obj) };
        for (const [k, v] of Object.entries(e ?? {})) if (!(k in props)) out[k] = v;
        return out;
      });
    }
  }
  return fc.jsonValue({ maxDepth: 1 });
}

/** The places of a JSON value, as key paths. */
function places(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...path, i], out));
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) places(x, [...path, k], out);
  return out;
}

/** The near misses models make, applied at one place of a (mostly valid) value. */
function mutate(value: unknown, pick: number, kind: number, junk: unknown): unknown {
  const v = JSON.parse(JSON.stringify(value ?? null)) as unknown;
  const all = places(v);
  const path = all[pick % all.length]!;
  const get = (p: (string | number)[]) => p.reduce<unknown>((o, k) => (o as Obj)[k as string], v);
  const parent = path.length ? get(path.slice(0, -1)) : undefined;
  const key = path[path.length - 1];
  const here = get(path);
  const set = (x: unknown) => {
    if (!path.length) return x;
    (parent as Obj)[key as string] = x;
    return v;
  };
  switch (kind % 7) {
    case 0:
      return set(junk);
    case 1: // a missing argument
      if (isObj(parent) && typeof key === "string") delete parent[key];
      return v;
    case 2: // an argument nobody declared, wherever an object is
      if (isObj(here)) here[["colour", "replicaCount", "cluster"][pick % 3]!] = junk;
      return v;
    case 3: // the type models confuse
      return set(typeof here === "number" ? String(here) : typeof here === "string" ? (Number.isNaN(Number(here)) ? here.length : Number(here)) : typeof here === "boolean" ? String(here) : Array.isArray(here) ? here[0] ?? null : isObj(here) ? JSON.stringify(here) : here === null ? "null" : here);
    case 4: // a scalar where a list is wanted, or the reverse
      return set(Array.isArray(here) ? here : [here]);
    case 5: // case and spaces
      return set(typeof here === "string" ? ` ${here.toUpperCase()}` : typeof here === "number" ? here + 0.5 : here);
    default: // out of range
      return set(typeof here === "number" ? -here - 1e7 : typeof here === "string" ? here.repeat(200) || "x".repeat(5000) : Array.isArray(here) ? [...here, ...here, ...here, ...here] : here);
  }
}

function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- the rule for extra keys (issue 13.1)

/** The schemas that apply to one place of the value (every branch of an applicator: an over-approximation). */
function expand(s: Schema, root: Schema, out: Obj[] = [], seen = new Set<unknown>()): Obj[] {
  if (!isObj(s) || seen.has(s)) return out;
  seen.add(s);
  out.push(s);
  if (typeof s.$ref === "string") {
    const t = resolveRef(root, s.$ref);
    if (t !== undefined) expand(t, root, out, seen);
  }
  for (const k of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(s[k])) for (const b of s[k] as Schema[]) expand(b, root, out, seen);
  for (const k of ["if", "then", "else"]) if (s[k] !== undefined) expand(s[k] as Schema, root, out, seen);
  if (isObj(s.dependentSchemas)) for (const b of Object.values(s.dependentSchemas)) expand(b as Schema, root, out, seen);
  return out;
}

const declares = (s: Obj) => isObj(s.properties) && Object.keys(s.properties).length > 0;
const saysOpen = (s: Obj) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties !== undefined || s.unevaluatedProperties !== undefined;

/**
 * The keys of `value` no applicable schema declares, each marked `closed` where the
 * rule lets "reject" refuse it (the root, or an object that lists properties and
 * says nothing of extra ones) and open elsewhere (an open map).
 */
function undeclared(value: unknown, schemas: Obj[], root: Schema, path: (string | number)[] = [], out: { path: (string | number)[]; closed: boolean }[] = []) {
  if (Array.isArray(value)) {
    value.forEach((x, i) => {
      const kids: Obj[] = [];
      for (const s of schemas) {
        const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
        const rest = Array.isArray(s.items) ? s.additionalItems : s.items;
        const k = tuple && i < tuple.length ? tuple[i] : rest;
        if (k !== undefined) expand(k as Schema, root, kids);
      }
      undeclared(x, kids, root, [...path, i], out);
    });
  } else if (isObj(value)) {
    const objs = schemas.filter((s) => s.type === "object" || isObj(s.properties) || s.additionalProperties !== undefined || s.type === undefined);
    const closed = !objs.some(saysOpen) && (path.length === 0 || objs.some(declares));
    for (const [k, x] of Object.entries(value)) {
      const kids: Obj[] = [];
      let known = false;
      for (const s of schemas) {
        if (isObj(s.properties) && Object.hasOwn(s.properties, k)) (known = true), expand((s.properties as Obj)[k] as Schema, root, kids);
        if (isObj(s.patternProperties))
          for (const [p, ps] of Object.entries(s.patternProperties))
            if (new RegExp(p, "u").test(k)) (known = true), expand(ps as Schema, root, kids);
      }
      if (!known) {
        out.push({ path: [...path, k], closed });
        for (const s of schemas) if (isObj(s.additionalProperties)) expand(s.additionalProperties, root, kids);
      }
      undeclared(x, kids, root, [...path, k], out);
    }
  }
  return out;
}

/** `value` without the keys at `paths` (deepest first, so indices stay right). */
function without(value: unknown, paths: (string | number)[][]): unknown {
  const v = JSON.parse(JSON.stringify(value)) as unknown;
  for (const p of [...paths].sort((a, b) => b.length - a.length)) {
    const parent = p.slice(0, -1).reduce<unknown>((o, k) => (o as Obj)?.[k as string], v);
    if (isObj(parent)) delete parent[p[p.length - 1] as string];
  }
  return v;
}

// ---------------------------------------------------------------- building

interface Built {
  toolset: Record<string, Tool>;
  refused: Diagnostic[];
}
/** Folders the generated modules were written to (about 2 MB each), removed after the run. */
const written: string[] = [];

/** Refusals a tool's author can turn back into warnings (config allowUnchecked): what is refused then goes unchecked. */
const UNCHECKED = new Set(["schema/unknown-format", "schema/bad-pattern", "schema/unknown-keyword"]);

/**
 * One project through the pipeline. Refused tools are reported; a tool refused only
 * for what allowUnchecked covers is built again with it, as its user would (its
 * verdicts are still compared: ajv leaves the same parts unchecked), and any other
 * refused tool is left out, so the rest is built and imported.
 */
async function build(tools: ToolDefinition[], unknownArgs: UnknownArgs, cache: Map<string, CompiledTool>): Promise<Built> {
  const options: GenerateOptions = { lint: false, emit: "ts", unknownArgs, cache };
  const first = await generate({ tools, options });
  const refused = first.diagnostics.filter((d) => d.severity === "error");
  const names = new Set(refused.map((d) => d.tool!));
  const unchecked = [...names].filter((t) => refused.every((d) => d.tool !== t || UNCHECKED.has(d.code)));
  const kept = tools.filter((t) => !names.has(t.name) || unchecked.includes(t.name));
  const r = refused.length ? await generate({ tools: kept, options: { ...options, tools: Object.fromEntries(unchecked.map((t) => [t, { allowUnchecked: true }])) } }) : first;
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error("still refused after leaving the refused tools out: " + JSON.stringify(errors));
  const dir = mkdtempSync(join(tmpdir(), "toolform-real-"));
  written.push(dir);
  for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
  const mod = (await import(pathToFileURL(join(dir, "index.ts")).href)) as { toolset: Record<string, Tool> };
  return { toolset: mod.toolset, refused };
}

// ---------------------------------------------------------------- findings

interface Finding {
  tool: string;
  detail: string;
}
const findings = new Map<string, Finding[]>();
const note = (category: string, tool: string, detail: string) => {
  const list = findings.get(category) ?? [];
  if (!findings.has(category)) findings.set(category, list);
  // One example per tool and category is enough to read.
  if (!list.some((f) => f.tool === tool)) list.push({ tool, detail });
};
const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 300 ? s.slice(0, 300) + "…" : s;
};
const errorsOf = (r: ValidationReport) => r.errors.map((e) => `${e.path || "(root)"} ${e.bucket}/${e.keyword}: ${e.expected}; got ${e.received}`).join(" | ");

/** The JSON Schema keyword behind a toolform refusal or an ajv one, for the category name. */
function keywordLabel(keyword: string, schemaAt: Obj | undefined): string {
  if (keyword === "format" && schemaAt && typeof schemaAt.format === "string") return `format "${schemaAt.format}"`;
  return keyword;
}

/** The schema at an ajv schemaPath ("#/properties/a/format" → the object holding it). */
function atSchemaPath(root: Schema, schemaPath: string): Obj | undefined {
  const t = resolveRef(root, schemaPath.replace(/\/[^/]*$/, ""));
  return isObj(t) ? t : undefined;
}

const stats = { tools: 0, values: 0, ajvValid: 0, refusedByRule: 0, toolsWithoutValid: [] as string[], ajvCannotCompile: [] as string[] };

describe("real-tools corpus (test/corpus, test/corpus-python)", () => {
  const built = new Map<string, { schema: Built; reject: Built }>();
  let whole: Diagnostic[] = [];
  const formatTable: string[] = [];

  beforeAll(async () => {
    for (const [format, samples] of Object.entries(FORMAT_VALUES)) {
      const { code, diagnostics } = await compileSchema({ type: "string", format }, { format: false, examples: false });
      expect(diagnostics.filter((d) => d.severity === "error"), format).toEqual([]);
      const mod = (await import("data:text/javascript;base64," + Buffer.from(code).toString("base64"))) as { is(v: unknown): boolean };
      const check = oracles.draft2020.compile({ type: "string", format });
      for (const x of samples) if (mod.is(x) !== check(x)) formatTable.push(`${format} ${JSON.stringify(x)}`);
    }
    const cache = new Map<string, CompiledTool>();
    for (const c of corpus) built.set(c.source.file, { schema: await build(c.tools, "schema", cache), reject: await build(c.tools, "reject", cache) });
    // All sources in one project: the compiled tools come from the cache, only names are new.
    whole = (await generate({ tools: corpus.flatMap((c) => c.tools), options: { lint: false, emit: "ts", unknownArgs: "schema", cache } })).diagnostics.filter((d) => d.severity === "error");

    for (const c of corpus) {
      const { schema: S, reject: R } = built.get(c.source.file)!;
      for (const def of c.tools) {
        const tool = `${c.source.file.replace(/\.json$/, "")}/${def.name}`;
        const a = S.toolset[def.name];
        const b = R.toolset[def.name];
        if (!a || !b) continue; // refused: its own test says so
        stats.tools++;
        const schema = def.inputSchema as Obj;
        let check: ValidateFunction;
        try {
          check = oracles[draftOf(schema)].compile(schema);
        } catch (e) {
          stats.ajvCannotCompile.push(`${tool}: ${(e as Error).message}`);
          continue;
        }
        const seed = seedOf(tool);
        const drawn = fc.sample(validArb(schema, schema), { numRuns: RUNS, seed });
        const mutated = fc.sample(fc.tuple(fc.constantFrom(...drawn), fc.nat(), fc.nat(), fc.jsonValue({ maxDepth: 1 })).map(([v, p, k, j]) => mutate(v, p, k, j)), { numRuns: RUNS, seed: seed + 1 });
        let valid = 0;
        for (const raw of [...drawn, ...mutated, {}, null, []]) {
          const v = JSON.parse(JSON.stringify(raw ?? null)) as unknown;
          stats.values++;
          const expected = check(v);
          if (expected) (valid++, stats.ajvValid++);
          // ---- "schema": the verdict is ajv's.
          const got = a.is(v);
          const report = a.validate(v);
          if (report.ok !== got) note("validate().ok differs from is()", tool, `${show(v)}: is ${got}, validate().ok ${report.ok}`);
          if (!report.ok && !report.errors.length) note("a refusal names no rule", tool, show(v));
          if (got !== expected && holdsDeviant(v)) note("ajv-formats deviation (FORMAT_DEVIATIONS)", tool, `${show(v)}: toolform ${got}, ajv ${expected}`);
          else if (got !== expected) {
            if (!expected) {
              const kw = (check.errors ?? []).map((e) => keywordLabel(e.keyword, atSchemaPath(schema, e.schemaPath)));
              note(`"schema": accepts what ajv refuses (${[...new Set(kw)].join(", ")})`, tool, `${show(v)}; ajv: ${(check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join(" | ")}`);
            } else {
              const kw = report.errors.map((e) => e.keyword);
              const formats = [...new Set(kw)].map((k) => (k === "format" ? `format "${String(report.errors.find((e) => e.keyword === "format")?.expected)}"` : k));
              note(`"schema": refuses what ajv accepts (${formats.join(", ")})`, tool, `${show(v)}; toolform: ${errorsOf(report)}`);
            }
          }
          // ---- "reject": stricter only by the rule about extra keys.
          const rGot = b.is(v);
          const rReport = b.validate(v);
          if (rReport.ok !== rGot) note("validate().ok differs from is()", tool, `${show(v)} (reject): is ${rGot}, validate().ok ${rReport.ok}`);
          if (!rReport.ok && !rReport.errors.length) note("a refusal names no rule", tool, `${show(v)} (reject)`);
          if (!expected) {
            if (rGot && !got) note(`"reject": accepts what "schema" refuses`, tool, show(v));
            continue;
          }
          if (rGot || !got || holdsDeviant(v)) continue; // accepted, or already a "schema" disagreement
          const extra = undeclared(v, expand(schema, schema), schema);
          const closedExtra = extra.filter((e) => e.closed);
          const rest = without(v, closedExtra.map((e) => e.path));
          if (closedExtra.length) stats.refusedByRule++;
          if (closedExtra.length && rReport.errors.some((e) => e.bucket !== "unknown_args")) note(`"reject": refuses an extra key by a rule other than unknown_args`, tool, `${show(v)}; ${errorsOf(rReport)}`);
          if (!closedExtra.length || (check(rest) && !b.is(rest))) {
            const w = closedExtra.length ? rest : v;
            const open = undeclared(w, expand(schema, schema), schema).filter((e) => !e.closed);
            if (open.length) note(`"reject": refuses a key of an open map (issue 13.1)`, tool, `${show(w)}: open-map keys ${open.map((e) => e.path.join(".")).join(", ")}; toolform: ${errorsOf(b.validate(w))}`);
            else note(`"reject": refuses a valid call that has no undeclared key`, tool, `${show(w)}; toolform: ${errorsOf(b.validate(w))}`);
          }
        }
        if (valid === 0) stats.toolsWithoutValid.push(tool);
      }
    }
    console.log(
      `real-tools: ${corpus.reduce((n, c) => n + c.tools.length, 0)} tools in ${corpus.length} files; ${stats.tools} compared on ${stats.values} values (${stats.ajvValid} ajv-valid; ${stats.refusedByRule} of those refused under "reject" for an extra key where the rule allows it)` +
        (stats.toolsWithoutValid.length ? `\nno ajv-valid value drawn for: ${stats.toolsWithoutValid.join(", ")}` : "") +
        (stats.ajvCannotCompile.length ? `\najv cannot compile: ${stats.ajvCannotCompile.join("; ")}` : "") +
        [...findings].map(([k, l]) => `\n${k}: ${l.length} tools (${l.map((f) => f.tool).join(", ")}); e.g. ${l[0]!.tool}: ${l[0]!.detail}`).join(""),
    );
  }, 900_000);

  afterAll(() => {
    for (const d of written) rmSync(d, { recursive: true, force: true });
  });

  const list = (category: string) => (findings.get(category) ?? []).map((f) => `${f.tool}: ${f.detail}`);
  const matching = (re: RegExp) => [...findings].filter(([k]) => re.test(k)).flatMap(([k, l]) => l.map((f) => `${k} — ${f.tool}: ${f.detail}`));

  it("every source file is read, and names its package, licence and licence text", () => {
    for (const c of corpus) {
      expect(c.diagnostics, c.source.file).toEqual([]);
      expect(c.tools.length, c.source.file).toBe(c.source.tools);
      expect(c.source.license).toMatch(/MIT|Apache-2\.0/);
      expect(readFileSync(`${c.source.dir}/${c.source.licenseFile}`, "utf8")).toMatch(/Permission is hereby granted|Apache License/);
      if (c.source.dir === "test/corpus") expect(c.source.integrity).toMatch(/^sha512-/);
      else expect(c.source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(corpus.filter((c) => c.source.dir === "test/corpus").reduce((n, c) => n + c.tools.length, 0)).toBeGreaterThanOrEqual(500);
    // issue 28: at least ten Python servers, their schemas written by pydantic
    expect(corpus.filter((c) => c.source.dir === "test/corpus-python").length).toBeGreaterThanOrEqual(10);
  });

  it("every tool builds, in both unknownArgs modes, but for the one fail-closed refusal its author must opt out of", () => {
    const refused = [...built].flatMap(([file, b]) => [...b.schema.refused, ...b.reject.refused].map((d) => `${file} ${d.tool}: ${d.code} ${d.message}${d.pointer ? " at " + d.pointer : ""}`));
    // Notion's OpenAPI-generated schema marks two string fields `format: "json"`: no
    // JSON Schema or OpenAPI format, which ajv-formats does not know either. Fail closed
    // (issue 13.4) refuses it by default, naming the place; `allowUnchecked: ["format"]`
    // for that tool builds it (the build above does so, and its verdicts are compared).
    // Every Python tool builds with the default config (issue 28): pydantic's formats are in the vocabulary.
    const format = (at: string) => `notion.json API-post-page: schema/unknown-format format "json" is in no vocabulary toolform knows (JSON Schema, pydantic, OpenAPI), so the validator cannot check it at /tools/11/inputSchema/properties/${at}/format`;
    expect([...new Set(refused)].sort()).toEqual([format("cover"), format("icon")]);
  });

  it("all sources build in one project: only exactly equal names from two sources clash (issue 13.2)", () => {
    const names = corpus.flatMap((c) => c.tools.map((t) => t.name));
    const twice = new Set(names.filter((n, i) => names.indexOf(n) !== i));
    // Refusals of single tools are the test above's; here only what the set of names adds.
    const perTool = new Set([...built.values()].flatMap((b) => b.schema.refused.map((d) => `${d.tool} ${d.code} ${d.message}`)));
    const added = whole.filter((d) => !perTool.has(`${d.tool} ${d.code} ${d.message}`));
    expect(added.filter((d) => !(d.code === "tools/duplicate-name" && twice.has(d.tool!))).map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(new Set(added.map((d) => d.tool))).toEqual(twice);
  });

  it("the draw reaches valid calls: every tool gets some ajv-valid value", () => {
    expect(stats.ajvCannotCompile).toEqual([]);
    expect(stats.toolsWithoutValid).toEqual([]);
  });

  it('"reject" takes any key in an open map: {type: object} with no declared properties and no additionalProperties (issue 13.1)', () => {
    expect(list(`"reject": refuses a key of an open map (issue 13.1)`)).toEqual([]);
  });

  it("format checks part from ajv-formats only where the Test Suite or the RFC says toolform is right", () => {
    expect(formatTable.sort()).toEqual(Object.keys(FORMAT_DEVIATIONS).sort());
  });

  it('"schema": no format check refuses what ajv-formats accepts, nor accepts what it refuses', () => {
    expect(matching(/^"schema".*format/)).toEqual([]);
  });

  it('"schema": pattern verdicts are ajv\'s', () => {
    expect(matching(/^"schema".*pattern/)).toEqual([]);
  });

  it("no other disagreement with ajv, and every refusal names a rule", () => {
    expect(matching(/^(?!"reject": refuses a key of an open map)(?!"schema".*(format|pattern))(?!ajv-formats deviation)/)).toEqual([]);
  });
});
