// JSON Schema → IR. Every keyword of every schema place is either consumed
// into a field of IRNode, recognised as an annotation, handed to the ajv
// fallback (keywords the emitter does not judge itself), or reported.
import type { UncheckedKind } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { escapePointer, isObject } from "./dialect.js";
import { JSON_TYPES, type CompareRule, type Dialect, type IR, type IRNode, type JsonType } from "./ir.js";
import { metaSchemas } from "./meta-schemas.js";
import { formatEntry, type CustomFormat } from "./formats.js";
import { unboundedPattern } from "./lint/redos.js";
import { PATTERN_FIX, patternCompileError } from "./pattern.js";
import { DEFAULT_BASE, SchemaRegistry, type Placed } from "./refs.js";

export interface ToIROptions {
  /** Dialect when the schema has no `$schema`. */
  dialect?: Dialect;
  /** "assert": formats are checked (toolform's default for tools); "annotate": formats are annotations (the spec's default). */
  formats?: "assert" | "annotate";
  /** Other schema documents by URI, for remote $ref. */
  remotes?: Record<string, unknown>;
  /**
   * What the validator may leave unchecked with only a warning (config `allowUnchecked`).
   * Default none: a `pattern` that does not compile, an unknown `format`, or a keyword the
   * compiler does not consume is a build error (fail closed).
   */
  allowUnchecked?: readonly UncheckedKind[];
  /** Formats of one's own (config `formats: { name: "annotation" | RegExp }`); they take precedence over the vocabulary. */
  customFormats?: Readonly<Record<string, CustomFormat>>;
}

export interface ToIRResult {
  ir: IR;
  diagnostics: Diagnostic[];
}

/** Keywords that are never checks. */
const ANNOTATIONS = new Set([
  "$schema", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$comment", "$vocabulary",
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
  "contentEncoding", "contentMediaType", "contentSchema",
]);

/** Keywords that only exist in one dialect (elsewhere they are unknown words, which the spec ignores). */
const ONLY_2020 = new Set(["prefixItems", "dependentRequired", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "minContains", "maxContains", "$dynamicRef", "$dynamicAnchor", "$anchor"]);
const ONLY_07 = new Set(["additionalItems"]);


// The format vocabulary lives in formats.ts; re-exported for the emitters that read it here.
export { KNOWN_FORMATS, NUMBER_FORMATS } from "./formats.js";

const COMPARE_OPS = new Set(["<", "<=", ">", ">=", "==", "!="]);

