// Schema sanity (sanity.ts) of defaults and examples: each must be valid for its own schema,
// as ajv (the dialect the schema names) judges it.
import { createRequire } from "node:module";
import type Ajv2020Module from "ajv/dist/2020.js";
import type Ajv2019Module from "ajv/dist/2019.js";
import type Ajv07Module from "ajv";
import type addFormatsModule from "ajv-formats";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { JsonSchema } from "../../sources/types.js";
import { patternCompileError } from "../pattern.js";
import { LintContext, show, where } from "./context.js";
import { SchemaIndex, childPointer, getAtPointer, isObject, type SchemaNode, type SchemaObject } from "./walk.js";
import { findRefCycles } from "./sanity-refs.js";

// ajv loads only for a schema with a default or an example to check (a rebuild that lints one tool without them does not pay for it).
const require = createRequire(import.meta.url);
const Ajv2020 = () => (require("ajv/dist/2020.js") as typeof Ajv2020Module).default;
const Ajv2019 = () => (require("ajv/dist/2019.js") as typeof Ajv2019Module).default;
const Ajv07 = () => (require("ajv") as typeof Ajv07Module).default;
const addFormats = () => (require("ajv-formats") as typeof addFormatsModule).default;

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

export function defaultsAndExamples(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
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
