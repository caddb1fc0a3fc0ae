// lint/annotation-format: a `format` toolform knows but cannot check from the string alone
// (pydantic's path, file-path, password, binary; OpenAPI's commonmark, sf-*, …:
// src/schema/formats.ts). The tool builds and the field takes any value of its type; the note
// says so, so the author can pin the value another way.
import type { Diagnostic } from "../../diagnostics/types.js";
import { formatEntry } from "../formats.js";
import type { LintContext } from "./context.js";
import { childPointer, isObject, SchemaIndex } from "./walk.js";

export function lintFormats(ctx: LintContext, index: SchemaIndex = new SchemaIndex(ctx.def.inputSchema)): Diagnostic[] {
  if (!ctx.enabled("annotation-format")) return [];
  const out: Diagnostic[] = [];
  for (const node of index.nodes) {
    const s = node.schema;
    if (!isObject(s) || typeof s.format !== "string") continue;
    const e = formatEntry(s.format);
    if (e?.kind !== "annotation") continue;
    out.push(
      ctx.atSchema(childPointer(node.pointer, "format"), {
        rule: "annotation-format",
        code: "lint/annotation-format",
        severity: "warning",
        message: `format "${s.format}" at ${node.pointer || "the schema root"} of ${ctx.def.name} (${e.words}, from ${e.from}) is not checked: ${e.why}; any ${s.type === undefined ? "value" : "value of its type"} is accepted.`,
        hint: `Say in the description what a valid value looks like (or add a "pattern"); to silence this note set lint: { "annotation-format": false }, or name the format in toolform.config.ts formats.`,
      }),
    );
  }
  return out;
}
