// The header every generated file starts with: the generated-by line,
// linters off, where it came from and the hash of what went in.
import { readFileSync } from "node:fs";
import { comment } from "./code.js";
import { templatePath } from "./templates.js";

let fixed: string | undefined;

export function header(source: string, inputHash: string): string {
  fixed ??= readFileSync(templatePath("header.txt"), "utf8").trimEnd();
  return `${fixed}\n${comment(`source: ${source}`, true).text}${comment(`input hash: sha256:${inputHash}`, true).text}`;
}
