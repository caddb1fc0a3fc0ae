// @toolform/runtime/harness: parse a reply, validate every call, answer the model, run
// the loop. Works with any generated toolset, which it takes as an argument.
export type {
  ArgsMap,
  ArgsOf,
  Bucket,
  Message,
  ParseError,
  ParseRepair,
  ParsedCall,
  ParsedReply,
  ReplyFormat,
  Repair,
  ReportDict,
  Tool,
  ToolCallRef,
  ToolResult,
  Toolset,
  ValidationError,
  ValidationReport,
} from "./types.js";

export { validateArguments, resolveToolName, readArguments, findTool, type CallInput, type ValidateOptions } from "./validate.js";
export { parseReply, detectFormat, type ParseReplyOptions } from "./parse-reply.js";
export { readJson, describeRepairs } from "./json.js";
export { feedback, redactedLine, redactedDict, NOT_RUN, notApproved, type Feedback, type FeedbackOptions, type InvalidCallJson } from "./feedback.js";
export {
  CallLoop,
  executionArgs,
  toToolResult,
  errorResult,
  unreadableFeedback,
  type Approval,
  type CallLoopOptions,
  type CallOutcome,
  type CallStatus,
  type ExecuteContext,
  type Executor,
  type Executors,
  type LoopEvent,
  type LoopResult,
  type Model,
  type ModelContext,
  type OnInvalid,
  type ToolStats,
} from "./call-loop.js";
export { scriptedModel } from "./scripted.js";
export { bindExecutors, type BindOptions, type BoundToolset, type ExecutorLike, type ExecutorsFor, type NamedSpec } from "./bind.js";
export * from "./adapters/openai.js";
export * from "./adapters/anthropic.js";
export * from "./adapters/text.js";
