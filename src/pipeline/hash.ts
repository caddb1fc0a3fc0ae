import { createHash } from "node:crypto";

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
export function canonicalJson(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x: unknown) => {
        if (x && typeof x === "object" && !Array.isArray(x)) {
          // Null prototype: `sorted["__proto__"] = …` must make a key, not set a prototype
          // (two schemas that differed only under a "__proto__" property hashed alike).
          const sorted: Record<string, unknown> = Object.create(null);
          for (const k of Object.keys(x).sort()) sorted[k] = (x as Record<string, unknown>)[k];
          return sorted;
        }
        return x;
      }) ?? "undefined"
    );
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // Nested deeper than JSON.stringify's recursion reaches (a hostile schema thousands of
    // levels deep): the same rendering with an explicit stack, so hashing never crashes a build.
    return deepCanonicalJson(v);
  }
}

/** canonicalJson for very deep values: JSON's rules (undefined, functions and symbols dropped in objects, null in arrays), keys sorted. */
function deepCanonicalJson(root: unknown): string {
  if (root === undefined || typeof root === "function" || typeof root === "symbol") return "undefined";
  const atom = (x: unknown): string | undefined => (x === undefined || typeof x === "function" || typeof x === "symbol" ? undefined : JSON.stringify(x));
  let out = "";
  const open = new Set<object>();
  // Work items: a value to write, a literal text, or an object to close (leave the cycle check).
  const todo: { value?: unknown; text?: string; close?: object }[] = [{ value: root }];
  while (todo.length) {
    const item = todo.pop()!;
    if (item.text !== undefined) {
      out += item.text;
      continue;
    }
    if (item.close !== undefined) {
      open.delete(item.close);
      continue;
    }
    const x = item.value;
    if (typeof x !== "object" || x === null || typeof (x as { toJSON?: unknown }).toJSON === "function") {
      out += atom(x) ?? "null";
      continue;
    }
    if (open.has(x)) throw new TypeError("canonicalJson: cyclic value");
    open.add(x);
    const parts: { value?: unknown; text?: string; close?: object }[] = [];
    if (Array.isArray(x)) {
      parts.push({ text: "[" });
      for (let i = 0; i < x.length; i++) {
        const e: unknown = x[i]; // a hole reads as undefined: null, as JSON.stringify writes it
        if (i) parts.push({ text: "," });
        parts.push({ value: e === undefined || typeof e === "function" || typeof e === "symbol" ? null : e });
      }
      parts.push({ text: "]" });
    } else {
      parts.push({ text: "{" });
      // Keys in the order the fast path writes them: sorted, then as an object orders them (integer keys first).
      const o: Record<string, unknown> = Object.create(null);
      for (const k of Object.keys(x).sort()) o[k] = (x as Record<string, unknown>)[k];
      let first = true;
      for (const k of Object.keys(o)) {
        const val = o[k];
        if (val === undefined || typeof val === "function" || typeof val === "symbol") continue;
        parts.push({ text: (first ? "" : ",") + JSON.stringify(k) + ":" }, { value: val });
        first = false;
      }
      parts.push({ text: "}" });
    }
    parts.push({ close: x });
    for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!);
  }
  return out;
}

/** sha256 hex of the canonical JSON of a value. */
export function hashOf(v: unknown): string {
  return createHash("sha256").update(canonicalJson(v)).digest("hex");
}
