// The wrong calls of the message benchmark (bench/messages.ts), one kind of mistake each,
// made by fixed rules from a tool's schema: a wrong type, an enum value in the wrong case, a
// near name, a missing field, a pattern or format broken, a union given no branch's type or
// a branch's broken bound, null for an optional field, extra arguments, a name that means
// the same as a declared one; and wrong tool names (a prefix, a suffix, a verb synonym, a
// plural, a namespaced name, an unrelated name).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const KINDS = ["wrong_type", "enum_case", "unknown_near", "synonym", "missing_required", "pattern", "format", "union", "union_bound", "union_shape", "null_optional", "extra_args", "unknown_tool"] as const;
export type Kind = (typeof KINDS)[number];

export interface Case {
  kind: Kind;
  source: string;
  tool: string;
  args: Obj;
  /** Where the mistake is ("" for the object itself). */
  path: string;
  /** The name or value meant, when known: a suggestion must be it. null: no suggestion is right. */
  intended?: string | null;
  /** unknown_tool: the name called. */
  called?: string;
  /** union_shape: the branch the value was aimed at (a value valid for it is the right example). */
  aimed?: Obj;
}

/** Names models use for one another (the bench's own list, wider than the runtime's table: a name of it that the runtime does not know is a miss, not a wrong suggestion). */
const MEANS: readonly (readonly string[])[] = [
  ["source", "from", "src"],
  ["destination", "to", "dest", "target"],
  ["login", "username", "user"],
  ["query", "q", "search", "searchQuery"],
  ["directory", "dir", "folder"],
  ["repository", "repo"],
  ["organization", "org"],
  ["message", "msg"],
  ["description", "desc"],
  ["limit", "maxResults", "max_results", "top"],
  ["content", "text", "body"],
  ["url", "link", "href"],
  ["language", "lang"],
  ["command", "cmd"],
  ["labels", "tags"],
  ["title", "subject"],
];

/** A name meaning the same as `k` that the tool does not declare (and that no declared name is a spelling of). */
function synonymOf(k: string, declared: readonly string[]): string | undefined {
  const group = MEANS.find((g) => g[0] === k);
  if (group === undefined) return undefined;
  const fold = (n: string) => n.toLowerCase().replace(/[-_]/g, "");
  const taken = new Set(declared.map(fold));
  return group.slice(1).find((n) => !taken.has(fold(n)));
}

/** A value of the branch's own type that breaks one of its bounds, or undefined. */
function breakBound(b: Obj): unknown {
  const t = typesOf(b);
  if ((t.includes("integer") || t.includes("number")) && typeof b.minimum === "number") return b.minimum - 1;
  if ((t.includes("integer") || t.includes("number")) && typeof b.maximum === "number") return b.maximum + 1;
  if (t.includes("array") && typeof b.minItems === "number" && b.minItems > 0) return [];
  if (t.includes("string") && typeof b.minLength === "number" && b.minLength > 0 && !b.pattern && !b.format) return "";
  return undefined;
}

/** Verbs models swap in tool names. */
const VERB_SWAP: Readonly<Record<string, string>> = { get: "fetch", list: "get_all", create: "add", delete: "remove", update: "edit", search: "find", read: "get", write: "save" };

