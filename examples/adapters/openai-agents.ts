// The OpenAI Agents SDK with toolform's validators, offline: a fake model (the SDK's `Model`
// interface, scripted) sends a wrong call, reads toolform's feedback as the tool output in its
// next request, and corrects itself; the executor runs once, with typed, valid arguments.
//
//   node --import tsx examples/adapters/openai-agents.ts
import { pathToFileURL } from "node:url";
import { Agent, Runner, Usage, type Model, type ModelRequest, type ModelResponse } from "@openai/agents-core";
import { agentsTools } from "@toolform/runtime/openai-agents";
import { toolset, type SearchIssuesArgs } from "../../generated/index.js";
import { printTranscript } from "./transcript.js";

/** One scripted model turn: a function call (arguments as the model wrote them), or a final text. */
type Turn = { call: string; arguments: string } | { text: string };

/** "Open" for the enum value "open" and no query; then the corrected call; then the answer. */
const SCRIPT: Turn[] = [
  { call: "search_issues", arguments: '{"filters": {"state": "Open", "labels": ["ui"]}}' },
  { call: "search_issues", arguments: '{"query": "login page", "filters": {"state": "open", "labels": ["ui"]}}' },
  { text: "Found #41 and #57." },
];

/** The SDK's Model interface, answering from SCRIPT and keeping every request. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #turn = 0;
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const t = SCRIPT[this.#turn++]!;
    const output: ModelResponse["output"] =
      "text" in t
        ? [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: t.text }] }]
        : [{ type: "function_call", callId: `call_${this.#turn}`, name: t.call, arguments: t.arguments, status: "completed" }];
    return { output, usage: new Usage(), responseId: `resp_${this.#turn}` };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("not scripted");
  }
}

/** The tool outputs a request carried (function_call_output items), in order. */
export function toolOutputs(request: ModelRequest): string[] {
  const items = Array.isArray(request.input) ? request.input : [];
  return items.flatMap((it) => {
    if ((it as { type?: string }).type !== "function_call_result") return [];
    const out = (it as { output?: unknown }).output;
    if (typeof out === "string") return [out];
    const text = (out as { text?: unknown } | undefined)?.text;
    return [typeof text === "string" ? text : JSON.stringify(out)];
  });
}

export async function run() {
  const ran: SearchIssuesArgs[] = [];
  const refused: string[] = [];
  const model = new ScriptedModel();
  const tools = agentsTools(
    toolset,
    {
      search_issues: (args) => {
        ran.push(args); // args: SearchIssuesArgs, and valid
        return { results: [{ id: 41 }, { id: 57 }] };
      },
    },
    { onRefused: (c) => refused.push(c.tool) },
  );
  const agent = new Agent({ name: "triage", instructions: "Find issues.", model, tools });
  const result = await new Runner({ tracingDisabled: true }).run(agent, "Find the open UI issues about the login page.");
  return { text: String(result.finalOutput), ran, refused, prompts: model.requests.map(toolOutputs), tools: model.requests[0]!.tools };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printTranscript("OpenAI Agents SDK", await run());
