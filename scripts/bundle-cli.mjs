// Run by `npm run build` after tsc: the CLI bundled into two CommonJS files, so a
// command loads one or two files instead of ~60 ES modules (node's ESM loader
// resolves, reads and links each: ~100 ms of a one-tool rebuild):
//
//   dist/src/bundle/fast.cjs  the no-change answer (src/cli/fast.ts) and what it uses;
//   dist/src/bundle/main.cjs  the rest of the CLI, with fast.cjs required, not copied
//                             (one module instance: the fast path's handoff reaches the build);
//   dist/src/bundle/worker.cjs  the compile workers' entry (src/pipeline/workers.ts).
//
// Each sets __toolformBundle (src/pipeline/bundle.ts): the command then runs only these
// files (its workers too), so they stand for toolform's code in the cache's identity.
//
// Built from the compiled JavaScript in dist/src, so the bundle is that code. Packages
// stay outside (required, or imported, when the code reaches them, as before), except
// @toolform/runtime, toolform's own (its ES modules cannot be required from CommonJS in
// node 20; package.json pins it to toolform's exact version, so the copy bundled here and
// the installed sources the generated runtime is joined from are the same release).
// Two rewrites keep each module's behaviour:
//   - `import.meta.url` becomes the URL of the module's file in dist/src (paths next to a
//     module, the compile workers' entry, createRequire all resolve as unbundled);
//   - `import(x)` becomes `__toolformImport(x)`, a function bin/toolform.js passes in: the
//     bundle runs from V8's code cache there, and node 20 cannot import() from cached code.
// Both are found in the syntax tree (TypeScript's parser), never in strings or comments.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "src", "cli");
const outdir = join(root, "dist", "src", "bundle");
const fastEntry = join(cli, "fast.js");

/** The module's text with import.meta.url and import() rewritten (see above). */
function rewrite(file, text) {
  if (!text.includes("import.meta") && !/\bimport\s*\(/.test(text)) return text;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const edits = [];
  const rel = relative(outdir, file).split("\\").join("/");
  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isMetaProperty(node.expression) && node.expression.keywordToken === ts.SyntaxKind.ImportKeyword) {
      if (node.name.text !== "url") throw new Error(`${file}: import.meta.${node.name.text} has no meaning in the bundle`);
      if (relative(join(root, "dist", "src"), file).startsWith("..")) throw new Error(`${file}: import.meta.url outside dist/src, its place is not known to the installed bundle`);
      edits.push([node.getStart(sf), node.end, `__toolformUrl(${JSON.stringify(rel)})`]);
      return;
    }
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) throw new Error(`${file}: bare import.meta has no meaning in the bundle`);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      // A relative module is bundled (esbuild resolves the literal); anything else (a package, a file URL) is
      // imported at run time from bin/toolform.js, so a relative import must be written as a literal.
      if (!(arg && ts.isStringLiteral(arg) && arg.text.startsWith("."))) edits.push([node.expression.getStart(sf), node.expression.end, "__toolformImport"]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const [from, to, text2] of edits.sort((a, b) => b[0] - a[0])) text = text.slice(0, from) + text2 + text.slice(to);
  return text;
}

/** `__toolformUrl(rel)`: the URL of the file at `rel` from the bundle's folder (the module's place in dist/src). */
const banner = `"use strict";\nconst __toolformUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, rel)).href;\nconst __toolformBundle = __dirname;`;
/** A worker is started by node from its file (no code cache, no vm wrapper): its import() is its own. */
const workerBanner = `${banner}\nconst __toolformImport = (specifier) => import(specifier);`;

for (const [name, entry] of [
  ["fast", fastEntry],
  ["main", join(cli, "main.js")],
  ["worker", join(root, "dist", "src", "pipeline", "workers.js")],
]) {
  await build({
    entryPoints: { [name]: entry },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outExtension: { ".js": ".cjs" },
    outdir,
    banner: { js: name === "worker" ? workerBanner : banner },
    logLevel: "warning",
    plugins: [
      {
        name: "toolform-cli",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith("node:") || a.path === "@toolform/runtime" || a.path.startsWith("@toolform/runtime/") ? undefined : { external: true }));
          if (name === "main") b.onResolve({ filter: /\/fast\.js$/ }, (a) => (join(a.resolveDir, a.path) === fastEntry ? { path: "./fast.cjs", external: true } : undefined));
          b.onLoad({ filter: /\.js$/ }, (a) => ({ contents: rewrite(a.path, readFileSync(a.path, "utf8")), loader: "js", resolveDir: dirname(a.path) }));
        },
      },
    ],
  });
}
