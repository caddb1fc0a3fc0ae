// The ajv engine: ajv's standalone code with its runtime inlined (`engine: "ajv"`).
//
// toolform emits its own code for every JSON Schema keyword. A tool set to `engine: "ajv"`
// in the config is compiled by ajv's standalone code generation instead (an escape hatch:
// ajv's verdicts, toolform's report), with ajv's runtime helpers inlined, so the output
// still imports nothing and generates no code.
//
// How the bundling works:
//  1. ajv (Ajv2020 or Ajv for draft-07, plus ajv-formats in full mode when asked) compiles
//     the schema; `ajv/dist/standalone` turns the compiled function into an ES module:
//       "use strict"; export const validate = validate20; export default validate20;
//       const formats0 = require("ajv-formats/dist/formats").fullFormats["date-time"];
//       const func1 = require("ajv/dist/runtime/ucs2length").default; ... function validate20(data, ...) {...}
//     (ajv's ESM mode still `require`s its runtime helpers and ajv-formats' formats module.)
//  2. esbuild bundles that module from stdin (bundle, platform "neutral", no externals),
//     so every require() is resolved from toolform's own node_modules and inlined as an
//     esbuild CommonJS wrapper. The formats module compiles its regexes at load time,
//     which is plain RegExp literals/`new RegExp`, not code generation.
//     We bundle as an IIFE with a global name, `format: "iife", globalName: <prefix>module`,
//     which esbuild always prints as one statement
//       var <prefix>module = (() => { ...everything...; return __toCommonJS(exports); })();
//     Everything the bundle needs lives inside that arrow function, so nothing can clash
//     with the code around the snippet. We check that shape with a regular expression
//     (and throw if esbuild ever prints anything else) and rewrite only its two ends:
//       const <prefix>validate = (() => { ... })().validate;
//     That is robust where rewriting `format: "esm"` output is not: an ESM bundle has
//     top-level helper names (__commonJS, require_formats, ...) that would need
//     renaming, and a trailing `export { ... }` statement to parse.
//  3. Two cosmetic rewrites keep the text free of the substring "require(" even inside
//     strings: ajv's runtime files carry `fn.code = 'require("ajv/dist/runtime/...")'`
//     (used only by ajv's compiler; stripped when loading them), and esbuild's
//     __commonJS helper names its inner function `__require` (renamed).
//  4. The result is checked (./check.ts): textual bans outside literals, then a re-parse
//     by esbuild with require/eval/Function marked and imports refused. Any finding
//     throws.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import type * as AjvCoreModule from "ajv/dist/core.js";
import type { Options as AjvOptions, Logger } from "ajv/dist/core.js";
import type { AnySchema } from "ajv/dist/types/index.js";
import { childPointer } from "../../schema/dialect.js";
import { literalViolations, parserViolations } from "./check.js";

export { ajvErrorToParts, mapperCode } from "./errors.js";
export type { AjvErrorObject, AjvErrorBucket, AjvErrorParts } from "./errors.js";

export interface AjvEngineOptions {
  draft: "2020-12" | "draft-07";
  /** Add ajv-formats (full mode, with formatMinimum & co.) and assert formats. Without it, unknown formats are ignored. */
  formats: boolean;
  /** Other schema documents by $id/URI, for remote $ref; added to ajv (ajv.addSchema(doc, uri)) before compiling. */
  remotes?: Record<string, unknown>;
}

export interface AjvEngineResult {
  /**
   * Plain JavaScript, valid inside an ES module, with no import/export and exactly one
   * top-level declaration: `const <functionName> = ...`. Same input (schema, options,
   * ajv version) → same name and same code, byte for byte: a caller putting several
   * standalone validators into one module should include each distinct functionName once.
   */
  code: string;
  /** `ajv_<8 hex>_validate`: `fn(data) → boolean`, setting `fn.errors` (ajv's error array, or null). */
  functionName: string;
  /** What ajv logged while compiling (e.g. `unknown format "x" ignored`), for the build summary. */
  warnings: string[];
}

const HERE_FILE = fileURLToPath(import.meta.url);
const req = createRequire(HERE_FILE);

type AjvCore = AjvCoreModule.default;
type AjvClass = new (opts: AjvOptions) => AjvCore;

function ajvClass(draft: AjvEngineOptions["draft"]): AjvClass {
  const mod = draft === "2020-12" ? req("ajv/dist/2020") : req("ajv");
  return (mod.default ?? mod) as AjvClass;
}

