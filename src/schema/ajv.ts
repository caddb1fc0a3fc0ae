// ajv at build time: the example checker. One instance per dialect per process
// (creating one costs tens of milliseconds), and ajv itself loaded only then: a build
// whose examples toolform's own checks judge never loads it. The meta-schema check does
// not use ajv at run time: it runs ajv's standalone code of the meta-schemas
// (src/schema/meta/, written by scripts/meta-check.ts with AJV_OPTIONS).
import type { Ajv, AnySchema } from "ajv";
import { createRequire } from "node:module";
import type { Dialect } from "./ir.js";

const req = createRequire(import.meta.url);

/**
 * Strict off (schemas in the wild carry extra words), formats on, all errors, no code optimiser.
 * allErrors also for the example check: with it off, ajv nests each property's check inside the
 * previous one's, and its code generator is quadratic in that depth (a tool with 2,000
 * properties took 20 s in chooseExamples, and overflowed the stack beyond). Its code
 * optimiser costs more than it saves on validators that run a handful of times.
 */
export const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: true, unicodeRegExp: true, logger: false as const, code: { optimize: false } };

/** A new ajv of `dialect` with AJV_OPTIONS (and `code` options added) and ajv-formats. */
export function newAjv(dialect: Dialect, code: Record<string, unknown> = {}): Ajv {
  const opts = { ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, ...code } };
  type AjvClass = new (o: typeof opts) => Ajv;
  const a = dialect === "draft-07" ? new (req("ajv") as { Ajv: AjvClass }).Ajv(opts) : new (req("ajv/dist/2020.js") as { Ajv2020: AjvClass }).Ajv2020(opts);
  // ajv-formats is CommonJS with a default export; require() sidesteps the ESM interop typing.
  const addFormatsMod = req("ajv-formats") as { default?: (a: unknown) => void } & ((a: unknown) => void);
  (addFormatsMod.default ?? addFormatsMod)(a);
  return a;
}

const instances = new Map<string, Ajv>();

/** The example checker's ajv for `dialect` (one per process). */
export function ajvFor(dialect: Dialect): Ajv {
  let a = instances.get(dialect);
  if (!a) instances.set(dialect, (a = newAjv(dialect)));
  return a;
}

export type { AnySchema };
