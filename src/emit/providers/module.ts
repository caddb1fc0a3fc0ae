// generated/providers.ts: the tool lists per model provider, as typed constants, and the
// way back from a provider's call to the tool's own shape (the runtime's rt/provider.ts
// walks the plans written here). A module beside the index: a project that does not ask
// for provider lists (config `providers`) gets no such file, and one that does loads the
// lists only where it imports them.
import { ann, cjsOnly, code, esmOnly, exported, identCode, join, lit, tsOnly, type Code } from "../code.js";
import type { ProviderLists } from "./index.js";

const TYPES = code`/** A tool as OpenAI's Chat Completions API takes it (\`tools\`); strict where the schema allows it. */
export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}
/** A tool as OpenAI's Responses API (and the Agents SDK) takes it. */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}
/** A tool as Anthropic's Messages API takes it. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}
/** A function declaration as the Gemini API takes it (\`tools: [{ functionDeclarations }]\`). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: Record<string, unknown>;
}
export type Provider = ${join(["openai", "anthropic", "gemini"].map((p) => lit(p)), code` | `)};
/** A call as a provider made it: the name it knows, the arguments as it sent them (an object, or JSON text). */
export interface ProviderCall {
  name: string;
  arguments?: unknown;
}
`;

function tableOf(renamed: readonly { name: string; providerName: string }[], plans?: Record<string, unknown>): Code {
  const names: Record<string, string> = {};
  for (const t of renamed) if (t.providerName !== t.name) names[t.providerName] = t.name;
  return lit({ ...(Object.keys(names).length ? { names } : {}), ...(plans && Object.keys(plans).length ? { plans } : {}) });
}

/** The module's imports (written as they are: the layout pass reads `import {` as a block). */
export function providersHeadTs(runtimeFile: string): Code {
  const from = lit("./" + runtimeFile + ".js");
  return code`${cjsOnly(code`"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const rt = require(${from});
const { validateCall } = require("./index.js");`)}${esmOnly(code`import * as rt from ${from};
import { validateCall } from "./index.js";`)}
${tsOnly(code`import type { ValidationReport } from "./index.js";
`)}`;
}

