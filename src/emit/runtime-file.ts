// generated/_runtime.<hash>.ts: the shared helpers, copied from templates/ (the
// runtime, then the format checks, then the normaliser helpers), imported by the
// index module as `rt`. The runtime template's one import — the name matcher,
// @toolform/runtime's src/suggest.ts, which the CLI and the MCP server use too — is
// replaced by that module's text, so the written file imports nothing. Under emit
// "js" its declarations come from TypeScript, which takes ~2 s to load and run:
// `npm run build` makes them once (scripts/runtime-declarations.mjs) and a build
// uses them when they were made from the same source text, else makes them itself.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { declarationsOf } from "./finish.js";
import { packageRoot, templatePath } from "./templates.js";

/** The import statement of templates/_runtime.ts that is replaced by the module it names (shipped as source by @toolform/runtime). */
const SPLICED = { statement: 'import { nearestNames, suggestAndNearest, suggestName } from "../packages/runtime/src/suggest.js";', file: "src/suggest.ts" };

/** Where @toolform/runtime is installed (the workspace folder in this repo, node_modules for a user). */
function runtimePackageRoot(): string {
  return dirname(createRequire(import.meta.url).resolve("@toolform/runtime/package.json"));
}

let cached: string | undefined;

/** The TypeScript source of _runtime.ts (without the header). */
export function runtimeSource(): string {
  if (cached === undefined) {
    const parts = [spliced(readFileSync(templatePath("_runtime.ts"), "utf8"))];
    for (const extra of ["_formats.ts", "_normalize.ts"]) {
      const file = templatePath(extra);
      if (existsSync(file)) parts.push(withoutRuntimeImport(readFileSync(file, "utf8"), extra));
    }
    cached = parts.join("\n");
  }
  return cached;
}

/** An extra template may import names of _runtime.ts (for its own type check); concatenated after it, it needs no import. Any other import is refused. */
function withoutRuntimeImport(text: string, file: string): string {
  const lines = text.split("\n");
  const imports = lines.filter((l) => /^\s*import\s/.test(l));
  if (imports.some((l) => !/^import \{[\w\s,]+\} from "\.\/_runtime\.js";$/.test(l))) {
    throw new Error(`toolform: templates/${file} may import only from "./_runtime.js" (it is concatenated after the runtime; the generated runtime imports nothing)`);
  }
  return imports.length ? lines.filter((l) => !imports.includes(l)).join("\n") : text;
}

/** The runtime template with its one import replaced by the imported module's text (which must import nothing). */
function spliced(template: string): string {
  const at = template.indexOf(SPLICED.statement);
  const module = readFileSync(join(runtimePackageRoot(), SPLICED.file), "utf8");
  const imports = (text: string) => text.split("\n").filter((l) => /^\s*import\s/.test(l)).length;
  if (at < 0 || imports(template) !== 1 || imports(module) !== 0) {
    throw new Error(`toolform: templates/_runtime.ts must have exactly one import, ${SPLICED.statement}, and ${SPLICED.file} none (the generated runtime imports nothing)`);
  }
  return template.slice(0, at) + module + template.slice(at + SPLICED.statement.length);
}

/** Where `npm run build` leaves the runtime's declarations: {source: sha256 of the runtime source, dts}. */
export const PREBUILT_DECLARATIONS = join(packageRoot, "dist", "runtime-declarations.json");

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The runtime's .d.ts text: prebuilt when it matches `source`, else made by TypeScript. */
export function runtimeDeclarations(source: string): string {
  try {
    const pre = JSON.parse(readFileSync(PREBUILT_DECLARATIONS, "utf8")) as { source?: string; dts?: string };
    if (pre.source === sha(source) && typeof pre.dts === "string") return pre.dts;
  } catch {
    /* none prebuilt: made below */
  }
  return declarationsOf(source);
}

/** What `npm run build` writes to PREBUILT_DECLARATIONS. */
export function prebuiltDeclarations(): { source: string; dts: string } {
  const source = runtimeSource();
  return { source: sha(source), dts: declarationsOf(source) };
}
