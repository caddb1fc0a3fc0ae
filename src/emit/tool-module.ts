// One tool's section of generated/index.ts: its argument types, the validator
// functions, and the tool object that ties them to the definition. Every tool
// lives in the one index module (one module to load, one file to switch at once);
// its functions are scoped inside the tool's own closure, so tools never share a
// name, and its types sit in a namespace of their own for the same reason. The
// section passes makeTool only the runtime parts its tool uses (see toolObject), so a
// bundle of one tool carries no other.
import { ann, code, comment, docComment, exported, identCode, lit, tsOnly, type Code } from "./code.js";
import { schemaTextName } from "./index-module.js";

export interface ToolModuleInput {
  name: string;
  description: string;
  inputSchema: unknown;
  /** Exported const name ("legalDraftV3") and interface name ("LegalDraftV3Args"). */
  ident: string;
  typeName: string;
  source: string;
  schemaHash: string;
  /**
   * The schema's JSON text as a string literal (code.ts jsonText), held by the index's
   * `inputSchema$<ident>` constant (index-module.ts) and parsed by the section; absent (a value JSON
   * cannot carry, such as -0), the section writes the schema as a literal.
   */
  schemaText?: Code;
  /** The argument types: json-schema-to-typescript's declarations, admitted as Code only after the types boundary check (src/emit/types.ts). */
  types: Code;
  /**
   * Constants and functions of the validator, with its two entry points; `untyped`: ajv's standalone
   * JavaScript (engine "ajv"); `inPathOrder`: its collector always finds the errors in the
   * feedback's order (errorsInPathOrder), so the section passes no byPath.
   */
  validator: { body: Code; is: Code; collect: Code; untyped?: boolean; inPathOrder?: boolean };
  /** The normaliser (src/emit/normalizer): its closure and entry; absent, the tool repairs nothing. */
  normalizer?: { body: Code; entry: Code };
  /** What `validate` coerces (config `coerce`). Default "none". */
  coerce?: "none" | "lenient" | "normalized";
  /** The check of the tool's MCP outputSchema: the schema, its hash, and its validator's body and entry points. */
  output?: { schema: unknown; schemaHash: string; body: Code; is: Code; collect: Code };
  /** The feedback's style (config `feedbackStyle`); written only when "annotated". */
  feedbackStyle?: "annotated";
}

function toolObject(t: ToolModuleInput): Code {
  const ident = identCode(t.ident);
  return code`return rt.makeTool${tsOnly(code`<${identCode(t.typeName)}>`)}({
    name: ${lit(t.name)},
    description: ${lit(t.description)},
    inputSchema: ${t.schemaText ? code`JSON.parse(${schemaTextName(t.ident)})` : lit(t.inputSchema)},
    schemaHash: ${lit(t.schemaHash)},
    is: ${t.validator.is},
    collect: ${t.validator.collect},${t.validator.inPathOrder ? code`` : code`
    order: rt.byPath,`}
    ${t.normalizer ? code`normalize: ${t.normalizer.entry},` : code``}${t.coerce && t.coerce !== "none" ? code`
    coerce: ${lit(t.coerce)},
    coercing: rt.coercing,` : code``}${t.feedbackStyle ? code`
    feedbackStyle: ${lit(t.feedbackStyle)},` : code``}${t.output ? code`
    output: ${outputObject(t.name, t.output)},` : code``}
  });`;
}

/**
 * The output check, built here (rt.outputCheck) rather than inside makeTool: only a tool that
 * declares an outputSchema brings it into a bundle. Its closure is its own scope, so its names
 * never meet the arguments' check.
 */
function outputObject(name: string, o: NonNullable<ToolModuleInput["output"]>): Code {
  return code`rt.outputCheck(${lit(name)}, (() => {
${o.body}
return { schema: ${lit(o.schema)}, schemaHash: ${lit(o.schemaHash)}, is: ${o.is}, collect: ${o.collect} };
})())`;
}

/** The namespace holding a tool's types: "BookRoomArgs" → "BookRoomTypes" (type names end in "Args", so never a clash). */
export function typesNamespace(typeName: string): string {
  return typeName.replace(/Args$/, "") + "Types";
}

/** The first two lines of a tool's section (jsSection in pipeline/workers.ts keeps two): what it is, where it came from. */
function sectionHeader(t: { name: string; source: string }): Code {
  return code`${comment(`tool ${JSON.stringify(t.name)}`, true)}${comment(`from ${t.source}`, true)}`;
}

/** The argument types: json-schema-to-typescript's declarations in the tool's namespace, and the alias the index exports. */
function typesTs(t: ToolModuleInput): Code {
  const ns = identCode(typesNamespace(t.typeName));
  const type = identCode(t.typeName);
  return tsOnly(code`export declare namespace ${ns} {
${t.types}
}
export type ${type} = ${ns}.${type};
`);
}

function docOf(t: ToolModuleInput): Code {
  return t.description ? code`${docComment(t.description.slice(0, 2000))}
` : code``;
}

/** The tool's section (not laid out yet; see layout.ts), in every language at once (code.ts textIn). */
export function toolSectionTs(t: ToolModuleInput): Code {
  const ident = identCode(t.ident);
  return code`${sectionHeader(t)}${typesTs(t)}
${docOf(t)}${exported(ident, code`const ${ident}${ann(code`rt.Tool<${identCode(t.typeName)}>`)} = /* @__PURE__ */ (() => {
${t.validator.body}
${t.normalizer ? code`
${t.normalizer.body}
` : code``}
${toolObject(t)}
})();`)}
`;
}

/** The same section as declarations (index.d.ts under emit "js"). */
export function toolSectionDts(t: ToolModuleInput): Code {
  return code`${sectionHeader(t)}${typesTs(t)}
${docOf(t)}export declare const ${identCode(t.ident)}: rt.Tool<${identCode(t.typeName)}>;
`;
}
