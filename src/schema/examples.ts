// Examples for messages: one valid value per field, chosen at build time from
// the schema's own values (examples, default, const, enum), then the values its
// description offers, then a realistic value for the field's name or format,
// then one built for its pattern or bounds — and checked against the field itself
// (toolform's own checks, emit/example-check.ts; ajv where those cannot judge a place
// alone). A value that fails its field is never shown to a model.
import { descriptionStrings, looseJson } from "./description-examples.js";
import { fitDescribed, formValues } from "./described-form.js";
import { nameNumber, nameValue, wordsValue, type NameContext } from "./name-examples.js";
import { ajvFor } from "./ajv.js";
import { getPointer } from "./dialect.js";
import { formatEntry } from "./formats.js";
import type { IR, IRNode } from "./ir.js";
import { patternExample } from "./pattern-example.js";
import { sgWords as sgWordsOf } from "@toolform/runtime/suggest";

/** Whether a value fits a place of the schema (a place of this IR, or false): toolform's own checks (emit/example-check.ts). */
export type FitCheck = (n: IRNode, value: unknown) => boolean;

/** What one chooseExamples call keeps while it runs (nothing outlives it): each place's context for name guesses, and the objects it built from picks. */
interface Choosing {
  contexts: ReadonlyMap<IRNode, NameContext>;
  picked: WeakSet<object>;
}

/**
 * Fills `node.example` (JSON text) for every node where a checked example exists.
 * `check`: toolform's own checks of each place (emit/example-check.ts); without it (a schema
 * those cannot judge place by place) ajv checks the candidates.
 */
export function chooseExamples(ir: IR, schema: unknown, check?: FitCheck, toolName?: string): void {
  if (typeof schema !== "object" || schema === null) return;
  const state: Choosing = { contexts: placeContexts(ir, toolName), picked: new WeakSet() };
  const ajv = check ? undefined : ajvFits(ir, schema, state);
  if (!check && !ajv) return; // a schema ajv cannot take gets no examples; the build reports the schema itself
  const fits = (n: IRNode, value: unknown): boolean => {
    if (n.loc.includes("#") || value === undefined) return false; // remote documents: no examples
    return check ? check(n, value) : ajv!.fits(n, value);
  };
  const memo = new Map<IRNode, unknown>();
  const pick = (n: IRNode, depth: number): unknown => {
    if (memo.has(n)) return memo.get(n);
    memo.set(n, undefined); // recursion guard
    let found: unknown;
    for (const c of candidates(n, depth, pick, state)) {
      if (fits(n, c)) {
        found = c;
        break;
      }
    }
    memo.set(n, found);
    if (found !== undefined) n.example = JSON.stringify(found);
    return found;
  };
  try {
    for (const n of ir.nodes) if (n.bool === undefined) pick(n, 0);
  } finally {
    ajv?.done();
  }
}

/** The key the tool's schema is added to the shared ajv under while its examples are chosen: one at a time (chooseExamples is synchronous and removes it when done). */
const AJV_KEY = "toolform-example";

/** ajv as the judge of candidates: the tool's schema added under AJV_KEY; `done` removes it. */
function ajvFits(ir: IR, schema: object, state: Choosing): { fits: (n: IRNode, value: unknown) => boolean; done: () => void } | undefined {
  const ajv = ajvFor(ir.dialect);
  const key = AJV_KEY;
  const done = () => {
    ajv.removeSchema(key);
    for (const k of Object.keys(ajv.refs)) if (k.startsWith(key) || k.startsWith(`https://toolform.invalid/${key}`)) delete ajv.refs[k];
  };
  const { $schema: _s, $id: _id, ...rest } = schema as Record<string, unknown>;
  try {
    ajv.addSchema({ ...rest, $id: `https://toolform.invalid/${key}.json` }, key);
  } catch {
    done(); // a schema ajv refused part way leaves nothing under the key for the next tool
    return undefined;
  }
  const ref = (n: IRNode) => `${key}#${n.loc.split("/").map((t, i) => (i === 0 ? t : encodeURIComponent(t))).join("/")}`;
  // Compiling a validator per node cost ~2–6 ms each: the candidates that do not depend on
  // other nodes' examples are checked first, all in one validator (one compile per tool);
  // the rest go node by node.
  const checked = checkAllAtOnce(ajv, ir, schema, ref, key, state);
  const fits = (n: IRNode, value: unknown): boolean => {
    const known = checked.get(n)?.get(JSON.stringify(value));
    if (known !== undefined) return known;
    if (builtFromPicks(n, value, schema, state.picked)) return true;
    try {
      const validate = ajv.getSchema(ref(n));
      return validate ? validate(value) === true : false;
    } catch {
      return false;
    }
  };
  return { fits, done };
}

