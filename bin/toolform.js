#!/usr/bin/env node
// The toolform command. The CLI is compiled to dist/ by `npm run build` (run on
// `prepare`, so `npm ci` leaves it ready).
import { existsSync } from "node:fs";

const main = new URL("../dist/src/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  process.stderr.write("toolform: dist/ is missing; run `npm run build` in the toolform package first\n");
  process.exit(2);
}
const { run } = await import(main.href);
await run();
