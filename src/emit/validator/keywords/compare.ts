// x-compare: cross-field rules JSON Schema cannot say ("end after start").
// Numbers compare numerically, date/time/date-time strings chronologically;
// a rule is skipped when either side is absent, not comparable, or (in the
// error path) already wrong on its own.
import { code, lit, prop } from "../../code.js";
import { pathCode } from "../context.js";
import type { KeywordModule } from "../keyword.js";

export const compareKeyword: KeywordModule = {
  name: "x-compare",
  group: "object",
  applies: (n) => n.compare !== undefined,
  fast: (n, v, ctx) =>
    n.compare!.map((r) => code`if (${ctx.rt("compareFails")}(${prop(v, r.left)}, ${prop(v, r.right)}, ${lit(r.op)})) return false;`),
  errors: (n, v, p, ctx) =>
    n.compare!.map(
      (r) => code`if (${ctx.rt("compareFails")}(${prop(v, r.left)}, ${prop(v, r.right)}, ${lit(r.op)})) { if (${ctx.rt("compareErr")}(s, ${pathCode(p)}, ${lit(r.left)}, ${prop(v, r.left)}, ${lit(r.op)}, ${lit(r.right)}, ${prop(v, r.right)})) return; }`,
    ),
};
