// Applicators: $ref (one level deeper, depth-bounded), allOf (each branch in
// turn), anyOf/oneOf (left alone when a branch already accepts the value;
// otherwise the first branch whose repair makes the value fit it — for oneOf,
// fit exactly one branch), if/then/else (the branch the validator would take),
// dependentSchemas (when the key is present). A branch's repairs are kept only
// when that branch is taken.
import type { IRNode } from "../../schema/ir.js";
import { code, comment, isInheritedKey, join, lit, prop, type Code } from "../code.js";
import type { NormContext } from "./context.js";
import type { NormRule } from "./rule.js";

export const refRule: NormRule = {
  name: "$ref",
  applies: (n, ctx) => n.ref !== undefined && ctx.hasWork(n.ref.target),
  emit: (n, ctx) => [code`${comment(`$ref ${n.ref!.ref}`)}v = ${ctx.call(n.ref!.target, false, code`v`, code`p`, code`d + 1`)!};`],
};

export const allOfRule: NormRule = {
  name: "allOf",
  applies: (n, ctx) => (n.allOf ?? []).some((b) => ctx.hasWork(b)),
  emit: (n, ctx) => n.allOf!.filter((b) => ctx.hasWork(b)).map((b) => code`v = ${ctx.call(b, false, code`v`, code`p`)!};`),
};

/** Tries the branches with work in order; the first whose result `accept`s is taken (its repairs kept), the others leave no trace. */
function tryBranches(branches: IRNode[], ctx: NormContext, accept: (b: IRNode, w: Code) => Code): Code {
  const tries = branches
    .filter((b) => ctx.hasWork(b))
    .map((b) => {
      const n0 = ctx.names.fresh("n");
      const w = ctx.names.fresh("w");
      return code`{ const ${n0} = r.length; const ${w} = ${ctx.call(b, false, code`v`, code`p`)!}; if (${accept(b, w)}) { v = ${w}; break; } r.length = ${n0}; }`;
    });
  return code`do { ${tries} } while (false);`;
}

export const anyOfRule: NormRule = {
  name: "anyOf",
  applies: (n, ctx) => (n.anyOf ?? []).some((b) => ctx.hasWork(b)),
  emit: (n, ctx) => {
    const bs = n.anyOf!;
    const none = join(
      bs.map((b) => code`!${ctx.fitsBranch(b, code`v`)}`),
      code` && `,
    );
    return [code`${comment("anyOf: repair only when no branch accepts the value")}if (${none}) { ${tryBranches(bs, ctx, (b, w) => ctx.fitsBranch(b, w))} }`];
  },
};

export const oneOfRule: NormRule = {
  name: "oneOf",
  applies: (n, ctx) => (n.oneOf ?? []).some((b) => ctx.hasWork(b)),
  emit: (n, ctx) => {
    const bs = n.oneOf!;
    const count = (x: Code) =>
      join(
        bs.map((b) => code`(${ctx.fitsBranch(b, x)} ? 1 : 0)`),
        code` + `,
      );
    return [
      code`${comment("oneOf: repair only when no branch accepts the value; keep a repair that fits exactly one")}if (${count(code`v`)} === 0) { ${tryBranches(bs, ctx, (b, w) => code`${ctx.fitsBranch(b, w)} && ${count(w)} === 1`)} }`,
    ];
  },
};

export const ifRule: NormRule = {
  name: "if/then/else",
  applies: (n, ctx) => n.if !== undefined && ((n.then !== undefined && ctx.hasWork(n.then)) || (n.else !== undefined && ctx.hasWork(n.else))),
  emit: (n, ctx) => {
    const then = n.then ? ctx.call(n.then, false, code`v`, code`p`) : undefined;
    const els = n.else ? ctx.call(n.else, false, code`v`, code`p`) : undefined;
    return [code`if (${ctx.fitsBranch(n.if!, code`v`)}) { ${then ? code`v = ${then};` : code``} } else { ${els ? code`v = ${els};` : code``} }`];
  },
};

export const dependentRule: NormRule = {
  name: "dependentSchemas",
  applies: (n, ctx) => (n.dependentSchemas ?? []).some(([, b]) => ctx.hasWork(b)),
  emit: (n, ctx) =>
    n.dependentSchemas!.filter(([, b]) => ctx.hasWork(b)).map(([key, b]) => {
      const present = isInheritedKey(key) ? code`${ctx.rt("nzOwn")}(v, ${lit(key)}) !== undefined` : code`${prop(code`v`, key)} !== undefined`;
      return code`if (typeof v === "object" && v !== null && !Array.isArray(v) && ${present}) v = ${ctx.call(b, false, code`v`, code`p`)!};`;
    }),
};
