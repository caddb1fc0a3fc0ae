// The provider lists of a build (config `providers`): converted after the tools compile,
// written as generated/providers.ts (src/emit/providers). Loaded only when asked for.
import type { Provider } from "../emit/providers/shared.js";
import type { ProviderLists } from "../emit/providers/index.js";
import { header } from "../emit/header.js";
import { layoutCode } from "../emit/layout.js";
import { materialize } from "../sources/memo.js";
import { placeDiagnostic, type CompiledTool } from "./compiled.js";
import type { GeneratedFile } from "../io/generated-file.js";
import { hashOf } from "../io/hash.js";

/** Each tool's lists per provider (a tool read from the build cache is read whole again: its schema is needed). */
export async function listsFor(compiled: readonly CompiledTool[], providers: readonly Provider[]) {
  const { providerLists } = await import("../emit/providers/index.js");
  const lists = providerLists(compiled.map((t) => materialize(t.def)), providers);
  const byName = new Map(compiled.map((t) => [t.def.name, t.def]));
  lists.diagnostics = lists.diagnostics.map((d) => placeDiagnostic(d, byName.get(d.tool!)!));
  return lists;
}

/** generated/providers.ts (or .js and .d.ts): the lists as typed constants, and the way back (src/emit/providers/module.ts). */
export async function providerFiles(lists: ProviderLists, providers: readonly Provider[], emit: "ts" | "js" | "cjs", rtFile: string): Promise<GeneratedFile[]> {
  const { providersHeadTs, providersModuleTs, providersModuleDts } = await import("../emit/providers/module.js");
  const { textIn } = await import("../emit/code.js");
  const head = header(`tool lists for ${providers.join(", ")}`, hashOf([lists.openai, lists.anthropic, lists.gemini, rtFile]));
  const mod = providersModuleTs(lists, rtFile);
  const imports = providersHeadTs(rtFile);
  if (emit === "ts") return [{ path: "providers.ts", contents: head + "\n" + textIn(imports, "ts") + layoutCode(mod) }];
  const lang = emit === "cjs" ? "cjs" : "esm";
  return [
    { path: "providers.js", contents: head + "\n" + textIn(imports, lang) + "\n" + layoutCode(mod, lang) },
    { path: "providers.d.ts", contents: head + "\n" + 'import type { ValidationReport } from "./index.js";\n' + layoutCode(providersModuleDts(lists)) },
  ];
}
