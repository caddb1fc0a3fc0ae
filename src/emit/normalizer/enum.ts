// Normalized mode: an enum/const string written in another case or with
// surrounding space becomes the schema's own spelling ("Denver " → "denver").
// Only case and surrounding space: "Denvr" or "den ver" stay as written (the
// validator then suggests the near miss). Spellings that fold together in the
// schema itself ("A" and "a") are never chosen between.
import type { IRNode } from "../../schema/ir.js";
import { code, comment, lit, tsOnly, type Code } from "../code.js";
import { enumConstTest } from "../validator/keywords/enum-const.js";
import { foldedSpellings } from "./analysis.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

export const enumRule: NormRule = {
  name: "enum_spelling",
  applies: (n: IRNode) => foldedSpellings(n).length > 0,
  emit: (n: IRNode, ctx: NormContext): Code[] => {
    const v = code`v`;
    const map = ctx.vctx.constant("spellings", code`new Map${tsOnly(code`<string, string>`)}(${lit(foldedSpellings(n))})`);
    return [
      // The member test before the typeof: after it, TypeScript would call comparing a string with a number member an error.
      code`${comment("enum spelling (normalized)")}if (m >= 2 && !(${enumConstTest(n, v, ctx.vctx)!}) && typeof v === "string") v = ${ctx.rt("nzSpelling")}(v, p, r, ${map});`,
    ];
  },
};
