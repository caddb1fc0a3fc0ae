// The last step of a generated file. Generated modules are laid out by layout.ts as
// they are emitted (no formatter pass), in TypeScript or JavaScript from one emit
// (code.ts textIn); only the runtime, which is written by hand in TypeScript, has its
// types stripped by esbuild. Nothing depends on the user's prettier config, so output
// is byte-identical on any machine. prettier, TypeScript and esbuild load only when
// something asks for them (`toolform compile`, the runtime's .js and .d.ts): a build
// must not pay for what it does not use.
import { createRequire } from "node:module";
import type * as Prettier from "prettier";

const require = createRequire(import.meta.url);
let tsModule: typeof import("ts-morph").ts | undefined;
export function typescript(): typeof import("ts-morph").ts {
  return (tsModule ??= (require("ts-morph") as typeof import("ts-morph")).ts);
}
let esbuildModule: typeof import("esbuild") | undefined;
export function esbuild(): typeof import("esbuild") {
  return (esbuildModule ??= require("esbuild") as typeof import("esbuild"));
}

const PRETTIER: Prettier.Options = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  quoteProps: "as-needed",
};

/** Formats with prettier (`toolform compile`). TypeScript goes through the babel-ts parser: same printer, about twice as fast as typescript-estree here. */
export async function formatSource(text: string, parser: "typescript" | "babel"): Promise<string> {
  const prettier = await import("prettier");
  if (parser === "babel") return prettier.format(text, { ...PRETTIER, parser: "babel" });
  try {
    return await prettier.format(text, { ...PRETTIER, parser: "babel-ts" });
  } catch {
    // babel-ts misreads some valid TypeScript that json-schema-to-typescript writes from a
    // schema — a negative literal type, a newline, then an index signature (`"k": -1\n[k: string]: …`)
    // reads as an indexed access — and the build crashed. typescript-estree reads it right.
    return prettier.format(text, { ...PRETTIER, parser: "typescript" });
  }
}

const STRIP = { loader: "ts", format: "esm", target: "es2022", charset: "utf8", legalComments: "none" } as const;

/**
 * The runtime's TypeScript → JavaScript: types stripped, printed by esbuild; "cjs" also turns
 * import/export into require/exports. Asynchronous: esbuild's service process (the one the
 * argument types' checks use) does it while the build goes on; its synchronous API would start
 * a worker thread and a second esbuild process, and block this thread meanwhile.
 */
export async function stripTypes(tsSource: string, module: "esm" | "cjs" = "esm"): Promise<string> {
  return (await esbuild().transform(tsSource, { ...STRIP, format: module })).code;
}

/** .d.ts for a self-contained module with explicit types on its exports (the runtime). */
export function declarationsOf(tsSource: string): string {
  const ts = typescript();
  const out = ts.transpileDeclaration(tsSource, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  return out.outputText;
}