/**
 * Every node's own candidates (those that need no other node's example) checked by one
 * validator, one compile per tool: item i of the array holds node i's candidates and is
 * checked with `items: <node i>`, so an error at /i/j says candidate j of node i fails.
 * Returns node → JSON of the candidate → fits; empty when ajv cannot build it (then each
 * node is checked alone, as before).
 */
function checkAllAtOnce(ajv: ReturnType<typeof ajvFor>, ir: IR, schema: unknown, ref: (n: IRNode) => string, key: string, state: Choosing): Map<IRNode, Map<string, boolean>> {
  const out = new Map<IRNode, Map<string, boolean>>();
  const rows: { n: IRNode; jsons: string[]; values: unknown[] }[] = [];
  for (const n of ir.nodes) {
    if (n.bool !== undefined || n.loc.includes("#")) continue;
    const row = { n, jsons: [] as string[], values: [] as unknown[] };
    for (const value of exampleCandidates(n, state)) {
      const json = value === undefined ? undefined : JSON.stringify(value);
      if (json === undefined || row.jsons.includes(json)) continue;
      row.jsons.push(json);
      row.values.push(value);
    }
    if (row.values.length) rows.push(row);
  }
  if (rows.length === 0) return out;
  // A self-contained subschema goes in as it is; one that refers elsewhere goes through a
  // $ref into the tool's schema (resolving a $ref costs ajv ~5 ms; inlining ~0.5 ms).
  const items = rows.map(({ n }) => {
    const sub = getPointer(schema, n.loc);
    return { items: sub !== undefined && selfContained(sub) ? sub : { $ref: `https://toolform.invalid/${ref(n)}`.replace("#", ".json#") } };
  });
  const $id = `https://toolform.invalid/${key}-batch.json`;
  const batch = ir.dialect === "draft-07" ? { $id, items } : { $id, prefixItems: items };
  try {
    const validate = ajv.compile(batch);
    validate(rows.map((r) => r.values));
    ajv.removeSchema($id);
    const failed = new Set<string>();
    for (const e of validate.errors ?? []) {
      const m = /^\/(\d+)\/(\d+)/.exec(e.instancePath);
      if (!m) return new Map(); // an error about a row itself: trust nothing from this run
      failed.add(`${m[1]}/${m[2]}`);
    }
    rows.forEach((r, i) => {
      const m = new Map<string, boolean>();
      r.jsons.forEach((json, j) => m.set(json, !failed.has(`${i}/${j}`)));
      out.set(r.n, m);
    });
  } catch {
    return new Map();
  }
  return out;
}

/** Keywords that an object made of its required properties, each with a fitting value, cannot fail. */
const OBJECT_SHAPE_KEYS = new Set(["type", "properties", "required", "additionalProperties", "title", "description", "examples", "default", "$comment", "$schema", "$id", "deprecated", "readOnly", "writeOnly"]);

/**
 * True when `value` is an object built from picks (see `candidates`: made of required
 * properties each holding its own property's checked example) and the node's schema
 * has only keywords such an object satisfies by construction: then ajv need not compile the
 * whole tool's schema again to say so (that compile was half of the examples' cost).
 */
function builtFromPicks(n: IRNode, value: unknown, schema: unknown, picked: WeakSet<object>): boolean {
  if (typeof value !== "object" || value === null || !picked.has(value)) return false;
  const raw = getPointer(schema, n.loc);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return false;
  for (const k of Object.keys(raw)) if (!OBJECT_SHAPE_KEYS.has(k)) return false;
  const type = (raw as { type?: unknown }).type;
  return type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
}

/** No reference in or out and no identifier: means the same wherever it is placed. */
function selfContained(sub: unknown): boolean {
  return !/"\$(ref|dynamicRef|recursiveRef|id|anchor|dynamicAnchor|recursiveAnchor)"/.test(JSON.stringify(sub) ?? "");
}

/** What ownCandidates' stand-in for `pick` returns: a candidate holding it needs another node's example. */
const NEEDS_PICK = Object.freeze({ toolformNeedsPick: true });

function holdsPick(v: unknown, depth = 0): boolean {
  if (v === NEEDS_PICK) return true;
  if (typeof v !== "object" || v === null || depth > 8) return false;
  return (Array.isArray(v) ? v : Object.values(v)).some((x) => holdsPick(x, depth + 1));
}

