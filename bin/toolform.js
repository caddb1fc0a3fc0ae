#!/usr/bin/env node
// The toolform command. The CLI is compiled to dist/ by `npm run build` (run on
// `prepare`, so `npm ci` leaves it ready).
import { existsSync } from "node:fs";

const dist = new URL("../dist/src/cli/", import.meta.url);
if (!existsSync(new URL("main.js", dist))) {
  process.stderr.write("toolform: dist/ is missing; run `npm run build` in the toolform package first\n");
  process.exit(2);
}
// `toolform build` with nothing changed since the last build is answered here, with
// almost nothing loaded (src/cli/fast.ts); anything else runs the CLI.
let done = false;
if (process.argv[2] === "build") {
  try {
    const { fastBuild } = await import(new URL("fast.js", dist).href);
    const code = await fastBuild(process.argv.slice(2), process.cwd());
    if (code !== undefined) (process.exitCode = code), (done = true);
  } catch {
    /* any doubt: the full build */
  }
}
if (!done) await (await import(new URL("main.js", dist).href)).run();
