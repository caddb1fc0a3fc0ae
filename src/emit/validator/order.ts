// Whether a validator's error collector always finds its errors in the feedback's order
// (the runtime's byPath: grouped by path, items by index, names in the order first found,
// an object's own errors before its members'). Then the report need not sort them.
//
// The collector walks one schema place at a time: a type or enum error is the only error
// of its place; a string's, a number's and an array's own checks come before the array's
// items (in index order); an object reports its missing required names, then each declared
// property in turn, then its undeclared keys (each once, none of them declared). So every
// path's errors are contiguous and each parent's come first, unless a keyword below is
// used somewhere in the schema: it reports a place twice (a combinator's branches, a $ref
// beside other keywords, a patternProperties key that is also declared, dependentRequired
// after the properties) or an object's own error after its members' (min/maxProperties,
// contains, propertyNames, x-compare). Such a schema is left to the runtime's sort.
import type { IR, IRNode } from "../../schema/ir.js";

const OUT_OF_ORDER: readonly (keyof IRNode)[] = [
  "contains",
  "minContains",
  "maxContains",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "ref",
  "dynamicRef",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "compare",
];

/** True when no place of the schema uses a keyword that can put its errors out of the feedback's order. */
export function errorsInPathOrder(ir: IR): boolean {
  return ir.nodes.every((n) => OUT_OF_ORDER.every((k) => n[k] === undefined) && requiredAllDeclared(n));
}

/**
 * A required name `properties` does not declare can be reported twice, apart: as missing
 * when a JavaScript caller gives it as `undefined` (no JSON value is), and again by the
 * undeclared-keys loop, which sees the key, after the declared properties' errors.
 */
function requiredAllDeclared(n: IRNode): boolean {
  if (n.required === undefined) return true;
  const declared = new Set((n.properties ?? []).map(([k]) => k));
  return n.required.every((k) => declared.has(k));
}
