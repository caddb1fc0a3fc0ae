// json-schema-to-typescript (the argument types' writer, emit/types.ts), loaded without
// loading prettier, which it requires but toolform never asks it to use.
import type { compile as JsttCompile } from "json-schema-to-typescript";
import { createRequire, Module } from "node:module";
import { pathToFileURL } from "node:url";

const req = createRequire(import.meta.url);
let jsttCompile: typeof JsttCompile | undefined;

/** prettier's functions (its CommonJS entry's list, each forwarding to its ES module). */
const PRETTIER_API = ["formatWithCursor", "format", "check", "resolveConfig", "resolveConfigFile", "clearConfigCache", "getFileInfo", "getSupportInfo"];

/**
 * json-schema-to-typescript's `compile`, loaded on first use. Its formatter module requires
 * prettier when it loads, and prettier's CommonJS entry starts importing its 0.7 MB ES module at
 * once (~50 ms of CPU), which toolform never uses here (`format: false`). So while jstt loads,
 * its `require("prettier")` gets prettier's own forwarding entry points without that import:
 * each function imports prettier when called (as prettier's entry does), so jstt behaves as
 * before for any caller. The module registry is restored right after: anyone else requiring
 * prettier gets prettier itself.
 */
export function jstt(): typeof JsttCompile {
  if (jsttCompile) return jsttCompile;
  const entry = req.resolve("json-schema-to-typescript");
  let key: string | undefined;
  try {
    key = createRequire(entry).resolve("prettier");
  } catch {
    /* no prettier where jstt looks: jstt loads as it is */
  }
  const cache = req.cache;
  const had = key === undefined ? undefined : cache[key];
  if (key !== undefined && had === undefined) {
    const lazy = new Module(key);
    const url = pathToFileURL(key).href;
    const real = async () => {
      const m = (await import(url)) as { default?: Record<string, (...a: unknown[]) => unknown> };
      return (m.default ?? m) as Record<string, (...a: unknown[]) => unknown>;
    };
    lazy.filename = key;
    lazy.loaded = true;
    lazy.exports = Object.fromEntries(PRETTIER_API.map((name) => [name, async (...args: unknown[]) => (await real())[name]!(...args)]));
    cache[key] = lazy;
  }
  try {
    return (jsttCompile = (req(entry) as { compile: typeof JsttCompile }).compile);
  } finally {
    if (key !== undefined && had === undefined) delete cache[key];
  }
}
