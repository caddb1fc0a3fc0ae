// Finds and loads toolform.config.{ts,mts,js,mjs} without a compile step (tsx),
// then fills in defaults. Flags given on the command line override the file.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ToolformError } from "../diagnostics/format.js";
import { readSourceText } from "../sources/text.js";
import { DEFAULT_LIMITS, resolveLimits } from "./limits.js";
import type { ResolvedConfig, ToolformConfig } from "./types.js";
import { UNCHECKED_KINDS, uncheckedKinds } from "./unchecked.js";
import { readFormatsOption } from "./formats.js";
import { CONFIG_NAMES, findConfig } from "./find.js";
import { defaultEmit, nearestPackageJson } from "./package-type.js";

export { CONFIG_NAMES, findConfig };

function configError(file: string, message: string, hint: string): ToolformError {
  return new ToolformError([{ severity: "error", code: "config/invalid", message, file, hint }]);
}

export async function loadConfigFile(file: string): Promise<ToolformConfig> {
  let mod: { default?: unknown };
  try {
    if (/\.m?ts$/.test(file)) {
      const { tsImport } = await import("tsx/esm/api");
      // A query string busts the module cache, so watch mode sees edits.
      mod = (await tsImport(pathToFileURL(file).href + `?t=${statSync(file).mtimeMs}`, import.meta.url)) as { default?: unknown };
    } else {
      mod = (await import(pathToFileURL(file).href + `?t=${statSync(file).mtimeMs}`)) as { default?: unknown };
    }
  } catch (e) {
    throw configError(file, `cannot load the config: ${(e as Error).message.split("\n")[0]}`, "fix the error in the config file; it must `export default defineConfig({...})`");
  }
  const cfg = (mod.default as { default?: unknown })?.default ?? mod.default;
  if (typeof cfg !== "object" || cfg === null) throw configError(file, "the config has no default export", 'add `export default defineConfig({ sources: ["tools/**/*.json"], outDir: "generated" })`');
  return cfg as ToolformConfig;
}

/** Fills defaults and checks the shape; `root` is the folder relative paths are read from. */
export function resolveConfig(cfg: ToolformConfig, root: string, configFile?: string): ResolvedConfig {
  const where = configFile ?? join(root, "toolform.config.ts");
  const bad = (m: string, hint: string) => configError(where, m, hint);
  if (!Array.isArray(cfg.sources) || cfg.sources.length === 0) throw bad('"sources" must be a non-empty array', 'e.g. sources: ["tools/**/*.json"]');
  cfg.sources.forEach((spec, i) => {
    const lint = typeof spec === "object" && spec !== null ? (spec as { lint?: unknown }).lint : undefined;
    if (lint !== undefined && lint !== "off" && lint !== "warn" && lint !== "error") throw bad(`"sources[${i}].lint" must be "off", "warn" or "error"; got ${JSON.stringify(lint)}`, `e.g. { ...the source, lint: "off" } for tools you do not own`);
  });
  const oneOf = <T extends string>(key: string, v: unknown, allowed: readonly T[], dflt: T): T => {
    if (v === undefined) return dflt;
    if (!allowed.includes(v as T)) throw bad(`"${key}" must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}; got ${JSON.stringify(v)}`, `set ${key}: ${JSON.stringify(dflt)}`);
    return v as T;
  };
  const num = (key: string, v: unknown, dflt: number): number => {
    if (v === undefined) return dflt;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1) throw bad(`"${key}" must be a positive integer; got ${JSON.stringify(v)}`, `set ${key}: ${dflt}`);
    return v;
  };
  const allowUnchecked = (key: string, v: unknown) => {
    const kinds = uncheckedKinds(v);
    if (kinds === undefined) throw bad(`"${key}" must be true, false or a list of ${UNCHECKED_KINDS.map((k) => JSON.stringify(k)).join(", ")}; got ${JSON.stringify(v)}`, `e.g. ${key}: ["format"]`);
    return kinds;
  };
  const formatsOption = (v: ToolformConfig["formats"]) => {
    const r = readFormatsOption(v);
    if ("problem" in r) throw bad(r.problem, r.hint);
    return v ?? true;
  };
  for (const [name, t] of Object.entries(cfg.tools ?? {})) if (t?.allowUnchecked !== undefined) allowUnchecked(`tools.${name}.allowUnchecked`, t.allowUnchecked);
  const providers = cfg.providers ?? [];
  const known = ["openai", "anthropic", "gemini"];
  if (!Array.isArray(providers)) throw bad(`"providers" must be a list; got ${JSON.stringify(providers)}`, `e.g. providers: ["openai", "anthropic", "gemini"]`);
  for (const p of providers) if (!known.includes(p)) throw bad(`"providers" names ${JSON.stringify(p)}, which toolform does not write lists for`, `use some of ${known.map((k) => JSON.stringify(k)).join(", ")}`);
  const limits = resolveLimits(cfg.limits);
  if (typeof limits === "string") throw bad(limits, `e.g. limits: { schemaBytes: ${DEFAULT_LIMITS.schemaBytes}, propertiesPerObject: ${DEFAULT_LIMITS.propertiesPerObject}, enumSize: ${DEFAULT_LIMITS.enumSize} }`);
  const emitFrom = cfg.emit === undefined ? nearestPackageJson(root) : undefined;
  return {
    root,
    ...(configFile ? { configFile } : {}),
    sources: cfg.sources,
    outDir: resolve(root, cfg.outDir ?? "generated"),
    emit: oneOf("emit", cfg.emit, ["ts", "js", "cjs"] as const, defaultEmit(emitFrom)),
    // An emit left to the package's type: that package.json is an input of the build.
    ...(emitFrom !== undefined ? { emitFrom } : {}),
    unknownArgs: oneOf("unknownArgs", cfg.unknownArgs, ["reject", "schema"] as const, "reject"),
    coerce: oneOf("coerce", cfg.coerce, ["none", "lenient", "normalized"] as const, "none"),
    feedbackStyle: oneOf("feedbackStyle", cfg.feedbackStyle, ["lines", "annotated"] as const, "lines"),
    engine: oneOf("engine", cfg.engine, ["toolform", "ajv"] as const, "toolform"),
    normalizer: cfg.normalizer ?? true,
    allowUnchecked: allowUnchecked("allowUnchecked", cfg.allowUnchecked),
    formats: formatsOption(cfg.formats),
    maxDepth: num("maxDepth", cfg.maxDepth, 128),
    maxPatternInput: num("maxPatternInput", cfg.maxPatternInput, 10_000),
    schemas: loadSchemas(cfg.schemas, root, where),
    strict: cfg.strict ?? false,
    lint: cfg.lint ?? {},
    tools: cfg.tools ?? {},
    limits,
    // Deduplicated, in a fixed order: the same set gives the same output.
    providers: known.filter((k) => providers.includes(k as never)) as ToolformConfig["providers"] & object,
  };
}

