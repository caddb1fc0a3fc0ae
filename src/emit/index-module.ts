// generated/index.ts: the whole toolset in one module — the runtime import, every
// tool's section (src/emit/tool-module.ts), then the toolset, validateCall and the
// type maps. One module loads fast (no per-tool module to resolve and compile),
// and one file is switched at once by the write (src/io/write.ts). A large
// toolset's sections go to chunk files the index imports (src/pipeline/chunks.ts).
import { ann, cjsOnly, Code, code, comment, esmOnly, exported, identCode, join, lit, tsOnly } from "./code.js";

export interface IndexEntry {
  name: string;
  ident: string;
  typeName: string;
  schemaHash: string;
  /** Declared with defineTool (a TypeScript or JavaScript source): listed in the global ToolformTools. */
  defineTool?: boolean;
}

/** The runtime's types the index re-exports (the harness names them). */
const RUNTIME_TYPES = join(["Tool", "ValidationReport", "ValidationError", "ReportDict", "Repair"].map(identCode), code`, `);

/**
 * The import of the runtime, whose file name carries its content hash (a new runtime is a new file); a `require` in CommonJS.
 * `runtimeTypes`: re-export the runtime's types (the index does; a chunk of it does not, or the index would get them twice).
 */
export function indexHeadTs(runtimeFile: string, runtimeTypes = true): Code {
  const from = lit("./" + runtimeFile + ".js");
  return code`${cjsOnly(code`"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const rt = require(${from});`)}${esmOnly(code`import * as rt from ${from};`)}
${runtimeTypes ? tsOnly(code`export type { ${RUNTIME_TYPES} } from ${from};
`) : code``}`;
}

/**
 * What a chunked index (src/pipeline/chunks.ts) says of one chunk: everything the chunk's
 * sections export is exported again, and the tools the tail names (with their argument
 * types, in TypeScript) are imported. CommonJS: required, and exported one by one (the
 * form node's ES module loader reads a CommonJS module's names from).
 */
export function chunkImportsTs(chunkFile: string, entries: readonly IndexEntry[]): Code {
  const from = lit("./" + chunkFile + ".js");
  const idents = join(entries.map((e) => identCode(e.ident)), code`, `);
  return code`${tsOnly(code`import type { ${join(entries.map((e) => identCode(e.typeName)), code`, `)} } from ${from};
`)}${esmOnly(code`import { ${idents} } from ${from};
export * from ${from};`)}${cjsOnly(code`const { ${idents} } = require(${from});
${join(entries.map((e) => code`exports.${identCode(e.ident)} = ${identCode(e.ident)};`))}`)}
`;
}

/** chunkImportsTs for index.d.ts: the argument types the type maps name, and everything the chunk declares. */
export function chunkImportsDts(chunkFile: string, entries: readonly IndexEntry[]): Code {
  const from = lit("./" + chunkFile + ".js");
  return code`import type { ${join(entries.map((e) => identCode(e.typeName)), code`, `)} } from ${from};
export * from ${from};
`;
}

/**
 * After the head: every tool's input schema as JSON text, one constant each
 * (`inputSchema$bookRoom`: camelIdent never writes a `$`, so no tool's name meets them), which
 * its section parses. One constant each, not one table: a bundler keeps only the constants of
 * the tools a bundle imports (a table's properties are never dropped). Kept together, the
 * schemas compress far better than one per section. (A schemaHash is 64 hex digits, which do
 * not compress: each section writes its own, without a constant's name, 3 B a tool less in gzip
 * of 200 tools.) Written laid out: it is most of the index's bytes, and the layout pass
 * (layout.ts) would read them all again on every build.
 */
export function indexTablesTs(rows: readonly { ident: string; schemaText?: string }[]): Code {
  const texts = rows.filter((r) => r.schemaText !== undefined).map((r) => code`const ${schemaTextName(r.ident)} = ${stringLiteral(r.schemaText!)};`);
  return code`${comment("Each tool's input schema as JSON text (its section parses it): together, they compress far better than apart.", true)}${join(texts)}
`;
}

/** The constant that holds a tool's input schema as JSON text (indexTablesTs). */
export const schemaTextName = (ident: string): Code => identCode("inputSchema$" + ident);

/** A single-quoted string literal on one line, as code.ts jsonText writes it (the text may come back from the build cache): checked again, as Code. */
function stringLiteral(text: string): Code {
  // Without its escapes (a backslash and the character after it), the inside holds no quote and
  // no backslash (an escaped closing quote leaves one); no line terminator or mark anywhere.
  const ok = text.length >= 2 && text[0] === "'" && text[text.length - 1] === "'" && !LINE_OR_MARK.test(text) && !QUOTE_OR_BACKSLASH.test(text.slice(1, -1).replace(ESCAPE, ""));
  if (!ok) throw new Error(`toolform: not a one-line string literal: ${text.slice(0, 80)}`);
  return new Code(text);
}
const LINE_OR_MARK = /[\n\r\u2028\u2029\uFDD0-\uFDD5]/;
const QUOTE_OR_BACKSLASH = /['\\]/;
const ESCAPE = /\\[^]/g;

export function indexHeadDts(runtimeFile: string, runtimeTypes = true): Code {
  const from = lit("./" + runtimeFile + ".js");
  return code`import type * as rt from ${from};
${runtimeTypes ? code`export type { ${RUNTIME_TYPES} } from ${from};
` : code``}`;
}

function typeMaps(entries: IndexEntry[]): Code {
  return tsOnly(code`/** Tool name → argument type. */
export interface ToolArgs {
  ${join(entries.map((e) => code`${lit(e.name)}: ${identCode(e.typeName)};`))}
}
export type ToolName = keyof ToolArgs;${defineToolArgs(entries)}`);
}

/**
 * The argument types of the defineTool tools, by name, in the global interface
 * that @toolform/runtime's defineTool reads to type `execute` (a global, so this
 * module still imports nothing). Only those tools: a JSON tool has no execute here,
 * and two generated folders in one program must not declare one name twice.
 */
function defineToolArgs(entries: IndexEntry[]): Code {
  const typed = entries.filter((e) => e.defineTool);
  if (typed.length === 0) return code``;
  return code`

declare global {
  /** defineTool's argument types by tool name (\`execute\` receives these). */
  interface ToolformTools {
    ${join(typed.map((e) => code`${lit(e.name)}: ${identCode(e.typeName)};`))}
  }
}`;
}

/**
 * What follows the tools' sections in index.ts (every language: code.ts textIn). The tables
 * are built by calls marked pure (and so are the calls in their arguments: a bundler drops a
 * pure call but keeps an argument that may have effects): a bundle that imports one tool
 * drops the tables, and with them the other tools. The toolset lists the tools only (each
 * knows its name: rt.toolsetOf keys them by it), not their names again: 5 B a tool less in
 * gzip of 200 tools, whose names are written far above, beyond gzip's window.
 */
export function indexTailTs(entries: IndexEntry[]): Code {
  const [toolset, toolNames, toolsBySchemaHash, validateCall] = ["toolset", "toolNames", "toolsBySchemaHash", "validateCall"].map(identCode) as [Code, Code, Code, Code];
  return code`${typeMaps(entries)}

/** Every tool by name. */
${exported(toolset, code`const toolset${ann(code`{ readonly [K in ToolName]: rt.Tool<ToolArgs[K]> }`)} = /* @__PURE__ */ rt.toolsetOf([
  ${join(entries.map((e) => code`${identCode(e.ident)},`))}
]);`)}

/** Tool names, for suggestions. */
${exported(toolNames, code`const toolNames${ann(code`readonly ToolName[]`)} = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.keys(toolset)${tsOnly(code` as ToolName[]`)});`)}

/** schemaHash → tool name: how an MCP validator provider finds the precompiled check for a schema. Read from the tools (each hash is written once, in its tool); the first tool of a schema answers for it. */
${exported(toolsBySchemaHash, code`const toolsBySchemaHash${ann(code`Readonly<Record<string, ToolName>>`)} = /* @__PURE__ */ (() => {
  const out${ann(code`Record<string, ToolName>`)} = {};
  for (const name of toolNames) out[toolset[name].schemaHash] ??= name;
  return Object.freeze(out);
})();`)}

/** Checks one call. An unknown tool name gives unknown_tool: true and the nearest names. Total: any value gives a report. */
${exported(validateCall, code`function validateCall(call${ann(code`{ name: string; arguments?: unknown }`)}, options${tsOnly(code`?`)}${ann(code`{ feedbackStyle?: "lines" | "annotated" }`)})${ann(code`rt.ValidationReport`)} {
  return rt.callReport(toolset, toolNames, call, options);
}`)}
`;
}

export function indexTailDts(entries: IndexEntry[]): Code {
  return code`${typeMaps(entries)}

export declare const toolset: { readonly [K in ToolName]: rt.Tool<ToolArgs[K]> };
export declare const toolNames: readonly ToolName[];
export declare const toolsBySchemaHash: Readonly<Record<string, ToolName>>;
export declare function validateCall(call: { name: string; arguments?: unknown }, options?: { feedbackStyle?: "lines" | "annotated" }): rt.ValidationReport;
`;
}