/** Wrong names for the tool `name` of a toolset, each with the name meant (null: none is). */
export function toolNameCases(name: string, source: string): { called: string; intended: string | null; rule: string }[] {
  const words = name.split(/[_\-.]|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  const sep = name.includes("-") ? "-" : "_";
  const out: { called: string; intended: string | null; rule: string }[] = [];
  if (words.length >= 3) out.push({ called: words.slice(0, -1).join(sep), intended: name, rule: "prefix" });
  if (words.length >= 3) out.push({ called: words.slice(1).join(sep), intended: name, rule: "suffix" });
  const swap = VERB_SWAP[words[0]!.toLowerCase()];
  if (swap !== undefined && words.length >= 2) out.push({ called: [swap, ...words.slice(1)].join(sep), intended: name, rule: "verb synonym" });
  const last = words[words.length - 1]!;
  if (words.length >= 2) out.push({ called: [...words.slice(0, -1), last.endsWith("s") ? last.slice(0, -1) : last + "s"].join(sep), intended: name, rule: "plural" });
  out.push({ called: `${source.replace(/^.*\//, "").replace(/\.json$/, "").replace(/-/g, "_")}_${name}`, intended: name, rule: "namespaced" });
  out.push({ called: "do_the_needful", intended: null, rule: "unrelated" });
  return out;
}

const WRONG_FORMAT: Record<string, string> = { "date-time": "yesterday at noon", date: "31/01/2026", time: "9am", uri: "example dot com", url: "example dot com", email: "bob at example", uuid: "1234", ipv4: "300.1.1", hostname: "-bad-", "uri-reference": "\\\\bad" };

/** A near spelling of a parameter name, the way models miss them: case style swapped, a letter dropped. */
function nearName(k: string): string | undefined {
  if (k.length < 4) return undefined;
  if (k.includes("_")) return k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  if (/[a-z][A-Z]/.test(k)) return k.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a}_${b.toLowerCase()}`);
  return k.slice(0, -2) + k.slice(-1);
}

function typesOf(s: Obj): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
}

/** The wrong calls one tool yields, at most one per kind. */
export function casesOf(t: { source: string; name: string; schema: Obj }, base: Obj): Case[] {
  const schema = t.schema;
  const props = isObj(schema.properties) ? Object.entries(schema.properties).filter((e): e is [string, Obj] => isObj(e[1])) : [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Case[] = [];
  const mk = (kind: Kind, path: string, args: Obj, intended?: string | null) => {
    if (!out.some((c) => c.kind === kind)) out.push({ kind, source: t.source, tool: t.name, path, args, ...(intended !== undefined ? { intended } : {}) });
  };
  const withField = (k: string, v: unknown): Obj => ({ ...base, [k]: v });
  for (const [k, s] of props) {
    const types = typesOf(s);
    if (types.length === 1 && !s.enum && !s.const) {
      const wrong = { integer: "ten", number: "ten", boolean: "yes", array: "a,b", object: "key=value", string: 42 }[types[0]!];
      if (wrong !== undefined && !(types[0] === "string" && (s.pattern || s.format))) mk("wrong_type", k, withField(k, wrong));
    }
    const enumStr = Array.isArray(s.enum) ? (s.enum as unknown[]).find((e): e is string => typeof e === "string" && e.toUpperCase() !== e) : undefined;
    if (enumStr !== undefined) mk("enum_case", k, withField(k, enumStr.toUpperCase()), enumStr);
    const near = nearName(k);
    if (near !== undefined && !props.some(([p]) => p.toLowerCase() === near.toLowerCase() || p === near)) {
      const args = { ...base, [near]: base[k] ?? "x" };
      delete args[k];
      if (!required.has(k)) mk("unknown_near", near, args, k);
    }
    if (required.has(k)) {
      const args = { ...base };
      delete args[k];
      mk("missing_required", k, args);
    }
    if (typeof s.pattern === "string") mk("pattern", k, withField(k, "not valid!"));
    if (typeof s.format === "string" && WRONG_FORMAT[s.format]) mk("format", k, withField(k, WRONG_FORMAT[s.format]));
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
      const branches = (s.anyOf ?? s.oneOf) as unknown[];
      if (!branches.some((b) => isObj(b) && typesOf(b).includes("null"))) mk("union", k, withField(k, true));
      // A value of a branch's type that breaks its bound: 0 for minimum 1, [] for minItems 1, "" for minLength 1.
      for (const b of branches) {
        const broken = isObj(b) ? breakBound(b) : undefined;
        if (broken !== undefined) {
          mk("union_bound", k, withField(k, broken));
          break;
        }
      }
    }
    // A name that means the same (from for source): the intended name is the declared one.
    const syn = synonymOf(k, props.map(([p]) => p));
    if (syn !== undefined && !required.has(k)) {
      const args = { ...base, [syn]: base[k] ?? "x" };
      delete args[k];
      mk("synonym", syn, args, k);
    }
    if (!required.has(k) && !types.includes("null") && types.length > 0) mk("null_optional", k, withField(k, null));
  }
  const fold = (n: string) => n.toLowerCase().replace(/[-_]/g, "");
  if (props.length && !props.some(([p]) => fold(p) === "verbose" || fold(p) === "dryrun")) mk("extra_args", "", { ...base, verbose: true, dry_run: false }, null);
  return out;
}


/** The source name of unionBoundTools' tools. */
export const UNION_BOUNDS = "derived:union-bounds";

/**
 * Real tools whose one bounded field (a number with a minimum or maximum, an array with
 * minItems) is made a union with a string, the shape "an id or a name" takes: the corpus has
 * no union whose branch has a bound, so the rule that a union states a broken bound is
 * measured on these (at most `max` tools, in corpus order).
 */
export function unionBoundTools(files: readonly string[], read: (f: string) => unknown, max = 40): { name: string; description: string; inputSchema: Obj }[] {
  const out: { name: string; description: string; inputSchema: Obj }[] = [];
  for (const f of files) {
    const j = read(f) as { name: string; description?: string; inputSchema: Obj }[] | { tools: { name: string; description?: string; inputSchema: Obj }[] };
    for (const t of Array.isArray(j) ? j : j.tools) {
      const props = isObj(t.inputSchema.properties) ? t.inputSchema.properties : undefined;
      if (!props || out.length >= max) continue;
      const hit = Object.entries(props).find(([, s]) => isObj(s) && !s.anyOf && !s.oneOf && breakBound(s) !== undefined && typesOf(s).length === 1);
      if (!hit) continue;
      const [k, s] = hit;
      const { description, ...branch } = s as Obj;
      out.push({ name: `${t.name}`, description: t.description ?? "", inputSchema: { ...t.inputSchema, properties: { ...props, [k]: { anyOf: [branch, { type: "string" }], ...(description !== undefined ? { description } : {}) } } } });
    }
  }
  return out;
}

/** The source name of unionShapeTools' tools. */
export const UNION_SHAPES = "derived:union-shapes";

/** A field's string rules as a schema of their own (the branch a union_shape value is aimed at). */
function stringRules(n: { pattern?: string; format?: string; minLength?: number; maxLength?: number }): Obj {
  const out: Obj = { type: "string" };
  for (const k of ["pattern", "format", "minLength", "maxLength"] as const) if (n[k] !== undefined) out[k] = n[k];
  return out;
}

/** The classes of characters a string holds (digits, lower, upper, each other character): two rules whose examples hold the same are alike in shape. */
function classes(s: string): string {
  return [...new Set([...s].map((c) => (/\d/.test(c) ? "0" : /[a-z]/.test(c) ? "a" : /[A-Z]/.test(c) ? "A" : c)))].sort().join("");
}

/**
 * Real string rules (a pattern or a format, with their lengths) of the corpus's fields, each
 * made the second branch of a union whose first is another real rule of another shape (every
 * such pair), and a value aimed at it: its field's example with one "!" put in the middle.
 * Both branches refuse it and usually break one rule each, so the branch picked by the error
 * count alone is the first; the right one is the branch the value's shape fits (its example is
 * the right example). At most `max` tools, in corpus order.
 */
export function unionShapeTools(fields: readonly { tool: string; loc: string; node: { types?: string[]; pattern?: string; format?: string; enum?: unknown; const?: unknown; minLength?: number; maxLength?: number }; example: string | undefined; description: string | undefined }[], max = 200): { name: string; description: string; inputSchema: Obj; value: string; aimed: Obj }[] {
  const rules: { key: string; example: string; schema: Obj; description: string | undefined; tool: string }[] = [];
  for (const f of fields) {
    if (!f.example?.startsWith('"') || f.node.types?.length !== 1 || f.node.types[0] !== "string" || f.node.enum || f.node.const || (f.node.pattern === undefined && f.node.format === undefined)) continue;
    const schema = stringRules(f.node);
    const example = JSON.parse(f.example) as string;
    if (example.length < 2 || rules.some((r) => JSON.stringify(r.schema) === JSON.stringify(schema))) continue;
    rules.push({ key: f.loc.split("/").pop()!.replace(/~1/g, "/").replace(/~0/g, "~"), example, schema, description: f.description, tool: f.tool });
  }
  const out: { name: string; description: string; inputSchema: Obj; value: string; aimed: Obj }[] = [];
  for (const aimed of rules) {
    for (const rival of rules) {
      if (out.length >= max) return out;
      if (rival === aimed || classes(rival.example) === classes(aimed.example)) continue;
      const m = Math.floor(aimed.example.length / 2);
      out.push({
        name: `${aimed.tool}_${out.length}`,
        description: "",
        inputSchema: { type: "object", properties: { [aimed.key]: { anyOf: [rival.schema, aimed.schema], ...(aimed.description !== undefined ? { description: aimed.description } : {}) } }, required: [aimed.key] },
        value: aimed.example.slice(0, m) + "!" + aimed.example.slice(m),
        aimed: aimed.schema,
      });
    }
  }
  return out;
}

/**
 * Real number, integer and boolean fields of the corpus, each made the second branch of a union
 * whose first is a real string rule (a pattern or a format), given its own example as a
 * string ("42", "true"): the model quoted a value of the field's type, and the branch meant is
 * that type's, whatever the string rule makes of it. At most `max` tools, in corpus order.
 */
export function unionSpelledTools(fields: Parameters<typeof unionShapeTools>[0], max = 80): { name: string; description: string; inputSchema: Obj; value: string; aimed: Obj }[] {
  const rules = unionShapeTools(fields, 10_000).map((t) => (Object.values(t.inputSchema.properties as Obj)[0] as { anyOf: Obj[] }).anyOf[1]!);
  const unique = [...new Map(rules.map((r) => [JSON.stringify(r), r])).values()];
  const out: { name: string; description: string; inputSchema: Obj; value: string; aimed: Obj }[] = [];
  for (const f of fields) {
    if (out.length >= max || unique.length === 0) break;
    const t = f.node.types;
    if (t?.length !== 1 || !["integer", "number", "boolean"].includes(t[0]!) || f.example === undefined || f.node.enum || f.node.const) continue;
    const n = f.node as Obj;
    const aimed: Obj = { type: t[0] };
    for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]) if (n[k] !== undefined) aimed[k] = n[k];
    const key = f.loc.split("/").pop()!.replace(/~1/g, "/").replace(/~0/g, "~");
    out.push({ name: `${f.tool}_${out.length}`, description: "", inputSchema: { type: "object", properties: { [key]: { anyOf: [unique[out.length % unique.length]!, aimed] } }, required: [key] }, value: String(JSON.parse(f.example)), aimed });
  }
  return out;
}