/** The candidates of `candidates` that depend on no other node, in the same order (the same generator, with `pick` stood in for). `state`: chooseExamples' own (a place's context from its tool and enclosing fields), else the node alone. */
export function exampleCandidates(n: IRNode, state: Choosing = { contexts: new Map(), picked: new WeakSet() }): unknown[] {
  const out: unknown[] = [];
  for (const c of candidates(n, 0, () => NEEDS_PICK, state)) if (!holdsPick(c)) out.push(c);
  return out;
}

/**
 * Candidates, best first: the schema's own values, then the description's (and the value of a
 * form it states, "YYYY-MM-DD"), then a value for the field's format or name (brought to the
 * form the description states, or none), then one built from the constraints.
 */
function* candidates(n: IRNode, depth: number, pick: (n: IRNode, depth: number) => unknown, state: Choosing): Generator<unknown> {
  if (n.examples) yield* n.examples;
  if (n.default) yield n.default.value;
  if (n.const) yield n.const.value;
  if (n.enum) yield* n.enum.slice(0, 3);
  if (n.ref && depth < 4) yield pick(n.ref.target, depth + 1);
  const types = n.types ?? [];
  const name = fieldName(n.loc);
  const ctx = contextOf(n, name, state.contexts);
  const form = ctx?.own ?? n.description ?? "";
  const text = types.length === 0 || types.includes("string");
  if (n.description) yield* descriptionValues(n.description, types, name ?? "");
  if (text) yield* formValues(form);
  if (n.format) yield n.formatPattern !== undefined ? patternExample(n.formatPattern) : formatEntry(n.format)?.example;
  // A field that is also a flag (boolean or string) gets true before a word guess: "nextThoughtNeeded" is no thought.
  if (ctx !== undefined && text && !types.includes("boolean")) {
    const guess = nameValue(ctx);
    const fitted = guess === undefined ? undefined : fitDescribed(guess, form);
    if (fitted !== undefined) yield fitted;
  }
  if (n.pattern) {
    const built = patternExample(n.pattern);
    // Too short for minLength: open counts stretched to reach it, before padding.
    const min = n.minLength ?? 0;
    if (built !== undefined && built.length < min) yield patternExample(n.pattern, min);
    if (built !== undefined) yield fitLength(built, n);
  }
  for (const t of types) {
    if (t === "integer" || t === "number") yield* numbersFor(n, t === "integer", name, form);
    if (t === "string") {
      // The field's own words before the word "example": "my-include-domain" says what goes there (unless the description says another form).
      const own = name === undefined ? undefined : wordsValue(name);
      const fitted = own === undefined ? undefined : fitDescribed(own, form);
      if (fitted !== undefined) yield fitLength(fitted, n);
      yield fitLength("example", n);
    }
    if (t === "boolean") yield true;
    if (t === "null") yield null;
    if (t === "array" && depth < 4) {
      const item = n.items ? pick(n.items, depth + 1) : undefined;
      const prefix = (n.prefixItems ?? []).map((p) => pick(p, depth + 1));
      const min = Math.max(n.minItems ?? 0, prefix.length);
      const arr = [...prefix];
      while (arr.length < min && item !== undefined) arr.push(item);
      // One item, never [] where items exist: ["7d"] shows the shape, [] shows nothing.
      if (arr.length === 0 && item !== undefined) arr.push(item);
      if (arr.length > 0 || n.items === undefined || n.maxItems === 0) yield arr;
    }
    if (t === "object" && depth < 4) {
      const obj: Record<string, unknown> = {};
      const props = new Map(n.properties ?? []);
      let fromPicks = true;
      for (const r of n.required ?? []) {
        const node = props.get(r);
        obj[r] = node ? pick(node, depth + 1) : "";
        if (!node || obj[r] === undefined) fromPicks = false;
      }
      // No required property: show the first one rather than {}.
      const first = n.properties?.[0];
      if (Object.keys(obj).length === 0 && first) {
        const v = pick(first[1], depth + 1);
        if (v !== undefined) yield { [first[0]]: v };
      }
      if (fromPicks) state.picked.add(obj);
      yield obj;
    }
  }
  for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])].slice(0, 4)) if (depth < 4) yield pick(b, depth + 1);
}

