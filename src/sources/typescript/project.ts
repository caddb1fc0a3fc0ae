/**
 * The ts-morph Project the TypeScript reader parses into, and the few helpers
 * about files and places every other module of this folder needs.
 */
import path from "node:path";
import { Node, Project, type SourceFile } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/types.js";

/** 1-based line and column, as editors show them. */
export interface Pos {
  line: number;
  column: number;
}

/**
 * One Project for all files of a read: a const imported by several tool files is
 * parsed once. Nothing is type checked and no dependency is resolved up front
 * (node_modules typings are never loaded); relatively imported files are added
 * on demand by resolve.ts.
 */
export function createProject(): Project {
  return new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { noLib: true, noResolve: true, allowJs: true },
  });
}

/** Where a node starts (after its leading comments). */
export function posOf(node: Node): Pos {
  return node.getSourceFile().getLineAndColumnAtPos(node.getStart());
}

/** A file name for diagnostics: relative to the project root, with forward slashes. */
export function displayPath(root: string, file: string): string {
  const rel = path.relative(root, file);
  const shown = rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? file : rel;
  return shown.split(path.sep).join("/");
}

/** Syntax errors of a file as `source/parse` diagnostics (no type checking). */
export function parseDiagnostics(project: Project, sf: SourceFile, root: string): Diagnostic[] {
  return project
    .getProgram()
    .getSyntacticDiagnostics(sf)
    .map((d) => {
      const text = d.getMessageText();
      const message = typeof text === "string" ? text : text.getMessageText();
      const at = sf.getLineAndColumnAtPos(d.getStart() ?? 0);
      return {
        severity: "error" as const,
        code: "source/parse",
        message: `TypeScript syntax error: ${message}`,
        hint: "fix the syntax error; toolform reads tool definitions from the parsed file",
        file: displayPath(root, sf.getFilePath()),
        line: at.line,
        column: at.column,
      };
    });
}

/** Source text shortened for a message: one line, at most `max` characters. */
export function snippet(node: Node, max = 60): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
