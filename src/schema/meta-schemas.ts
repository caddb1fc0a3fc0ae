// The dialects' own meta-schemas, so a `$ref` to one ("validate this definition
// against the meta-schema") resolves at build time like any other document.
// Taken from ajv's package (the same files ajv validates schemas with).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let cached: Record<string, unknown> | undefined;

export function metaSchemas(): Record<string, unknown> {
  if (cached) return cached;
  const req = createRequire(import.meta.url);
  const refs = join(dirname(req.resolve("ajv/package.json")), "dist", "refs");
  const docs: unknown[] = [JSON.parse(readFileSync(join(refs, "json-schema-draft-07.json"), "utf8")), JSON.parse(readFileSync(join(refs, "json-schema-2020-12", "schema.json"), "utf8"))];
  for (const f of readdirSync(join(refs, "json-schema-2020-12", "meta"))) docs.push(JSON.parse(readFileSync(join(refs, "json-schema-2020-12", "meta", f), "utf8")));
  cached = {};
  for (const d of docs) {
    const id = (d as { $id?: string }).$id;
    if (id) cached[id.replace(/#$/, "")] = d;
  }
  return cached;
}
