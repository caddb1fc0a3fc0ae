// The contract of a keyword module: for the keywords it owns, the code of the
// fast boolean path and the code of the error-collecting path (TypeBox's
// build/check/error triple, ajv's one-module-per-keyword).
import type { IRNode, JsonType } from "../../schema/ir.js";
import { pk } from "@toolform/runtime/rt/text";
import { code, lit, type Code } from "../code.js";
import type { EmitContext, PathExpr } from "./context.js";

/** Which values a keyword judges: every value, or only values of one JSON type. */
export type Group = "any" | "number" | "string" | "array" | "object";

/** Recursion into subschemas, provided by the node emitter. */
export interface Sub {
  /** Statements that `return false` when `v` does not fit `node`. */
  fast(node: IRNode, v: Code, owner: boolean): Code[];
  /** Statements that push `node`'s errors for `v` at path `p`. */
  errors(node: IRNode, v: Code, p: PathExpr, owner: boolean): Code[];
}

export interface KeywordModule {
  name: string;
  group: Group;
  applies(n: IRNode): boolean;
  fast(n: IRNode, v: Code, ctx: EmitContext, sub: Sub, owner: boolean): Code[];
  errors(n: IRNode, v: Code, p: PathExpr, ctx: EmitContext, sub: Sub, owner: boolean): Code[];
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
