/**
 * Schemas that are wrong in themselves: bounds that exclude every value, required
 * properties that can never be sent, enum/const values of the wrong type, defaults and
 * examples that fail their own schema, `$ref`s to nowhere and `$ref` cycles that never
 * make progress.
 *
 * Severities: impossible schemas are errors (min > max, `$ref` to nowhere, ref cycle,
 * a required property that cannot be sent, an enum none of whose values fits `type`, a
 * `const` that does not fit `type`); a bad default/example, or an enum with *some*
 * values of the wrong type, is a warning, an error when strict.
 */
import { createRequire } from "node:module";
import type Ajv2020Module from "ajv/dist/2020.js";
import type Ajv2019Module from "ajv/dist/2019.js";
import type Ajv07Module from "ajv";
import type addFormatsModule from "ajv-formats";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { JsonSchema } from "../../sources/types.js";
import { patternCompileError } from "../pattern.js";
import { rejectsUndeclared } from "../unknown-args.js";
import { LintContext, show, where } from "./context.js";
import {
  IN_PLACE,
  SchemaIndex,
  childPointer,
  declaredTypes,
  fitsType,
  getAtPointer,
  isLegacyDraft,
  isObject,
  type SchemaNode,
  type SchemaObject,
} from "./walk.js";

// ajv loads only for a schema with a default or an example to check (a rebuild that lints one tool without them does not pay for it).
const require = createRequire(import.meta.url);
const Ajv2020 = () => (require("ajv/dist/2020.js") as typeof Ajv2020Module).default;
const Ajv2019 = () => (require("ajv/dist/2019.js") as typeof Ajv2019Module).default;
const Ajv07 = () => (require("ajv") as typeof Ajv07Module).default;
const addFormats = () => (require("ajv-formats") as typeof addFormatsModule).default;

export function lintSanity(ctx: LintContext, index: SchemaIndex = new SchemaIndex(ctx.def.inputSchema)): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const node of index.nodes) {
    if (!isObject(node.schema)) continue;
    if (ctx.enabled("min-max")) out.push(...minMax(ctx, node, node.schema));
    if (ctx.enabled("enum-type") || ctx.enabled("const-type")) out.push(...enumConstType(ctx, node, node.schema));
    if (ctx.enabled("ref-unresolved")) out.push(...unresolvedRef(ctx, index, node, node.schema));
  }
  if (ctx.enabled("required-undeclared")) out.push(...requiredUndeclared(ctx, index));
  if (ctx.enabled("ref-cycle")) out.push(...refCycles(ctx, index));
  if (ctx.enabled("bad-default") || ctx.enabled("bad-example")) out.push(...defaultsAndExamples(ctx, index));
  return out;
}

// ---------------------------------------------------------------- bounds

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
}

function tighter(a: Bound | undefined, b: Bound | undefined, lower: boolean): Bound | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.value !== b.value) return (lower ? a.value > b.value : a.value < b.value) ? a : b;
  return a.exclusive ? a : b;
}