export function toIR(schema: unknown, options: ToIROptions = {}): ToIRResult {
  const registry = new SchemaRegistry({ ...metaSchemas(), ...options.remotes });
  const rootBase = isObject(schema) && typeof schema.$id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(schema.$id) ? schema.$id.replace(/#.*$/, "") : DEFAULT_BASE;
  const top = registry.addDocument(schema, rootBase, options.dialect ?? "2020-12", true);
  const b = new IRBuilder(registry, options.formats ?? "assert", new Set(options.allowUnchecked ?? []), options.customFormats ?? {});
  const root = b.node(top);
  b.finishRefs();
  return { ir: { root, nodes: b.nodes, refTargets: b.refTargets, dialect: top.dialect }, diagnostics: b.diagnostics };
}

class IRBuilder {
  nodes: IRNode[] = [];
  refTargets = new Set<IRNode>();
  diagnostics: Diagnostic[] = [];
  private memo = new Map<object, IRNode>();
  private pendingScopes: { node: IRNode; anchors: [string, Placed][] }[] = [];
  private pendingRefs: { node: IRNode; ref: string; from: Placed; dynamic?: boolean }[] = [];

  constructor(
    private registry: SchemaRegistry,
    private formats: "assert" | "annotate",
    private allowUnchecked: ReadonlySet<UncheckedKind>,
    private customFormats: Readonly<Record<string, CustomFormat>>,
  ) {}

  private warn(loc: string, code: string, message: string, hint?: string): void {
    this.diagnostics.push({ severity: "warning", code, message, pointer: loc, ...(hint ? { hint } : {}) });
  }
  private error(loc: string, code: string, message: string, hint?: string): void {
    this.diagnostics.push({ severity: "error", code, message, pointer: loc, ...(hint ? { hint } : {}) });
  }
  /**
   * A part of the schema the validator would not check. Fail closed: a build error naming
   * the place and the fix, unless the config allows this kind (`allowUnchecked`): then a warning.
   */
  private unchecked(kind: UncheckedKind, loc: string, code: string, what: string, fix: string): void {
    if (this.allowUnchecked.has(kind)) this.warn(loc, code, `${what}; it is not checked (allowUnchecked: "${kind}")`, fix);
    else this.error(loc, code, `${what}, so the validator cannot check it`, `${fix}; or set allowUnchecked: ["${kind}"] in toolform.config.ts to build with it unchecked (a warning)`);
  }

  /**
   * A pattern V8 could backtrack on that the linear matcher cannot run (src/schema/lint/redos.ts):
   * a build error, or with allowUnchecked "pattern" a warning, and then its input is bounded
   * by a measured worst case.
   */
  private unbounded(pattern: string, loc: string, what: string): void {
    const u = unboundedPattern(pattern);
    if (!u) return;
    const msg = `${what} is ${u.verdict}, and the linear-time matcher cannot run it: ${u.why}`;
    const fix = "rewrite it without backreferences and lookaround (or with smaller counted repetitions)";
    if (this.allowUnchecked.has("pattern")) this.warn(loc, "schema/redos-unbounded", `${msg}; it is checked only on values up to a measured length (allowUnchecked: "pattern")`, fix);
    else this.error(loc, "schema/redos-unbounded", `${msg}, so a value could stall the check`, `${fix}; or set allowUnchecked: ["pattern"] in toolform.config.ts to check it only on values up to a measured length (a warning)`);
  }

  /** The node for a placed schema (memoised by object, so recursion ends). */
  node(p: Placed): IRNode {
    const s = p.schema;
    if (isObject(s)) {
      const seen = this.memo.get(s);
      if (seen) return seen;
    }
    const n: IRNode = { id: this.nodes.length, loc: p.loc };
    this.nodes.push(n);
    if (typeof s === "boolean") {
      n.bool = s;
      return n;
    }
    if (!isObject(s)) {
      this.error(p.loc, "schema/not-a-schema", `a schema must be an object or a boolean, got ${JSON.stringify(s)?.slice(0, 40)}`);
      n.bool = true;
      return n;
    }
    this.memo.set(s, n);
    this.fill(n, s, p);
    const anchors = this.registry.dynamicAnchorsOf(s);
    if (anchors.length) this.pendingScopes.push({ node: n, anchors });
    return n;
  }

  private child(parent: Placed, value: unknown, rel: string): IRNode {
    const placed = this.registry.placeOf(value) ?? { schema: value, base: parent.base, dialect: parent.dialect, loc: parent.loc + rel };
    return this.node(placed);
  }

  private fill(n: IRNode, s: Record<string, unknown>, p: Placed): void {
    const d = p.dialect;
    const loc = (k: string) => p.loc + "/" + escapePointer(k);
    let keys = Object.keys(s);

    if (d === "draft-07" && typeof s.$ref === "string") {
      const ignored = keys.filter((k) => k !== "$ref" && !ANNOTATIONS.has(k) && !k.startsWith("x-"));
      if (ignored.length) this.warn(p.loc, "schema/ref-siblings", `draft-07 ignores keywords beside $ref: ${ignored.join(", ")}`, "wrap them with the $ref in an allOf, or move the schema to draft 2020-12");
      keys = ["$ref"];
    }

    for (const k of keys) {
      const v = s[k];
      if (ANNOTATIONS.has(k)) {
        this.annotation(n, k, v);
        continue;
      }
      if ((d === "draft-07" && ONLY_2020.has(k)) || (d === "2020-12" && ONLY_07.has(k) && !Array.isArray(s.items))) {
        this.unchecked("keyword", loc(k), "schema/other-dialect", `"${k}" is not a keyword of ${d}`, `declare "$schema" for the dialect that has it, or remove "${k}"`);
        continue;
      }
      switch (k) {
        case "type": {
          const list = Array.isArray(v) ? v : [v];
          n.types = list.filter((t): t is JsonType => JSON_TYPES.includes(t as JsonType));
          if (n.types.length !== list.length) this.error(loc(k), "schema/bad-type", `unknown type in ${JSON.stringify(v)}`, `use one of ${JSON_TYPES.join(", ")}`);
          break;
        }
        case "enum":
          n.enum = Array.isArray(v) ? v : [];
          break;
        case "const":
          n.const = { value: v };
          break;
        case "minimum":
        case "maximum":
        case "exclusiveMinimum":
        case "exclusiveMaximum":
        case "multipleOf":
        case "minLength":
        case "maxLength":
        case "minItems":
        case "maxItems":
        case "minProperties":
        case "maxProperties":
        case "minContains":
        case "maxContains":
          if (typeof v === "number") n[k] = v;
          else if (typeof v === "boolean" && (k === "exclusiveMinimum" || k === "exclusiveMaximum")) this.error(loc(k), "schema/draft4", `boolean "${k}" is draft-04 syntax`, `write the limit itself: "${k}": <number>`);
          else this.error(loc(k), "schema/bad-value", `"${k}" must be a number`);
          break;
        case "pattern":
          if (typeof v === "string") {
            const why = patternCompileError(v);
            if (why === undefined) {
              n.pattern = v;
              this.unbounded(v, loc(k), `pattern ${JSON.stringify(v)}`);
            } else this.unchecked("pattern", loc(k), "schema/bad-pattern", `pattern ${JSON.stringify(v)} does not compile as a JavaScript RegExp with the "u" flag (${why})`, PATTERN_FIX);
          }
          break;
        case "format":
          if (typeof v === "string" && this.formats === "assert") this.format(n, v, loc(k));
          break;
        case "uniqueItems":
          if (v === true) n.uniqueItems = true;
          break;
        case "items":
          if (Array.isArray(v)) {
            // draft-07 tuple form (also accepted in 2020-12 documents that still use it, as ajv does).
            if (d === "2020-12") this.warn(loc(k), "schema/items-array", `"items" as an array is draft-07 syntax; read as prefixItems`, `write "prefixItems": [...] in 2020-12`);
            n.prefixItems = v.map((x, i) => this.child(p, x, `/items/${i}`));
            if (d === "draft-07" && s.additionalItems !== undefined) n.items = this.child(p, s.additionalItems, "/additionalItems");
          } else n.items = this.child(p, v, "/items");
          break;
        case "additionalItems":
          // consumed with an "items" array; without one it does nothing (draft-07 says so).
          if (!Array.isArray(s.items)) this.warn(loc(k), "schema/no-effect", `"additionalItems" does nothing without an "items" array`, `remove it, or use "items" for every item`);
          break;
        case "prefixItems":
          if (Array.isArray(v)) n.prefixItems = v.map((x, i) => this.child(p, x, `/prefixItems/${i}`));
          break;
        case "contains":
          n.contains = this.child(p, v, "/contains");
          break;
        case "properties":
          if (isObject(v)) n.properties = Object.keys(v).map((name) => [name, this.child(p, v[name], `/properties/${escapePointer(name)}`)]);
          break;
        case "patternProperties":
          if (isObject(v)) {
            n.patternProperties = [];
            for (const re of Object.keys(v)) {
              // Always an error (no allowUnchecked): skipping the key would move its properties under additionalProperties.
              const why = patternCompileError(re);
              if (why === undefined) {
                this.unbounded(re, loc(k) + "/" + escapePointer(re), `patternProperties key ${JSON.stringify(re)}`);
                n.patternProperties.push([re, this.child(p, v[re], `/patternProperties/${escapePointer(re)}`)]);
              } else this.error(loc(k) + "/" + escapePointer(re), "schema/bad-pattern", `patternProperties key ${JSON.stringify(re)} does not compile as a JavaScript RegExp with the "u" flag (${why})`, PATTERN_FIX);
            }
          }
          break;
        case "additionalProperties":
          n.additionalProperties = this.child(p, v, "/additionalProperties");
          break;
        case "unevaluatedProperties":
          n.unevaluatedProperties = this.child(p, v, "/unevaluatedProperties");
          break;
        case "unevaluatedItems":
          n.unevaluatedItems = this.child(p, v, "/unevaluatedItems");
          break;
        case "propertyNames":
          n.propertyNames = this.child(p, v, "/propertyNames");
          break;
        case "required":
          if (Array.isArray(v)) n.required = [...new Set(v.filter((x): x is string => typeof x === "string"))];
          break;
        case "dependentRequired":
          if (isObject(v)) n.dependentRequired = [...(n.dependentRequired ?? []), ...Object.keys(v).map((key): [string, string[]] => [key, (v[key] as string[]) ?? []])];
          break;
        case "dependentSchemas":
          if (isObject(v)) n.dependentSchemas = [...(n.dependentSchemas ?? []), ...Object.keys(v).map((key): [string, IRNode] => [key, this.child(p, v[key], `/dependentSchemas/${escapePointer(key)}`)])];
          break;
        case "dependencies":
          // draft-07 (and ajv's 2020 compatibility): arrays are dependentRequired, schemas dependentSchemas.
          if (isObject(v))
            for (const key of Object.keys(v)) {
              const dep = v[key];
              if (Array.isArray(dep)) (n.dependentRequired ??= []).push([key, dep.filter((x): x is string => typeof x === "string")]);
              else (n.dependentSchemas ??= []).push([key, this.child(p, dep, `/dependencies/${escapePointer(key)}`)]);
            }
          break;
        case "allOf":
        case "anyOf":
        case "oneOf":
          if (Array.isArray(v)) n[k] = v.map((x, i) => this.child(p, x, `/${k}/${i}`));
          break;
        case "not":
        case "if":
        case "then":
        case "else":
          n[k] = this.child(p, v, "/" + k);
          break;
        case "$ref":
          if (typeof v === "string") this.pendingRefs.push({ node: n, ref: v, from: p });
          break;
        case "$dynamicRef":
          if (typeof v === "string") this.pendingRefs.push({ node: n, ref: v, from: p, dynamic: true });
          break;
        case "x-compare":
          n.compare = this.compareRules(v, loc(k));
          break;
        case "errorMessage":
          if (typeof v === "string" || (isObject(v) && Object.values(v).every((m) => typeof m === "string"))) n.errorMessage = v as string | Record<string, string>;
          else this.error(loc(k), "schema/bad-error-message", `"errorMessage" must be a string or an object of keyword → string`);
          break;
        case "discriminator":
          // OpenAPI 3 (and pydantic's tagged unions): no effect on validity (JSON Schema ignores
          // it, as ajv does by default); the error path uses it to pick the branch the value names.
          if (isObject(v) && typeof v.propertyName === "string" && (v.mapping === undefined || (isObject(v.mapping) && Object.values(v.mapping).every((r) => typeof r === "string"))))
            n.discriminator = { property: v.propertyName, ...(v.mapping ? { mapping: v.mapping as Record<string, string> } : {}) };
          else this.error(loc(k), "schema/bad-discriminator", `"discriminator" must be {"propertyName": string, "mapping"?: {value: "$ref"}} (OpenAPI 3)`, `e.g. "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat"}}`);
          break;
        case "nullable":
          this.warn(loc(k), "schema/openapi-nullable", `"nullable" is OpenAPI, not JSON Schema; it is ignored`, `write "type": [<type>, "null"] instead`);
          break;
        default:
          if (k.startsWith("x-")) break; // vendor extension: an annotation by convention
          this.unchecked("keyword", loc(k), "schema/unknown-keyword", `"${k}" is not a JSON Schema keyword toolform knows`, `fix its spelling, remove it, or prefix vendor data with "x-" (an annotation)`);
      }
    }
    // then/else without if do nothing (spec): drop them so no code is emitted.
    if (!n.if) {
      delete n.then;
      delete n.else;
    }
    if ((n.minContains !== undefined || n.maxContains !== undefined) && !n.contains) {
      delete n.minContains;
      delete n.maxContains;
    }
  }

  /**
   * A format: the config's own first (an annotation, or a RegExp run as a pattern), then the
   * vocabulary (checked, or an annotation the lint notes); any other name fails closed.
   */
  private format(n: IRNode, v: string, at: string): void {
    const own = Object.prototype.hasOwnProperty.call(this.customFormats, v) ? this.customFormats[v] : undefined;
    if (own !== undefined) {
      if (own !== "annotation") {
        n.format = v;
        n.formatPattern = own.pattern;
      }
      return;
    }
    const known = formatEntry(v);
    if (known !== undefined) {
      if (known.kind !== "annotation") n.format = v;
      return;
    }
    this.unchecked(
      "format",
      at,
      "schema/unknown-format",
      `format ${JSON.stringify(v)} is in no vocabulary toolform knows (JSON Schema, pydantic, OpenAPI)`,
      `name it in toolform.config.ts: formats: { ${JSON.stringify(v)}: "annotation" } (accepted as it is) or formats: { ${JSON.stringify(v)}: /^…$/ } (checked like a pattern); or use a known format (docs/formats.md) or a "pattern"`,
    );
  }

  private annotation(n: IRNode, k: string, v: unknown): void {
    if (k === "title" && typeof v === "string") n.title = v;
    else if (k === "description" && typeof v === "string") n.description = v;
    else if (k === "default") n.default = { value: v };
    else if (k === "examples" && Array.isArray(v)) n.examples = v;
  }

  private compareRules(v: unknown, loc: string): CompareRule[] | undefined {
    const list = Array.isArray(v) ? v : [v];
    const rules: CompareRule[] = [];
    for (const r of list) {
      if (isObject(r) && typeof r.left === "string" && typeof r.right === "string" && typeof r.op === "string" && COMPARE_OPS.has(r.op)) rules.push({ left: r.left, op: r.op as CompareRule["op"], right: r.right });
      else this.error(loc, "schema/bad-compare", `"x-compare" rules are {left, op, right} with op one of ${[...COMPARE_OPS].join(" ")}`, `e.g. "x-compare": [{"left": "end_iso", "op": ">", "right": "start_iso"}]`);
    }
    return rules.length ? rules : undefined;
  }

  /** Resolves $refs once every node exists (a ref may point forward or back to itself). */
  finishRefs(): void {
    while (this.pendingRefs.length || this.pendingScopes.length) {
      const sc = this.pendingScopes.shift();
      if (sc) {
        if (sc.node.scope) continue;
        sc.node.scope = sc.anchors.map(([name, placed]) => {
          const t = this.node(placed);
          this.refTargets.add(t);
          return [name, t];
        });
        continue;
      }
      const { node, ref, from, dynamic } = this.pendingRefs.shift()!;
      const target = this.registry.resolve(ref, from.base);
      if (!target || target.schema === undefined) {
        this.error(from.loc + "/$ref", "schema/ref-not-found", `$ref ${JSON.stringify(ref)} points nowhere`, `point it at a schema in this document (e.g. "#/$defs/name") or add the document to the config's "schemas"`);
        continue;
      }
      const t = this.node(target);
      this.refTargets.add(t);
      // Following a reference enters the target's resource, even below its root
      // (its $dynamicAnchors join the dynamic scope).
      if (!t.scope && !this.pendingScopes.some((x) => x.node === t)) {
        const anchors = this.registry.dynamicAnchorsIn(target.base);
        if (anchors.length) this.pendingScopes.push({ node: t, anchors });
      }
      if (!dynamic) {
        node.ref = { ref, target: t };
        continue;
      }
      // Dynamic only when the fragment is a plain name and the static target declares
      // that $dynamicAnchor ("bookending"); otherwise $dynamicRef acts as $ref.
      const frag = ref.includes("#") ? decodeURIComponent(ref.slice(ref.indexOf("#") + 1)) : "";
      const anchored = frag !== "" && !frag.startsWith("/") && isObject(target.schema) && target.schema.$dynamicAnchor === frag;
      node.dynamicRef = anchored ? { ref, target: t, name: frag } : { ref, target: t };
    }
  }
}