/** The exact ajv options of the ajv engine (exported so tests and checks can build the same "live" ajv). */
export function ajvOptions(logger?: Logger | false): AjvOptions {
  // ownProperties: an inherited member (`constructor`, `toString` …) is not a present property.
  // Without it a schema declaring `"constructor": {"type": "string"}` refused every object
  // (ajv read Object.prototype.constructor), where toolform's own engine judges own keys only.
  const o: AjvOptions = { code: { source: true, esm: true, lines: true }, allErrors: true, strict: false, unicodeRegExp: true, ownProperties: true };
  if (logger !== undefined) o.logger = logger;
  return o;
}

/**
 * A fresh ajv instance configured exactly as the ajv engine's: same class, options,
 * formats and remotes. Throws a clear Error when a remote cannot be added.
 */
export function createEngineAjv(opts: AjvEngineOptions, logger?: Logger | false): AjvCore {
  const Ajv = ajvClass(opts.draft);
  const ajv = new Ajv(ajvOptions(logger));
  if (opts.formats) {
    const addFormats = req("ajv-formats");
    (addFormats.default ?? addFormats)(ajv);
  }
  for (const [uri, doc] of Object.entries(opts.remotes ?? {})) {
    try {
      // Not meta-validated: a remote that is only partly valid (or that this ajv cannot
      // meta-check) must not stop a schema that never reaches the broken part.
      ajv.addSchema(doc as AnySchema, uri, undefined, false);
    } catch (e) {
      throw new Error(`ajv engine: cannot add the remote schema ${JSON.stringify(uri)}: ${(e as Error).message}`, { cause: e });
    }
  }
  return ajv;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(req.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

/** The folder holding the node_modules that ajv is in: esbuild's working directory, so paths printed in the bundle do not depend on the cwd. */
function bundleRoot(): string {
  const ajvPkg = req.resolve("ajv/package.json");
  const marker = `${sep}node_modules${sep}`;
  const at = ajvPkg.lastIndexOf(marker);
  return at >= 0 ? ajvPkg.slice(0, at) : dirname(dirname(ajvPkg));
}

// The code ajv generated names "ajv/dist/runtime/..." and "ajv-formats/dist/formats": resolve
// them exactly as this module resolves ajv (the copy that generated the code), not from
// wherever the bundle's working directory happens to be.
const resolveAjvFromToolform: Plugin = {
  name: "toolform-resolve-ajv",
  setup(b) {
    b.onResolve({ filter: /^ajv(?:-formats)?(?:\/|$)/ }, (a) => {
      const from = a.importer && isAbsolute(a.importer) ? a.importer : HERE_FILE;
      return { path: createRequire(from).resolve(a.path) };
    });
  },
};

// ajv's runtime files end with `fn.code = 'require("ajv/dist/runtime/x").default'`: a string
// for ajv's own compiler, dead in a bundle. Dropped so the output has no "require(" text at all.
const AJV_RUNTIME_FILE = /[\\/]ajv[\\/]dist[\\/]runtime[\\/][^\\/]+\.js$/;
const stripAjvCodeStrings: Plugin = {
  name: "toolform-strip-ajv-code-strings",
  setup(b) {
    b.onLoad({ filter: AJV_RUNTIME_FILE }, (a) => ({
      contents: readFileSync(a.path, "utf8").replace(/^\w+\.code = '[^'\n]*';$/gm, ""),
      loader: "js",
      resolveDir: dirname(a.path),
    }));
  },
};

/** Who wrote the code inlined into the bundle: "ajv 8.20.0 (MIT), ..." from esbuild's metafile. */
function inlinedPackages(inputs: string[], root: string): string {
  const seen = new Map<string, string>();
  for (const input of inputs) {
    const m = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(input.slice(input.lastIndexOf("node_modules")));
    if (!m) continue;
    const name = m[1]!.replace(/\\/g, "/");
    if (seen.has(name)) continue;
    const dir = resolve(root, input.slice(0, input.lastIndexOf("node_modules")), "node_modules", name);
    let info = name;
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string; license?: string };
      info = `${name} ${pkg.version ?? "?"} (${pkg.license ?? "see its package"})`;
    } catch {
      /* keep the bare name */
    }
    seen.set(name, info);
  }
  return [...seen.values()].sort().join(", ");
}

function prefixOf(schema: unknown, opts: AjvEngineOptions): string {
  const h = createHash("sha256");
  h.update(JSON.stringify({ ajv: packageVersion("ajv"), ajvFormats: opts.formats ? packageVersion("ajv-formats") : null }));
  h.update("\0");
  h.update(JSON.stringify([opts.draft, opts.formats, schema, opts.remotes ?? null]) ?? "undefined");
  return `ajv_${h.digest("hex").slice(0, 8)}_`;
}