function minMax(ctx: LintContext, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (keyword: string, message: string, hint: string) =>
    out.push(
      ctx.atSchema(childPointer(node.pointer, keyword), {
        rule: "min-max",
        code: "schema/min-max",
        severity: "error",
        message: `${message} at ${where(node.pointer)}: no value can satisfy both.`,
        hint,
      }),
    );

  // numbers: minimum / exclusiveMinimum (number, or draft-04 boolean) against the maxima
  const exMinBool = s.exclusiveMinimum === true;
  const exMaxBool = s.exclusiveMaximum === true;
  const lower = tighter(
    num(s.minimum) !== undefined ? { value: num(s.minimum)!, exclusive: exMinBool, keyword: "minimum" } : undefined,
    num(s.exclusiveMinimum) !== undefined ? { value: num(s.exclusiveMinimum)!, exclusive: true, keyword: "exclusiveMinimum" } : undefined,
    true,
  );
  const upper = tighter(
    num(s.maximum) !== undefined ? { value: num(s.maximum)!, exclusive: exMaxBool, keyword: "maximum" } : undefined,
    num(s.exclusiveMaximum) !== undefined ? { value: num(s.exclusiveMaximum)!, exclusive: true, keyword: "exclusiveMaximum" } : undefined,
    false,
  );
  if (lower && upper) {
    const empty = lower.value > upper.value || (lower.value === upper.value && (lower.exclusive || upper.exclusive));
    if (empty) {
      report(
        lower.keyword,
        `"${lower.keyword}" ${lower.value} is ${lower.value === upper.value ? "equal to" : "greater than"} "${upper.keyword}" ${upper.value}`,
        `Swap or correct the bounds so that the lower bound is below the upper one.`,
      );
    } else {
      const types = declaredTypes(s);
      if (types && types.length === 1 && types[0] === "integer") {
        const lo = lower.exclusive ? Math.floor(lower.value) + 1 : Math.ceil(lower.value);
        const hi = upper.exclusive ? Math.ceil(upper.value) - 1 : Math.floor(upper.value);
        if (lo > hi) {
          report(
            lower.keyword,
            `no integer lies between "${lower.keyword}" ${lower.value} and "${upper.keyword}" ${upper.value}`,
            `Widen the bounds or change "type" to "number".`,
          );
        }
      }
    }
  }
  for (const [lo, hi] of [
    ["minLength", "maxLength"],
    ["minItems", "maxItems"],
    ["minProperties", "maxProperties"],
    ["minContains", "maxContains"],
  ] as const) {
    const a = num(s[lo]);
    const b = num(s[hi]);
    if (a !== undefined && b !== undefined && a > b) {
      report(lo, `"${lo}" ${a} is greater than "${hi}" ${b}`, `Swap or correct "${lo}"/"${hi}".`);
    }
  }
  const maxProps = num(s.maxProperties);
  if (maxProps !== undefined && Array.isArray(s.required)) {
    const n = new Set(s.required.filter((r) => typeof r === "string")).size;
    if (n > maxProps) {
      report("required", `${n} properties are "required" but "maxProperties" is ${maxProps}`, `Raise "maxProperties" to at least ${n} or require fewer properties.`);
    }
  }
  return out;
}

// ---------------------------------------------------------------- enum / const vs type

