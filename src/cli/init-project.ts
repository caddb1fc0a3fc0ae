// `toolform init`: a config, one MCP JSON tool and one defineTool file, and the
// build step where it will run: `prebuild` when the package has a `build` script
// (npm runs it before), else a `generate` script. Never overwrites a file and
// never replaces an existing script; every step says what it did or left alone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CONFIG_NAMES } from "../config/load.js";
import { packageTypeOf } from "../config/package-type.js";

export interface InitStep {
  path: string;
  action: "created" | "updated" | "skipped";
  /** Why it was skipped, or what to do next. */
  note?: string;
}

export const CONFIG_TEMPLATE = `import { defineConfig } from "toolform";

export default defineConfig({
  // Tool definitions: MCP JSON files and TypeScript files calling defineTool().
  sources: ["tools/**/*.json", "tools/**/*.tool.ts"],
  // Where the validators go (commit it, and run \`toolform check\` in CI).
  outDir: "generated",
  // "ts" for TypeScript projects, "js" for ESM JavaScript with .d.ts beside it.
  emit: "ts",
  // "reject": an argument the tool does not declare is an error.
  unknownArgs: "reject",
});
`;

/**
 * The same config for a package that is not ESM ("type": "module" missing): there
 * the config is loaded as CommonJS, and a runtime import of the ESM-only
 * `toolform` package would not resolve, so the types come from a type-only import.
 */
export const CONFIG_TEMPLATE_CJS = CONFIG_TEMPLATE.replace('import { defineConfig } from "toolform";', '// A type-only import: this package is not ESM, so the config cannot import toolform at run time.\nimport type { ToolformConfig } from "toolform";')
  .replace("export default defineConfig({", "export default {")
  .replace(/\}\);\n$/, "} satisfies ToolformConfig;\n");

/**
 * The config for a CommonJS package (a package.json without "type": "module"): defineTool files
 * as .mts, ES modules in any package (the runtime is ESM), which tsc accepts under
 * verbatimModuleSyntax; and emit "cjs", what a CommonJS package can require.
 */
export const CONFIG_TEMPLATE_COMMONJS = CONFIG_TEMPLATE_CJS.replace('"tools/**/*.tool.ts"', '"tools/**/*.tool.mts"').replace(
  /  \/\/ "ts" for TypeScript projects.*\n  emit: "ts",/,
  '  // "cjs": CommonJS JavaScript with .d.ts beside it (this package is CommonJS; "ts" would be ES module syntax).\n  emit: "cjs",',
);

export const EXAMPLE_JSON = `${JSON.stringify(
  {
    name: "get_weather",
    description: "Current weather for a city. Use it when the user asks about weather conditions now, not for forecasts.",
    inputSchema: {
      type: "object",
      properties: {
        city: { type: "string", minLength: 1, description: 'City name, optionally with a country code, e.g. "Lyon, FR".', examples: ["Lyon, FR"] },
        units: { type: "string", enum: ["metric", "imperial"], default: "metric", description: "Unit system of the reply." },
      },
      required: ["city"],
      additionalProperties: false,
    },
  },
  null,
  2,
)}
`;

export const EXAMPLE_TS = `import { defineTool } from "@toolform/runtime";

export const createReminder = defineTool({
  name: "create_reminder",
  description: "Create a reminder for the user at a given time. Use it only when the user asks to be reminded.",
  inputSchema: {
    type: "object",
    properties: {
      text: { type: "string", minLength: 1, maxLength: 200, description: "What to remind the user of, in their words." },
      due_at: { type: "string", format: "date-time", description: 'When to remind, as an RFC 3339 date-time, e.g. "2025-03-14T09:30:00Z".' },
      priority: { type: "string", enum: ["low", "normal", "high"], description: "How insistent the reminder is." },
    },
    required: ["text", "due_at"],
    additionalProperties: false,
  },
  // args is typed from the generated code by the tool's name (run toolform build first).
  execute: async (args) => {
    return { ok: true, text: args.text, due_at: args.due_at };
  },
});
`;

