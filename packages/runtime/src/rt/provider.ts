// A tool's arguments between the shape its schema declares and the shape a model
// provider's schema asks for (generated/providers.ts, written by `toolform build`
// with `providers` in the config). Only OpenAI's strict mode changes a value's shape:
// every property is required there, so an optional property the model leaves out
// comes as null. The build writes, per tool, a plan of where that happens; these two
// walks follow it. Total: any value gives a value (a part the plan does not describe
// is returned as it is), nothing is mutated, depth is bounded.
import { nzCopy, nzSet } from "./normalize.js";

/**
 * Where a value's shape differs between the tool's schema and the provider's, built by
 * toolform at build time (src/emit/providers). 0: nowhere below.
 * - `o`: an object; its properties' plans by name, and `n`: the properties that were
 *   optional and are sent as null when left out; `m`: optional ones that also take null
 *   (sent as null when left out, and a null stays: the tool takes it).
 * - `a`: an array; the plan of every item.
 * - `u`: alternatives (anyOf): an object takes the plan of the alternative whose property
 *   names are exactly its own (strict objects have all their properties); an array the plan of `ua`.
 * - `$`: the plan of a recursive definition, by its name in the plan's `d`.
 */
export type ProviderPlan =
  | 0
  | {
      o?: { readonly [name: string]: ProviderPlan };
      n?: readonly string[];
      m?: readonly string[];
      a?: ProviderPlan;
      u?: readonly (readonly [readonly string[], ProviderPlan])[];
      ua?: ProviderPlan;
      $?: string;
    };

/** A tool's plan: its root, and the plans of its recursive definitions. */
export interface ToolPlan {
  root: ProviderPlan;
  d?: { readonly [name: string]: ProviderPlan };
}

const MAX_DEPTH = 256;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function deref(tool: ToolPlan, p: ProviderPlan): ProviderPlan {
  for (let hops = 0; p && p.$ !== undefined && hops < 64; hops++) p = tool.d?.[p.$] ?? 0;
  return p && p.$ !== undefined ? 0 : p;
}

/**
 * The plan a value follows at `p` (recursive references and alternatives resolved), or 0.
 * An object in provider shape has exactly its alternative's names; in the tool's shape, a
 * subset holding every name that is not optional-as-null.
 */
function planFor(tool: ToolPlan, p: ProviderPlan, value: unknown, toProvider: boolean): ProviderPlan {
  p = deref(tool, p);
  if (!p || !p.u) return p;
  if (Array.isArray(value)) return deref(tool, p.ua ?? 0);
  if (!isPlainObject(value)) return 0;
  const keys = Object.keys(value);
  for (const [names, branch] of p.u) {
    const b = deref(tool, branch);
    const fits = toProvider
      ? keys.every((k) => names.includes(k)) && names.every((k) => has(value, k) || (!!b && (!!b.n?.includes(k) || !!b.m?.includes(k))))
      : names.length === keys.length && names.every((k) => has(value, k));
    if (fits) return b;
  }
  return 0;
}

/**
 * One walk, both directions: `toProvider` fills each optional property left out with
 * null; otherwise a null in such a property is taken out. A value that matches no part of
 * the plan comes back as it is (the validator then says what is wrong with it).
 */
function walk(tool: ToolPlan, p: ProviderPlan, value: unknown, toProvider: boolean, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  const plan = planFor(tool, p, value, toProvider);
  if (!plan) return value;
  if (Array.isArray(value)) {
    if (plan.a === undefined || !plan.a) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = walk(tool, plan.a, value[i], toProvider, depth + 1);
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  if (!isPlainObject(value) || (!plan.o && !plan.n && !plan.m)) return value;
  // Copy on write (nzSet: an own "__proto__" stays an own property).
  let out: Record<string, unknown> = value;
  for (const name of plan.n ?? []) {
    if (toProvider && !has(value, name)) out = nzSet(out, value, name, null);
    else if (!toProvider && has(value, name) && value[name] === null) {
      if (out === value) out = nzCopy(value);
      delete out[name];
    }
  }
  if (toProvider) for (const name of plan.m ?? []) if (!has(value, name)) out = nzSet(out, value, name, null);
  if (plan.o) {
    for (const name of Object.keys(plan.o)) {
      const child = plan.o[name]!;
      if (!child || !has(value, name)) continue;
      const next = walk(tool, child, value[name], toProvider, depth + 1);
      if (next !== value[name]) out = nzSet(out, value, name, next);
    }
  }
  return out;
}

/** Arguments as the provider's schema gives them → the shape of the tool's own schema (a new object where anything changed). */
export function fromProviderArgs(tool: ToolPlan, args: unknown): unknown {
  return walk(tool, tool.root, args, false, 0);
}

/** Arguments in the tool's own shape → the shape the provider's schema asks for (e.g. a past call replayed to the model). */
export function toProviderArgs(tool: ToolPlan, args: unknown): unknown {
  return walk(tool, tool.root, args, true, 0);
}

/** What generated/providers.ts holds for one provider: tool names it renamed (provider's → tool's) and the plans of the tools whose shape differs. */
export interface ProviderTable {
  readonly names?: { readonly [providerName: string]: string };
  readonly plans?: { readonly [toolName: string]: ToolPlan };
}

function own<T>(o: { readonly [k: string]: T } | undefined, k: string): T | undefined {
  return o !== undefined && has(o, k) ? o[k] : undefined;
}

/**
 * A call as the provider made it → the tool's name and arguments in the tool's own shape.
 * Arguments given as JSON text (OpenAI's) are parsed first; text that does not parse is
 * passed on as it is, for the validator to say so.
 */
export function fromProviderCall(table: ProviderTable, name: string, args: unknown): { name: string; arguments: unknown } {
  const tool = own(table.names, name) ?? name;
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch {
      return { name: tool, arguments: args };
    }
  }
  const plan = own(table.plans, tool);
  return { name: tool, arguments: plan ? fromProviderArgs(plan, value) : value };
}

/** A call in the tool's own shape → as the provider's schema has it (its name there, null for each optional argument left out). */
export function toProviderCall(table: ProviderTable, name: string, args: unknown): { name: string; arguments: unknown } {
  let providerName = name;
  for (const k of Object.keys(table.names ?? {})) if (table.names![k] === name) providerName = k;
  const plan = own(table.plans, name);
  return { name: providerName, arguments: plan ? toProviderArgs(plan, args) : args };
}
