// The first check on a schema from outside, before anything recursive reads it.
// A tool definition from an untrusted MCP server can be nested thousands of levels
// deep, or hold a number JSON.parse read as Infinity ("maximum": 1e400). The
// metaschema check, the IR, the lint, json-schema-to-typescript, the emitter and
// TypeScript's transpiler all recurse over the schema, and lit() refuses Infinity:
// without this check such a schema crashed the build (a stack overflow after seconds
// of work at 200 levels). It is walked here with an explicit stack and refused with
// the place named.
import type { Diagnostic } from "../diagnostics/types.js";
import { escapePointer } from "./dialect.js";

/** Deepest JSON nesting toolform builds (about 60 levels of properties; real tool schemas use a dozen or two). */
export const MAX_SCHEMA_DEPTH = 128;

/** Steps the walk takes before it stops looking (shared sub-objects from a TypeScript source could unfold exponentially). */
const MAX_STEPS = 5_000_000;

/** The first place where the schema is too deep or holds a number that is not finite; undefined when it has none. */
export function schemaShapeProblem(schema: unknown, maxDepth = MAX_SCHEMA_DEPTH): Diagnostic | undefined {
  type Frame = { v: Record<string, unknown> | unknown[]; keys: string[] | undefined; i: number };
  const stack: Frame[] = [];
  const path: string[] = [];
  const at = () => path.map((k) => "/" + escapePointer(k)).join("");
  const visit = (v: unknown): Diagnostic | undefined => {
    if (typeof v === "number" && !Number.isFinite(v)) {
      return { severity: "error", code: "schema/not-finite", message: `a number here is out of range for JSON: it reads as ${v}`, pointer: at(), hint: "write a finite number (JSON numbers above about 1.8e308 become Infinity)" };
    }
    if (typeof v !== "object" || v === null) return undefined;
    if (stack.length >= maxDepth) {
      return { severity: "error", code: "schema/too-deep", message: `the schema is nested more than ${maxDepth} levels deep here; toolform builds schemas up to ${maxDepth} levels`, pointer: at(), hint: "flatten the schema, or use a $ref for recursive structure" };
    }
    stack.push({ v: v as Frame["v"], keys: Array.isArray(v) ? undefined : Object.keys(v), i: 0 });
    return undefined;
  };
  let problem = visit(schema);
  let steps = 0;
  while (problem === undefined && stack.length > 0 && ++steps < MAX_STEPS) {
    const f = stack[stack.length - 1]!;
    const n = f.keys === undefined ? (f.v as unknown[]).length : f.keys.length;
    if (f.i >= n) {
      stack.pop();
      path.pop();
      continue;
    }
    const key = f.keys === undefined ? String(f.i) : f.keys[f.i]!;
    f.i++;
    path.push(key);
    const depth = stack.length;
    problem = visit((f.v as Record<string, unknown>)[key]);
    if (problem === undefined && stack.length === depth) path.pop(); // a leaf: no frame to pop later
  }
  return problem;
}
