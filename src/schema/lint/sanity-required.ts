// Schema sanity (sanity.ts) of `required`: a required property that can never be sent (an
// object that refuses undeclared names and declares none by that name, in any schema that
// applies to the same value).
import type { Diagnostic } from "../../diagnostics/types.js";
import { rejectsUndeclared } from "../unknown-args.js";
import { LintContext, where } from "./context.js";
import { IN_PLACE, SchemaIndex, childPointer, isObject, type SchemaNode } from "./walk.js";

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

export function requiredUndeclared(ctx: LintContext, index: SchemaIndex): Diagnostic[] {
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
