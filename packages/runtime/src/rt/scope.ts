// $dynamicRef: the dynamic scope a recursive check carries.
import type { ValidationError } from "./report.js";
import { hasOwn } from "./predicates.js";

/** What a dynamic scope binds an anchor name to: the target's functions. */
export interface ScopeBinding {
  is(v: unknown, d: number, ds: unknown): boolean;
  err(v: unknown, p: string, s: ValidationError[], d: number, ds: unknown): void;
  props?(v: unknown, d: number, ds: unknown, out: Set<string>): void;
  items?(v: unknown, d: number, ds: unknown, out: Set<number>): void;
}
export type DynamicScope = Readonly<Record<string, ScopeBinding>> | undefined;

/** Entering a resource: adds its $dynamicAnchors, keeping names an outer resource already bound. */
export function enterScope(ds: DynamicScope, add: Readonly<Record<string, ScopeBinding>>): DynamicScope {
  if (ds === undefined) return add;
  let out: Record<string, ScopeBinding> | undefined;
  for (const k in add) {
    if (hasOwn.call(ds, k)) continue;
    out ??= Object.assign(Object.create(null) as Record<string, ScopeBinding>, ds);
    out[k] = add[k]!;
  }
  return out ?? ds;
}

/** The binding of `name` in the dynamic scope, else the static target. */
export function dynamicTarget(ds: DynamicScope, name: string, fallback: ScopeBinding): ScopeBinding {
  return ds !== undefined && hasOwn.call(ds, name) ? ds[name]! : fallback;
}
