// Comparing tool lists (what the generated code or a snapshot was built from
// against what a server lists now) and JSON Schemas, at JSON-pointer level,
// in a form a reviewer reads: "+ /properties/notes: {"type":"string"}".
import { canonicalJson, schemaHashOf } from "./canonical.js";

/** One difference between two JSON values. */
export interface JsonChange {
  op: "added" | "removed" | "changed";
  /** JSON pointer (RFC 6901) of the key that differs; "" is the whole value. */
  pointer: string;
  before?: unknown;
  after?: unknown;
}

/** One tool that differs. A tool whose schema and description both changed gives two items. */
export interface ToolDrift {
  /** The MCP source (its label). */
  source: string;
  tool: string;
  /** added: listed by the server, not in the generated code; removed: the reverse. */
  kind: "added" | "removed" | "schema" | "description";
  /** kind "schema": the schema changes, before = generated, after = server. */
  changes?: JsonChange[];
  before?: { schemaHash?: string; description?: string };
  after?: { schemaHash?: string; description?: string };
}

/** The little a comparison needs of a tool. */
export interface ToolLike {
  name: string;
  description?: string;
  inputSchema: unknown;
  /** Precomputed (generated tools carry it); computed from inputSchema when absent. */
  schemaHash?: string;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== "object";
}

// RFC 6901 escaping (the package cannot import the compiler's src/schema/dialect.ts).
const esc = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The differences from `before` to `after`, object keys in `after`'s order then
 * removed keys. Arrays of scalars (`required`, `enum`, `type`) differ as one value;
 * other arrays item by item.
 */
export function diffJson(before: unknown, after: unknown, pointer = ""): JsonChange[] {
  if (canonicalJson(before) === canonicalJson(after)) return [];
  if (isObj(before) && isObj(after)) {
    const out: JsonChange[] = [];
    for (const k of Object.keys(after)) {
      const p = `${pointer}/${esc(k)}`;
      if (!Object.prototype.hasOwnProperty.call(before, k)) out.push({ op: "added", pointer: p, after: after[k] });
      else out.push(...diffJson(before[k], after[k], p));
    }
    for (const k of Object.keys(before)) if (!Object.prototype.hasOwnProperty.call(after, k)) out.push({ op: "removed", pointer: `${pointer}/${esc(k)}`, before: before[k] });
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && !(before.every(isScalar) && after.every(isScalar))) {
    const out: JsonChange[] = [];
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      const p = `${pointer}/${i}`;
      if (i >= before.length) out.push({ op: "added", pointer: p, after: after[i] });
      else if (i >= after.length) out.push({ op: "removed", pointer: p, before: before[i] });
      else out.push(...diffJson(before[i], after[i], p));
    }
    return out;
  }
  return [{ op: "changed", pointer, before, after }];
}

/** A value as one short line of JSON. */
export function shortJson(v: unknown, max = 100): string {
  const s = v === undefined ? "undefined" : (JSON.stringify(v) ?? String(v));
  return s.length <= max ? s : s.slice(0, max - 1) + "…";
}

/** "+ /properties/notes: {...}" lines for a schema diff. */
export function formatChanges(changes: readonly JsonChange[], indent = ""): string[] {
  return changes.map((c) => {
    const at = c.pointer === "" ? "(root)" : c.pointer;
    if (c.op === "added") return `${indent}+ ${at}: ${shortJson(c.after)}`;
    if (c.op === "removed") return `${indent}- ${at}: ${shortJson(c.before)}`;
    return `${indent}~ ${at}: ${shortJson(c.before)} → ${shortJson(c.after)}`;
  });
}

/** Both texts of a changed description, clipped around the first difference. */
export function descriptionLines(before: string, after: string, indent = ""): string[] {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  const window = (s: string) => {
    if (s.length <= 160) return JSON.stringify(s);
    const from = Math.max(0, p - 40);
    const to = Math.min(s.length, from + 160);
    return (from > 0 ? "…" : "") + JSON.stringify(s.slice(from, to)) + (to < s.length ? "…" : "");
  };
  return [`${indent}- ${window(before)}`, `${indent}+ ${window(after)}`];
}

/**
 * Per tool: added, removed, schema changed, description changed, from `before`
 * (what the code was built from) to `after` (what the server lists).
 * `expected`: the names of `before` that belong to this source (a tool of another
 * source that this server does not list is not "removed"); default all of `before`.
 */
export function compareTools(source: string, before: readonly ToolLike[], after: readonly ToolLike[], expected?: ReadonlySet<string>): ToolDrift[] {
  const items: ToolDrift[] = [];
  const old = new Map(before.map((t) => [t.name, t]));
  const now = new Map(after.map((t) => [t.name, t]));
  for (const t of [...after].sort((a, b) => cmp(a.name, b.name))) {
    const o = old.get(t.name);
    const hashNow = t.schemaHash ?? schemaHashOf(t.inputSchema);
    if (!o) {
      items.push({ source, tool: t.name, kind: "added", after: { schemaHash: hashNow, description: t.description ?? "" } });
      continue;
    }
    const hashOld = o.schemaHash ?? schemaHashOf(o.inputSchema);
    if (hashOld !== hashNow) {
      items.push({ source, tool: t.name, kind: "schema", changes: diffJson(o.inputSchema, t.inputSchema), before: { schemaHash: hashOld }, after: { schemaHash: hashNow } });
    }
    if ((o.description ?? "") !== (t.description ?? "")) {
      items.push({ source, tool: t.name, kind: "description", before: { description: o.description ?? "" }, after: { description: t.description ?? "" } });
    }
  }
  for (const o of [...before].sort((a, b) => cmp(a.name, b.name))) {
    if (now.has(o.name) || (expected && !expected.has(o.name))) continue;
    items.push({ source, tool: o.name, kind: "removed", before: { schemaHash: o.schemaHash ?? schemaHashOf(o.inputSchema), description: o.description ?? "" } });
  }
  return items;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Readable lines for drift items, grouped by source. */
export function formatDrift(items: readonly ToolDrift[]): string[] {
  const lines: string[] = [];
  const bySource = new Map<string, ToolDrift[]>();
  for (const it of items) bySource.set(it.source, [...(bySource.get(it.source) ?? []), it]);
  for (const [source, its] of bySource) {
    const tools = new Set(its.map((i) => i.tool)).size;
    lines.push(`${source}: ${tools} tool${tools === 1 ? "" : "s"} differ${tools === 1 ? "s" : ""}`);
    for (const it of its) {
      if (it.kind === "added") lines.push(`  + ${it.tool}: listed by the server, not in the generated code`);
      else if (it.kind === "removed") lines.push(`  - ${it.tool}: in the generated code, no longer listed by the server`);
      else if (it.kind === "schema") {
        lines.push(`  ~ ${it.tool}: input schema changed (sha256 ${it.before?.schemaHash?.slice(0, 12)}… → ${it.after?.schemaHash?.slice(0, 12)}…)`);
        lines.push(...formatChanges(it.changes ?? [], "      "));
      } else {
        lines.push(`  ~ ${it.tool}: description changed (review it: a changed description can carry instructions to the model)`);
        lines.push(...descriptionLines(it.before?.description ?? "", it.after?.description ?? "", "      "));
      }
    }
  }
  return lines;
}
