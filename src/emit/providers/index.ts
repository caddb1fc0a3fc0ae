// The tool lists per model provider (config `providers`): every tool converted for each
// provider asked for, and one lint-style warning per tool and provider saying what the
// conversion leaves out (rule "provider-loss": the validator still checks it).
import type { ToolPlan } from "@toolform/runtime/rt/provider";
import type { Diagnostic } from "../../diagnostics/types.js";
import { toGemini } from "./gemini.js";
import { toOpenAI } from "./openai.js";
import { isObject, providerNames, type Loss, type Provider } from "./shared.js";

export { PROVIDERS, type Provider } from "./shared.js";

export interface ProviderTool {
  /** The tool's own name, and the one the provider gets (most often the same). */
  name: string;
  providerName: string;
  description: string;
}

export interface ProviderLists {
  openai?: (ProviderTool & { parameters: Record<string, unknown>; strict: boolean; reason?: string; plan: ToolPlan })[];
  anthropic?: (ProviderTool & { inputSchema: unknown })[];
  gemini?: (ProviderTool & { parameters?: Record<string, unknown> })[];
  /** Per tool: what each provider's list leaves out, as warnings placed at the tool's schema (pointer into inputSchema). */
  diagnostics: Diagnostic[];
}

/** `tools` in the order the index lists them. */
export function providerLists(tools: readonly { name: string; description?: string; inputSchema: unknown }[], providers: readonly Provider[]): ProviderLists {
  const out: ProviderLists = { diagnostics: [] };
  const names = (p: Provider) => providerNames(p, tools.map((t) => t.name));
  const report = (p: Provider, tool: string, losses: readonly Loss[], renamed: string, head?: string) => {
    const parts = losses.map((l) => `${l.keyword} at ${l.at || "the root"}${l.note ? ` (${l.note})` : ""}`);
    if (renamed !== tool) parts.unshift(`the name, sent as ${JSON.stringify(renamed)}`);
    if (!head && !parts.length) return;
    const said = [head, parts.length ? `leaves out ${parts.join(", ")}` : undefined].filter(Boolean).join("; ");
    out.diagnostics.push({
      severity: "warning",
      code: "lint/provider-loss",
      tool,
      ...(losses[0] ? { pointer: losses[0].at } : {}),
      message: `${p}: ${said}`,
      hint: "the validator still checks all of it; switch this note off with lint: { \"provider-loss\": false }",
    });
  };
  for (const p of providers) {
    const renamed = names(p);
    if (p === "openai") {
      out.openai = tools.map((t, i) => {
        const c = toOpenAI(t.inputSchema);
        report(p, t.name, c.losses, renamed[i]!, c.strict ? undefined : `not strict: ${c.reason}`);
        return { name: t.name, providerName: renamed[i]!, description: t.description ?? "", parameters: c.parameters, strict: c.strict, ...(c.reason ? { reason: c.reason } : {}), plan: c.plan };
      });
    } else if (p === "anthropic") {
      // Anthropic's input_schema is JSON Schema, whose root the API wants to say type "object": the tool's schema, with that said where it is not.
      out.anthropic = tools.map((t, i) => {
        report(p, t.name, [], renamed[i]!);
        const s = t.inputSchema;
        const inputSchema = isObject(s) && s.type === undefined ? { type: "object", ...s } : s;
        return { name: t.name, providerName: renamed[i]!, description: t.description ?? "", inputSchema };
      });
    } else {
      out.gemini = tools.map((t, i) => {
        const c = toGemini(t.inputSchema);
        report(p, t.name, c.losses, renamed[i]!);
        return { name: t.name, providerName: renamed[i]!, description: t.description ?? "", ...(c.parameters ? { parameters: c.parameters } : {}) };
      });
    }
  }
  return out;
}
