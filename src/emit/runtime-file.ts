// generated/_runtime.ts: the shared helpers, copied from templates/ (the
// runtime, then the format checks, then the normaliser helpers), imported by
// every tool module as `rt`.
import { existsSync, readFileSync } from "node:fs";
import { templatePath } from "./templates.js";

let cached: string | undefined;

/** The TypeScript source of _runtime.ts (without the header). */
export function runtimeSource(): string {
  if (cached === undefined) {
    const parts = [readFileSync(templatePath("_runtime.ts"), "utf8")];
    for (const extra of ["_formats.ts", "_normalize.ts"]) {
      const file = templatePath(extra);
      if (existsSync(file)) parts.push(readFileSync(file, "utf8"));
    }
    cached = parts.join("\n");
  }
  return cached;
}
