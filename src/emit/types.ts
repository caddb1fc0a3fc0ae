// The argument interface of a tool, from json-schema-to-typescript, with the
// schema's descriptions as JSDoc. Under unknownArgs "reject" objects are closed
// (no index signature) where the validator closes them, and open maps get an
// index signature (src/schema/unknown-args.ts: the one rule).
import { randomUUID } from "node:crypto";
import { transform } from "esbuild";
import { jstt } from "./jstt.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { code, foreign, identCode, type Code } from "./code.js";
import { forEachSubschema, isObject } from "../schema/dialect.js";
import { rejectsUndeclared } from "../schema/unknown-args.js";
import type { UnknownArgs } from "../config/types.js";

/**
 * json-schema-to-typescript's own keywords, removed from every schema place first.
 * `tsType` is pasted into the output verbatim — from an untrusted server's schema,
 * `"tsType": "string }; <any JavaScript>; interface X {"` became code that ran when the
 * generated module was imported — and `tsEnumNames` turns an enum into a TypeScript
 * `enum`, which is run-time code. The argument types are built from JSON Schema only.
 */
const JSTT_KEYWORDS = ["tsType", "tsEnumNames"];

function withoutJsttKeywords(schema: unknown, seen = new Set<object>()): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  for (const k of JSTT_KEYWORDS) delete schema[k];
  forEachSubschema(schema, (sub) => withoutJsttKeywords(sub, seen));
}

/** Whether a place of `schema` has one of JSTT_KEYWORDS (withoutJsttKeywords would change it). */
function hasJsttKeywords(schema: unknown, seen = new Set<object>()): boolean {
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  if (JSTT_KEYWORDS.some((k) => k in schema)) return true;
  let found = false;
  forEachSubschema(schema, (sub) => void (found ||= hasJsttKeywords(sub, seen)));
  return found;
}

/** Keywords whose subschemas judge a value inside the parent's (a property, an item): a new object place. */
const VALUE_KEYWORDS = new Set(["properties", "patternProperties", "additionalProperties", "items", "prefixItems"]);
/** Keywords that make a place's extra-key rule depend on other schemas (left to jstt's default). */
const COMBINED = ["allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if", "dependentSchemas", "unevaluatedProperties", "patternProperties", "additionalProperties"];

/**
 * Under "reject" jstt closes every object that says nothing of extra keys; an open map
 * (a nested object declaring no property names: `{"type": "object", "properties": {}}`)
 * takes any key, so its type gets `[k: string]: unknown` as the validator accepts.
 */
function markOpenMaps(schema: Record<string, unknown>, seen = new Set<object>(), mark = true): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  let found = false;
  forEachSubschema(schema, (sub, rel) => {
    if (!isObject(sub)) return;
    const props = sub.properties;
    const objectish = isObject(props) || sub.type === "object" || (Array.isArray(sub.type) && sub.type.includes("object"));
    const place = { root: false, listsProperties: isObject(props), declared: isObject(props) ? Object.keys(props).length : 0, saysExtra: false };
    if (VALUE_KEYWORDS.has(rel.split("/")[1]!) && objectish && !COMBINED.some((k) => k in sub) && !rejectsUndeclared(place)) {
      found = true;
      if (mark) sub.additionalProperties = true;
    }
    if (markOpenMaps(sub, seen, mark)) found = true;
  });
  return found;
}

/**
 * Whether the text declares `typeName` at the start of a line (`export type X` or `export
 * interface X`, then no word character), as /^export (?:type|interface) X\b/m says for a name
 * of word characters; another name goes to that expression.
 */
function declares(text: string, typeName: string): boolean {
  if (!/^\w+$/.test(typeName)) return new RegExp(`^export (?:type|interface) ${typeName}\\b`, "m").test(text);
  for (const head of ["export type ", "export interface "]) {
    const decl = head + typeName;
    for (let i = text.indexOf(decl); i >= 0; i = text.indexOf(decl, i + 1)) {
      const before = i === 0 ? "\n" : text[i - 1]!;
      const after = text[i + decl.length];
      if ("\n\r\u2028\u2029".includes(before) && (after === undefined || !/\w/.test(after))) return true;
    }
  }
  return false;
}

/**
 * json-schema-ref-parser (jstt's dereferencing) walks the whole schema for `$ref`s, and it takes
 * any object with a string `$ref` for one, wherever it is (in an example value too). A schema
 * whose JSON text has no `"$ref"` key has none: the walk is told to skip every place (its
 * `excludedPathMatcher`), and gives back the schema as it is, as the whole walk would.
 */
const NO_REFS = { dereference: { excludedPathMatcher: () => true } };

function mayRef(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"');
}

/** `export type Name = T;` for the types toolform writes itself (a schema that admits anything, or one jstt could not type). */
function alias(typeName: string, type: Code): Code {
  return code`export type ${identCode(typeName)} = ${type};\n`;
}

/**
 * The argument types as Code. json-schema-to-typescript's text becomes Code only here,
 * after the boundary check below; nothing else of it reaches a module.
 */