/** Each place's context for name guesses: the tool's name, the enclosing fields, their descriptions. */
function placeContexts(ir: IR, toolName: string | undefined): Map<IRNode, NameContext> {
  const contexts = new Map<IRNode, NameContext>();
  const byLoc = new Map(ir.nodes.map((n) => [n.loc, n]));
  const tool = toolName === undefined ? [] : sgWordsOf(toolName);
  for (const n of ir.nodes) {
    const name = fieldName(n.loc);
    if (name === undefined) continue;
    // The enclosing fields: every "properties/<name>" on the way, and the nearest enclosing place's description.
    const segs = n.loc.split("/");
    const around: string[] = [...tool];
    for (let i = 1; i < segs.length - 1; i++) if (segs[i - 1] === "properties" && i < segs.length - 1) around.push(...sgWordsOf(segs[i]!));
    let parentText = "";
    const cut = n.loc.lastIndexOf("/properties/");
    for (let loc = n.loc.slice(0, cut); cut > 0 && loc.length >= 0; loc = loc.slice(0, Math.max(0, loc.lastIndexOf("/")))) {
      const p = byLoc.get(loc);
      if (p?.description) {
        parentText = p.description;
        break;
      }
      if (loc === "") break;
    }
    // The field's own text: its description, and for a place below it (an array's items) the field's too.
    const at = segs.lastIndexOf("properties");
    const fieldLoc = segs.slice(0, at + 2).join("/");
    const own = fieldLoc === n.loc ? (n.description ?? "") : `${n.description ?? ""} ${byLoc.get(fieldLoc)?.description ?? ""}`.trim();
    contexts.set(n, { name, around, text: `${n.description ?? ""} ${n.title ?? ""} ${parentText}`.toLowerCase(), own });
  }
  return contexts;
}

function contextOf(n: IRNode, name: string | undefined, contexts: ReadonlyMap<IRNode, NameContext>): NameContext | undefined {
  return contexts.get(n) ?? (name === undefined ? undefined : { name, around: [], text: (n.description ?? "").toLowerCase(), own: n.description ?? "" });
}

/** The values a description offers, as the field's types take them (JSON for the non-string types). */
function* descriptionValues(text: string, types: readonly string[], name: string): Generator<unknown> {
  const structured = types.some((t) => t !== "string" && t !== "null");
  for (const s of descriptionStrings(text, name)) {
    if (structured) {
      const v = looseJson(s);
      if (v !== undefined) yield v;
    }
    yield s;
  }
}

/** The property name a place describes ("/properties/tags/items" → "tags"), from its JSON pointer. */
function fieldName(loc: string): string | undefined {
  const segs = loc.split("/");
  for (let i = segs.length - 1; i > 0; i--) if (segs[i - 1] === "properties") return segs[i]!.replace(/~1/g, "/").replace(/~0/g, "~");
  return undefined;
}

/** Numbers for the field: one its name suggests, then the bounds, then small ones; none beyond ±1e9 unless the bounds force it. */
function* numbersFor(n: IRNode, integer: boolean, name: string | undefined, form: string): Generator<number> {
  const lo = n.minimum ?? (n.exclusiveMinimum !== undefined ? n.exclusiveMinimum + (integer ? 1 : Math.min(1, n.multipleOf ?? 1)) : undefined);
  const hi = n.maximum ?? (n.exclusiveMaximum !== undefined ? n.exclusiveMaximum - (integer ? 1 : Math.min(1, n.multipleOf ?? 1)) : undefined);
  const step = n.multipleOf;
  const snap = (v: number): number => {
    let x = step ? Math.ceil(v / step) * step : v;
    if (integer) x = Math.ceil(x);
    return Number(x.toFixed(10));
  };
  const named = nameNumber(name, form);
  const tries: number[] = [];
  if (named !== undefined) tries.push(named);
  if (lo !== undefined) tries.push(lo);
  if (hi !== undefined) tries.push(hi);
  tries.push(1, 10, 0);
  if (lo !== undefined) tries.push(lo + (step ?? 1));
  if (hi !== undefined) tries.push(Math.min(hi, 1e9));
  if (lo !== undefined && hi !== undefined) tries.push((lo + hi) / 2);
  const seen = new Set<number>();
  for (const t of tries) {
    const v = snap(t);
    if (seen.has(v) || !Number.isFinite(v)) continue;
    seen.add(v);
    if ((lo !== undefined && v < lo) || (hi !== undefined && v > hi)) continue;
    // Past ±1e9 only when the bounds leave nothing nearer, or the description asks for it (a Unix time).
    if (Math.abs(v) > 1e9 && v !== named && !((lo !== undefined && lo > 1e9) || (hi !== undefined && hi < -1e9))) continue;
    yield v;
  }
}

/** A string within minLength/maxLength: padded or cut. */
function fitLength(s: string, n: IRNode): string {
  const min = n.minLength ?? 0;
  if (s.length < min) s = s + "x".repeat(min - s.length);
  if (n.maxLength !== undefined && s.length > n.maxLength) s = s.slice(0, n.maxLength);
  return s;
}
