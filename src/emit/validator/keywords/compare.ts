// x-compare: cross-field rules JSON Schema cannot say ("end after start").
// Numbers compare numerically, date/time/date-time strings chronologically;
// a rule is skipped when either side is absent, not comparable, or (in the
// error path) already wrong on its own.
import { code, lit, prop } from "../../code.js";
import type { KeywordModule } from "../keyword.js";

export const compareKeyword: KeywordModule = {
  name: "x-compare",
  group: "object",
  applies: (n) => n.compare !== undefined,
  emit: (cx) =>
    cx.n.compare!.map((r) =>
      cx.fail(code`${cx.ctx.rt("compareFails")}(${prop(cx.v, r.left)}, ${prop(cx.v, r.right)}, ${lit(r.op)})`, () =>
        cx.err("compareErr", code`${lit(r.left)}, ${prop(cx.v, r.left)}, ${lit(r.op)}, ${lit(r.right)}, ${prop(cx.v, r.right)}`),
      ),
    ),
};
