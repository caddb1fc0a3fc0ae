// Examples for messages: one valid value per field, chosen at build time from
// the schema's own words (examples, default, const, enum) or built from its
// constraints (format, bounds, lengths), and checked with ajv against the field
// itself. A value that fails its field is never shown to a model.
import { ajvFor } from "./ajv.js";
import type { IR, IRNode } from "./ir.js";

const FORMAT_EXAMPLES: Record<string, unknown> = {
  "date-time": "2026-01-31T09:00:00Z",
  date: "2026-01-31",
  time: "09:00:00Z",
  duration: "P1D",
  email: "user@example.com",
  "idn-email": "user@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/",
  "uri-reference": "https://example.com/",
  iri: "https://example.com/",
  "iri-reference": "https://example.com/",
  "uri-template": "https://example.com/{id}",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  "json-pointer": "/a/b",
  "relative-json-pointer": "0/a",
  regex: "^[a-z]+$",
};

let counter = 0;

/** Fills `node.example` (JSON text) for every node where a checked example exists. */
export function chooseExamples(ir: IR, schema: unknown): void {
  if (typeof schema !== "object" || schema === null) return;
  const ajv = ajvFor(ir.dialect, "check");
  const key = `toolform-example-${++counter}`;
  const { $schema: _s, $id: _id, ...rest } = schema as Record<string, unknown>;
  try {
    ajv.addSchema({ ...rest, $id: `https://toolform.invalid/${key}.json` }, key);
  } catch {
    return; // a schema ajv cannot take gets no examples; the build reports the schema itself
  }
  const memo = new Map<IRNode, unknown>();
  const fits = (n: IRNode, value: unknown): boolean => {
    if (n.loc.includes("#") || value === undefined) return false; // remote documents: no examples
    try {
      const validate = ajv.getSchema(`${key}#${n.loc.split("/").map((t, i) => (i === 0 ? t : encodeURIComponent(t))).join("/")}`);
      return validate ? validate(value) === true : false;
    } catch {
      return false;
    }
  };
  const pick = (n: IRNode, depth: number): unknown => {
    if (memo.has(n)) return memo.get(n);
    memo.set(n, undefined); // recursion guard
    let found: unknown;
    for (const c of candidates(n, depth, pick)) {
      if (fits(n, c)) {
        found = c;
        break;
      }
    }
    memo.set(n, found);
    if (found !== undefined) n.example = JSON.stringify(found);
    return found;
  };
  for (const n of ir.nodes) if (n.bool === undefined) pick(n, 0);
  ajv.removeSchema(key);
}

/** Candidates, best first. */
function* candidates(n: IRNode, depth: number, pick: (n: IRNode, depth: number) => unknown): Generator<unknown> {
  if (n.examples) yield* n.examples;
  if (n.default) yield n.default.value;
  if (n.const) yield n.const.value;
  if (n.enum) yield* n.enum.slice(0, 3);
  if (n.ref && depth < 4) yield pick(n.ref.target, depth + 1);
  if (n.format && FORMAT_EXAMPLES[n.format] !== undefined) yield FORMAT_EXAMPLES[n.format];
  const types = n.types ?? [];
  for (const t of types) {
    if (t === "integer" || t === "number") yield numberFor(n, t === "integer");
    if (t === "string") yield stringFor(n);
    if (t === "boolean") yield true;
    if (t === "null") yield null;
    if (t === "array" && depth < 4) {
      const item = n.items ? pick(n.items, depth + 1) : undefined;
      const prefix = (n.prefixItems ?? []).map((p) => pick(p, depth + 1));
      const min = Math.max(n.minItems ?? 0, prefix.length);
      const arr = [...prefix];
      while (arr.length < min && item !== undefined) arr.push(item);
      if (arr.length === 0 && item !== undefined) arr.push(item);
      yield arr;
    }
    if (t === "object" && depth < 4) {
      const obj: Record<string, unknown> = {};
      for (const r of n.required ?? []) {
        const node = n.properties?.find(([k]) => k === r)?.[1];
        obj[r] = node ? pick(node, depth + 1) : "";
      }
      yield obj;
    }
  }
  for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])].slice(0, 4)) if (depth < 4) yield pick(b, depth + 1);
}

function numberFor(n: IRNode, integer: boolean): number {
  const step = n.multipleOf ?? (integer ? 1 : 1);
  let lo = n.minimum ?? (n.exclusiveMinimum !== undefined ? n.exclusiveMinimum + (integer ? 1 : step) : undefined);
  const hi = n.maximum ?? (n.exclusiveMaximum !== undefined ? n.exclusiveMaximum - (integer ? 1 : step) : undefined);
  if (lo === undefined) lo = hi !== undefined ? Math.min(hi, integer ? 1 : 1) : 1;
  let v = Math.ceil(lo / step) * step;
  if (integer) v = Math.ceil(v);
  return Number(v.toFixed(10));
}

function stringFor(n: IRNode): string {
  const min = n.minLength ?? 0;
  let s = "text";
  if (n.pattern) s = simplePatternExample(n.pattern) ?? s;
  if (s.length < min) s = s + "x".repeat(min - s.length);
  if (n.maxLength !== undefined && s.length > n.maxLength) s = s.slice(0, n.maxLength);
  return s;
}

/** A string for simple patterns (literals, classes, quantifiers); undefined when the pattern is beyond this. */
function simplePatternExample(pattern: string): string | undefined {
  let src = pattern.replace(/^\^/, "").replace(/\$$/, "");
  if (/[()|\\]/.test(src.replace(/\\d|\\w|\\s|\\-|\\./g, ""))) return undefined;
  let out = "";
  const re = /(\[[^\]]*\]|\\d|\\w|\\s|\\.|\\-|\.|[^[\\{}+*?])(\{(\d+)(?:,(\d*))?\}|\+|\*|\?)?/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(src))) {
    if (m.index !== consumed) return undefined;
    consumed = re.lastIndex;
    const atom = m[1]!;
    const ch = atom.startsWith("[") ? classChar(atom) : atom === "\\d" ? "1" : atom === "\\w" ? "a" : atom === "\\s" ? " " : atom === "." ? "a" : atom.startsWith("\\") ? atom[1]! : atom;
    if (ch === undefined) return undefined;
    const q = m[2];
    const times = q === undefined ? 1 : q === "+" ? 1 : q === "*" || q === "?" ? 0 : Number(m[3]);
    out += ch.repeat(times);
  }
  return consumed === src.length ? out : undefined;
}

function classChar(cls: string): string | undefined {
  const body = cls.slice(1, -1);
  if (body.startsWith("^")) return undefined;
  const m = /^(\\d|\\w|[^\\])/.exec(body);
  if (!m) return undefined;
  return m[1] === "\\d" ? "1" : m[1] === "\\w" ? "a" : m[1];
}

