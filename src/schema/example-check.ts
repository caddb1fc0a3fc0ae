// Build-time checks of candidate values (examples for messages, a schema's own
// defaults and examples) with toolform's own fast checks: the `is_*` code the tool's
// validator is made of, emitted for every place at once under plain JSON Schema rules
// (unknownArgs "schema": no object closed that the schema leaves open), its types
// stripped and run here against @toolform/runtime's helpers. One emit per tool instead
// of an ajv compile per tool (ajv was the largest part of a cold build); the verdicts are
// ajv's wherever toolform's validator agrees with ajv (test/differential.test.ts, and
// test/example-check.test.ts for the candidates themselves).
import * as rt from "@toolform/runtime/rt/index";
import { emitChecks } from "../emit/validator/functions.js";
import { stripTypesAsync } from "../emit/finish.js";
import type { IR, IRNode } from "./ir.js";

/** Whether a value fits a place of the schema (a place of this IR, or false). */
export type FitCheck = (n: IRNode, value: unknown) => boolean;

/**
 * A check for every place of `ir`, or undefined where toolform's checks cannot stand in
 * for JSON Schema's at a single place: under $dynamicRef (a check starting mid-schema
 * would start without the dynamic scope), with places in other documents, or when the
 * caller says the IR checks less than the schema says (`complete` false: formats read as
 * annotations, a part left unchecked by allowUnchecked).
 */
export async function exampleChecker(ir: IR, complete: boolean, limits: { maxDepth: number; maxPatternInput: number }): Promise<FitCheck | undefined> {
  if (!complete || ir.nodes.some((n) => n.dynamicRef !== undefined || n.loc.includes("#"))) return undefined;
  const nodes = ir.nodes.filter((n) => n.bool === undefined);
  const { body, names } = emitChecks(ir, { unknownArgs: "schema", toolName: "", maxDepth: limits.maxDepth, maxPatternInput: limits.maxPatternInput }, nodes);
  const list = nodes.map((n) => names.get(n)!.text);
  // esbuild's service strips the types (its transformSync starts a process per call).
  // Code made by the emitter from Code values only (src/emit/code.ts): the same trust as the module it writes.
  const fns = new Function("rt", `${await stripTypesAsync(body.text)}\nreturn [${list.join(", ")}];`)(rt) as ((v: unknown, d: number) => boolean)[];
  const at = new Map(nodes.map((n, i) => [n, fns[i]!]));
  return (n, value) => {
    if (n.bool !== undefined) return n.bool;
    const f = at.get(n);
    if (!f) return false;
    rt.work.n = 0;
    try {
      return f(value, 0) === true;
    } catch {
      return false; // nested past the stack: not shown as an example
    }
  };
}
