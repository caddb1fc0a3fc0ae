// ajv at build time: meta-schema checks and the example checker. One instance
// per dialect per process (creating one costs tens of milliseconds).
import { Ajv, type AnySchema } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createRequire } from "node:module";
import type { Dialect } from "./ir.js";

// ajv-formats is CommonJS with a default export; require() sidesteps the ESM interop typing.
const req = createRequire(import.meta.url);
const addFormatsMod = req("ajv-formats") as { default?: (a: unknown) => void } & ((a: unknown) => void);
const addFormats = addFormatsMod.default ?? addFormatsMod;

const instances = new Map<string, Ajv>();

/** An ajv for `dialect`: strict off (schemas in the wild carry extra words), formats on, all errors, no code optimiser. */
export function ajvFor(dialect: Dialect, purpose: "meta" | "check"): Ajv {
  const key = dialect + ":" + purpose;
  let a = instances.get(key);
  if (!a) {
    // allErrors also for "check": with it off, ajv nests each property's check inside the
    // previous one's, and its code generator is quadratic in that depth (a tool with 2,000
    // properties took 20 s in chooseExamples, and overflowed the stack beyond). Its code
    // optimiser costs more than it saves on validators that run a handful of times.
    const opts = { strict: false, allErrors: true, validateFormats: true, unicodeRegExp: true, logger: false as const, code: { optimize: false } };
    a = dialect === "draft-07" ? new Ajv(opts) : (new Ajv2020(opts) as unknown as Ajv);
    addFormats(a);
    instances.set(key, a);
  }
  return a;
}

export type { AnySchema };
