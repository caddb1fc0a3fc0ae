// Reading data the harness did not make: model replies, provider responses,
// executors' results and what they throw. Any JS value may arrive (a Proxy or a
// getter that throws, an object whose toString throws), and every export answers.
import { clip, show } from "../rt/text.js";

/** A plain JSON-like object (not an array, not null). */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `read()`, or `fallback` when reading the value throws. */
export function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** A string for any value: itself when it is a string, else a short rendering that never throws. */
export function textOf(v: unknown): string {
  return typeof v === "string" ? v : show(v);
}

/** A short excerpt of a value for an error: its JSON where it has one (a BigInt or a cycle has none), clipped. */
export function excerptOf(v: unknown, n = 120): string {
  return clip(readOr(() => JSON.stringify(v), undefined) ?? show(v), n);
}
