// toolform/harness typing, end to end: generate the example tools as
// TypeScript, write a consumer that binds executors and builds a loop, and
// type-check it strictly. Argument types must come from the generated
// interfaces; wrong names and wrong argument types must be errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { exampleTools } from "../fixtures/harness/toolset.js";

const HARNESS = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "runtime", "src", "harness", "index.js");
let dir: string | undefined;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const CONSUMER = `
import { toolset, type ToolArgs } from "./generated/index.js";
import { bindExecutors, CallLoop, scriptedModel, parseReply, type ArgsMap, type Executors } from ${JSON.stringify(HARNESS)};

// Executors are typed from the generated interfaces.
const bound = bindExecutors(toolset, {
  legal_draft_v3: async (args) => {
    const months: number = args.term_months;
    const who: string = args.counterparty;
    // @ts-expect-error colour is not a parameter
    void args.colour;
    return who + months;
  },
  // A defineTool-style spec: its execute is typed the same way.
  book_room: { execute: (args) => args.room_id.toUpperCase() + (args.duration_min ?? 0) },
});
void bound.call("legal_draft_v3", {});
// @ts-expect-error not a tool name
void bound.call("legal_draft_v4", {});

bindExecutors(toolset, {
  // @ts-expect-error not a tool of the toolset
  legal_draft_v4: () => 1,
});
bindExecutors(toolset, {
  // @ts-expect-error the argument type does not fit LegalDraftV3Args
  legal_draft_v3: (args: { counterparty: number }) => args.counterparty,
});

const loop = new CallLoop({
  toolset,
  model: scriptedModel([]),
  tools: {
    edit_file: (args) => args.edits.map((e) => e.oldText + e.newText).join(""),
    search_issues: (args) => args.filters?.state,
  },
  approve: (call) => call.valid,
});
void loop.run("hi");

new CallLoop({
  toolset,
  model: scriptedModel([]),
  tools: {
    // @ts-expect-error dryRun is a boolean
    edit_file: (args: { path: string; edits: { oldText: string; newText: string }[]; dryRun?: string }) => args,
  },
});

// The harness's ArgsMap recovers the generated ToolArgs map from the toolset.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<ArgsMap<typeof toolset>["legal_draft_v3"], ToolArgs["legal_draft_v3"]> = true;
const execs: Executors<typeof toolset> = bound.tools;
void same;
void execs;
void parseReply("", toolset, "json_object").calls[0]?.resolved_name;
`;

describe("typed end to end", () => {
  it("types executors from the generated ToolArgs, and rejects wrong names and types", async () => {
    const r = await generate({ tools: exampleTools(), options: { emit: "ts", lint: false } });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    dir = mkdtempSync(join(tmpdir(), "toolform-harness-types-"));
    for (const f of r.files) {
      mkdirSync(dirname(join(dir, "generated", f.path)), { recursive: true });
      writeFileSync(join(dir, "generated", f.path), f.contents);
    }
    writeFileSync(join(dir, "consumer.ts"), CONSUMER);
    const program = ts.createProgram([join(dir, "consumer.ts")], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const diags = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName.replace(dir!, "")}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : "";
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(diags).toEqual([]);
  });
});
