// Run by `npm run build`: the playground page (src/playground/page) bundled by esbuild
// into dist/playground (index.html, app.js, app.css, favicon.svg). The CLI's server
// (src/playground/server.ts) reads them from there, in the repository and in an
// installed package alike (package.json "files" ships dist). One ES module: the page's
// code and what it uses of @toolform/runtime's harness (feedback, parseReply); the
// validators themselves are not in it, the page imports them from the server per build.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const page = join(root, "src", "playground", "page");
const out = join(root, "dist", "playground");
mkdirSync(out, { recursive: true });
const common = { bundle: true, minify: true, legalComments: "none", logLevel: "warning" };
await build({ ...common, entryPoints: [join(page, "main.ts")], outfile: join(out, "app.js"), format: "esm", platform: "browser", target: "es2022" });
await build({ ...common, entryPoints: [join(page, "style.css")], outfile: join(out, "app.css") });
for (const f of ["index.html", "favicon.svg"]) copyFileSync(join(page, f), join(out, f));
if (process.argv.includes("--sizes")) for (const f of ["index.html", "app.js", "app.css"]) console.log(`${f} ${statSync(join(out, f)).size} bytes`);
