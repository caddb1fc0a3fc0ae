// @toolform/runtime/ai-sdk: a generated toolset as a Vercel AI SDK `ToolSet`.
//
//   import { generateText, stepCountIs } from "ai";
//   import { aiSdkTools, repairToolCall } from "@toolform/runtime/ai-sdk";
//   import { toolset } from "./generated/index.js";
//   const tools = aiSdkTools(toolset, { legal_draft_v3: async (args) => draft(args) }); // args: LegalDraftV3Args
//   await generateText({ model, tools, stopWhen: stepCountIs(5), experimental_repairToolCall: repairToolCall() });
//
// Each tool's `inputSchema` is `jsonSchema(<the tool's own JSON Schema>, { validate })`, the
// validate being the generated validator. A call the validator refuses does not become the
// SDK's tool error (whose text wraps the message in "Invalid input for tool …: Type validation
// failed: Value: …"): it is passed on to `execute`, which answers with toolform's feedback as
// the tool result, so the model reads exactly the lines that say what to fix, in the next step.
// The executor runs only with arguments the validator accepted (the coerced value under a
// coerce mode). Written against AI SDK 6 (tested); the types come from the `ai` the app
// installs, and the pieces used (`jsonSchema`, `Tool`, `NoSuchToolError`,
// `InvalidToolInputError`, the repair function) are the same in AI SDK 5 and 7.
import { InvalidToolInputError, jsonSchema, NoSuchToolError, type Tool as AiTool } from "ai";
import { unknownToolReport } from "../rt/report.js";
import { suggestName } from "../suggest.js";
import { objectSchema } from "../harness/adapters/shared.js";
import type { ArgsOf, Toolset } from "../harness/types.js";
import { readArguments, resolveToolName } from "../harness/validate.js";
import { checkCall, checkExecutorNames, namesOf, type CheckOptions } from "./check.js";

/** The second argument the AI SDK passes to `execute` (toolCallId, messages, abortSignal, ...), read off the installed `ai`. */
export type AiSdkExecuteOptions = Parameters<NonNullable<AiTool<any, any>["execute"]>>[1];

/** Runs one tool with arguments the generated validator accepted. */
export type AiSdkExecutor<A> = (args: A, options: AiSdkExecuteOptions) => unknown;

/** Tool name → executor, typed from the toolset. */
export type AiSdkExecutors<TS extends Toolset> = { [K in keyof TS & string]?: AiSdkExecutor<ArgsOf<TS[K]>> };

export interface AiSdkToolsOptions<TS extends Toolset, N extends keyof TS & string = keyof TS & string> extends CheckOptions {
  /** Offer only these tools (default: the whole toolset). */
  only?: readonly N[];
}

/** The tools, as the AI SDK takes them: `generateText({ tools })`. Tools without an executor have no `execute` (the SDK returns their calls to you). */
export type AiSdkTools<TS extends Toolset, N extends keyof TS & string = keyof TS & string> = { [K in N]: AiTool<ArgsOf<TS[K]>, unknown> };

/** A refused call whose tool has no executor (nothing answers it): the SDK reports it as a tool error with this message. */
export class ToolformRefusal extends Error {
  constructor(readonly feedback: string) {
    super(feedback);
    this.name = "ToolformRefusal";
  }
}

/**
 * The toolset as an AI SDK `ToolSet`. `executors` maps tool names to the functions that run
 * them (each `args` typed by the generated interface); a name that is not a tool throws here.
 */