function enumConstType(ctx: LintContext, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  const types = declaredTypes(s);
  if (!types) return [];
  const out: Diagnostic[] = [];
  const typeText = types.length === 1 ? types[0]! : types.join(" or ");
  if (ctx.enabled("enum-type") && Array.isArray(s.enum) && s.enum.length > 0) {
    const bad = s.enum.filter((v) => !fitsType(v, types));
    if (bad.length > 0) {
      const all = bad.length === s.enum.length;
      out.push(
        ctx.atSchema(childPointer(node.pointer, "enum"), {
          rule: "enum-type",
          code: "schema/enum-type",
          severity: all ? "error" : "warning",
          escalate: true,
          message: all
            ? `No "enum" value at ${where(node.pointer)} is of type ${typeText} (${bad.slice(0, 5).map((v) => show(v, 30)).join(", ")}): nothing can validate.`
            : `"enum" at ${where(node.pointer)} lists ${bad.slice(0, 5).map((v) => show(v, 30)).join(", ")}, which ${bad.length === 1 ? "is" : "are"} not of type ${typeText} and can never be accepted.`,
          hint: `Make "type" and "enum" agree (e.g. write 1 instead of "1" for an integer enum, or add the missing type).`,
        }),
      );
    }
  }
  if (ctx.enabled("const-type") && Object.prototype.hasOwnProperty.call(s, "const") && !fitsType(s.const, types)) {
    out.push(
      ctx.atSchema(childPointer(node.pointer, "const"), {
        rule: "const-type",
        code: "schema/const-type",
        severity: "error",
        message: `"const" ${show(s.const)} at ${where(node.pointer)} is not of type ${typeText}: nothing can validate.`,
        hint: `Make "type" and "const" agree, or drop "type" (const alone pins the value).`,
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------- $ref

function unresolvedRef(ctx: LintContext, index: SchemaIndex, node: SchemaNode, s: SchemaObject): Diagnostic[] {
  if (typeof s.$ref !== "string") return [];
  const r = index.resolve(s.$ref, node);
  if (r.kind !== "missing") return [];
  return [
    ctx.atSchema(childPointer(node.pointer, "$ref"), {
      rule: "ref-unresolved",
      code: "schema/ref-unresolved",
      severity: "error",
      message: `"$ref": ${show(s.$ref, 80)} at ${where(node.pointer)} resolves to nothing: ${r.reason}.`,
      hint: `Point the $ref at an existing subschema (e.g. "#/$defs/<name>") or add the missing definition.`,
    }),
  ];
}

/** Edges that do not move into the instance: in-place applicators and local $refs. */
function inPlaceEdges(index: SchemaIndex): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = edges.get(from);
    if (list) {
      if (!list.includes(to)) list.push(to);
    } else edges.set(from, [to]);
  };
  const legacy = isLegacyDraft(index.root);
  for (const node of index.nodes) {
    const s = node.schema;
    if (node.parent && node.keyword && IN_PLACE.has(node.keyword)) {
      const p = node.parent.schema;
      // draft-07: siblings of $ref are ignored
      if (!(legacy && isObject(p) && typeof p.$ref === "string")) add(node.parent.pointer, node.pointer);
    }
    if (isObject(s) && typeof s.$ref === "string") {
      const r = index.resolve(s.$ref, node);
      if (r.kind === "local") add(node.pointer, r.pointer);
    }
  }
  return edges;
}

/** Strongly connected components (Tarjan, iterative). */
function sccs(vertices: string[], edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  for (const start of vertices) {
    if (idx.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    idx.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const succ = edges.get(frame.v) ?? [];
      if (frame.i < succ.length) {
        const w = succ[frame.i++]!;
        if (!idx.has(w)) {
          idx.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.v, Math.min(low.get(frame.v)!, idx.get(w)!));
        }
      } else {
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1]!.v;
          low.set(parent, Math.min(low.get(parent)!, low.get(frame.v)!));
        }
        if (low.get(frame.v) === idx.get(frame.v)) {
          const comp: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            comp.push(w);
          } while (w !== frame.v);
          out.push(comp);
        }
      }
    }
  }
  return out;
}

interface RefCycle {
  /** Pointers of the schemas in the cycle. */
  members: Set<string>;
  /** Pointers of the schemas in the cycle that hold a `$ref`, sorted. */
  refs: string[];
}

/** Cycles of in-place applicators and `$ref`s (strongly connected components that loop). */
function findRefCycles(index: SchemaIndex, edges: Map<string, string[]> = inPlaceEdges(index)): RefCycle[] {
  const vertices = [...new Set([...index.byPointer.keys(), ...edges.keys()])];
  const out: RefCycle[] = [];
  for (const comp of sccs(vertices, edges)) {
    const cyclic = comp.length > 1 || (edges.get(comp[0]!) ?? []).includes(comp[0]!);
    if (!cyclic) continue;
    const refs = comp.filter((p) => {
      const s = index.byPointer.get(p)?.schema;
      return isObject(s) && typeof s.$ref === "string";
    });
    if (refs.length === 0) continue; // cannot happen in a tree, but a shared object graph could
    out.push({ members: new Set(comp), refs: refs.sort() });
  }
  return out;
}