/** The module after its imports, in every language at once (code.ts textIn); `runtimeFile` without extension. */
export function providersModuleTs(lists: ProviderLists, runtimeFile: string): Code {
  const from = lit("./" + runtimeFile + ".js");
  const parts: Code[] = [];
  const tables: Code[] = [];
  if (lists.openai) {
    const tools = lists.openai.map((t) => ({ type: "function", function: { name: t.providerName, description: t.description, parameters: t.parameters, strict: t.strict } }));
    const plans: Record<string, unknown> = {};
    for (const t of lists.openai) if (t.plan.root) plans[t.name] = t.plan;
    const notStrict = lists.openai.filter((t) => !t.strict);
    parts.push(code`/** Every tool for OpenAI's Chat Completions API. ${lit(lists.openai.length - notStrict.length)} strict; not strict: ${lit(notStrict.length)} (the build's provider-loss notes say why). */
${exported(identCode("openaiTools"), code`const openaiTools${ann(code`readonly OpenAIFunctionTool[]`)} = ${lit(tools)};`)}

/** Why a tool is sent non-strict, by tool name (its schema is sent as it is; the validator checks all of it). */
${exported(identCode("openaiNotStrict"), code`const openaiNotStrict${ann(code`Readonly<Record<string, string>>`)} = ${lit(Object.fromEntries(notStrict.map((t) => [t.name, t.reason ?? ""])))};`)}

/** The same tools for OpenAI's Responses API and the Agents SDK. */
${exported(identCode("openaiResponsesTools"), code`const openaiResponsesTools${ann(code`readonly OpenAIResponsesTool[]`)} = openaiTools.map((t) => ({ type: "function"${tsOnly(code` as const`)}, ...t.function }));`)}
`);
    tables.push(code`openai: ${tableOf(lists.openai, plans)},`);
  }
  if (lists.anthropic) {
    const tools = lists.anthropic.map((t) => ({ name: t.providerName, description: t.description, input_schema: t.inputSchema }));
    parts.push(code`/** Every tool for Anthropic's Messages API. */
${exported(identCode("anthropicTools"), code`const anthropicTools${ann(code`readonly AnthropicTool[]`)} = ${lit(tools)};`)}
`);
    tables.push(code`anthropic: ${tableOf(lists.anthropic)},`);
  }
  if (lists.gemini) {
    const tools = lists.gemini.map((t) => ({ name: t.providerName, description: t.description, ...(t.parameters ? { parameters: t.parameters } : {}) }));
    parts.push(code`/** Every tool as a Gemini function declaration. */
${exported(identCode("geminiFunctionDeclarations"), code`const geminiFunctionDeclarations${ann(code`readonly GeminiFunctionDeclaration[]`)} = ${lit(tools)};`)}
`);
    tables.push(code`gemini: ${tableOf(lists.gemini)},`);
  }
  const P = tsOnly(code`<P extends keyof typeof tables>`);
  return code`${tsOnly(TYPES)}
${join(parts)}
${tsOnly(code`/** What each provider's calls need to come back: renamed tools, and where a strict shape differs (rt/provider.ts). */
`)}const tables = {
  ${join(tables)}
}${tsOnly(code` satisfies Partial<Record<Provider, rt.ProviderTable>>`)};

/**
 * A provider's call in the tool's own shape: its own name, the arguments parsed (OpenAI
 * sends JSON text) and, from a strict OpenAI schema, each optional argument the model
 * sent as null left out, so the validator and the executor never see the provider's form.
 */
${exported(identCode("fromProvider"), code`function fromProvider${P}(provider${ann(code`P`)}, call${ann(code`ProviderCall`)})${ann(code`{ name: string; arguments: unknown }`)} {
  return rt.fromProviderCall(tables[provider], call.name, call.arguments);
}`)}

/** A call in the tool's own shape as the provider's schema has it (a past call replayed to the model). */
${exported(identCode("toProvider"), code`function toProvider${P}(provider${ann(code`P`)}, call${ann(code`ProviderCall`)})${ann(code`{ name: string; arguments: unknown }`)} {
  return rt.toProviderCall(tables[provider], call.name, call.arguments);
}`)}

/** validateCall for a provider's call: brought back with fromProvider, then checked. */
${exported(identCode("validateProviderCall"), code`function validateProviderCall${P}(provider${ann(code`P`)}, call${ann(code`ProviderCall`)})${ann(code`ValidationReport`)} {
  return validateCall(fromProvider(provider, call));
}`)}
`;
}

/** The module's declarations (emit "js"/"cjs": providers.d.ts). */
export function providersModuleDts(lists: ProviderLists): Code {
  const ps = (["openai", "anthropic", "gemini"] as const).filter((p) => lists[p]);
  const P = join(ps.map((p) => lit(p)), code` | `);
  return code`${TYPES}
${lists.openai ? code`export declare const openaiTools: readonly OpenAIFunctionTool[];
export declare const openaiNotStrict: Readonly<Record<string, string>>;
export declare const openaiResponsesTools: readonly OpenAIResponsesTool[];
` : code``}${lists.anthropic ? code`export declare const anthropicTools: readonly AnthropicTool[];
` : code``}${lists.gemini ? code`export declare const geminiFunctionDeclarations: readonly GeminiFunctionDeclaration[];
` : code``}export declare function fromProvider(provider: ${P}, call: ProviderCall): { name: string; arguments: unknown };
export declare function toProvider(provider: ${P}, call: ProviderCall): { name: string; arguments: unknown };
export declare function validateProviderCall(provider: ${P}, call: ProviderCall): ValidationReport;
`;
}
