// Build-time checks of candidate values (examples for messages, a schema's own
// defaults and examples) with toolform's own fast checks: the `is_*` code the tool's
// validator is made of, emitted for every place at once (under the tool's own
// unknownArgs for the examples its messages show, under plain JSON Schema rules for the
// lint), its types stripped and run here against @toolform/runtime's helpers. One emit per tool instead
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
export async function exampleChecker(ir: IR, complete: boolean, limits: CheckLimits): Promise<FitCheck | undefined> {
  const code = checksCode(ir, complete, limits);
  if (!code) return undefined;
  // A type form withoutTypes does not know: esbuild strips it (a request to its service, ~1 ms each).
  return checkerOf(code, withoutTypes(code.ts)) ?? checkerOf(code, await stripTypesAsync(code.ts));
}

/** exampleChecker without waiting: undefined also when the checks' types need esbuild (the lint, which runs synchronously). */
export function exampleCheckerSync(ir: IR, complete: boolean, limits: CheckLimits): FitCheck | undefined {
  const code = checksCode(ir, complete, limits);
  return code && checkerOf(code, withoutTypes(code.ts));
}

/**
 * The limits of the tool's validator, and how it treats undeclared keys: a message's example
 * must pass the validator it appears in, so examples are chosen under the tool's own
 * `unknownArgs` ("reject" closes objects the schema leaves open); the lint judges a schema's
 * own defaults and examples by JSON Schema alone ("schema", the default).
 */
export interface CheckLimits {
  maxDepth: number;
  maxPatternInput: number;
  unknownArgs?: "reject" | "schema";
}

interface ChecksCode {
  ts: string;
  nodes: IRNode[];
  list: string[];
}

function checksCode(ir: IR, complete: boolean, limits: CheckLimits): ChecksCode | undefined {
  if (!complete || ir.nodes.some((n) => n.dynamicRef !== undefined || n.loc.includes("#"))) return undefined;
  const nodes = ir.nodes.filter((n) => n.bool === undefined);
  const { body, names } = emitChecks(ir, { unknownArgs: limits.unknownArgs ?? "schema", toolName: "", maxDepth: limits.maxDepth, maxPatternInput: limits.maxPatternInput }, nodes);
  return { ts: body.text, nodes, list: nodes.map((n) => names.get(n)!.text) };
}

/** The checks from their JavaScript; undefined when it does not compile (TypeScript left in it). */
function checkerOf(code: ChecksCode, js: string): FitCheck | undefined {
  let make: (rt: unknown) => ((v: unknown, d: number) => boolean)[];
  try {
    // Code made by the emitter from Code values only (src/emit/code.ts): the same trust as the module it writes.
    make = new Function("rt", `${js}\nreturn [${code.list.join(", ")}];`) as typeof make;
  } catch {
    return undefined;
  }
  const fns = make(rt);
  const at = new Map(code.nodes.map((n, i) => [n, fns[i]!]));
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

/** The annotations the validator emitter writes (parameters, return types, `const x: any[]`), before `,` `)` `=` `;` `{`. */
const ANNOTATION = /(?<=[\w$)]): (?:any|number|boolean|string|void|unknown|Set<(?:string|number)>|rt\.ValidationError\[\]|any(?:\[\])+|number(?:\[\])+)(?=\s*[,)=;{])/g;
const SET_OF = /\bSet<(?:string|number)>\(/g;

/**
 * The emitter's TypeScript as JavaScript without a parser: the few type forms it writes
 * removed from the code between string literals and comments (copied as they are).
 * Anything else of TypeScript is left in place, and `new Function` refuses it (the caller
 * then asks esbuild).
 */
export function withoutTypes(ts: string): string {
  let out = "";
  let from = 0;
  const strip = (code: string) => code.replace(ANNOTATION, "").replace(SET_OF, "Set(");
  for (let i = 0; i < ts.length; ) {
    const c = ts.charCodeAt(i);
    let end = -1;
    // '"' 34, "'" 39, "/" 47
    if (c === 34 || c === 39) {
      let j = i + 1;
      while (j < ts.length && ts.charCodeAt(j) !== c) j += ts.charCodeAt(j) === 92 ? 2 : 1;
      end = j + 1;
    } else if (c === 47 && ts.charCodeAt(i + 1) === 47) {
      const j = ts.indexOf("\n", i);
      end = j < 0 ? ts.length : j;
    } else if (c === 47 && ts.charCodeAt(i + 1) === 42) {
      const j = ts.indexOf("*/", i + 2);
      end = j < 0 ? ts.length : j + 2;
    }
    if (end < 0) {
      i++;
      continue;
    }
    out += strip(ts.slice(from, i)) + ts.slice(i, end);
    from = i = end;
  }
  return out + strip(ts.slice(from));
}
