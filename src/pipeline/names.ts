// Identifier, type and file names for each tool of a build (src/emit/code.ts toolIdentifiers:
// look-alike names get distinct ones), and the one error of naming: a name defined twice.
import type { Diagnostic } from "../diagnostics/types.js";
import { toolIdentifiers, type ToolIdentifiers } from "../emit/code.js";
import { VERSION } from "../emit/templates.js";
import { keyOf } from "../io/hash.js";
import type { ToolDefinition } from "../sources/types.js";
import type { FormatCache } from "./output-files.js";

/**
 * Identifier, type and file names for each tool (src/emit/code.ts toolIdentifiers: look-alike
 * names get distinct ones). Only a name defined twice is an error: two tools, one name.
 */
export function assignNames(defs: ToolDefinition[], diagnostics: Diagnostic[], memo?: FormatCache): { def: ToolDefinition; names: ToolIdentifiers }[] {
  const byName = new Map<string, ToolDefinition>();
  const where = (d: ToolDefinition) => `${d.origin.file}${d.origin.line ? ":" + d.origin.line : d.origin.pointer ? "#" + d.origin.pointer : ""}`;
  for (const def of defs) {
    const other = byName.get(def.name);
    if (!other) {
      byName.set(def.name, def);
      continue;
    }
    diagnostics.push({
      severity: "error",
      code: "tools/duplicate-name",
      message: `tool name ${JSON.stringify(def.name)} is defined twice (also at ${where(other)})`,
      tool: def.name,
      file: def.origin.file,
      pointer: def.origin.pointer,
      ...(def.origin.line ? { line: def.origin.line, column: def.origin.column ?? 1 } : {}),
      hint: "remove one of the two definitions, or rename one tool (a model calls tools by name: two tools cannot share one)",
    });
  }
  const names = identifiersOf([...byName.keys()], memo);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((def) => ({ def, names: names.get(def.name)! }));
}

/** toolIdentifiers, kept by the set of names (the build cache's derived texts): an edit that keeps every name does not work them out again. */
function identifiersOf(names: string[], memo: FormatCache | undefined): Map<string, ToolIdentifiers> {
  if (!memo) return toolIdentifiers(names);
  const key = keyOf(["tool-identifiers", VERSION, [...names].sort()]);
  const hit = memo.get(key);
  if (hit !== undefined) {
    try {
      const m = new Map(JSON.parse(hit) as [string, ToolIdentifiers][]);
      if (m.size === names.length && names.every((n) => m.has(n))) return m;
    } catch {
      /* unreadable: worked out again */
    }
  }
  const m = toolIdentifiers(names);
  memo.set(key, JSON.stringify([...m]));
  return m;
}