export async function emitArgsType(schema: unknown, typeName: string, unknownArgs: UnknownArgs): Promise<{ types: Code; diagnostics: Diagnostic[] }> {
  if (typeof schema !== "object" || schema === null) {
    return { types: alias(typeName, schema === false ? code`never` : code`unknown`), diagnostics: [] };
  }
  // The root name is ours, not the schema's title; jstt must not fetch anything. The schema is
  // copied only to be changed (jstt copies what it is given, and changes only its copy).
  const edit = hasJsttKeywords(schema) || (unknownArgs === "reject" && markOpenMaps(schema as Record<string, unknown>, new Set(), false));
  const { title: _t, $id: _id, ...root } = (edit ? structuredClone(schema) : schema) as Record<string, unknown>;
  if (edit) withoutJsttKeywords(root);
  if (edit && unknownArgs === "reject") markOpenMaps(root);
  try {
    const raw = await jstt()(root as never, typeName, {
      bannerComment: "",
      format: false,
      additionalProperties: unknownArgs === "schema",
      declareExternallyReferenced: true,
      enableConstEnums: false,
      strictIndexSignatures: true,
      unknownAny: true,
      maxItems: -1,
      $refOptions: { resolve: { external: false, http: false, file: false }, ...(mayRef(root) ? {} : NO_REFS) } as never,
    });
    // jstt ends some type aliases without ";": terminated here, so nothing after it in the module joins it.
    const text = /[;}]\s*$/.test(raw) || raw.trim() === "" ? raw : raw.trimEnd() + ";\n";
    // jstt gives nothing for some unions that admit anything (oneOf: [{type: number}, {}]): then any value fits.
    if (!declares(text, typeName)) return { types: alias(typeName, code`unknown`), diagnostics: [] };
    const problem = await notOnlyTypesBatched(text);
    if (problem !== undefined) {
      return {
        types: alias(typeName, code`Record<string, unknown>`),
        diagnostics: [{ severity: "error", code: "types/not-types", message: `json-schema-to-typescript's output for this schema ${problem}; it is not pasted into the module`, pointer: "", hint: "report the schema to toolform: its types should be interface and type declarations only" }],
      };
    }
    // Checked: declarations only, so the text is admitted as code.
    return { types: foreign(text), diagnostics: [] };
  } catch (e) {
    return {
      types: alias(typeName, code`Record<string, unknown>`),
      diagnostics: [{ severity: "warning", code: "types/fallback", message: `json-schema-to-typescript could not type this schema (${String((e as Error).message).split("\n")[0]}); the arguments are typed as Record<string, unknown>`, pointer: "" }],
    };
  }
}

/**
 * The safety rule at the module boundary: json-schema-to-typescript's text is pasted into
 * the tool module, so it must be type declarations only — no schema may put code there
 * (its `tsType` once did). Checked by TypeScript's rules as esbuild applies them: the text
 * parses on its own, compiles to no JavaScript at all (interfaces and type aliases erase;
 * an `enum`, a statement or an expression would not), and ends a declaration, so nothing
 * after it in the module is read differently. undefined when it is only types.
 */
export async function notOnlyTypes(text: string): Promise<string | undefined> {
  let js: string;
  try {
    js = (await transform(text, { loader: "ts", logLevel: "silent" })).code;
  } catch (e) {
    return `does not parse on its own (${String((e as Error).message).split("\n")[0]})`;
  }
  if (js.trim() !== "") return `compiles to JavaScript (${JSON.stringify(js.trim().slice(0, 80))}), not only to types`;
  if (text.trim() !== "" && !/[;}]\s*$/.test(text)) return "does not end with a complete declaration";
  return undefined;
}

/** Between texts checked together: a statement esbuild prints as it is, and no text holds (a nonce per process). */
const TYPES_CUT = `"toolform-types-cut-${randomUUID()}";`;

/**
 * notOnlyTypes of several texts in one esbuild request (each request costs esbuild ~1-3 ms
 * of CPU whatever its size). The texts are joined by TYPES_CUT statements; the verdict is
 * taken from the whole only when esbuild prints every cut, as a statement of its own, with
 * nothing between: then each text is complete statements (a text left open would have taken
 * the next cut into it: a string in a type, a comment, a declared block) that compile to no
 * JavaScript. Anything else, and each text is checked alone (the verdict and its words are
 * notOnlyTypes').
 */
export async function notOnlyTypesMany(texts: readonly string[]): Promise<(string | undefined)[]> {
  if (texts.length > 1) {
    let js: string | undefined;
    try {
      js = (await transform(texts.join(`\n${TYPES_CUT}\n`), { loader: "ts", logLevel: "silent" })).code;
    } catch {
      // one of them does not parse: each alone says which
    }
    if (js === `${TYPES_CUT}\n`.repeat(texts.length - 1)) return texts.map((text) => (text.trim() !== "" && !/[;}]\s*$/.test(text) ? "does not end with a complete declaration" : undefined));
  }
  return Promise.all(texts.map(notOnlyTypes));
}

let waiting: { text: string; done: (problem: string | undefined) => void }[] = [];

/**
 * notOnlyTypes, gathered: the texts of the tools a compile worker has in hand reach here in
 * the same turn of the event loop (workers.ts compiles a batch at once), and go to esbuild
 * together (notOnlyTypesMany).
 */
function notOnlyTypesBatched(text: string): Promise<string | undefined> {
  return new Promise((done) => {
    waiting.push({ text, done });
    if (waiting.length === 1)
      setImmediate(() => {
        const batch = waiting;
        waiting = [];
        notOnlyTypesMany(batch.map((w) => w.text)).then(
          (problems) => batch.forEach((w, i) => w.done(problems[i])),
          () => batch.forEach((w) => notOnlyTypes(w.text).then(w.done)),
        );
        // The request is on its way to esbuild: whoever waits for that goes on meanwhile.
        const sent = onSent;
        onSent = [];
        for (const f of sent) f();
      });
  });
}

let onSent: (() => void)[] = [];

/**
 * Resolves when the next gathered types check has gone to esbuild (notOnlyTypesBatched): from
 * then on, the tools that sent it only wait for esbuild's answer, and this thread can compile
 * other tools meanwhile (workers.ts compileHere).
 */
export function typesCheckSent(): Promise<void> {
  return new Promise((resolve) => onSent.push(resolve));
}

