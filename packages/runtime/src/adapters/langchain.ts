// @toolform/runtime/langchain: a generated toolset as LangChain.js tools.
//
//   import { langchainTools } from "@toolform/runtime/langchain";
//   import { toolset } from "./generated/index.js";
//   const tools = langchainTools(toolset, { legal_draft_v3: (args) => draft(args) }); // args: LegalDraftV3Args
//   const model = chat.bindTools(tools);
//   ... for (const call of ai.tool_calls) messages.push(await byName[call.name].invoke(call));
//
// Each tool's `schema` is the tool's own JSON Schema (what `bindTools` offers the model). A call
// is checked by the generated validator first: a refused call becomes a ToolMessage with
// status "error" and toolform's feedback as its content (invoked with a bare object instead
// of a tool call, the feedback string), so the model reads what to fix in its next turn; LangChain's own
// ToolInputParsingException ("Received tool input did not match expected schema") is never
// what the model sees. The executor runs only with the checked arguments (LangChain then
// checks them against the same schema with its own validator, which they pass).
// Written against @langchain/core 1.x.
import { ToolMessage } from "@langchain/core/messages";
import { StructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import { objectSchema } from "../harness/adapters/shared.js";
import type { ArgsOf, Toolset } from "../harness/types.js";
import { checkCall, checkExecutorNames, namesOf, type CheckOptions } from "./check.js";

/** Runs one tool with arguments the generated validator accepted. */
export type LangchainExecutor<A> = (args: A, config?: ToolRunnableConfig) => unknown;

/** Tool name → executor, typed from the toolset. */
export type LangchainExecutors<TS extends Toolset> = { [K in keyof TS & string]?: LangchainExecutor<ArgsOf<TS[K]>> };

export interface LangchainToolsOptions<TS extends Toolset> extends CheckOptions {
  /** Offer only these tools (default: the tools that have an executor). */
  only?: readonly (keyof TS & string)[];
}

interface ToolCallLike {
  type: "tool_call";
  id?: string;
  name: string;
  args: unknown;
}

function isToolCall(v: unknown): v is ToolCallLike {
  return typeof v === "object" && v !== null && (v as { type?: unknown }).type === "tool_call";
}

function callIdOf(arg: unknown, config: unknown): string | undefined {
  if (isToolCall(arg) && typeof arg.id === "string") return arg.id;
  const id = (config as { toolCall?: { id?: unknown } } | undefined)?.toolCall?.id;
  return typeof id === "string" ? id : undefined;
}

/** A LangChain StructuredTool whose calls the generated validator checks first. */
export class ToolformLangchainTool extends StructuredTool {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  readonly #toolset: Toolset;
  readonly #exec: LangchainExecutor<unknown> | undefined;
  readonly #options: CheckOptions;

  constructor(toolset: Toolset, name: string, exec: LangchainExecutor<unknown> | undefined, options: CheckOptions = {}) {
    super();
    const tool = toolset[name]!;
    this.name = name;
    this.description = tool.description;
    this.schema = objectSchema(tool.inputSchema);
    this.#toolset = toolset;
    this.#exec = exec;
    this.#options = options;
  }

  // `invoke` hands a tool call's args here, the call in config.toolCall; `call` is LangChain's one entry for both.
  override async call(arg: unknown, configArg?: unknown, tags?: string[]): Promise<any> {
    const input = isToolCall(arg) ? arg.args : arg;
    const c = checkCall(this.#toolset, this.name, input, this.#options);
    if (!c.ok) {
      const id = callIdOf(arg, configArg);
      return id === undefined ? c.feedback : new ToolMessage({ status: "error", content: c.feedback, tool_call_id: id, name: this.name });
    }
    return super.call((isToolCall(arg) ? { ...arg, args: c.args } : c.args) as never, configArg as never, tags);
  }

  protected async _call(args: unknown, _runManager?: unknown, config?: ToolRunnableConfig): Promise<any> {
    if (!this.#exec) return `Not run: ${this.name} is not available here.`;
    return await this.#exec(args, config);
  }
}

/**
 * LangChain tools: one per tool with an executor (or per name in `only`). Executor `args` are
 * typed by the generated interfaces; a name that is not a tool throws here.
 */
export function langchainTools<TS extends Toolset>(toolset: TS, executors: LangchainExecutors<TS>, options: LangchainToolsOptions<TS> = {}): ToolformLangchainTool[] {
  checkExecutorNames(toolset, executors, "langchainTools");
  const execs = executors as Record<string, LangchainExecutor<unknown> | undefined>;
  const names = options.only ? namesOf(toolset, options.only, "langchainTools") : Object.keys(toolset).filter((n) => execs[n] !== undefined && Object.prototype.hasOwnProperty.call(execs, n));
  return names.map((n) => new ToolformLangchainTool(toolset, n, execs[n], options));
}
