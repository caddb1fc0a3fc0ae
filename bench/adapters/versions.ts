import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The installed version of a package (read from its package.json). */
export function pkgVersion(name: string): string {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    // Packages whose `exports` hide package.json: walk up from the entry point.
    try {
      let dir = dirname(require.resolve(name));
      for (let i = 0; i < 6; i++) {
        try {
          const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version: string };
          if (pkg.name === name) return pkg.version;
        } catch {
          /* keep walking */
        }
        dir = dirname(dir);
      }
    } catch {
      /* not installed */
    }
    return "?";
  }
}
