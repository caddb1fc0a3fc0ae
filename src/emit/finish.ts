// The last step of every generated file: TypeScript → JavaScript when emitting
// "js", and prettier with a fixed config (output must be byte-identical on any
// machine, whatever prettier config the user's project has).
import { createRequire } from "node:module";
import * as prettier from "prettier";

// TypeScript (through ts-morph) is only needed to emit JavaScript; loading it costs
// about half a second, so a `ts` build never does.
const require = createRequire(import.meta.url);
let tsModule: typeof import("ts-morph").ts | undefined;
export function typescript(): typeof import("ts-morph").ts {
  return (tsModule ??= (require("ts-morph") as typeof import("ts-morph")).ts);
}

const PRETTIER: prettier.Options = {
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

/** Formats with prettier. TypeScript goes through the babel-ts parser: same printer, about twice as fast as typescript-estree here. */
export async function formatSource(text: string, parser: "typescript" | "babel"): Promise<string> {
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

/** Type-stripping only (and, for "cjs", import/export to require/exports): the generated TypeScript is already checked by its construction. */
export function toJavaScript(tsSource: string, module: "esm" | "cjs" = "esm"): string {
  const ts = typescript();
  const out = ts.transpileModule(tsSource, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: module === "cjs" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, esModuleInterop: false, verbatimModuleSyntax: false, removeComments: false },
  });
  return out.outputText;
}

/** .d.ts for a self-contained module with explicit types on its exports (the runtime). */
export function declarationsOf(tsSource: string): string {
  const ts = typescript();
  const out = ts.transpileDeclaration(tsSource, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  return out.outputText;
}
