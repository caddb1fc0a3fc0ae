// The contract of a keyword module: one definition per keyword, `emit(cx)`, written
// against a context (ajv's KeywordCxt) that knows the value, the node, its path, how a
// failure is answered and how subschemas are checked. The same definition makes a
// place's fast check (a failure returns false: combinator branches, example checks,
// $dynamicRef's tools) and its error path (a failure calls the runtime's error helper,
// which without a sink only counts it: a tool's `is`); the context decides.
import type { IRNode, JsonType } from "../../schema/ir.js";
import { pk } from "@toolform/runtime/rt/text";
import { code, lit, type Code } from "../code.js";
import type { EmitContext, OptionalNull, PathExpr } from "./context.js";

/** Which values a keyword judges: every value, or only values of one JSON type. */
export type Group = "any" | "number" | "string" | "array" | "object";

/** What a keyword's definition writes against, for one place in one mode (node.ts makes it). */
export interface KeywordCxt {
  readonly n: IRNode;
  /** The value's code. */
  readonly v: Code;
  /** The place owns its instance (a property, item or map value, or the root): under unknownArgs "reject" it closes its object. */
  readonly owner: boolean;
  readonly ctx: EmitContext;
  /** The value's path (read by reports only). */
  readonly p: PathExpr;
  /**
   * A failure when `bad` holds (always, when undefined): `return false` in a fast check, else
   * `report()` — an error helper's call, true when the function is to stop — then `then`.
   */
  fail(bad: Code | undefined, report: () => Code, then?: Code): Code;
  /** As fail, when the report is statements rather than one helper's call (in a probe they are not reached: the failure is counted first, rt.probing). */
  failWith(bad: Code | undefined, report: () => Code[]): Code;
  /**
   * A gate: a value for which `bad` holds fails here and is judged no further (`rest` is not
   * run for it). `selfGated`: the report's statements test `bad`'s parts themselves, so with
   * nothing after the gate they stand alone.
   */
  gate(bad: Code, report: () => Code[], rest: Code[], selfGated?: boolean): Code[];
  /** An error helper's call at the value's path: `rt.<helper>(s, <path>, <args>)`. */
  err(helper: string, args: Code): Code;
  /** The same at another path. */
  errAt(at: PathExpr, helper: string, args: Code): Code;
  /** Statements only the error path has (what a report reads afterwards, such as the sink's length). */
  reporting(make: () => Code[]): Code[];
  /** `stmts`, on the error path only for a value for which `ok()` holds (one failing it is reported by another keyword, which the fast check fails anyway). */
  reportIf(ok: () => Code, stmts: Code[]): Code[];
  /** The checks of subschema `node` on `v` at path `at`: inline, or a call of its own function. `optional`: see OptionalNull (the error path's). */
  sub(node: IRNode, v: Code, at: PathExpr, owner: boolean, optional?: OptionalNull): Code[];
  /** Whether `sub` hands `optional` to `node`'s type gate (which then says null may be left out). */
  foldsNull(node: IRNode): boolean;
  /** A call of `node`'s function on the value one $ref deeper. */
  ref(node: IRNode): Code[];
  /** A call of the functions a dynamic-scope binding (an expression) holds, one $ref deeper. */
  refBound(binding: Code): Code[];
  /** Expression: `v` fits `node` (its fast check: what a branch, `not`, `if` or `contains` asks). */
  fits(node: IRNode, v: Code): Code;
}

export interface KeywordModule {
  name: string;
  group: Group;
  applies(n: IRNode): boolean;
  emit(cx: KeywordCxt): Code[];
}

/** Path of a property below `p`. Computed at build time when `p` is. */
export function keyPath(p: PathExpr, key: string, ctx: EmitContext): PathExpr {
  return "s" in p ? { s: pk(p.s, key) } : { c: code`${ctx.rt("pk")}(${p.c}, ${lit(key)})` };
}

/** Path of an item below `p` (`i` is code: an index variable or a number). */
export function itemPath(p: PathExpr, i: Code, ctx: EmitContext): PathExpr {
  return { c: code`${ctx.rt("pi")}(${"s" in p ? lit(p.s) : p.c}, ${i})` };
}

/** The example argument for a helper call: `, <json text>` or nothing. */
export function exArg(n: IRNode): Code {
  return n.example === undefined ? code`` : code`, ${lit(n.example)}`;
}

/** Guard expression for a group: true when `v` is a value the group's keywords judge. */
export function groupGuard(g: Exclude<Group, "any">, v: Code): Code {
  switch (g) {
    case "number":
      return code`typeof ${v} === "number"`;
    case "string":
      return code`typeof ${v} === "string"`;
    case "array":
      return code`Array.isArray(${v})`;
    case "object":
      return code`typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v})`;
  }
}

/** Whether the node's `type` guarantees the value is in the group (so no guard is needed). */
export function groupImplied(types: JsonType[] | undefined, g: Exclude<Group, "any">): boolean {
  if (!types || types.length === 0) return false;
  const dom: Record<typeof g, JsonType[]> = { number: ["number", "integer"], string: ["string"], array: ["array"], object: ["object"] };
  return types.every((t) => dom[g].includes(t));
}