/**
 * Remote $ref documents: a map, or a folder whose JSON files are keyed by their $id and by
 * their path inside the folder as a `file:///` URL (`schemas/sub/a.json` → `file:///sub/a.json`,
 * so relative refs between them resolve). Never by the absolute path: the keys reach the
 * tools' input hashes and so the output, which must be the same in every checkout.
 * Files are read in sorted order (readdir's order is the file system's).
 */
function loadSchemas(spec: ToolformConfig["schemas"], root: string, where: string): Record<string, unknown> {
  if (spec === undefined) return {};
  if (typeof spec !== "string") return spec;
  const dir = isAbsolute(spec) ? spec : resolve(root, spec);
  if (!existsSync(dir)) throw configError(where, `"schemas" folder ${spec} does not exist`, "create it or fix the path");
  const out: Record<string, unknown> = {};
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, rel + e.name + "/");
      else if (e.name.endsWith(".json")) {
        // As a source is read: a FIFO would block the build forever, so it is an error naming it.
        const r = readSourceText(p);
        if (!r.ok) throw configError(where, `"schemas" folder: ${relative(root, p)}: ${r.message}`, r.hint ?? "fix the file or remove it from the folder");
        const doc = JSON.parse(r.text) as { $id?: unknown };
        out[new URL((rel + e.name).split("/").map(encodeURIComponent).join("/"), "file:///").href] = doc;
        if (typeof doc.$id === "string") out[doc.$id] = doc;
      }
    }
  };
  walk(dir, "");
  return out;
}

/** Loads the config at `path`, or the one in `cwd`. */
export async function loadConfig(opts: { cwd: string; path?: string; overrides?: Partial<ToolformConfig> }): Promise<ResolvedConfig> {
  const file = opts.path ? resolve(opts.cwd, opts.path) : findConfig(opts.cwd);
  if (!file || !existsSync(file)) {
    throw new ToolformError([
      { severity: "error", code: "config/missing", message: opts.path ? `config file ${opts.path} not found` : `no toolform.config.ts in ${opts.cwd}`, hint: "run `npx toolform init`, or pass --config PATH" },
    ]);
  }
  const cfg = { ...(await loadConfigFile(file)), ...opts.overrides };
  return resolveConfig(cfg, dirname(file), file);
}
