// The road for schemas the emitter does not judge itself: ajv's standalone code
// with its runtime inlined (src/emit/ajv-fallback), and ajv's errors mapped into
// toolform's report by a mapper that is itself inlined.
import { Code, code, lit, Name } from "../emit/code.js";
import { AJV_ERROR_MAPPER_SOURCE, emitAjvFallback } from "../emit/ajv-fallback/index.js";
import type { Dialect } from "../schema/ir.js";

export async function emitFallbackValidator(schema: unknown, dialect: Dialect, opts: { formats: boolean; remotes: Record<string, unknown> }, toolName: string): Promise<{ body: Code; is: Name; collect: Name }> {
  const r = await emitAjvFallback(schema, { draft: dialect, formats: opts.formats, remotes: opts.remotes });
  if (!/^[A-Za-z_$][\w$]*$/.test(r.functionName)) throw new Error(`ajv fallback gave a bad function name ${r.functionName}`);
  const fn = new Name(r.functionName);
  const is = new Name("isFallback");
  const collect = new Name("collectFallback");
  // The two snippets are generated code (ajv's, checked for require/import/eval by
  // emitAjvFallback) and toolform's own mapper: trusted text, not schema strings.
  const body = code`// ajv standalone code (runtime inlined): this schema uses keywords toolform's emitter leaves to ajv
${new Code(r.code)}
${new Code(AJV_ERROR_MAPPER_SOURCE)}
function ${is}(v: unknown): boolean { return (${fn} as any)(v) === true; }
function ${collect}(v: unknown, s: rt.ValidationError[]): void {
  (${fn} as any)(v);
  for (const e of ((${fn} as any).errors ?? [])) rt.fromAjv(s, (tfMapAjvError as any)(e, v), ${lit(toolName)});
}`;
  return { body, is, collect };
}
