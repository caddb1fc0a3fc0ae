// The road for schemas the emitter does not judge itself: ajv's standalone code
// with its runtime inlined (src/emit/ajv-fallback), and ajv's errors mapped into
// toolform's report by a mapper that is itself inlined.
import { Code, code, lit, Name } from "../emit/code.js";
import { AJV_ERROR_MAPPER_SOURCE, emitAjvFallback } from "../emit/ajv-fallback/index.js";
import { DRAFT_07_URI, DRAFT_2020_URI } from "../schema/dialect.js";
import type { Dialect } from "../schema/ir.js";
import { metaSchemas } from "../schema/meta-schemas.js";

export async function emitFallbackValidator(schema: unknown, dialect: Dialect, opts: { formats: boolean; remotes: Record<string, unknown> }, toolName: string): Promise<{ body: Code; is: Name; collect: Name; untyped: true }> {
  const r = await emitAjvFallback(schema, { draft: dialect, formats: opts.formats, remotes: sameDialect(opts.remotes, dialect) });
  if (!/^[A-Za-z_$][\w$]*$/.test(r.functionName)) throw new Error(`ajv fallback gave a bad function name ${r.functionName}`);
  const fn = new Name(r.functionName);
  const is = new Name("isFallback");
  const collect = new Name("collectFallback");
  // The two snippets are generated code (ajv's, checked for require/import/eval by
  // emitAjvFallback) and toolform's own mapper: trusted text, not schema strings.
  const body = code`// ajv standalone code (runtime inlined): this schema uses keywords toolform's emitter leaves to ajv
${new Code(r.code)}
${new Code(AJV_ERROR_MAPPER_SOURCE)}
// ajv's code can overflow the stack on deep input; a validator must never throw, so that is a "no".
function ${is}(v: unknown): boolean { try { return (${fn} as any)(v) === true; } catch { return false; } }
function ${collect}(v: unknown, s: rt.ValidationError[]): void {
  try { (${fn} as any)(v); } catch { rt.depthErr(s, "", v, 0); return; }
  for (const e of ((${fn} as any).errors ?? [])) rt.fromAjv(s, (tfMapAjvError as any)(e, v), ${lit(toolName)});
}`;
  return { body, is, collect, untyped: true };
}

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
