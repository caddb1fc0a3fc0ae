// What users get: both packages packed with `npm pack`, installed from the tarballs into a
// fresh app (runtime first, as the README says), and driven through the installed CLI,
// node_modules/.bin/toolform (the bundle), never through src/.
//
// Packing happens once per content of what is packed: the first test file to ask packs into a
// folder named by that content's hash (under a lock: test files run in parallel workers), the
// rest reuse it. Installs prefer npm's cache (`npm ci` at the repo root filled it), so they run
// offline where the cache holds every package.
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const QUIET = ["--no-audit", "--no-fund", "--loglevel=error", "--prefer-offline"];

export interface Tarballs {
  runtime: string;
  toolform: string;
}

/** Every file below `dir` (sorted), for the content key. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name === "node_modules") continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** A hash of what `npm pack` puts in the two tarballs (package.json, README, dist/, bin/, templates/, the runtime's sources). */
function packKey(): string {
  const h = createHash("sha256");
  const places = ["package.json", "README.md", "LICENSE", "bin", "dist", "templates", "packages/runtime/package.json", "packages/runtime/README.md", "packages/runtime/dist", "packages/runtime/src"];
  for (const place of places) {
    const abs = join(ROOT, place);
    const files = existsSync(abs) && statSync(abs).isDirectory() ? filesUnder(abs) : existsSync(abs) ? [abs] : [];
    for (const f of files) h.update(f.slice(ROOT.length)).update("\0").update(readFileSync(f)).update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  return execFileSync(NPM, [...args, ...QUIET], { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false", ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

/** The two tarballs of the current build (packed once per content; `npm run build` must have run: `npm test` does it first). */
export function packed(): Tarballs {
  const dir = join(tmpdir(), `toolform-shipped-${packKey()}`);
  const done = join(dir, "tarballs.json");
  const lock = `${dir}.lock`;
  for (let waited = 0; !existsSync(done); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 240_000) throw new Error(`waited 4 minutes for ${lock}; remove it if no test run holds it`);
      sleep(200);
      continue;
    }
    try {
      if (existsSync(done)) break;
      const tmp = mkdtempSync(`${dir}.tmp-`);
      // The root's build already ran (npm test's pretest): --ignore-scripts packs it as it is.
      const pack = (folder: string) => (JSON.parse(npm(["pack", folder, "--json", "--ignore-scripts", "--pack-destination", tmp], ROOT)) as { filename: string }[])[0]!.filename;
      const runtime = pack("./packages/runtime");
      const toolform = pack(".");
      writeFileSync(join(tmp, "tarballs.json"), JSON.stringify({ runtime, toolform }));
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const names = JSON.parse(readFileSync(done, "utf8")) as Tarballs;
  return { runtime: join(dir, names.runtime), toolform: join(dir, names.toolform) };
}

export interface App {
  dir: string;
  /** The installed CLI: node_modules/.bin/toolform. */
  bin: string;
  /** Runs the installed toolform in `cwd` (default the app). */
  toolform(args: string[], opts?: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number }): SpawnSyncReturns<string>;
  /** Runs a command in the app (node, npx tsc, ...). */
  run(command: string, args: string[], opts?: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number }): SpawnSyncReturns<string>;
  write(path: string, text: string): void;
  read(path: string): string;
  remove(): void;
}

export interface AppOptions {
  /** package.json "type" (default "module"). */
  type?: "module" | "commonjs";
  /** Extra packages to install as dev dependencies (from npm's cache), e.g. ["zod@4", "typescript@5.9"]. */
  devDeps?: string[];
  /** Extra fields of package.json. */
  pkg?: Record<string, unknown>;
}

/** A fresh app with both tarballs installed: `npm install <runtime.tgz>`, then `npm install -D <toolform.tgz>` (the README's order). */
export function makeApp(name: string, options: AppOptions = {}): App {
  const t = packed();
  const dir = mkdtempSync(join(tmpdir(), `toolform-app-${name}-`));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `app-${name}`, version: "1.0.0", private: true, type: options.type ?? "module", ...options.pkg }, null, 2) + "\n");
  npm(["install", t.runtime], dir);
  npm(["install", "-D", t.toolform, ...(options.devDeps ?? [])], dir);
  const bin = join(dir, "node_modules", ".bin", "toolform");
  const spawn = (command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}) =>
    spawnSync(command, args, { cwd: opts.cwd ?? dir, encoding: "utf8", timeout: opts.timeout ?? 240_000, env: { ...process.env, CI: "true", FORCE_COLOR: "0", NO_COLOR: "1", ...opts.env } });
  return {
    dir,
    bin,
    toolform: (args, opts) => spawn(bin, args, opts),
    run: (command, args, opts) => spawn(command === "npx" ? join(dir, "node_modules", ".bin", args[0]!) : command, command === "npx" ? args.slice(1) : args, opts),
    write: (path, text) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    read: (path) => readFileSync(join(dir, path), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** stdout and stderr of a finished command, for an assertion message. */
export function out(r: SpawnSyncReturns<string>): string {
  return `exit ${r.status}${r.signal ? ` (${r.signal})` : ""}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
}
