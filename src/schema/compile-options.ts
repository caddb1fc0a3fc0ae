// The options a tool's schema is analysed and compiled under (made from the config by
// config/formats.ts formatCompileOptions; hashed into each tool's inputHash).
import type { Coerce, UncheckedKind, UnknownArgs } from "../config/types.js";
import type { Limits } from "../config/limits.js";
import type { Dialect } from "./ir.js";
import type { CustomFormat } from "./formats.js";

export interface CompileOptions {
  unknownArgs: UnknownArgs;
  formats: boolean;
  /** Formats of one's own (config `formats` as an object), RegExps as their sources. */
  customFormats?: Record<string, CustomFormat>;
  maxDepth: number;
  maxPatternInput: number;
  remotes: Record<string, unknown>;
  dialect?: Dialect;
  /** What `validate` coerces (docs/normalize.md). Default "none"; the normaliser is emitted whatever it is. */
  coerce?: Coerce;
  /** The feedback's style; only "annotated" is written into the tool (default "lines"). */
  feedbackStyle?: "lines" | "annotated";
  engine?: "toolform" | "ajv";
  normalizer?: boolean;
  /** Schema parts that may stay unchecked with a warning (config allowUnchecked); default none: build errors. */
  allowUnchecked?: readonly UncheckedKind[];
  /** Bounds on the schema (config `limits`); default DEFAULT_LIMITS. */
  limits?: Limits;
}