function refCycles(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
  const edges = inPlaceEdges(index);
  const out: Diagnostic[] = [];
  for (const { members, refs } of findRefCycles(index, edges)) {
    const start = refs[0]!;
    // a shortest path start → … → start inside the component, for the message
    const prev = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length && closing === undefined) {
      const v = queue.shift()!;
      for (const w of edges.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          closing = v;
          break;
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    const path: string[] = [start];
    if (closing !== undefined) {
      const back: string[] = [];
      for (let v: string | undefined = closing; v !== undefined && v !== start; v = prev.get(v)) back.push(v);
      path.push(...back.reverse(), start);
    }
    out.push(
      ctx.atSchema(childPointer(start, "$ref"), {
        rule: "ref-cycle",
        code: "schema/ref-cycle",
        severity: "error",
        // A long cycle is shown by its ends (a 2,000-hop cycle made a 30 KB message).
        message: `"$ref" cycle that never moves into the value: ${(path.length > 8 ? [...path.slice(0, 4).map(where), `… (${path.length - 6} more)`, ...path.slice(-2).map(where)] : path.map(where)).join(" → ")}; validating would recurse forever.`,
        hint: "A recursive schema must recurse through properties/items (a child value), not through $ref/allOf/anyOf/oneOf/not alone. Break the loop or replace one reference with the schema it means.",
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------- required names that cannot be sent

/**
 * Schemas applying to the same instance as `start` (through in-place applicators and $ref),
 * in depth-first preorder. An explicit stack, not recursion: a `$ref` chain of any length
 * costs no call depth.
 */
function instanceGroup(index: SchemaIndex, start: SchemaNode): { node: SchemaNode; requiring: boolean }[] {
  const seen = new Map<string, boolean>();
  const out: { node: SchemaNode; requiring: boolean }[] = [];
  const stack: [SchemaNode, boolean][] = [[start, true]];
  while (stack.length) {
    const [node, requiring] = stack.pop()!;
    const prior = seen.get(node.pointer);
    if (prior !== undefined && (prior || !requiring)) continue;
    seen.set(node.pointer, requiring);
    out.push({ node, requiring });
    const s = node.schema;
    if (!isObject(s)) continue;
    // Pushed in reverse, so they are visited in order: the $ref's target, then the children.
    const next: [SchemaNode, boolean][] = [];
    if (typeof s.$ref === "string") {
      const r = index.resolve(s.$ref, node);
      const target = r.kind === "local" ? index.byPointer.get(r.pointer) : undefined;
      if (target) next.push([target, requiring]);
    }
    for (const child of index.children(node)) {
      if (!child.keyword || !IN_PLACE.has(child.keyword)) continue;
      // under not/if a "required" is a condition, not a demand
      next.push([child, requiring && child.keyword !== "not" && child.keyword !== "if"]);
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return out;
}

function requiredUndeclared(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
  const out: Diagnostic[] = [];
  const done = new Set<string>();
  for (const start of index.nodes) {
    // an instance location: the root, or a schema reached through a value-moving keyword
    if (start.keyword && (IN_PLACE.has(start.keyword) || start.keyword === "$defs" || start.keyword === "definitions")) continue;
    const group = instanceGroup(index, start);
    const declared = new Set<string>();
    const patterns: RegExp[] = [];
    let open = false;
    let unevaluatedClosed = false;
    let listsProperties = false;
    let unevaluatedOpen = false;
    for (const { node } of group) {
      const s = node.schema;
      if (!isObject(s)) continue;
      if (isObject(s.properties)) {
        listsProperties = true;
        for (const k of Object.keys(s.properties)) declared.add(k);
      }
      if (isObject(s.patternProperties)) {
        for (const k of Object.keys(s.patternProperties)) {
          try {
            patterns.push(new RegExp(k, "u"));
          } catch {
            open = true; // cannot tell: do not accuse
          }
        }
      }
      if (Object.prototype.hasOwnProperty.call(s, "additionalProperties") && s.additionalProperties !== false) open = true;
      if (s.unevaluatedProperties === false) unevaluatedClosed = true;
      else if (Object.prototype.hasOwnProperty.call(s, "unevaluatedProperties")) unevaluatedOpen = true;
    }
    for (const { node, requiring } of group) {
      const s = node.schema;
      if (!requiring || !isObject(s) || !Array.isArray(s.required)) continue;
      for (const name of s.required) {
        if (typeof name !== "string") continue;
        const key = `${node.pointer}\u0000${name}`;
        if (done.has(key)) continue;
        let why: string | undefined;
        if (ctx.unknownArgs === "reject" && rejectsUndeclared({ root: start.pointer === "", listsProperties, declared: declared.size, saysExtra: open || patterns.length > 0 || unevaluatedClosed || unevaluatedOpen })) {
          if (!declared.has(name)) {
            why = `is not declared in "properties", and unknown arguments are rejected`;
          }
        }
        if (why === undefined) {
          // plain JSON Schema impossibilities, whatever the policy
          if (s.additionalProperties === false) {
            const own = isObject(s.properties) && Object.prototype.hasOwnProperty.call(s.properties, name);
            const ownPattern =
              isObject(s.patternProperties) &&
              Object.keys(s.patternProperties).some((k) => {
                try {
                  return new RegExp(k, "u").test(name);
                } catch {
                  return true;
                }
              });
            if (!own && !ownPattern) why = `is not in this schema's "properties" and "additionalProperties" is false`;
          } else if (unevaluatedClosed && !declared.has(name) && !open && !patterns.some((re) => re.test(name))) {
            why = `is declared nowhere and "unevaluatedProperties" is false`;
          }
        }
        if (why === undefined) continue;
        done.add(key);
        out.push(
          ctx.atSchema(childPointer(node.pointer, "required"), {
            rule: "required-undeclared",
            code: "schema/required-undeclared",
            severity: "error",
            message: `"${name}" is required at ${where(node.pointer)} but ${why}: no call can satisfy the schema.`,
            hint: `Declare "${name}" under "properties" (with a type and a description) or remove it from "required".`,
          }),
        );
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- defaults and examples

type AjvLike = {
  addSchema(schema: object, key?: string): unknown;
  getSchema(ref: string): ((data: unknown) => boolean) & { errors?: unknown };
};

/** The dialect the default/example check reads a schema in, by its `$schema` (else 2020-12). */
export function sanityDialect(root: JsonSchema): "draft-07" | "2019-09" | "2020-12" {
  const dialect = isObject(root) && typeof root.$schema === "string" ? root.$schema : "";
  return /draft-0[4-7]/.test(dialect) ? "draft-07" : /2019-09/.test(dialect) ? "2019-09" : "2020-12";
}

function makeAjv(root: JsonSchema): AjvLike {
  const opts = { strict: false, validateSchema: false, logger: false as const, allErrors: true, validateFormats: true };
  const dialect = sanityDialect(root);
  let ajv;
  if (dialect === "draft-07") ajv = new (Ajv07())(opts);
  else if (dialect === "2019-09") ajv = new (Ajv2019())(opts);
  else ajv = new (Ajv2020())(opts);
  addFormats()(ajv);
  return ajv as unknown as AjvLike;
}

function fragmentOf(pointer: string): string {
  return pointer
    .split("/")
    .map((seg) => encodeURIComponent(seg).replace(/%7E/gi, "~"))
    .join("/");
}

function formatAjvErrors(errors: unknown): string {
  if (!Array.isArray(errors) || errors.length === 0) return "it is rejected";
  const parts = errors.slice(0, 3).map((e: { instancePath?: string; message?: string }) => `${e.instancePath ? e.instancePath + " " : ""}${e.message ?? "is invalid"}`);
  return parts.join("; ") + (errors.length > 3 ? ` (+${errors.length - 3} more)` : "");
}

/**
 * A copy of the schema that ajv can compile although other rules found faults in it:
 * ajv compiles the whole root before any subschema, so one `$ref` to nowhere, one
 * no-progress cycle or one uncompilable pattern would hide every default/example.
 * Those parts are neutralised (the `$ref` or `pattern` dropped) in the copy only; their
 * own diagnostics come from their own rules.
 */
function compilableCopy(index: SchemaIndex): SchemaObject | undefined {
  let copy: unknown;
  try {
    copy = structuredClone(index.root);
  } catch {
    return undefined;
  }
  if (!isObject(copy)) return undefined;
  const cyclic = new Set(findRefCycles(index).flatMap((c) => c.refs));
  const compiles = (re: string) => patternCompileError(re) === undefined;
  for (const node of index.nodes) {
    const s = node.schema;
    if (!isObject(s)) continue;
    const got = getAtPointer(copy, node.pointer);
    if (!got.found || !isObject(got.value)) continue;
    const c = got.value;
    if (typeof s.$ref === "string" && (cyclic.has(node.pointer) || index.resolve(s.$ref, node).kind !== "local")) delete c.$ref;
    if (typeof s.pattern === "string" && !compiles(s.pattern)) delete c.pattern;
    if (isObject(c.patternProperties)) {
      for (const k of Object.keys(c.patternProperties)) if (!compiles(k)) delete c.patternProperties[k];
    }
  }
  return copy;
}

function defaultsAndExamples(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
  let targets: { node: SchemaNode; kind: "default" | "example"; value: unknown; pointer: string }[] = [];
  for (const node of index.nodes) {
    const s = node.schema;
    if (!isObject(s)) continue;
    // properties named "default"/"examples" are keys of "properties", never keywords here
    if (ctx.enabled("bad-default") && Object.prototype.hasOwnProperty.call(s, "default")) {
      targets.push({ node, kind: "default", value: s.default, pointer: childPointer(node.pointer, "default") });
    }
    if (ctx.enabled("bad-example") && Array.isArray(s.examples)) {
      s.examples.forEach((value, i) => targets.push({ node, kind: "example", value, pointer: childPointer(node.pointer, "examples", i) }));
    }
  }
  // First pass: toolform's own checks; ajv only for what they do not pass (and to say why it fails).
  const fits = ctx.options.fits;
  if (fits) targets = targets.filter((t) => fits(t.node.pointer, t.value) !== true);
  if (targets.length === 0) return [];
  if (!isObject(index.root)) return [];
  const root = compilableCopy(index);
  if (!root) return [];
  let ajv: AjvLike;
  let key: string;
  try {
    ajv = makeAjv(root);
    if (typeof root.$id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(root.$id)) {
      key = root.$id.replace(/#.*$/, "");
      ajv.addSchema(root);
    } else {
      // Each tool gets an ajv of its own (makeAjv): one fixed key, no process-wide numbering.
      key = "toolform-lint:/tool";
      ajv.addSchema({ ...root, $id: key });
    }
  } catch {
    return []; // the schema stage reports schemas ajv cannot take
  }
  const out: Diagnostic[] = [];
  const validators = new Map<string, ((data: unknown) => boolean) & { errors?: unknown }>();
  for (const t of targets) {
    let validate = validators.get(t.node.pointer);
    if (!validate) {
      try {
        validate = ajv.getSchema(t.node.pointer === "" ? key : `${key}#${fragmentOf(t.node.pointer)}`);
      } catch {
        validate = undefined;
      }
      if (!validate) continue;
      validators.set(t.node.pointer, validate);
    }
    let ok: boolean;
    try {
      ok = validate(t.value);
    } catch {
      continue;
    }
    if (ok) continue;
    const rule = t.kind === "default" ? "bad-default" : "bad-example";
    out.push(
      ctx.atSchema(t.pointer, {
        rule,
        code: `schema/${rule}`,
        severity: "warning",
        escalate: true,
        message: `The ${t.kind} ${show(t.value)} at ${where(t.node.pointer)} fails its own schema: ${formatAjvErrors(validate.errors)}.`,
        hint: `Fix or remove the ${t.kind}: models copy ${t.kind}s, and toolform shows them as the valid example in its rejection messages.`,
      }),
    );
  }
  return out;
}
