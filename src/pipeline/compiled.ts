// What a compiled tool is, and the light half of compiling one: a tool's section
// put together from its parts (validator, normaliser, types), which depend on the
// tool's name, schema and options but not on its description or source file. A
// build that finds the parts in the cache (a description-only edit) assembles the
// section here and never loads the compiler (ajv, json-schema-to-typescript,
// esbuild: src/pipeline/compile-tool.ts makes the parts).
import type { Diagnostic } from "../diagnostics/types.js";
import { Code, jsonText, Name } from "../emit/code.js";
import { layoutCode } from "../emit/layout.js";
import { toolSectionDts, toolSectionTs, type ToolModuleInput } from "../emit/tool-module.js";
import type { ToolDefinition } from "../sources/types.js";
import type { CompileOptions } from "../schema/compile-options.js";
import { placeInSource } from "../diagnostics/place.js";
import { hashOf } from "../io/hash.js";

export interface CompiledTool {
  def: ToolDefinition;
  ident: string;
  typeName: string;
  file: string;
  schemaHash: string;
  inputHash: string;
  /** The schema's JSON text as a string literal, for the index's inputSchema$<ident> constant (emit/index-module.ts); absent when the section writes the schema itself (-0). */
  schemaText?: string;
  /** The tool's section of index.ts, laid out (emit "ts"; "" under emit "js"/"cjs"). */
  ts: string;
  /** Its section of index.d.ts (emit "js"/"cjs"; "" under emit "ts"). */
  dts: string;
  /** Its section of index.js (emit "js": ES module; "cjs": CommonJS), from the same emit as `ts`. */
  js?: string;
  diagnostics: Diagnostic[];
  /** Lint advice for this tool, under the rules hashed in `key`. */
  lint?: { key: string; diagnostics: Diagnostic[] };
  /** Its validator is ajv's standalone JavaScript, which TypeScript cannot check (the index is then `// @ts-nocheck`). */
  untyped?: boolean;
  /** The key of its parts in the build cache (kept while the tool is in use). */
  partsKey?: string;
  /** ts, dts and js as UTF-8 bytes, for a tool read from the build cache (written out without decoding). */
  bytes?: { ts: Uint8Array; dts: Uint8Array; js?: Uint8Array };
}

/**
 * What compiling a tool's schema produced, as plain text (the build cache keeps it
 * by a hash of the tool's name, schema, identifiers and options: partsKey).
 */
export interface ToolParts {
  /** Schema-relative diagnostics of the schema check and the emitters. */
  diagnostics: Diagnostic[];
  /** Absent when a diagnostic is an error: nothing to emit. */
  code?: {
    typesText: string;
    /** `inPathOrder`: the collector finds the errors in the feedback's order (the section passes no byPath). */
    validator: { body: string; is: string; collect: string; untyped?: boolean; inPathOrder?: boolean };
    normalizer?: { body: string; entry: string };
    /** The check of the tool's outputSchema, when it has one. */
    output?: { body: string; is: string; collect: string };
  };
}

/** Puts a schema-relative diagnostic at its place in the source file. */
export function placeDiagnostic(d: Diagnostic, def: ToolDefinition): Diagnostic {
  const { located, ...place } = placeInSource(def, d.pointer ?? "");
  const out: Diagnostic = { ...d, tool: def.name, ...place };
  if (located) delete out.pointer; // line:col says it better
  return out;
}

/** Puts the schema-relative diagnostics of compileToolUnplaced at their places in the source. */
export function placeCompiled(t: CompiledTool): CompiledTool {
  t.diagnostics = t.diagnostics.map((d) => placeDiagnostic(d, t.def));
  return t;
}

/** The hashes a tool's section carries: of its schema (run-time lookups) and of everything that went in. */
export function toolHashes(def: ToolDefinition, opts: CompileOptions, toolformVersion: string): { schemaHash: string; inputHash: string } {
  return {
    schemaHash: hashOf(def.inputSchema),
    inputHash: hashOf({ name: def.name, description: def.description ?? "", inputSchema: def.inputSchema, ...(def.outputSchema !== undefined ? { outputSchema: def.outputSchema } : {}), opts: { ...opts, remotes: hashOf(opts.remotes) }, toolformVersion }),
  };
}

/**
 * A tool (diagnostics unplaced) from its parts: the section is laid out here; no compiler loads.
 * `js`: the section is written as JavaScript (an ES module, or CommonJS) with its declarations
 * beside it; without it, as TypeScript. Both come from the one emit (code.ts textIn): no parser.
 */
export function assembleTool(def: ToolDefinition, names: { ident: string; typeName: string; file: string }, opts: CompileOptions, toolformVersion: string, parts: ToolParts, js?: "esm" | "cjs"): CompiledTool {
  const base = { def, ...names, ...toolHashes(def, opts, toolformVersion) };
  const diagnostics = parts.diagnostics.map((d) => ({ ...d }));
  const c = parts.code;
  if (!c || diagnostics.some((d) => d.severity === "error")) return { ...base, ts: "", dts: "", diagnostics };
  const schemaText = jsonText(def.inputSchema);
  // The parts' text was made by toolform's own emitters (here, or read back from the cache that stored it).
  const input: ToolModuleInput = {
    name: def.name,
    description: def.description ?? "",
    inputSchema: def.inputSchema,
    ident: names.ident,
    typeName: names.typeName,
    source: def.origin.file + (def.origin.pointer ? "#" + def.origin.pointer : ""),
    schemaHash: base.schemaHash,
    ...(schemaText ? { schemaText } : {}),
    // Admitted as Code once already (the types boundary check in emit/types.ts) when the parts were made.
    types: new Code(c.typesText),
    validator: { body: new Code(c.validator.body), is: new Name(c.validator.is), collect: new Name(c.validator.collect), ...(c.validator.untyped ? { untyped: true } : {}), ...(c.validator.inPathOrder ? { inPathOrder: true } : {}) },
    ...(c.normalizer ? { normalizer: { body: new Code(c.normalizer.body), entry: new Name(c.normalizer.entry) } } : {}),
    coerce: opts.coerce ?? "none",
    ...(c.output ? { output: { schema: def.outputSchema, schemaHash: hashOf(def.outputSchema), body: new Code(c.output.body), is: new Name(c.output.is), collect: new Name(c.output.collect) } } : {}),
    ...(opts.feedbackStyle === "annotated" ? { feedbackStyle: "annotated" as const } : {}),
  };
  const section = toolSectionTs(input);
  const untyped = c.validator.untyped ? { untyped: true } : {};
  const table = schemaText ? { schemaText: schemaText.text } : {};
  if (js) return { ...base, ...table, ts: "", dts: layoutCode(toolSectionDts(input)), js: layoutCode(section, js), diagnostics, ...untyped };
  return { ...base, ...table, ts: layoutCode(section), dts: "", diagnostics, ...untyped };
}
