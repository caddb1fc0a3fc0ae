// A tool's inputSchema as OpenAI function calling takes it: strict mode where the
// schema can be written in strict mode's subset, else the schema as it is, sent with
// strict: false and the reason. The subset, as OpenAI's Structured Outputs guide
// ("Supported schemas") states it: types string, number, boolean, integer, object,
// array, enum, anyOf (null through a type list); every object lists all its properties
// in `required` and has additionalProperties: false (an optional property becomes
// nullable); $defs with $ref, recursion included; the root an object, not anyOf;
// beside the type, only: string pattern and format (date-time, time, date, duration,
// email, hostname, ipv4, ipv6, uuid); number multipleOf, maximum, exclusiveMaximum,
// minimum, exclusiveMinimum; array minItems, maxItems. Limits: 5000 properties, 10
// levels of nesting, 1000 enum values. A `$ref` cannot have siblings there (OpenAI's
// own SDK inlines it). Other check keywords are left out and reported (Loss): the
// validator still checks them.
import type { ProviderPlan, ToolPlan } from "@toolform/runtime/rt/provider";
import { ANNOTATIONS, childPointer, isObject, jsonTypeOf, localRef, typesOf, type Loss } from "./shared.js";

export interface OpenAIConversion {
  strict: boolean;
  /** The schema to send as `parameters`. */
  parameters: Record<string, unknown>;
  /** Why the tool is not strict. */
  reason?: string;
  /** Where the strict shape of an argument differs from the tool's (runtime rt/provider.ts). */
  plan: ToolPlan;
  losses: Loss[];
}

const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
const KEEP: Record<string, ReadonlySet<string>> = {
  string: new Set(["pattern"]),
  number: new Set(["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"]),
  array: new Set(["minItems", "maxItems"]),
};
KEEP.integer = KEEP.number!;
/** Handled below (structure), never left out as such. */
const STRUCTURE = new Set(["type", "properties", "required", "additionalProperties", "items", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "format"]);
/** Shown to the model as they are. */
const KEPT_ANNOTATIONS = ["title", "description", "default"];
const MAX_PROPERTIES = 5000;
const MAX_NESTING = 10;
const MAX_ENUM_VALUES = 1000;

class NotStrict extends Error {
  constructor(
    readonly at: string,
    readonly why: string,
  ) {
    super(why);
  }
}

interface Out {
  schema: Record<string, unknown>;
  plan: ProviderPlan;
}

export function toOpenAI(inputSchema: unknown): OpenAIConversion {
  const c = new Converter(inputSchema);
  try {
    if (!isObject(inputSchema) || "anyOf" in inputSchema || "oneOf" in inputSchema) throw new NotStrict("", "the root is not a plain object schema (strict mode needs an object at the root, not anyOf)");
    const root = c.convertRoot(inputSchema);
    if (root.schema.type !== "object") throw new NotStrict("", "the root is not an object");
    if (c.properties > MAX_PROPERTIES) throw new NotStrict("", `${c.properties} properties (strict mode takes at most ${MAX_PROPERTIES})`);
    if (c.enumValues > MAX_ENUM_VALUES) throw new NotStrict("", `${c.enumValues} enum values (strict mode takes at most ${MAX_ENUM_VALUES})`);
    const parameters = Object.keys(c.defs).length ? { ...root.schema, $defs: c.defs } : root.schema;
    if (c.rootRecursive && root.plan) c.planDefs["#"] = root.plan;
    const d = Object.keys(c.planDefs).length ? { d: c.planDefs } : {};
    return { strict: true, parameters, plan: { root: root.plan, ...d }, losses: c.losses };
  } catch (e) {
    if (!(e instanceof NotStrict)) throw e;
    const where = e.at === "" ? "" : ` at ${e.at}`;
    return { strict: false, parameters: isObject(inputSchema) ? inputSchema : { type: "object" }, reason: e.why + where, plan: { root: 0 }, losses: [] };
  }
}

class Converter {
  losses: Loss[] = [];
  defs: Record<string, Record<string, unknown>> = {};
  planDefs: Record<string, ProviderPlan> = {};
  properties = 0;
  enumValues = 0;
  /** Pointers of the $ref targets being converted (a $ref to one of them is recursion). */
  private stack: string[] = [];
  private recursive = new Map<string, string>();

  constructor(private readonly root: unknown) {}

  /** Whether the schema refers to its own root ("#"). */
  get rootRecursive(): boolean {
    return this.recursive.has("");
  }

  convertRoot(s: Record<string, unknown>): Out {
    this.stack.push("");
    return this.convert(s, "", 0, true);
  }

  private defName(pointer: string): string {
    let name = this.recursive.get(pointer);
    if (name === undefined) {
      const last = pointer.split("/").pop() || "root";
      name = last.replace(/[^A-Za-z0-9_-]/g, "_");
      const used = new Set(this.recursive.values());
      for (let i = 2; used.has(name); i++) name = `${last.replace(/[^A-Za-z0-9_-]/g, "_")}_${i}`;
      this.recursive.set(pointer, name);
    }
    return name;
  }

