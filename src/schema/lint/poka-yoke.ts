/**
 * Poka-yoke advice for tool authors: design arguments the model cannot get
 * wrong. Pin path/date/URL/e-mail/id formats in the schema, prefer precise parameter
 * names and enums over prose, describe every parameter, close objects, prefer absolute
 * paths. Every finding is a warning `lint/<rule>` (never escalated by `strict`: this is
 * advice, not an impossibility); each rule can be switched off with `options.rules`.
 *
 * `lint/open-object` only fires under `unknownArgs: "schema"`: under the default
 * "reject" policy the generated validator already refuses undeclared arguments.
 */
import type { Diagnostic } from "../../diagnostics/types.js";
import type { JsonSchema } from "../../sources/types.js";
import { LintContext, show, type RuleName } from "./context.js";
import { IN_PLACE, SchemaIndex, childPointer, declaredTypes, isObject, unescapePointer, type SchemaNode, type SchemaObject } from "./walk.js";
import { execWhereNeeded } from "./required-text.js";

/** "startDate" / "start_date" / "start-date" → ["start", "date"]. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

interface FormatKind {
  kind: "path" | "date" | "URL" | "e-mail address" | "id";
  byName: (tokens: string[]) => boolean;
  byDescription?: RegExp;
  advice: string;
}

const anyOf = (tokens: string[], words: string[]) => tokens.some((t) => words.includes(t));

const FORMAT_KINDS: FormatKind[] = [
  {
    kind: "URL",
    byName: (t) => anyOf(t, ["url", "urls", "uri", "uris", "link", "href", "endpoint", "website", "homepage", "webhook"]),
    byDescription: /\b(?:URL|URI)\b/,
    advice: 'add "format": "uri" (and say which schemes are allowed)',
  },
  {
    kind: "e-mail address",
    byName: (t) => anyOf(t, ["email", "emails", "mail"]),
    byDescription: /\be-?mail\s+address(?:es)?\b/i,
    advice: 'add "format": "email"',
  },
  {
    kind: "path",
    byName: (t) => anyOf(t, ["path", "paths", "filepath", "filename", "filenames", "file", "files", "dir", "dirs", "directory", "directories", "folder", "dirname"]),
    byDescription: /\b(?:file|directory|folder)\s+path\b|\bpath\s+(?:to|of)\s+(?:the\s+)?(?:file|directory|folder)\b/i,
    advice: 'ask for an absolute path in the description and add a "pattern" such as "^/" (or "^(/|[A-Za-z]:\\\\\\\\)" if Windows paths are allowed)',
  },
  {
    kind: "date",
    byName: (t) =>
      anyOf(t, ["date", "dates", "datetime", "time", "timestamp", "since", "until", "deadline", "dob", "birthday", "birthdate", "expiry", "expires"]) ||
      (t.length > 1 && (t[t.length - 1] === "at" || t[t.length - 1] === "on")),
    byDescription: /\b(?:date|timestamp|ISO[ -]?8601|RFC[ -]?3339|YYYY-MM-DD)\b/i,
    advice: 'add "format": "date-time" (or "date" / "time"), or a "pattern" for the exact layout you expect',
  },
  {
    kind: "id",
    byName: (t) => t.length > 0 && ["id", "ids", "uuid", "guid"].includes(t[t.length - 1]!),
    advice: 'add a "pattern" for the identifier (e.g. "^[A-Z]+-[0-9]+$"), "format": "uuid" for UUIDs, or an "enum" when the set is closed',
  },
];

const AMBIGUOUS: Record<string, string> = {
  user: "user_id, username or user_email",
  data: "a name for what it holds, e.g. rows_json or invoice",
  value: "a name with its meaning and unit, e.g. amount_usd or new_status",
  val: "a name with its meaning and unit, e.g. amount_usd",
  info: "e.g. contact_details or error_summary",
  item: "e.g. product_id or todo_text",
  obj: "the thing it is, e.g. order or config",
  object: "the thing it is, e.g. order or config",
  input: "e.g. source_text or search_query",
  inputs: "e.g. source_texts",
  param: "the parameter's meaning, e.g. page_size",
  params: "separate named properties instead of a bag of parameters",
  arg: "the argument's meaning, e.g. page_size",
  args: "separate named properties instead of a bag of arguments",
  payload: "e.g. event_json or message_body",
  thing: "the entity's name, e.g. customer_id",
  stuff: "the entity's name, e.g. attachments",
  entity: "the entity's name, e.g. customer_id",
  record: "the record's kind, e.g. order",
  id: "<entity>_id, e.g. issue_id or channel_id",
  x: "a name with its meaning",
  res: "e.g. resolution or result_id",
  misc: "separate named properties",
  tmp: "a name with its meaning",
  temp: "temperature_c or a name with its meaning",
};

const RELATIVE_PATH =
  /\brelative\s+(?:file\s+|directory\s+|dir\s+|folder\s+)?paths?\b|\bpaths?\s+(?:are\s+|is\s+|must\s+be\s+|should\s+be\s+)?relative\s+to\b|\brelative\s+to\s+the\s+(?:current\s+|working\s+|project\s+|repo(?:sitory)?\s+|root\s+|workspace\s+)*(?:directory|dir|folder|root|workspace|cwd|project|repo(?:sitory)?)\b/i;

const relativePath = execWhereNeeded(RELATIVE_PATH);

/** A value in a prose list: quoted, backticked, or one bare word. */
const ITEM = String.raw`(?:"[^"\n]{1,40}"|'[^'\n]{1,40}'|` + "`[^`\\n]{1,40}`" + String.raw`|[\w][\w.+-]*)`;
const SEP = String.raw`\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\/\s*|\s*\|\s*)`;
const QUOTED = String.raw`(?:"[^"\n]{1,40}"|'[^'\n]{1,40}'|` + "`[^`\\n]{1,40}`" + ")";

