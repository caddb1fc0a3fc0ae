/**
 * Runs a tool file with tsx and picks the exported tool specs out of it
 * (load: "import"). Each import is a fresh module graph (tsx namespaces every
 * tsImport), so a watch rebuild sees edited files.
 */
import { pathToFileURL } from "node:url";
import { isPlainObject } from "./definition.js";

/** tsx's loader could not be loaded: toolform's install is at fault, not the user's file. */
export class LoaderUnavailableError extends Error {
  override readonly name = "LoaderUnavailableError";
}

type TsImport = (specifier: string, parent: string) => Promise<unknown>;
let tsImportOnce: Promise<TsImport> | undefined;

/**
 * tsx's ESM API, imported (never required): the bundled CommonJS CLI would otherwise
 * reach tsx's CommonJS entry, which cannot load its own ES module half
 * (scripts/bundle-cli.mjs turns this import() into a real ES import).
 */
function loadTsImport(): Promise<TsImport> {
  tsImportOnce ??= import("tsx/esm/api").then(
    (api) => api.tsImport as TsImport,
    (error: unknown) => {
      tsImportOnce = undefined;
      throw new LoaderUnavailableError(`toolform could not load its TypeScript loader (tsx): ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    },
  );
  return tsImportOnce;
}

/** An exported value that looks like a tool spec. */
export interface RuntimeSpec {
  /** The export it was found under ("default", "tools", …). */
  exportName: string;
  value: Record<string, unknown> & { name: string };
}

/**
 * Runs the module. If it throws, the error's stack is formatted right here with
 * Node's own formatter, which applies the source maps tsx registers, so the
 * stack names lines of the .ts file. (A test runner's Error.prepareStackTrace
 * would format it against tsx's output instead; V8 formats on first access.)
 */
export async function importModule(absPath: string): Promise<Record<string, unknown>> {
  const tsImport = await loadTsImport();
  try {
    return (await tsImport(pathToFileURL(absPath).href, import.meta.url)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Error) {
      const errorClass = Error as { prepareStackTrace?: unknown };
      const custom = errorClass.prepareStackTrace;
      errorClass.prepareStackTrace = undefined;
      try {
        void error.stack;
      } finally {
        errorClass.prepareStackTrace = custom;
      }
    }
    throw error;
  }
}

/**
 * Exports that are tool specs (objects with a string `name` and an
 * `inputSchema`) or arrays of them, the default export included. A spec
 * exported twice (`export const a = defineTool(…)` and `export const all = [a]`)
 * is returned once.
 */
export function exportedToolSpecs(mod: Record<string, unknown>): RuntimeSpec[] {
  const seen = new Set<unknown>();
  const specs: RuntimeSpec[] = [];
  const add = (exportName: string, value: unknown) => {
    if (!isToolSpec(value) || seen.has(value)) return;
    seen.add(value);
    specs.push({ exportName, value });
  };
  for (const [exportName, value] of Object.entries(mod)) {
    if (Array.isArray(value)) value.forEach((item) => add(exportName, item));
    else add(exportName, value);
  }
  return specs;
}

function isToolSpec(value: unknown): value is RuntimeSpec["value"] {
  return isPlainObject(value) && typeof value["name"] === "string" && "inputSchema" in value;
}
