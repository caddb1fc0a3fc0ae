#!/usr/bin/env node
// The toolform command. CommonJS (bin/package.json), so starting it does not start
// node's ES module loader. It runs the CLI as `npm run build` bundles it
// (scripts/bundle-cli.mjs; `npm ci` runs the build on `prepare`):
//   1. dist/src/bundle/fast.cjs: `toolform build` with nothing changed since the last
//      build is answered there, with almost nothing loaded (src/cli/fast.ts);
//   2. else dist/src/bundle/main.cjs, the whole CLI, compiled from V8's code cache when
//      there is one (node 20 has no module compile cache: this is one, for one file).
//
// The code cache is kept in the project's build cache folder (src/cli/fast.ts
// codeCacheDir), written after a command that found none, one per command (each caches
// the functions it ran), named by the hash of the bundle's text, node's version and
// architecture: V8 itself checks only the text's length, so another bundle never meets
// this one's cache. A cache V8 refuses (another V8 flag) is compiled past and replaced.
"use strict";
const { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const bundle = join(__dirname, "..", "dist", "src", "bundle");
if (!existsSync(join(bundle, "main.cjs"))) {
  process.stderr.write("toolform: dist/ is missing; run `npm run build` in the toolform package first\n");
  process.exit(2);
}

/** main.cjs's exports, compiled with the code cache at `dir` when there is one; `save()` writes a cache when none was used. */
function loadMain(dir, command) {
  const vm = require("node:vm");
  const { createRequire } = require("node:module");
  const file = join(bundle, "main.cjs");
  const source = readFileSync(file, "utf8");
  const key = require("node:crypto").createHash("sha256").update(`${process.version}\0${process.arch}\0`).update(source).digest("hex").slice(0, 16);
  const cacheFile = dir && join(dir, `v8-${command}-${key}.bin`);
  let cachedData;
  try {
    cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    /* none yet */
  }
  // The CommonJS wrapper, and import() as this file's (code from the cache cannot import() in node 20).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __toolformImport) {${source}\n})`, { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, bundle, (specifier) => import(specifier));
  const save = () => {
    if (!cacheFile || (cachedData && !script.cachedDataRejected) || !existsSync(dir)) return;
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
      // Caches of other bundles (an older toolform) go.
      for (const f of readdirSync(dir)) if (/^v8-[a-z]+-[0-9a-f]{16}\.bin$/.test(f) && !f.endsWith(`-${key}.bin`)) rmSync(join(dir, f), { force: true });
    } catch {
      /* only a cache */
    }
  };
  return { cli: mod.exports, save };
}

(async () => {
  const argv = process.argv.slice(2);
  const fast = require(join(bundle, "fast.cjs"));
  if (argv[0] === "build") {
    try {
      const code = await fast.fastBuild(argv, process.cwd());
      if (code !== undefined) return void (process.exitCode = code);
    } catch {
      /* any doubt: the full build */
    }
  }
  const command = ["build", "watch", "check", "init", "validate", "compile", "lint", "pull"].includes(argv[0]) ? argv[0] : "other";
  const { cli, save } = loadMain(fast.codeCacheDir(argv, process.cwd()), command);
  await cli.run();
  save();
})();
