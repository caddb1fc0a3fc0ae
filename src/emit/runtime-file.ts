// generated/_runtime.ts: the shared helpers, copied from templates/ (the
// runtime, then the format checks), imported by every tool module as `rt`.
import { existsSync, readFileSync } from "node:fs";
import { templatePath } from "./templates.js";

let cached: string | undefined;

/** The TypeScript source of _runtime.ts (without the header). */
export function runtimeSource(): string {
  if (cached === undefined) {
    const parts = [readFileSync(templatePath("_runtime.ts"), "utf8")];
    const formats = templatePath("_formats.ts");
    if (existsSync(formats)) parts.push(readFileSync(formats, "utf8"));
    cached = parts.join("\n");
  }
  return cached;
}
