// @toolform/runtime/openai-agents: a generated toolset as OpenAI Agents SDK function tools.
//
//   import { Agent, run } from "@openai/agents";
//   import { agentsTools } from "@toolform/runtime/openai-agents";
//   import { toolset } from "./generated/index.js";
//   const agent = new Agent({ name: "clerk", tools: agentsTools(toolset, { legal_draft_v3: (args) => draft(args) }) });
//
// Each tool is `tool({ parameters: <the tool's own JSON Schema>, strict: false })`: a schema
// that is not in OpenAI's strict subset (optional fields, open objects, formats, ...) is sent as
// it is, and the generated validator checks every call before the executor runs. A refused call
// returns toolform's feedback as the tool output, so the model reads what to fix in its next
// turn. Where a strict form of a tool's schema exists (with the inverse mapping of its
// artefacts, e.g. `null` for an omitted optional), pass it in `strict` and it is offered instead.
// Written against @openai/agents-core 0.14 (the last line on the `openai` 6 client, which runs on
// Node 20); `tool` is the same in later releases. Arguments that are not JSON at all are
// answered by the SDK's runner, which parses them before any tool sees them; arguments sent
// as a JSON string holding the object (double-encoded) are decoded here.
import { tool as agentsTool, type FunctionTool, type RunContext } from "@openai/agents-core";
import { objectSchema } from "../harness/adapters/shared.js";
import type { ArgsOf, Toolset } from "../harness/types.js";
import { checkCall, checkExecutorNames, namesOf, type CheckOptions } from "./check.js";

/** The third argument the SDK passes to `execute` (the tool call, an abort signal, ...). */
export type AgentsCallDetails = Parameters<Parameters<typeof agentsTool>[0]["execute"]>[2];

/** Runs one tool with arguments the generated validator accepted. */
export type AgentsExecutor<A, Context = unknown> = (args: A, runContext?: RunContext<Context>, details?: AgentsCallDetails) => unknown;

/** Tool name → executor, typed from the toolset. */
export type AgentsExecutors<TS extends Toolset, Context = unknown> = { [K in keyof TS & string]?: AgentsExecutor<ArgsOf<TS[K]>, Context> };

/** A strict form of one tool's schema (OpenAI strict mode: every property required, closed objects). */
export interface StrictForm {
  /** The strict JSON Schema offered to the model. */
  parameters: Record<string, unknown>;
  /** Maps a call made against the strict schema back to the original shape before validation (default: as it is). */
  toOriginal?: (args: unknown) => unknown;
}

export interface AgentsToolsOptions<TS extends Toolset> extends CheckOptions {
  /** Offer only these tools (default: the tools that have an executor). */
  only?: readonly (keyof TS & string)[];
  /** Strict forms by tool name; a tool without one is offered non-strict with its own schema. */
  strict?: { [K in keyof TS & string]?: StrictForm };
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Function tools for an Agent: one per tool with an executor (or per name in `only`; a tool
 * without an executor then answers that it is not available). Executor `args` are typed by
 * the generated interfaces; a name that is not a tool throws here.
 */
export function agentsTools<TS extends Toolset, Context = unknown>(toolset: TS, executors: AgentsExecutors<TS, Context>, options: AgentsToolsOptions<TS> = {}): FunctionTool<Context>[] {
  checkExecutorNames(toolset, executors, "agentsTools");
  const execs = executors as Record<string, AgentsExecutor<unknown, Context> | undefined>;
  const names = options.only ? namesOf(toolset, options.only, "agentsTools") : Object.keys(toolset).filter((n) => hasOwn.call(execs, n) && execs[n] !== undefined);
  const strict = (options.strict ?? {}) as Record<string, StrictForm | undefined>;
  for (const n of Object.keys(strict)) if (!names.includes(n)) throw new TypeError(`agentsTools: a strict form is given for ${JSON.stringify(n)}, which is not among the tools offered (${names.join(", ")})`);
  return names.map((name) => {
    const tool = toolset[name]!;
    const exec = execs[name];
    const form = strict[name];
    return agentsTool({
      name,
      description: tool.description,
      parameters: (form ? form.parameters : objectSchema(tool.inputSchema)) as never,
      strict: form !== undefined,
      execute: async (input: unknown, runContext?: RunContext<Context>, details?: AgentsCallDetails) => {
        const c = checkCall(toolset, name, form?.toOriginal ? form.toOriginal(input) : input, options);
        if (!c.ok) return c.feedback;
        if (!exec) return `Not run: ${name} is not available here.`;
        return await exec(c.args, runContext, details);
      },
    }) as unknown as FunctionTool<Context>;
  });
}
