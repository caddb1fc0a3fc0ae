// `type`: the gate every other keyword sits behind (node.ts). A value of the wrong
// type gets one type error and nothing else (its other errors would be noise).
import type { IRNode, JsonType } from "../../../schema/ir.js";
import { code, lit, or, type Code } from "../../code.js";
import type { EmitContext, PathExpr } from "../context.js";
import { exArg } from "../keyword.js";
import { pathCode } from "../context.js";
import { typePhrase } from "@toolform/runtime/rt/text";

/** Expression: `v` is one of `types`. */
export function typeTest(types: readonly JsonType[], v: Code): Code {
  const set = new Set(types);
  if (set.has("integer") && set.has("number")) set.delete("integer");
  return or(
    [...set].map((t) => {
      switch (t) {
        case "string":
          return code`typeof ${v} === "string"`;
        case "number":
          return code`typeof ${v} === "number" && Number.isFinite(${v})`;
        case "integer":
          return code`Number.isInteger(${v})`;
        case "boolean":
          return code`typeof ${v} === "boolean"`;
        case "null":
          return code`${v} === null`;
        case "array":
          return code`Array.isArray(${v})`;
        case "object":
          return code`typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v})`;
      }
    }),
  );
}

/** "a string or null", for messages: the runtime's wording (its typeErr says the types so). */
export { typePhrase };

/**
 * The type error call for `n` (used inside the gate). `optional`: `n` is an optional
 * property's place that refuses null, and null is its only error: optTypeErr then says
 * it can be left out (what nullOptional would make of it), with `optional.phrase` when
 * that says more than the type's phrase.
 */
export function typeError(n: IRNode, v: Code, p: PathExpr, ctx: EmitContext, optional?: { phrase: string | undefined }): Code {
  const types = n.types ?? [];
  const phrase = typePhrase(types);
  // The runtime says the types in words itself (typePhrase): only the schema's wording is passed.
  if (optional === undefined) return code`if (${ctx.rt("typeErr")}(s, ${pathCode(p)}, ${v}, ${lit(types.join(" or "))}${exArg(n)})) return;`;
  const words = optional.phrase === undefined || optional.phrase === phrase ? code`` : code`, ${lit(optional.phrase)}`;
  // The example is positional before the words: an explicit undefined holds its place.
  const ex = n.example === undefined && words.text ? code`, undefined` : exArg(n);
  return code`if (${ctx.rt("optTypeErr")}(s, ${pathCode(p)}, ${v}, ${lit(types.join(" or "))}${ex}${words})) return;`;
}
