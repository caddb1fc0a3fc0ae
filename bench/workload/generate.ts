// A deterministic generator of varied, realistic tool schemas (for the size and
// start-up figures), each with one valid call and one invalid call carrying three
// model mistakes. Same seed → same tools, on any machine.

import type { BenchTool } from "./tools.js";

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
function pickSome<T>(r: Rand, xs: readonly T[], n: number): T[] {
  const pool = xs.slice();
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}

const VERBS = ["get", "list", "create", "update", "delete", "search", "send", "schedule", "fetch", "sync", "archive", "export", "import", "assign", "resolve", "render", "query", "book", "cancel", "approve"];
const NOUNS = ["invoice", "ticket", "user", "order", "file", "event", "report", "customer", "issue", "page", "message", "payment", "shipment", "task", "project", "contact", "document", "repo", "alert", "booking"];
const PROP_NAMES = ["id", "name", "title", "query", "status", "priority", "owner", "email", "url", "path", "limit", "offset", "count", "amount", "currency", "due_date", "start", "end", "tags", "labels", "notes", "body", "subject", "region", "language", "format", "mode", "level", "category", "kind", "timeout_s", "retries", "dry_run", "verbose", "include_archived", "page_size", "sort", "filter", "options", "items", "recipients", "attachments", "metadata", "address", "assignee", "reviewer", "branch", "commit", "version", "color"];
const ENUM_WORDS = ["low", "normal", "high", "urgent", "open", "closed", "pending", "draft", "active", "archived", "asc", "desc", "json", "csv", "markdown", "html", "daily", "weekly", "monthly", "red", "green", "blue", "public", "private", "internal", "eu", "us", "apac", "en", "fr", "de", "ja"];
const FORMATS = ["date-time", "date", "email", "uri", "uuid"] as const;
const FORMAT_VALID: Record<string, string[]> = {
  "date-time": ["2025-03-14T09:30:00Z", "2025-11-02T14:00:00+01:00", "2026-01-05T08:15:00.000-05:00"],
  date: ["2025-03-14", "2024-02-29", "2026-12-31"],
  email: ["ada@example.com", "ops+cal@example.io", "x.y@sub.example.org"],
  uri: ["https://example.com/a?b=c", "http://localhost:8080/x", "urn:isbn:0451450523"],
  uuid: ["3f2b8c1e-9d4a-4b7e-8a61-0c5d2e9f7a13", "7c9e6679-7425-40de-944b-e07fc1f90ae7"],
};
const FORMAT_INVALID: Record<string, string[]> = {
  "date-time": ["tomorrow at 3pm", "2025-03-14 09:30", "03/14/2025"],
  date: ["14/03/2025", "2025-02-30", "next monday"],
  email: ["ada at example dot com", "ada@", "@example.com"],
  uri: ["example.com/path", "not a url", "//no-scheme"],
  uuid: ["evt-42", "3f2b8c1e9d4a4b7e8a610c5d2e9f7a13", "1234"],
};

type Mistake = "numeric_string" | "enum_case" | "format";

/** A generated property: its schema, a way to make a valid value, and the mistakes that apply to it. */
interface Prop {
  schema: Record<string, unknown>;
  valid: (r: Rand) => unknown;
  mistakes: Mistake[];
  bad?: Partial<Record<Mistake, (r: Rand) => unknown>>;
}

function describe(r: Rand, name: string): string {
  return pick(r, [`The ${name.replace(/_/g, " ")}.`, `${name.replace(/_/g, " ")} to use`, `Optional ${name.replace(/_/g, " ")}; see the docs.`]);
}

