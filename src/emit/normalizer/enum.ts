// Normalized mode: an enum/const string written in another case or with
// surrounding space becomes the schema's own spelling ("Denver " → "denver").
// Only case and surrounding space: "Denvr" or "den ver" stay as written (the
// validator then suggests the near miss). Spellings that fold together in the
// schema itself ("A" and "a") are never chosen between.
import type { IRNode } from "../../schema/ir.js";
import { code, comment, lit, type Code } from "../code.js";
import { castsThenSpells, hasSpellings, spellingValues } from "./analysis.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

export const enumRule: NormRule = {
  name: "enum_spelling",
  applies: (n: IRNode) => hasSpellings(n),
  emit: (n: IRNode, ctx: NormContext): Code[] => {
    // The list itself, as the validator's `allowed` constant (one constant when they are the
    // same list): the runtime folds it on the first repair (nzSpelling), and leaves a value
    // already in it as it is.
    const values = ctx.vctx.constant("allowed", lit(spellingValues(n)));
    // A place that wants only a string: the scalar rule's cast (nzToString) and the repair in one call.
    if (castsThenSpells(n)) return [code`${comment("cast to string, then enum spelling (normalized)")}v = ${ctx.rt("nzToSpelling")}(v, p, r, m, ${values});`];
    return [code`${comment("enum spelling (normalized)")}if (m >= 2 && typeof v === "string") v = ${ctx.rt("nzSpelling")}(v, p, r, ${values});`];
  },
};
