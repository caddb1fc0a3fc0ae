// Where the fixed source texts copied into generated/ live (templates/ at the
// package root, both when running from source and from dist/).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

function findRoot(): string {
  // src/emit → ../.. ; dist/src/emit → ../../..
  for (const up of ["../..", "../../.."]) {
    const dir = join(here, up);
    if (existsSync(join(dir, "templates", "header.txt"))) return dir;
  }
  throw new Error(`toolform: templates/ not found near ${here}`);
}

const root = findRoot();

/** The toolform package folder (holds package.json and templates/). */
export const packageRoot = root;

/** toolform's own version: part of every input hash, so a new toolform regenerates everything. */
export const VERSION: string = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

export function templatePath(name: string): string {
  return join(root, "templates", name);
}