export function aiSdkTools<TS extends Toolset, N extends keyof TS & string = keyof TS & string>(toolset: TS, executors: AiSdkExecutors<TS> = {}, options: AiSdkToolsOptions<TS, N> = {}): AiSdkTools<TS, N> {
  checkExecutorNames(toolset, executors, "aiSdkTools");
  const out: Record<string, AiTool<unknown, unknown>> = {};
  for (const name of namesOf(toolset, options.only, "aiSdkTools")) {
    const tool = toolset[name]!;
    const exec = (executors as Record<string, AiSdkExecutor<unknown> | undefined>)[name];
    if (exec !== undefined && typeof exec !== "function") throw new TypeError(`aiSdkTools: the executor of ${JSON.stringify(name)} is not a function`);
    const inputSchema = jsonSchema<unknown>(objectSchema(tool.inputSchema) as Parameters<typeof jsonSchema>[0], {
      validate: (value) => {
        // A tool with an executor reports its refusals from `execute` (once per call); one without, here.
        const c = checkCall(toolset, name, value, exec ? { ...options, onRefused: undefined } : options);
        if (c.ok) return { success: true, value: c.args };
        // With an executor, the refusal is its answer (below); without one, the SDK's tool error carries it.
        return exec ? { success: true, value } : { success: false, error: new ToolformRefusal(c.feedback) };
      },
    });
    out[name] = {
      description: tool.description,
      inputSchema,
      ...(exec
        ? {
            execute: async (value: unknown, execOptions: AiSdkExecuteOptions) => {
              // Checked again here, so an executor never runs on what `validate` passed on refused.
              const c = checkCall(toolset, name, value, options);
              return c.ok ? await exec(c.args, execOptions) : c.feedback;
            },
          }
        : {}),
    } as AiTool<unknown, unknown>;
  }
  return out as AiSdkTools<TS, N>;
}

export interface RepairToolCallOptions {
  /**
   * Which unknown tool names are read as a tool's: "alike" (default) only a name equal to one
   * tool's after folding case, spaces, "-", "_" and "." ("Legal Draft V3" → legal_draft_v3);
   * "suggested" also the one name toolform's matcher suggests ("get_weathr" → get_weather).
   * A suggested rename can pick a tool the model did not mean; its arguments are still validated.
   */
  rename?: "alike" | "suggested";
}

/** The call the SDK hands a repair function (LanguageModelV2/V3ToolCall): only these fields are read. */
interface RepairableCall {
  toolName: string;
  input: string;
}

/**
 * For `experimental_repairToolCall`. An unknown tool name is fixed when it can be read as one
 * tool's (see `rename`); otherwise the repair fails with toolform's "no tool named …; did you
 * mean …?" text, which the SDK passes to the model as the call's error. Arguments that are not
 * valid JSON are repaired as the harness repairs them (trailing commas, single quotes, a fence,
 * ...). Anything else is left to the SDK (null).
 */
export function repairToolCall(options: RepairToolCallOptions = {}) {
  return async <C extends RepairableCall>({ toolCall, tools, error }: { toolCall: C; tools: Record<string, unknown>; error: unknown }): Promise<C | null> => {
    const names = Object.keys(tools);
    if (NoSuchToolError.isInstance(error)) {
      const alike = resolveToolName(tools as unknown as Toolset, toolCall.toolName); // reads only the names
      const to = alike.tool ? alike.name : options.rename === "suggested" ? suggestName(toolCall.toolName, names) : undefined;
      if (to === undefined) throw new Error(unknownToolReport(toolCall.toolName, names).feedback + ` Tools: ${names.join(", ")}.`);
      // The SDK repairs a call once: mend its JSON in the same step, or the renamed call fails on it.
      const input = repairedJson(toolCall.input);
      return { ...toolCall, toolName: to, ...(input !== undefined ? { input } : {}) };
    }
    if (InvalidToolInputError.isInstance(error)) {
      const input = repairedJson(toolCall.input);
      return input !== undefined ? { ...toolCall, input } : null;
    }
    return null;
  };
}

/** The arguments as valid JSON when they are not and toolform's reader can repair them to an object; else undefined. */
function repairedJson(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  try {
    JSON.parse(input);
    return undefined; // already JSON: a schema problem is the validator's to answer
  } catch {
    const read = readArguments(input, true);
    return read.ok && typeof read.value === "object" && read.value !== null ? JSON.stringify(read.value) : undefined;
  }
}
