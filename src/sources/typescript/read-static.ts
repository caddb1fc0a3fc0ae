/**
 * `load: "static"` for one parsed file: every defineTool call's argument is
 * evaluated from the source, never run.
 */
import type { CallExpression, SourceFile } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { ToolDefinition } from "../types.js";
import { locateIn, toToolDefinition, type SpecSite } from "./definition.js";
import { findDefineToolCalls } from "./find-calls.js";
import { displayPath, posOf, snippet, type Pos } from "./project.js";
import { evaluateStatic, positionsOf, toJson, type NotStatic, type StaticValue } from "./static-eval.js";

/** The keys of a tool spec toolform reads; `execute` and extra fields are never evaluated. */
const SPEC_KEYS: ReadonlySet<string> = new Set(["name", "description", "inputSchema"]);

export const NOT_STATIC_HINT =
  'move the value into a const literal in this file, or set `load: "import"` for this source in toolform.config.ts';

/** One defineTool call, evaluated as far as the source allows. */
export interface CallReading {
  call: CallExpression;
  pos: Pos;
  value: StaticValue;
  problems: NotStatic[];
}

/** Evaluates the argument of every defineTool call of the file. */
export function readCalls(sf: SourceFile): CallReading[] {
  return findDefineToolCalls(sf).map((call) => {
    const problems: NotStatic[] = [];
    const arg = call.getArguments()[0];
    const value: StaticValue = arg ? evaluateStatic(arg, problems, SPEC_KEYS) : { kind: "absent" };
    return { call, pos: posOf(call), value, problems };
  });
}

export function readStaticFile(sf: SourceFile, root: string): { tools: ToolDefinition[]; diagnostics: Diagnostic[] } {
  const file = displayPath(root, sf.getFilePath());
  const tools: ToolDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  const readings = readCalls(sf);
  if (readings.length === 0) diagnostics.push(noToolsWarning(file, "no defineTool(...) call"));

  for (const reading of readings) {
    if (reading.problems.length > 0) {
      const tool = staticName(reading.value);
      diagnostics.push(...reading.problems.map((p) => notStaticDiagnostic(p, root, tool)));
      continue;
    }
    const found = toToolDefinition(toJson(reading.value), siteOf(reading, file), locateFor(reading));
    diagnostics.push(...found.diagnostics);
    if (found.tool) tools.push(found.tool);
  }
  return { tools, diagnostics: dedupe(diagnostics) };
}

/** The call and the places of its top-level keys. */
export function siteOf(reading: CallReading, file: string): SpecSite {
  const entries = reading.value.kind === "object" ? reading.value.entries : undefined;
  return { file, call: reading.pos, keyPos: (key) => entries?.get(key)?.pos };
}

/**
 * Pointer → place inside `inputSchema`. Places are in this file: a value
 * followed into another file is placed at the identifier or spread that
 * brought it in (see static-eval.ts).
 */
export function locateFor(reading: CallReading): ToolDefinition["locate"] {
  const entry = reading.value.kind === "object" ? reading.value.entries.get("inputSchema") : undefined;
  return locateIn(entry ? positionsOf(entry) : new Map(), reading.pos);
}

/** The tool's name when it could be read (to label diagnostics). */
export function staticName(value: StaticValue): string | undefined {
  const name = value.kind === "object" ? value.entries.get("name")?.value : undefined;
  return name?.kind === "leaf" && typeof name.value === "string" ? name.value : undefined;
}

function notStaticDiagnostic(problem: NotStatic, root: string, tool: string | undefined): Diagnostic {
  const at = posOf(problem.node);
  return {
    severity: "error",
    code: "source/not-static",
    message: `cannot read \`${snippet(problem.node)}\` without running the file: ${problem.reason}`,
    hint: NOT_STATIC_HINT,
    ...(tool ? { tool } : {}),
    file: displayPath(root, problem.node.getSourceFile().getFilePath()),
    line: at.line,
    column: at.column,
  };
}

export function noToolsWarning(file: string, what: string): Diagnostic {
  return {
    severity: "warning",
    code: "source/no-tools",
    message: `${what} found in this file`,
    hint: "export a defineTool({...}) value from it, or remove the file from the sources",
    file,
  };
}

/** A const used by two tools is reported once. */
function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
