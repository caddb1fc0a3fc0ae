// The `engine: "ajv"` escape hatch: a tool judged by ajv's standalone code (runtime
// inlined, ./index.ts) inside toolform's report, with ajv's errors mapped by
// map-error.ts (bundled in, ./errors.ts). All three names carry the bundle's prefix
// (`ajv_<hash>_`), which no tool identifier has (camelIdent writes no "_").
import { ann, code, foreign, lit, Name, tsOnly, type Code } from "../code.js";
import { DRAFT_07_URI, DRAFT_2020_URI } from "../../schema/dialect.js";
import type { Dialect } from "../../schema/ir.js";
import { metaSchemas } from "../../schema/meta-schemas.js";
import { mapperCode } from "./errors.js";
import { emitAjvStandalone } from "./index.js";

export async function emitAjvValidator(schema: unknown, dialect: Dialect, opts: { formats: boolean; remotes: Record<string, unknown> }, toolName: string): Promise<{ body: Code; is: Name; collect: Name; untyped: true }> {
  const r = await emitAjvStandalone(schema, { draft: dialect, formats: opts.formats, remotes: sameDialect(opts.remotes, dialect) });
  const m = /^(ajv_[0-9a-f]{8}_)validate$/.exec(r.functionName);
  if (!m) throw new Error(`ajv engine: unexpected function name ${r.functionName}`);
  const prefix = m[1]!;
  const fn = new Name(r.functionName);
  const is = new Name(prefix + "is");
  const collect = new Name(prefix + "collect");
  const mapError = new Name(prefix + "mapError");
  // Both snippets are generated code (ajv's, checked for require/import/eval by
  // emitAjvStandalone) and toolform's own typed mapper: trusted text, not schema strings.
  const body = code`// ajv standalone code (runtime inlined): engine "ajv"
${foreign(r.code)}
${foreign(await mapperCode(mapError.text))}
// ajv's code can overflow the stack on deep input; a validator must never throw, so that is a "no".
function ${is}(v${ann(code`unknown`)})${ann(code`boolean`)} { try { return (${fn}${asAny})(v) === true; } catch { return false; } }
function ${collect}(v${ann(code`unknown`)}, s${ann(code`rt.ValidationError[]`)})${ann(code`void`)} {
  try { (${fn}${asAny})(v); } catch { rt.depthErr(s, "", v, 0); return; }
  for (const e of ((${fn}${asAny}).errors ?? [])) rt.fromAjv(s, (${mapError}${asAny})(e, v), ${lit(toolName)});
}`;
  return { body, is, collect, untyped: true };
}

const asAny = tsOnly(code` as any`);

/** ajv refuses a document of another draft (it cannot find that meta-schema); only same-dialect remotes go in. */
const META_URIS = new Set(Object.keys(metaSchemas()));

function sameDialect(remotes: Record<string, unknown>, dialect: Dialect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [uri, doc] of Object.entries(remotes)) {
    const s = typeof doc === "object" && doc !== null ? (doc as { $schema?: unknown }).$schema : undefined;
    if (META_URIS.has(uri.replace(/#$/, ""))) continue; // ajv has its own meta-schemas
    if (s === undefined || (dialect === "draft-07" ? DRAFT_07_URI : DRAFT_2020_URI).test(String(s))) out[uri] = doc;
  }
  return out;
}
