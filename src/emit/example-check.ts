// Build-time checks of candidate values (examples for messages, a schema's own
// defaults and examples) with toolform's own fast checks: the `is_*` code the tool's
// validator is made of, emitted for every place at once (under the tool's own
// unknownArgs for the examples its messages show, under plain JSON Schema rules for the
// lint), written as JavaScript (code.ts textIn: the annotations are cut where the emitter
// marked them, no parser) and run here against @toolform/runtime's helpers. One emit per tool instead
// of an ajv compile per tool (ajv was the largest part of a cold build); the verdicts are
// ajv's wherever toolform's validator agrees with ajv (test/conformance/differential.test.ts, and
// test/emit/example-check.test.ts for the candidates themselves).
import * as rt from "@toolform/runtime/rt/index";
import { textIn } from "./code.js";
import { emitChecks } from "./validator/functions.js";
import type { IR, IRNode } from "../schema/ir.js";
import type { FitCheck } from "../schema/examples.js";
import type { UnknownArgs } from "../config/types.js";

export type { FitCheck };

/**
 * A check for every place of `ir`, or undefined where toolform's checks cannot stand in
 * for JSON Schema's at a single place: under $dynamicRef (a check starting mid-schema
 * would start without the dynamic scope), with places in other documents, or when the
 * caller says the IR checks less than the schema says (`complete` false: formats read as
 * annotations, a part left unchecked by allowUnchecked).
 */
export function exampleChecker(ir: IR, complete: boolean, limits: CheckLimits): FitCheck | undefined {
  // One emit per IR and options: the lint's check of a schema's defaults and the compile's choice of examples share it (src/pipeline/lint.ts).
  const key = `${complete}|${limits.unknownArgs ?? "schema"}|${limits.maxDepth}|${limits.maxPatternInput}`;
  const made = checkers.get(ir) ?? checkers.set(ir, new Map()).get(ir)!;
  if (made.has(key)) return made.get(key);
  const code = checksCode(ir, complete, limits);
  const check = code && checkerOf(code);
  made.set(key, check);
  return check;
}

// A pure cache, not state: the checks are a function of the IR (never changed once built) and the key's options.
const checkers = new WeakMap<IR, Map<string, FitCheck | undefined>>();

/**
 * The limits of the tool's validator, and how it treats undeclared keys: a message's example
 * must pass the validator it appears in, so examples are chosen under the tool's own
 * `unknownArgs` ("reject" closes objects the schema leaves open); the lint judges a schema's
 * own defaults and examples by JSON Schema alone ("schema", the default).
 */
export interface CheckLimits {
  maxDepth: number;
  maxPatternInput: number;
  unknownArgs?: UnknownArgs;
}

interface ChecksCode {
  /** The checks as JavaScript. */
  js: string;
  nodes: IRNode[];
  list: string[];
}

function checksCode(ir: IR, complete: boolean, limits: CheckLimits): ChecksCode | undefined {
  if (!complete || ir.nodes.some((n) => n.dynamicRef !== undefined || n.loc.includes("#"))) return undefined;
  const nodes = ir.nodes.filter((n) => n.bool === undefined);
  const { body, names } = emitChecks(ir, { unknownArgs: limits.unknownArgs ?? "schema", toolName: "", maxDepth: limits.maxDepth, maxPatternInput: limits.maxPatternInput }, nodes);
  return { js: textIn(body, "esm"), nodes, list: nodes.map((n) => names.get(n)!.text) };
}

/** The checks from their JavaScript. */
function checkerOf(code: ChecksCode): FitCheck {
  let make: (rt: unknown) => ((v: unknown, d: number) => boolean)[];
  try {
    // Code made by the emitter from Code values only (src/emit/code.ts): the same trust as the module it writes.
    make = new Function("rt", `${code.js}\nreturn [${code.list.join(", ")}];`) as typeof make;
  } catch (e) {
    // The tool's own validator is this code: it would not load either.
    throw new Error(`toolform: the emitted checks are not valid JavaScript (${(e as Error).message}); this is a bug in toolform's emitter`);
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
