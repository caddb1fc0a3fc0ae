// The ready-made wrong calls: the mistakes models make (numeric strings, an enum value
// in the wrong case, an unknown argument, a missing field, a wrong format), each made
// from the tool's own schema: a plausible call built from its examples, defaults,
// enums and formats, then changed in one place. A mistake the schema gives no place
// for (no number, no enum, ...) is offered as unavailable, with the reason.
type Schema = Record<string, unknown>;
type Args = Record<string, unknown>;

export interface Mistake {
  id: "numeric-string" | "enum-case" | "unknown-argument" | "missing-field" | "wrong-format";
  label: string;
  /** The call's arguments, or why this tool has no place for the mistake. */
  args?: Args;
  why?: string;
}

const isObj = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** A canonical value per format (what a model should send). */
const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2026-01-31T09:00:00Z",
  date: "2026-01-31",
  time: "09:00:00Z",
  duration: "P1D",
  email: "ada@example.com",
  "idn-email": "ada@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/",
  "uri-reference": "/path",
  iri: "https://example.com/",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  regex: "^a+$",
  "json-pointer": "/a/b",
};

/** What a model sends instead (each refused by the format). */
const FORMAT_MISTAKES: Record<string, string> = {
  "date-time": "31/01/2026 9am",
  date: "January 31st",
  time: "9am",
  duration: "one day",
  email: "ada at example.com",
  "idn-email": "ada at example.com",
  hostname: "https://example.com/",
  ipv4: "192.0.2",
  ipv6: "2001:db8:::1:::",
  uri: "example dot com",
  uuid: "123e4567",
  "json-pointer": "a/b",
};

/** The schema a `$ref` to "#/$defs/x" or "#/definitions/x" points at (local refs only). */
function deref(s: unknown, root: Schema, depth = 0): Schema {
  if (!isObj(s)) return {};
  if (typeof s.$ref === "string" && s.$ref.startsWith("#/") && depth < 16) {
    let at: unknown = root;
    for (const k of s.$ref.slice(2).split("/")) at = isObj(at) ? at[k.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    return deref(at, root, depth + 1);
  }
  // A nullable or a union: the first branch that is not null.
  for (const key of ["anyOf", "oneOf"]) {
    const alts = s[key];
    if (Array.isArray(alts) && !("type" in s)) {
      const first = alts.map((a) => deref(a, root, depth + 1)).find((a) => a.type !== "null");
      if (first) return first;
    }
  }
  return s;
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return (s.type as string[]).find((t) => t !== "null");
  if (typeof s.type === "string") return s.type;
  if (isObj(s.properties)) return "object";
  if (Array.isArray(s.enum)) return typeof s.enum[0] === "number" ? "number" : typeof s.enum[0] === "string" ? "string" : undefined;
  return undefined;
}

/** Every type a schema allows (its `type`, as a list). */
function typesOf(s: Schema): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
}

/** A string the pattern refuses (the first of a few unlikely ones), if any. */
function notMatching(pattern: string): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  return ["not this !", "", " ", "0", "x", "-", "Ω"].find((c) => !re.test(c));
}

/** A plausible value for a schema (not guaranteed valid: the validator judges it). */
export function sample(schema: unknown, root: Schema, depth = 0): unknown {
  const s = deref(schema, root);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ("default" in s) return s.default;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const t = typeOf(s);
  if (t === "string") {
    if (typeof s.format === "string" && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format];
    const min = typeof s.minLength === "number" ? s.minLength : 0;
    return "text".padEnd(min, "x");
  }
  if (t === "integer" || t === "number") {
    const min = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : undefined;
    const max = typeof s.maximum === "number" ? s.maximum : undefined;
    let n = min ?? (max !== undefined ? Math.min(max, 1) : 1);
    if (t === "integer") n = Math.ceil(n);
    return n;
  }
  if (t === "boolean") return true;
  if (t === "null") return null;
  if (t === "array") {
    if (depth > 4) return [];
    const n = typeof s.minItems === "number" ? Math.max(1, s.minItems) : 1;
    return Array.from({ length: Math.min(n, 3) }, () => sample(s.items, root, depth + 1));
  }
  if (t === "object") {
    if (depth > 4) return {};
    const out: Args = {};
    const props = isObj(s.properties) ? s.properties : {};
    for (const k of Array.isArray(s.required) ? (s.required as string[]) : []) out[k] = sample(props[k], root, depth + 1);
    return out;
  }
  return "text";
}

interface Place {
  path: string[];
  schema: Schema;
  required: boolean;
}