  convert(s: unknown, at: string, depth: number, isRoot = false): Out {
    if (s === true || (isObject(s) && Object.keys(s).every((k) => ANNOTATIONS.has(k)))) throw new NotStrict(at, "a value of any type (strict mode needs a type)");
    if (s === false || !isObject(s)) throw new NotStrict(at, "a schema no value satisfies");
    if (typeof s.$ref === "string") return this.ref(s, at, depth);
    if ("$ref" in s || "$dynamicRef" in s || "$recursiveRef" in s) throw new NotStrict(at, "a reference strict mode cannot follow");
    if (Array.isArray(s.allOf)) {
      const rest = Object.keys(s).filter((k) => k !== "allOf" && !ANNOTATIONS.has(k));
      if (s.allOf.length !== 1 || rest.length) throw new NotStrict(at, "allOf (strict mode has no intersection)");
      const inner = this.convert(s.allOf[0], childPointer(at, "allOf", 0), depth);
      return { schema: { ...inner.schema, ...annotations(s) }, plan: inner.plan };
    }
    const union = Array.isArray(s.anyOf) ? "anyOf" : Array.isArray(s.oneOf) ? "oneOf" : undefined;
    if (union) return this.union(s, union, at, depth);
    const out: Record<string, unknown> = {};
    let types = typesOf(s);
    let values: unknown[] | undefined = Array.isArray(s.enum) ? s.enum : "const" in s ? [s.const] : undefined;
    if (values) {
      if (values.some((v) => typeof v === "object" && v !== null)) throw new NotStrict(at, "an enum or const of objects or arrays");
      const valueTypes = [...new Set(values.map(jsonTypeOf).map((t) => (t === "integer" ? "number" : t)))];
      // Values the type excludes cannot be sent anyway: keep those it allows.
      if (types.length) values = values.filter((v) => types.includes(jsonTypeOf(v)) || (jsonTypeOf(v) === "integer" && types.includes("number")));
      else types = valueTypes;
      this.enumValues += values.length;
    }
    if (types.length === 0) throw new NotStrict(at, "no type (strict mode needs one)");
    const structured = types.filter((t) => t === "object" || t === "array");
    if (structured.length && types.filter((t) => t !== "null").length > 1) throw new NotStrict(at, `several types with ${structured.join(" and ")} among them`);
    out.type = types.length === 1 ? types[0] : types;
    if (values) out.enum = values;
    Object.assign(out, annotations(s));
    let plan: ProviderPlan = 0;
    for (const [k, v] of Object.entries(s)) {
      if (STRUCTURE.has(k) || ANNOTATIONS.has(k)) continue;
      if (k === "prefixItems" || (k === "items" && Array.isArray(v))) throw new NotStrict(at, "a tuple (prefixItems)");
      // Draft-04's boolean exclusiveMinimum is not a bound strict mode reads.
      if (types.some((t) => KEEP[t]?.has(k)) && (typeof v === "number" || (k === "pattern" && typeof v === "string"))) out[k] = v;
      else this.losses.push({ at, keyword: k });
    }
    if (typeof s.format === "string") {
      if (types.includes("string") && FORMATS.has(s.format)) out.format = s.format;
      else this.losses.push({ at, keyword: "format", note: `format "${s.format}" is not one strict mode knows` });
    }
    if (types.includes("object")) plan = this.object(s, out, at, depth, isRoot);
    if (types.includes("array")) {
      if (!isObject(s.items) && s.items !== undefined) throw new NotStrict(at, "array items that are not a schema");
      if (s.items === undefined) throw new NotStrict(at, "array items of any type (strict mode needs their schema)");
      const item = this.convert(s.items, childPointer(at, "items"), depth + 1);
      out.items = item.schema;
      if (item.plan) plan = { a: item.plan };
    }
    return { schema: out, plan };
  }

  private object(s: Record<string, unknown>, out: Record<string, unknown>, at: string, depth: number, isRoot: boolean): ProviderPlan {
    if (depth + 1 > MAX_NESTING) throw new NotStrict(at, `objects nested more than ${MAX_NESTING} levels deep`);
    const props = isObject(s.properties) ? s.properties : {};
    const names = Object.keys(props);
    const ap = s.additionalProperties;
    if (ap !== undefined && ap !== false && ap !== true) throw new NotStrict(at, "additionalProperties with a schema (keys strict mode cannot list)");
    if (names.length === 0 && !isRoot && ap !== false) throw new NotStrict(at, "an object with free keys (no properties listed)");
    if (ap === true) this.losses.push({ at, keyword: "additionalProperties", note: "strict mode allows no other keys" });
    const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string") : []);
    for (const r of required) if (!names.includes(r)) throw new NotStrict(at, `"${r}" is required but not among the properties`);
    this.properties += names.length;
    const outProps: Record<string, unknown> = {};
    const o: Record<string, ProviderPlan> = {};
    const n: string[] = [];
    const m: string[] = [];
    for (const name of names) {
      const where = childPointer(at, "properties", name);
      const p = this.convert(props[name], where, depth + 1);
      let schema = p.schema;
      if (!required.has(name)) {
        if (acceptsNull(schema)) {
          this.losses.push({ at: where, keyword: "required", note: "optional and nullable: null also stands for left out" });
          m.push(name);
        } else {
          schema = nullable(schema);
          n.push(name);
        }
      }
      outProps[name] = schema;
      if (p.plan) o[name] = p.plan;
    }
    out.properties = outProps;
    out.required = names;
    out.additionalProperties = false;
    if (!n.length && !m.length && !Object.keys(o).length) return 0;
    return { ...(Object.keys(o).length ? { o } : {}), ...(n.length ? { n } : {}), ...(m.length ? { m } : {}) };
  }