export const PREBUILD = "toolform build";
/** The script init adds when the package has no `build` script for a `prebuild` to run before. */
export const GENERATE = "generate";

/** Writes the starter files into `dir`. */
export function initProject(dir: string): InitStep[] {
  const steps: InitStep[] = [];
  const existingConfig = CONFIG_NAMES.find((n) => existsSync(join(dir, n)));
  if (existingConfig) steps.push({ path: existingConfig, action: "skipped", note: "a config already exists; left it as it is" });
  // No package.json: the config still loads as CommonJS (type-only import), and the output stays TypeScript.
  const type = packageTypeOf(dir);
  if (!existingConfig) steps.push(writeNew(dir, "toolform.config.ts", type === "module" ? CONFIG_TEMPLATE : type === "commonjs" ? CONFIG_TEMPLATE_COMMONJS : CONFIG_TEMPLATE_CJS));
  steps.push(writeNew(dir, "tools/example.json", EXAMPLE_JSON));
  steps.push(writeNew(dir, type === "commonjs" ? "tools/example.tool.mts" : "tools/example.tool.ts", EXAMPLE_TS));
  steps.push(addBuildStep(dir));
  return steps;
}

function writeNew(dir: string, rel: string, text: string): InitStep {
  const abs = join(dir, rel);
  if (existsSync(abs)) return { path: rel, action: "skipped", note: "already exists; not overwritten" };
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text, { flag: "wx" });
  return { path: rel, action: "created" };
}

function addBuildStep(dir: string): InitStep {
  const path = join(dir, "package.json");
  if (!existsSync(path)) {
    return { path: "package.json", action: "skipped", note: `no package.json here; add "scripts": { "prebuild": "${PREBUILD}" } to yours (or run it in your build)` };
  }
  const text = readFileSync(path, "utf8");
  let pkg: { scripts?: Record<string, unknown> };
  try {
    pkg = JSON.parse(text) as typeof pkg;
  } catch (e) {
    return { path: "package.json", action: "skipped", note: `cannot parse it (${(e as Error).message}); add "prebuild": "${PREBUILD}" by hand` };
  }
  if (typeof pkg !== "object" || pkg === null || Array.isArray(pkg)) return { path: "package.json", action: "skipped", note: "it is not a JSON object; left it alone" };
  const scripts = pkg.scripts ?? {};
  const runsToolform = Object.entries(scripts).find(([, v]) => typeof v === "string" && /\btoolform\s+build\b/.test(v));
  if (runsToolform) return { path: "package.json", action: "skipped", note: `"${runsToolform[0]}" already runs toolform: ${JSON.stringify(runsToolform[1])}` };
  // npm runs "prebuild" only before "build": without a build script it would never run.
  const hasBuild = typeof scripts.build === "string";
  const name = hasBuild ? "prebuild" : GENERATE;
  const existing = scripts[name];
  if (existing !== undefined) {
    return {
      path: "package.json",
      action: "skipped",
      note: `"${name}" is already ${JSON.stringify(existing)}; left it alone. To chain them: "${name}": ${JSON.stringify(`${PREBUILD} && ${String(existing)}`)}`,
    };
  }
  pkg.scripts = { ...scripts, [name]: PREBUILD };
  // Keep the file's indentation and final newline.
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  writeFileSync(path, JSON.stringify(pkg, null, indent) + (text.endsWith("\n") ? "\n" : ""));
  return {
    path: "package.json",
    action: "updated",
    note: hasBuild
      ? `added "prebuild": "${PREBUILD}" (npm runs it before "build")`
      : `added "${GENERATE}": "${PREBUILD}" (no "build" script for a prebuild to run before): run \`npm run ${GENERATE}\`, or call it from your build`,
  };
}