/** Every property place reachable through objects (not arrays), in schema order, root first. */
function places(root: Schema): Place[] {
  const out: Place[] = [];
  const walk = (schema: unknown, path: string[], depth: number) => {
    const s = deref(schema, root);
    if (depth > 4 || !isObj(s.properties)) return;
    const req = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const [k, v] of Object.entries(s.properties)) {
      const p = deref(v, root);
      out.push({ path: [...path, k], schema: p, required: req.has(k) });
      walk(p, [...path, k], depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

/** `args` with the value at `path` set (objects on the way made from the sample). */
function setAt(args: Args, path: string[], value: unknown, remove = false): Args {
  const copy = structuredClone(args);
  let at: Args = copy;
  for (const k of path.slice(0, -1)) {
    if (!isObj(at[k])) at[k] = {};
    at = at[k] as Args;
  }
  const last = path[path.length - 1]!;
  if (remove) delete at[last];
  else at[last] = value;
  return copy;
}

/** A name one letter off `name` ("colour" for "color": a swap of two letters, else an "s" added). */
function nearMiss(name: string, taken: Set<string>): string {
  const cands: string[] = [];
  for (let i = 0; i + 1 < name.length; i++) if (name[i] !== name[i + 1]) cands.push(name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2));
  cands.push(name + "s", name + "_value");
  return cands.find((c) => !taken.has(c) && /[a-z]/i.test(c)) ?? name + "_2";
}

/** The same letters in another case: "Open" for "open", "OPEN" for "Open", "open" for "OPEN". */
function otherCase(v: string): string {
  const capital = v.charAt(0).toUpperCase() + v.slice(1);
  if (capital !== v) return capital;
  return v.toUpperCase() !== v ? v.toUpperCase() : v.toLowerCase();
}

/** The plausible call the mistakes start from: the required arguments, each from its examples, default, enum or format. */
export function baseCall(inputSchema: unknown): Args {
  const root = isObj(inputSchema) ? inputSchema : {};
  const s = sample(root, root);
  return isObj(s) ? s : {};
}

/** The five ready-made wrong calls for a tool's input schema. */
export function mistakes(inputSchema: unknown): Mistake[] {
  const root = isObj(inputSchema) ? inputSchema : {};
  const base = baseCall(root);
  const all = places(root);
  const top = all.filter((p) => p.path.length === 1);
  // Where a value is set deeper, its parents must exist in the call: only places whose parents are in the sample.
  const reachable = (p: Place) => p.path.slice(0, -1).every((_, i) => isObj(p.path.slice(0, i + 1).reduce<unknown>((o, k) => (isObj(o) ? o[k] : undefined), base)));
  const out: Mistake[] = [];
  const numeric = all.find((p) => (typeOf(p.schema) === "integer" || typeOf(p.schema) === "number") && !typesOf(p.schema).includes("string") && reachable(p));
  out.push(
    numeric
      ? { id: "numeric-string", label: "number as a string", args: setAt(base, numeric.path, String(sample(numeric.schema, root))) }
      : { id: "numeric-string", label: "number as a string", why: "no number or integer argument" },
  );
  // An enum value whose other spelling is not in the enum too.
  let en: Place | undefined;
  let wrongCase = "";
  for (const p of all) {
    if (!Array.isArray(p.schema.enum) || !reachable(p)) continue;
    const values = p.schema.enum as unknown[];
    const v = values.find((x): x is string => typeof x === "string" && !values.includes(otherCase(x)) && otherCase(x) !== x);
    if (v !== undefined) {
      en = p;
      wrongCase = otherCase(v);
      break;
    }
  }
  out.push(en ? { id: "enum-case", label: "enum value in another case", args: setAt(base, en.path, wrongCase) } : { id: "enum-case", label: "enum value in another case", why: "no string enum with letters" });
  const first = top[0];
  out.push(
    first
      ? { id: "unknown-argument", label: "unknown argument", args: { ...base, [nearMiss(first.path[0]!, new Set(top.map((p) => p.path[0]!)))]: base[first.path[0]!] ?? sample(first.schema, root) } }
      : { id: "unknown-argument", label: "unknown argument", args: { ...base, extra: "text" } },
  );
  const req = all.find((p) => p.required && reachable(p));
  out.push(req ? { id: "missing-field", label: "missing required field", args: setAt(base, req.path, undefined, true) } : { id: "missing-field", label: "missing required field", why: "no required argument" });
  const fmt = all.find((p) => typeof p.schema.format === "string" && FORMAT_MISTAKES[p.schema.format] && typesOf(p.schema).every((t) => t === "string" || t === "null") && reachable(p));
  const pat = all.find((p) => typeof p.schema.pattern === "string" && notMatching(p.schema.pattern) !== undefined && typesOf(p.schema).every((t) => t === "string" || t === "null") && reachable(p));
  out.push(
    fmt
      ? { id: "wrong-format", label: "wrong format", args: setAt(base, fmt.path, FORMAT_MISTAKES[fmt.schema.format as string]) }
      : pat
        ? { id: "wrong-format", label: "wrong format", args: setAt(base, pat.path, notMatching(pat.schema.pattern as string)) }
        : { id: "wrong-format", label: "wrong format", why: "no string argument with a format or pattern" },
  );
  return out;
}