function leafProp(r: Rand, name: string, depth: number): Prop {
  const kind = pick(r, depth > 0 ? ["string", "enum", "integer", "boolean", "format", "number"] : ["string", "string", "enum", "enum", "integer", "integer", "boolean", "format", "format", "number", "pattern", "nullable", "strarray", "objarray", "object"]);
  const description = describe(r, name);
  switch (kind) {
    case "string": {
      const max = pick(r, [64, 200, 1000, 4000]);
      return { schema: { type: "string", description, minLength: 1, maxLength: max }, valid: (q) => pick(q, ["alpha", "Quarterly report", "a/b/c.txt", "x"]), mistakes: [] };
    }
    case "pattern":
      return {
        schema: { type: "string", description, pattern: "^[A-Z]{2,4}-[0-9]{1,6}$" },
        valid: (q) => pick(q, ["AB-1", "PROJ-4021", "XYZ-77"]),
        mistakes: [],
      };
    case "enum": {
      const values = pickSome(r, ENUM_WORDS, int(r, 2, 6));
      return {
        schema: { type: "string", description, enum: values },
        valid: (q) => pick(q, values),
        mistakes: ["enum_case"],
        bad: { enum_case: (q) => { const v = pick(q, values); return q() < 0.5 ? v.toUpperCase() : v[0]!.toUpperCase() + v.slice(1); } },
      };
    }
    case "integer": {
      const lo = pick(r, [0, 1, 15]);
      const hi = pick(r, [100, 480, 1000, 10000]);
      return {
        schema: { type: "integer", description, minimum: lo, maximum: hi },
        valid: (q) => int(q, lo, hi),
        mistakes: ["numeric_string"],
        bad: { numeric_string: (q) => String(int(q, lo, hi)) },
      };
    }
    case "number":
      return { schema: { type: "number", description, exclusiveMinimum: 0, maximum: 1e6 }, valid: (q) => Math.round(q() * 1e5) / 100 + 0.01, mistakes: ["numeric_string"], bad: { numeric_string: () => "12.5" } };
    case "boolean":
      return { schema: { type: "boolean", description }, valid: (q) => q() < 0.5, mistakes: [] };
    case "format": {
      const f = pick(r, FORMATS);
      return {
        schema: { type: "string", description, format: f },
        valid: (q) => pick(q, FORMAT_VALID[f]!),
        mistakes: ["format"],
        bad: { format: (q) => pick(q, FORMAT_INVALID[f]!) },
      };
    }
    case "nullable":
      return { schema: { type: ["string", "null"], description, maxLength: 100 }, valid: (q) => (q() < 0.5 ? null : "n/a"), mistakes: [] };
    case "strarray":
      return { schema: { type: "array", description, items: { type: "string", minLength: 1 }, maxItems: 20, uniqueItems: false }, valid: (q) => pickSome(q, ["a", "b", "ops", "vip", "eu"], int(q, 0, 3)), mistakes: [] };
    case "objarray":
    case "object": {
      const n = int(r, 2, 4);
      const names = pickSome(r, PROP_NAMES, n);
      const props = names.map((nm) => [nm, leafProp(r, nm, depth + 1)] as const);
      const req = names.filter((_, i) => i === 0 || r() < 0.4);
      const obj: Record<string, unknown> = {
        type: "object",
        properties: Object.fromEntries(props.map(([nm, p]) => [nm, p.schema])),
        required: req,
        additionalProperties: false,
      };
      const make = (q: Rand) => {
        const o: Record<string, unknown> = {};
        for (const [nm, p] of props) if (req.includes(nm) || q() < 0.5) o[nm] = p.valid(q);
        return o;
      };
      if (kind === "object") return { schema: { ...obj, description }, valid: make, mistakes: [] };
      return {
        schema: { type: "array", description, minItems: 1, maxItems: 50, items: obj },
        valid: (q) => Array.from({ length: int(q, 1, 3) }, () => make(q)),
        mistakes: [],
      };
    }
  }
  throw new Error("unreachable");
}

export interface GeneratedTool {
  tool: BenchTool;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  mistakes: string[];
}

/** `count` tools, deterministic for a seed. */
export function generateTools(count: number, seed = 20250601): GeneratedTool[] {
  const r = rng(seed);
  const out: GeneratedTool[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${pick(r, VERBS)}_${pick(r, NOUNS)}_${String(i).padStart(4, "0")}`;
    const n = int(r, 2, 9);
    const names = pickSome(r, PROP_NAMES, n);
    const props = names.map((nm) => [nm, leafProp(r, nm, 0)] as const);
    const required = names.filter((_, j) => j === 0 || r() < 0.35);
    const inputSchema = {
      type: "object",
      properties: Object.fromEntries(props.map(([nm, p]) => [nm, p.schema])),
      required,
      additionalProperties: false,
    };
    const valid: Record<string, unknown> = {};
    for (const [nm, p] of props) if (required.includes(nm) || r() < 0.6) valid[nm] = p.valid(r);

    // Three mistakes: those the properties allow, then an unknown argument, then a missing required one.
    const invalid: Record<string, unknown> = { ...valid };
    const mistakes: string[] = [];
    const candidates = props.filter(([, p]) => p.mistakes.length > 0);
    for (const [nm, p] of pickSome(r, candidates, 3)) {
      const m = pick(r, p.mistakes);
      invalid[nm] = p.bad![m]!(r);
      mistakes.push(`${m}: ${nm}`);
    }
    if (mistakes.length < 3) {
      invalid[pick(r, ["extra", "colour", "user", "data", "verbose_mode"]) + "_x"] = "unexpected";
      mistakes.push("unknown argument");
    }
    if (mistakes.length < 3) {
      const req = pick(r, required);
      const mistaken = mistakes.some((m) => m.endsWith(`: ${req}`));
      if (!mistaken) {
        delete invalid[req];
        mistakes.push(`missing required: ${req}`);
      }
    }
    if (mistakes.length < 3) {
      invalid["another_unknown"] = 1;
      mistakes.push("unknown argument");
    }
    out.push({ tool: { name, description: `${name.split("_").slice(0, 2).join(" ")}: generated tool ${i} of the bench workload.`, inputSchema }, valid, invalid, mistakes });
  }
  return out;
}