/**
 * ajv writes each compiled schema's `$id` into a block comment of its code
 * (`/*# sourceURL=<id> *\/`, whenever `code.source` is on, as standalone needs), quoted
 * with JSON's rules, which leave `*\/` as it is: an `$id` holding `*\/` would end the
 * comment and put the rest of the `$id` in the validator as code. Refused before ajv
 * sees it, wherever a `$id` string is (data positions too: fail closed).
 */
function refuseCommentBreakingIds(doc: unknown, what: string): void {
  const stack: [unknown, string][] = [[doc, ""]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    for (const [k, x] of Object.entries(v)) {
      if (k === "$id" && typeof x === "string" && x.includes("*/")) {
        throw new Error(`ajv engine: the $id at ${JSON.stringify(childPointer(at, k))} in ${what} contains "*/", which would end a comment in ajv's generated code and run the rest of the $id as code; remove "*/" from the $id (a URI has no need of it)`);
      }
      stack.push([x, childPointer(at, k)]);
    }
  }
}

/**
 * Compiles `schema` with ajv standalone code and inlines ajv's runtime: see the top of
 * this file. Throws an Error (message starting "ajv engine:") when ajv cannot compile
 * the schema (e.g. an unresolvable $ref: pass the document in `remotes`) or when the
 * bundle ever contains a module load or run-time code generation.
 */
export async function emitAjvStandalone(schema: unknown, opts: AjvEngineOptions): Promise<AjvEngineResult> {
  refuseCommentBreakingIds(schema, "the schema");
  for (const [uri, doc] of Object.entries(opts.remotes ?? {})) refuseCommentBreakingIds(doc, `the remote document ${JSON.stringify(uri)}`);
  const prefix = prefixOf(schema, opts);
  const functionName = `${prefix}validate`;
  const moduleName = `${prefix}module`;

  const warnings: string[] = [];
  const collect = (...args: unknown[]): void => void warnings.push(args.map(String).join(" "));
  const ajv = createEngineAjv(opts, { log: () => {}, warn: collect, error: collect });

  let source: string;
  try {
    const validate = ajv.compile(schema as AnySchema);
    if ((validate as { $async?: unknown }).$async) throw new Error("$async schemas are not supported (the validator must return a boolean)");
    const standaloneCode = req("ajv/dist/standalone");
    source = (standaloneCode.default ?? standaloneCode)(ajv, validate) as string;
  } catch (e) {
    throw new Error(`ajv engine: ajv (${opts.draft}) cannot compile the schema: ${(e as Error).message}`, { cause: e });
  }

  const root = bundleRoot();
  const result = await build({
    // resolveDir = absWorkingDir: the bundle's path comments ("// node_modules/ajv/...",
    // "// ajv-standalone.mjs") then do not depend on the cwd nor on src/ vs dist/.
    stdin: { contents: source, loader: "js", resolveDir: root, sourcefile: "ajv-standalone.mjs" },
    absWorkingDir: root,
    bundle: true,
    format: "iife",
    globalName: moduleName,
    platform: "neutral",
    mainFields: ["main", "module"],
    target: "es2020",
    charset: "ascii",
    legalComments: "inline",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [resolveAjvFromToolform, stripAjvCodeStrings],
  }).catch((e: unknown) => {
    const errors = (e as { errors?: Array<{ text: string }> }).errors;
    throw new Error(`ajv engine: esbuild could not bundle ajv's standalone code: ${errors?.map((x) => x.text).join("; ") ?? String(e)}`, { cause: e });
  });
  const bundled = result.outputFiles[0]!.text;

  // esbuild prints an IIFE bundle with a global name as exactly this statement.
  const shape = new RegExp(`^(?:"use strict";\\n)?var ${moduleName} = (\\(\\(\\) => \\{\\n[\\s\\S]*\\n\\}\\)\\(\\));\\n$`);
  const m = shape.exec(bundled);
  if (!m) {
    throw new Error(`ajv engine: esbuild's IIFE bundle does not have the expected shape "var ${moduleName} = (() => {...})();" (esbuild version change?)`);
  }
  const body = m[1]!.replace(/^(  var __commonJS = \(cb, mod\) => function )__require\(\)/m, "$1__tf_cjs_load()");

  const header =
    `// toolform engine "ajv" (${opts.draft}${opts.formats ? ", formats" : ""}): ajv standalone code with its runtime inlined.\n` +
    `// Inlined: ${inlinedPackages(Object.keys(result.metafile.inputs), root) || "nothing"}.\n`;
  const code = `${header}const ${functionName} = ${body}.validate;\n`;

  const bad = literalViolations(code);
  bad.push(...(await parserViolations(code, functionName, prefix)));
  if (bad.length > 0) {
    throw new Error(`ajv engine: the bundled validator would load modules or generate code at run time:\n  ${bad.join("\n  ")}`);
  }
  return { code, functionName, warnings };
}
