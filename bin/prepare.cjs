#!/usr/bin/env node
// npm's `prepare`: builds toolform in its own repository (`npm ci` there compiles both
// packages and bundles the CLI). An installed copy has no src/ (package.json "files"
// ships dist/ already built), so there it does nothing: a consumer's install never
// starts a TypeScript build, which would fail without this repository's dev tools.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const { spawnSync } = require("node:child_process");

const root = join(__dirname, "..");
if (!existsSync(join(root, "src", "cli", "main.ts"))) process.exit(0);
const r = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