  private union(s: Record<string, unknown>, kw: "anyOf" | "oneOf", at: string, depth: number): Out {
    const rest = Object.keys(s).filter((k) => k !== kw && !ANNOTATIONS.has(k));
    if (rest.length) throw new NotStrict(at, `${kw} beside other checks (${rest.join(", ")})`);
    if (kw === "oneOf") this.losses.push({ at, keyword: "oneOf", note: "sent as anyOf" });
    const branches = (s[kw] as unknown[]).map((b, i) => this.convert(b, childPointer(at, kw, i), depth));
    const schema: Record<string, unknown> = { anyOf: branches.map((b) => b.schema), ...annotations(s) };
    // Which alternative a value took: an object by its names (strict objects carry all of them), an array by being one.
    const objects: [string[], ProviderPlan][] = [];
    let arrays: ProviderPlan[] = [];
    branches.forEach((b) => {
      const t = typesOf(b.schema);
      if (t.includes("object")) objects.push([Object.keys((b.schema.properties as object) ?? {}), b.plan]);
      else if (t.includes("array")) arrays.push(b.plan);
      else if (b.schema.$ref !== undefined && b.plan) objects.push([this.refNames(b.schema), b.plan]);
    });
    arrays = arrays.filter(Boolean);
    if (arrays.length > 1 && new Set(arrays.map((a) => JSON.stringify(a))).size > 1) throw new NotStrict(at, `${kw} with several array alternatives shaped differently`);
    const withPlan = objects.filter(([, p]) => p);
    for (const [names, p] of withPlan) {
      const same = objects.filter(([other]) => other.length === names.length && other.every((k) => names.includes(k)));
      if (same.some(([, q]) => JSON.stringify(q) !== JSON.stringify(p))) throw new NotStrict(at, `${kw} alternatives with the same properties and different optional ones`);
    }
    if (!withPlan.length && !arrays.length) return { schema, plan: 0 };
    return { schema, plan: { u: objects, ...(arrays.length ? { ua: arrays[0]! } : {}) } };
  }

  /** The property names of a recursive definition (an anyOf alternative that is a $ref). */
  private refNames(s: Record<string, unknown>): string[] {
    const name = String(s.$ref).replace(/^#\/\$defs\//, "");
    const def = s.$ref === "#" ? undefined : this.defs[name];
    return Object.keys((def?.properties as object) ?? {});
  }

  private ref(s: Record<string, unknown>, at: string, depth: number): Out {
    const target = localRef(this.root, s.$ref);
    if (!target) throw new NotStrict(at, `$ref ${JSON.stringify(s.$ref)} is not a pointer into the tool's own schema`);
    const siblings = Object.keys(s).filter((k) => k !== "$ref" && !ANNOTATIONS.has(k));
    if (siblings.length) throw new NotStrict(at, `$ref beside other checks (${siblings.join(", ")})`);
    if (this.stack.includes(target.pointer)) {
      // Recursion: the target goes to $defs ("#" for the root) and is referred to.
      const name = target.pointer === "" ? "#" : this.defName(target.pointer);
      if (target.pointer === "") this.recursive.set("", "#");
      return { schema: { $ref: name === "#" ? "#" : `#/$defs/${name}`, ...annotations(s) }, plan: { $: name } };
    }
    this.stack.push(target.pointer);
    let inner: Out;
    try {
      inner = this.convert(target.schema, target.pointer, depth);
    } finally {
      this.stack.pop();
    }
    if (target.pointer !== "" && this.recursive.has(target.pointer)) {
      const name = this.recursive.get(target.pointer)!;
      this.defs[name] = inner.schema;
      if (inner.plan) this.planDefs[name] = inner.plan;
      return { schema: { $ref: `#/$defs/${name}`, ...annotations(s) }, plan: inner.plan ? { $: name } : 0 };
    }
    return { schema: { ...inner.schema, ...annotations(s) }, plan: inner.plan };
  }
}

function annotations(s: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KEPT_ANNOTATIONS) if (k in s) out[k] = s[k];
  return out;
}

function acceptsNull(s: Record<string, unknown>): boolean {
  if (typesOf(s).includes("null")) return true;
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some((b) => isObject(b) && acceptsNull(b));
}

/** `s` that also takes null: a type list with "null", or an anyOf alternative. */
function nullable(s: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: [...s.anyOf, { type: "null" }] };
  if (s.$ref !== undefined) {
    const { $ref, ...notes } = s;
    return { anyOf: [{ $ref }, { type: "null" }], ...notes };
  }
  const types = typesOf(s);
  return { ...s, type: [...types, "null"], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) };
}