// Each run (and compiled by V8 on first use) only on text holding the words it needs (required-text.ts).
const PROSE_ENUM = [
  new RegExp(String.raw`\bone\s+of(?:\s+the\s+following)?\s*[:\-]?\s*(${ITEM}(?:${SEP}${ITEM})+)`, "i"),
  new RegExp(String.raw`\b(?:possible|allowed|valid|accepted|supported)\s+values?\s*(?:are|is|include|:)\s*:?\s*(${ITEM}(?:${SEP}${ITEM})+)`, "i"),
  new RegExp(String.raw`\beither\s+(${ITEM}\s+or\s+${ITEM})(?![\w-])`, "i"),
  new RegExp(String.raw`(${QUOTED}(?:\s*,\s*${QUOTED})*\s*,?\s+(?:or)\s+${QUOTED})`, "i"),
].map(execWhereNeeded);

/** The values named in a prose list, or undefined when it does not look like a closed set. */
export function proseEnumValues(description: string): string[] | undefined {
  for (const exec of PROSE_ENUM) {
    const m = exec(description);
    if (!m) continue;
    const values = m[1]!
      .split(new RegExp(SEP, "i"))
      .map((v) => v.trim().replace(/^["'`]|["'`]$/g, ""))
      .filter((v) => v.length > 0 && !/^(?:or|and|the|a|an)$/i.test(v));
    if (values.length >= 2) return [...new Set(values)];
  }
  return undefined;
}

/**
 * A parameter's path as a model would write it: "filters.created.after", "edits[].oldText";
 * a definition is named by its place ("$defs/section heading").
 */
export function fieldPath(pointer: string): string {
  const segs = pointer.split("/").slice(1).map(unescapePointer);
  let out = "";
  for (let i = 0; i < segs.length; i++) {
    const kw = segs[i]!;
    if (kw === "properties" && i + 1 < segs.length) out += (out && !out.endsWith(" ") ? "." : "") + segs[++i];
    else if (kw === "items" || kw === "additionalItems" || kw === "unevaluatedItems") out += "[]";
    else if (kw === "prefixItems" && i + 1 < segs.length) out += `[${segs[++i]}]`;
    else if (i + 1 < segs.length && ["$defs", "definitions", "allOf", "anyOf", "oneOf", "patternProperties", "dependentSchemas"].includes(kw)) {
      out = `${out ? out + " " : ""}${kw}/${segs[++i]} `;
    }
  }
  return out.trim();
}

function isStringy(s: SchemaObject): boolean {
  const t = declaredTypes(s);
  return t ? t.includes("string") : false;
}

function constrained(s: SchemaObject): boolean {
  return ["format", "pattern", "enum", "const", "oneOf", "anyOf", "contentMediaType", "contentEncoding"].some((k) => k in s);
}

function description(...schemas: JsonSchema[]): string | undefined {
  for (const s of schemas) if (isObject(s) && typeof s.description === "string" && s.description.trim()) return s.description;
  return undefined;
}

export function lintPokaYoke(ctx: LintContext, index: SchemaIndex = new SchemaIndex(ctx.def.inputSchema)): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (pointer: string, rule: RuleName, message: string, hint: string) =>
    out.push(ctx.atSchema(pointer, { rule, code: `lint/${rule}`, severity: "warning", message, hint }));
  const tool = ctx.def.name;

  if (ctx.enabled("missing-description") && !(ctx.def.description ?? "").trim()) {
    out.push(
      ctx.atTool("", {
        rule: "missing-description",
        code: "lint/missing-description",
        severity: "warning",
        message: `Tool ${tool} has no description; the model has only its name to go on.`,
        hint: "Add a description: what the tool does, when to use it, what it returns, and the formats its arguments take.",
      }),
    );
  }
  if (ctx.enabled("relative-path") && typeof ctx.def.description === "string") {
    const m = relativePath(ctx.def.description);
    if (m) {
      out.push(
        ctx.atTool("/description", {
          rule: "relative-path",
          code: "lint/relative-path",
          severity: "warning",
          message: `The description of ${tool} asks for relative paths ("${m[0]}"); models get relative paths wrong.`,
          hint: "Ask for absolute paths (and pin them with a pattern such as \"^/\"): Anthropic's SWE-bench agent stopped making path mistakes after that change.",
        }),
      );
    }
  }

  for (const node of index.nodes) {
    const s = node.schema;
    if (!isObject(s)) continue;
    if (ctx.enabled("relative-path") && typeof s.description === "string") {
      const m = relativePath(s.description);
      if (m) {
        warn(
          childPointer(node.pointer, "description"),
          "relative-path",
          `The description at ${node.pointer || "the schema root"} asks for relative paths ("${m[0]}"); models get relative paths wrong.`,
          'Ask for absolute paths and pin them with a pattern such as "^/".',
        );
      }
    }
    if (ctx.enabled("open-object")) openObject(ctx, node, s, warn);
    if (!isObject(s.properties)) continue;
    const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string") : []);
    for (const name of Object.keys(s.properties)) {
      const site = s.properties[name];
      const pointer = childPointer(node.pointer, "properties", name);
      const propNode: SchemaNode = index.byPointer.get(pointer) ?? { schema: site as JsonSchema, pointer, base: node.base };
      const eff = index.deref(propNode).schema;
      const desc = description(site as JsonSchema, eff);
      const label = `"${fieldPath(pointer)}" of ${tool}`;

      if (ctx.enabled("missing-description") && desc === undefined) {
        warn(
          pointer,
          "missing-description",
          `Parameter ${label} has no description.`,
          `Describe "${name}": what it means, its format and units, and one example value.`,
        );
      }
      if (ctx.enabled("ambiguous-name") && Object.prototype.hasOwnProperty.call(AMBIGUOUS, name.toLowerCase())) {
        warn(
          pointer,
          "ambiguous-name",
          `Parameter name "${name}" (${fieldPath(pointer)}) of ${tool} is ambiguous: the model has to guess what kind of value it wants.`,
          `Rename it to say what it holds: ${AMBIGUOUS[name.toLowerCase()]}.`,
        );
      }
      if (ctx.enabled("required-with-default") && required.has(name) && isObject(eff) && "default" in eff) {
        warn(
          pointer,
          "required-with-default",
          `Parameter ${label} is required but has a default (${show(eff.default)}); the default can never apply.`,
          `Either drop "${name}" from "required" (so the default is used when it is omitted) or drop the default.`,
        );
      }
      if (!isObject(eff)) continue;
      // strings, or arrays of strings (checked on their items)
      let target: SchemaObject | undefined;
      let targetPointer = pointer;
      if (isStringy(eff)) target = eff;
      else if (declaredTypes(eff)?.includes("array") && isObject(eff.items) && isStringy(eff.items)) {
        target = eff.items;
        targetPointer = childPointer(pointer, "items");
      }
      if (!target) continue;
      const tokens = nameTokens(name);
      if (ctx.enabled("unconstrained-string") && !constrained(target)) {
        const kind =
          FORMAT_KINDS.find((k) => k.byName(tokens)) ??
          FORMAT_KINDS.find((k) => k.byDescription !== undefined && desc !== undefined && k.byDescription.test(desc));
        if (kind) {
          warn(
            targetPointer,
            "unconstrained-string",
            `Parameter ${label} looks like ${kind.kind === "id" ? "an" : kind.kind === "e-mail address" ? "an" : "a"} ${kind.kind} but has no "format", "pattern" or "enum"; the model will guess the format and nothing checks it.`,
            `Pin the format: ${kind.advice}.`,
          );
        }
      }
      if (ctx.enabled("prose-enum") && !("enum" in target) && !("const" in target)) {
        const values = desc !== undefined ? proseEnumValues(desc) : undefined;
        if (values) {
          warn(
            targetPointer,
            "prose-enum",
            `Parameter ${label} describes a closed set in prose (${values.map((v) => JSON.stringify(v)).join(", ")}) but has no "enum"; a model will send near misses ("${values[0]!.toUpperCase()}", synonyms) that nothing rejects.`,
            `Add "enum": ${JSON.stringify(values)} (toolform then suggests the right spelling on a near miss).`,
          );
        }
      }
    }
  }
  return out;
}

function openObject(
  ctx: LintContext,
  node: SchemaNode,
  s: SchemaObject,
  warn: (pointer: string, rule: RuleName, message: string, hint: string) => void,
): void {
  if (ctx.unknownArgs !== "schema") return;
  if (!isObject(s.properties) || Object.keys(s.properties).length === 0) return;
  if ("additionalProperties" in s || "unevaluatedProperties" in s || "patternProperties" in s) return;
  // a branch of a combinator is composed with its parent: closing it would break the parent
  if (node.keyword && IN_PLACE.has(node.keyword)) return;
  const composed = ["allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas"].some((k) => k in s);
  const fix = composed ? '"unevaluatedProperties": false' : '"additionalProperties": false';
  warn(
    node.pointer,
    "open-object",
    `The object at ${node.pointer || "the schema root"} of ${ctx.def.name} accepts arguments it does not declare (no ${composed ? "unevaluatedProperties" : "additionalProperties"}: false); a misspelt argument passes silently.`,
    `Add ${fix}.`,
  );
}
