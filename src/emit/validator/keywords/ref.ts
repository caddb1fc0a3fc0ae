// $ref: a call to the target's function, one level deeper (the depth bound
// makes recursive schemas total on cyclic or absurdly deep input).
import { code } from "../../code.js";
import { pathCode } from "../context.js";
import type { KeywordModule } from "../keyword.js";

export const refKeyword: KeywordModule = {
  name: "$ref",
  group: "any",
  applies: (n) => n.ref !== undefined,
  fast: (n, v, ctx) => [code`if (!${ctx.fn(n.ref!.target).is}(${v}, d + 1)) return false;`],
  errors: (n, v, p, ctx) => [code`${ctx.fn(n.ref!.target).err}(${v}, ${pathCode(p)}, s, d + 1);`],
};
