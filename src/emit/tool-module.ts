// generated/<tool>.ts: the argument interface, the validator functions, and the
// tool object that ties them to the definition.
import { code, docComment, lit, Name, type Code } from "./code.js";
import { header } from "./header.js";

export interface ToolModuleInput {
  name: string;
  description: string;
  inputSchema: unknown;
  /** Exported const name ("legalDraftV3") and interface name ("LegalDraftV3Args"). */
  ident: string;
  typeName: string;
  source: string;
  inputHash: string;
  schemaHash: string;
  /** Interface text from json-schema-to-typescript (trusted: produced by a code generator, not spliced from a schema). */
  typesText: string;
  /** Constants and functions of the validator, with its two entry points; `untyped`: ajv's standalone JavaScript (engine "ajv"). */
  validator: { body: Code; is: Code; collect: Code; untyped?: boolean };
  /** The normaliser (src/emit/normalizer): its closure and entry; absent, the tool repairs nothing. */
  normalizer?: { body: Code; entry: Code };
  /** What `validate` coerces (config `coerce`). Default "none". */
  coerce?: "none" | "lenient" | "normalized";
}

function toolObject(t: ToolModuleInput): Code {
  return code`export const ${identCode(t.ident)}: rt.Tool<${identCode(t.typeName)}> = rt.makeTool<${identCode(t.typeName)}>({
    name: ${lit(t.name)},
    description: ${lit(t.description)},
    inputSchema: ${lit(t.inputSchema)},
    schemaHash: ${lit(t.schemaHash)},
    is: ${t.validator.is},
    collect: ${t.validator.collect},
    ${t.normalizer ? code`normalize: ${t.normalizer.entry},` : code``}
    coerce: ${lit(t.coerce ?? "none")},
  });`;
}

/** ident/typeName were made by the naming function (toolIdentifiers in code.ts); checked again here. */
export function identCode(name: string): Name {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return new Name(name);
}

export function toolModuleTs(t: ToolModuleInput): string {
  const doc = t.description ? docComment(t.description.slice(0, 2000)).text + "\n" : "";
  // ajv's standalone code is untyped JavaScript: such a module is not type-checked (the interface is still exported and used).
  const nocheck = t.validator.untyped ? "// @ts-nocheck\n" : "";
  return `${header(t.source, t.inputHash)}
${nocheck}import * as rt from "./_runtime.js";

${t.typesText}
${t.validator.body.text}
${t.normalizer ? "\n" + t.normalizer.body.text + "\n" : ""}
${doc}${toolObject(t).text}
`;
}

export function toolModuleDts(t: ToolModuleInput): string {
  const doc = t.description ? docComment(t.description.slice(0, 2000)).text + "\n" : "";
  return `${header(t.source, t.inputHash)}
import type * as rt from "./_runtime.js";

${t.typesText}
${doc}export declare const ${identCode(t.ident).text}: rt.Tool<${identCode(t.typeName).text}>;
`;
}
