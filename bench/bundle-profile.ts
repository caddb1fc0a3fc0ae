// Where a one-tool bundle's runtime bytes come from, by runtime module (issue 33). The runtime is
// one joined file (_runtime.<hash>.ts), so esbuild's metafile gives one number for it: here the
// bundle is made again with identifiers kept (minifySyntax and minifyWhitespace only), each
// top-level declaration is attributed to the module of packages/runtime/src that declares it
// (rt/*.ts, suggest.ts; a name is declared once: runtime-build.ts refuses duplicates), and the
// sum per module is scaled to the minified bundle's size.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

export interface ModuleShare {
  module: string;
  /** Bytes of the minified bundle, estimated (shares of the identifiers-kept bundle). */
  bytes: number;
  /** Its declarations kept, largest first. */
  names: string[];
}

/** Each top-level name the runtime's modules declare, by module ("messages", "suggest", ...). */
function runtimeNames(repo: string): Map<string, string> {
  const src = join(repo, "packages", "runtime", "src");
  const out = new Map<string, string>();
  const files = [...readdirSync(join(src, "rt")).map((f) => `rt/${f}`), "suggest.ts"].filter((f) => f.endsWith(".ts") && f !== "rt/index.ts");
  for (const f of files) {
    const text = readFileSync(join(src, f), "utf8");
    for (const m of text.matchAll(/^(?:export )?(?:function\*? |const |let |class )([\w$]+)/gm)) out.set(m[1]!, f.replace(/^rt\//, "").replace(/\.ts$/, ""));
  }
  return out;
}

/** The bundle of `entry` by runtime module (and "(generated)" for the rest), largest first; `minified`: the minified bundle's size. */
export async function runtimeShares(repo: string, entry: string, minified: number): Promise<ModuleShare[]> {
  const r = await build({ entryPoints: [entry], bundle: true, minifySyntax: true, format: "esm", platform: "browser", write: false, logLevel: "silent", nodePaths: [join(repo, "node_modules")] });
  const text = r.outputFiles[0]!.text;
  const names = runtimeNames(repo);
  // Top-level declarations start a line (no whitespace minified): each runs to the next one.
  const decls: { name: string; size: number }[] = [];
  for (const line of text.split("\n")) {
    const m = /^(?:function\*? |async function |var |let |const |class )([\w$]+)/.exec(line);
    if (m) decls.push({ name: m[1]!, size: 0 });
    if (decls.length) decls[decls.length - 1]!.size += line.length + 1;
  }
  const by = new Map<string, { size: number; names: { name: string; size: number }[] }>();
  let total = 0;
  for (const d of decls) {
    const mod = names.get(d.name) ?? "(generated)";
    const e = by.get(mod) ?? { size: 0, names: [] };
    e.size += d.size;
    e.names.push(d);
    by.set(mod, e);
    total += d.size;
  }
  return [...by.entries()]
    .map(([module, e]) => ({ module, bytes: Math.round((e.size / total) * minified), names: e.names.sort((a, b) => b.size - a.size).map((n) => n.name) }))
    .sort((a, b) => b.bytes - a.bytes);
}
