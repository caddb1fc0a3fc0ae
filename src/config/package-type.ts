// The module type of the package a folder belongs to, as node reads it: the nearest
// package.json's "type", where a package.json without one is "commonjs"; undefined when there
// is no package.json. init and build choose a working default emit from it.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export type PackageType = "module" | "commonjs" | undefined;

export function packageTypeOf(dir: string): PackageType {
  return packageTypeIn(nearestPackageJson(dir));
}

/** The module type a package.json gives (see packageTypeOf); undefined for none. */
export function packageTypeIn(file: string | undefined): PackageType {
  if (file === undefined) return undefined;
  try {
    const type = (JSON.parse(readFileSync(file, "utf8")) as { type?: unknown }).type;
    return type === "module" ? "module" : "commonjs";
  } catch {
    return undefined; // node refuses an unreadable package.json too; the user hears of it from node
  }
}

/** The package.json node reads a folder's module type from: the nearest one up the tree. */
export function nearestPackageJson(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const file = join(d, "package.json");
    if (existsSync(file)) return file;
    if (dirname(d) === d) return undefined;
  }
}

/**
 * The emit a package can load: "cjs" (JavaScript + declarations) in a CommonJS package
 * (TypeScript in ES module syntax fails there under verbatimModuleSyntax, and node 20 cannot
 * require an ES module); else "ts".
 */
export function defaultEmit(packageJson: string | undefined): "ts" | "cjs" {
  return packageTypeIn(packageJson) === "commonjs" ? "cjs" : "ts";
}
