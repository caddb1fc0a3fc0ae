// The contract of a normaliser rule module (the validator's keyword modules are
// the model): for the schema place `n`, statements that read and may replace
// `v`, the value at that place. In the generated function `v` is the value,
// `p` its path, `r` the repairs list, `m` the mode (1 lenient, 2 normalized,
// 3 compare) and `d` the $ref depth. A rule never mutates what `v` holds: it
// assigns a new value to `v` (copy-on-write) and records each repair in `r`.
import type { IRNode } from "../../schema/ir.js";
import type { Code } from "../code.js";
import type { NormContext, NzFn } from "./context.js";

export interface NormRule {
  name: string;
  applies(n: IRNode, ctx: NormContext): boolean;
  /** `self` is the function being written (rules that retry a repaired value call it). */
  emit(n: IRNode, ctx: NormContext, self: NzFn): Code[];
}
