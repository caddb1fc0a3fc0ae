// One tool's section of generated/index.ts: its argument types, the validator
// functions, and the tool object that ties them to the definition. Every tool
// lives in the one index module (one module to load, one file to switch at once);
// its functions are scoped inside the tool's own closure, so tools never share a
// name, and its types sit in a namespace of their own for the same reason.
import { code, comment, docComment, lit, Name, type Code } from "./code.js";

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
  return code`return rt.makeTool<${identCode(t.typeName)}>({
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

/** The namespace holding a tool's types: "BookRoomArgs" → "BookRoomTypes" (type names end in "Args", so never a clash). */
export function typesNamespace(typeName: string): string {
  return typeName.replace(/Args$/, "") + "Types";
}

/** The first line of a tool's section: what it is, where it came from, the hash of what went in. */
function sectionHeader(t: ToolModuleInput): string {
  return comment(`tool ${JSON.stringify(t.name)} from ${t.source}`).text + comment(`input hash: sha256:${t.inputHash}`).text;
}

/** The argument types: json-schema-to-typescript's declarations in the tool's namespace, and the alias the index exports. */
function typesTs(t: ToolModuleInput): string {
  const ns = identCode(typesNamespace(t.typeName)).text;
  return `export declare namespace ${ns} {
${t.typesText}
}
export type ${identCode(t.typeName).text} = ${ns}.${identCode(t.typeName).text};
`;
}

/** The tool's TypeScript section (not laid out yet; see layout.ts). */
export function toolSectionTs(t: ToolModuleInput): string {
  const doc = t.description ? docComment(t.description.slice(0, 2000)).text + "\n" : "";
  return `${sectionHeader(t)}${typesTs(t)}
${doc}export const ${identCode(t.ident).text}: rt.Tool<${identCode(t.typeName).text}> = /* @__PURE__ */ (() => {
${t.validator.body.text}
${t.normalizer ? "\n" + t.normalizer.body.text + "\n" : ""}
${toolObject(t).text}
})();
`;
}

/** The same section as declarations (index.d.ts under emit "js"). */
export function toolSectionDts(t: ToolModuleInput): string {
  const doc = t.description ? docComment(t.description.slice(0, 2000)).text + "\n" : "";
  return `${sectionHeader(t)}${typesTs(t)}
${doc}export declare const ${identCode(t.ident).text}: rt.Tool<${identCode(t.typeName).text}>;
`;
}

/** The comment line a JavaScript section starts with (esbuild drops comments when it strips the types). */
export function toolSectionJsHeader(t: { name: string; source: string; inputHash: string }): string {
  return sectionHeader(t as ToolModuleInput);
}
