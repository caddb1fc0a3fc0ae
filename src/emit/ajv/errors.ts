// ajv's errors in toolform's report: `ajvErrorToParts` at build time and in tests, and
// the same function as code for the ajv engine's tool modules (`mapperCode`).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { mapAjvError } from "./map-error.js";
import type { AjvErrorObject, AjvErrorParts } from "./error-types.js";

export type { AjvErrorBucket, AjvErrorObject, AjvErrorParts } from "./error-types.js";

/** One ajv error → toolform's parts. `data` is the root value validated (optional; see map-error.ts). */
export function ajvErrorToParts(e: AjvErrorObject, data?: unknown): AjvErrorParts {
  return data === undefined ? mapAjvError(e) : mapAjvError(e, data);
}

/** map-error as this process loaded it: the .ts source under tsx/vitest, the compiled .js from dist/. */
function mapperFile(): string {
  for (const ext of [".js", ".ts"]) {
    const f = fileURLToPath(new URL("./map-error" + ext, import.meta.url));
    if (existsSync(f)) return f;
  }
  throw new Error("ajv engine: map-error module not found beside errors module");
}

let bundled: Promise<string> | undefined;

/**
 * `const <name> = …;`: map-error.ts bundled by esbuild into one statement (an IIFE, so
 * none of its names reach the module around it), the function the generated code calls
 * as `<name>(error, data)`. The same text from the .ts source and from tsc's .js in dist/
 * (printed without whitespace, esbuild's output is the same for both; read from stdin, so
 * no file path is printed). The tool module is formatted afterwards.
 */
export async function mapperCode(name: string): Promise<string> {
  bundled ??= build({ stdin: { contents: readFileSync(mapperFile(), "utf8"), loader: "ts", sourcefile: "map-error.ts" }, bundle: true, format: "iife", globalName: "__tf_map", platform: "neutral", target: "es2020", charset: "ascii", write: false, logLevel: "silent", legalComments: "none", minifyWhitespace: true }).then((r) => {
    const text = r.outputFiles[0]!.text;
    const m = /^(?:"use strict";)?var __tf_map=(\(\(\)=>\{[\s\S]*\}\)\(\));\n?$/.exec(text);
    if (!m) throw new Error('ajv engine: esbuild\'s IIFE bundle of map-error does not have the expected shape "var __tf_map=(()=>{...})();"');
    return m[1]!;
  });
  return `const ${name} = ${await bundled}.mapAjvError;`;
}
