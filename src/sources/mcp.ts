// MCP servers as a source of tool definitions: list a live server's tools
// (a real SDK Client over stdio or streamable HTTP, following `nextCursor`),
// and `pullTools`, which writes each mcp source's tools to its snapshot file so
// the build (src/sources/read.ts) reads them offline and the snapshot can be
// reviewed and committed.
//
// The SDK comes under an npm alias, `toolform-mcp-sdk` (package.json). Under its own
// name it would also satisfy @toolform/runtime's optional peer in a user's app, and npm
// then counts it as needed in production: `npm ci --omit=dev` of an app with toolform as
// a dev dependency installed the SDK and its server stack (~100 packages, 31 MB; npm/cli
// issues 7734, 7772). Under the alias it is toolform's alone, and leaves with the dev tree.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { Client } from "toolform-mcp-sdk/client/index.js";
import { StdioClientTransport } from "toolform-mcp-sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "toolform-mcp-sdk/client/streamableHttp.js";
import type { Transport } from "toolform-mcp-sdk/shared/transport.js";
import { ListToolsResultSchema, ResultSchema, type Tool as McpTool } from "toolform-mcp-sdk/types.js";
import { writeAtomic } from "../io/write.js";
import type { ResolvedConfig, SourceSpec } from "../config/types.js";
import { ToolformError } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { compareTools, type ToolDrift } from "@toolform/runtime/mcp";
import { toolsFromJson } from "./json.js";
import type { ToolDefinition } from "./types.js";

/** The `mcp` variant of a source. */
export type McpSourceSpec = Extract<SourceSpec, { mcp: unknown }>;

/** A tool as the server lists it (MCP `Tool`). */
export type ListedTool = McpTool;

export interface ListOptions {
  /** Folder relative paths (cwd, snapshot) are read from: the config's root. */
  root: string;
  /** Bound on connecting (initialize) and on each tools/list page, in ms. Default 15000. */
  timeoutMs?: number;
  /** Bound on tools/list pages (a server that keeps returning cursors). Default 100. */
  maxPages?: number;
}

export interface McpListing {
  /** The source's label (see {@link mcpLabel}). */
  label: string;
  /** The server's name and version from initialize. */
  server?: { name: string; version: string };
  /** In the order the server listed them. */
  tools: ListedTool[];
}

export function isMcpSource(spec: SourceSpec): spec is McpSourceSpec {
  return typeof spec === "object" && spec !== null && "mcp" in spec;
}

/** How a source is named in output: its `label`, else the URL, else the command line. */
export function mcpLabel(spec: McpSourceSpec): string {
  if (spec.label) return spec.label;
  if ("url" in spec.mcp) return spec.mcp.url;
  return [spec.mcp.command, ...(spec.mcp.args ?? [])].join(" ");
}

const CLIENT_INFO = { name: "toolform", version: "0.1.0" };

/**
 * Lists a server's tools with a real MCP client: spawns the command (stdio) or
 * connects to the URL (streamable HTTP), initializes, follows `nextCursor`, and
 * always closes the connection (a stdio server's process is ended: stdin closed,
 * then SIGTERM, then SIGKILL). Throws ToolformError (code `source/mcp`) naming the
 * source, with the server's stderr tail, when the server cannot be listed.
 */
export async function listMcpTools(spec: McpSourceSpec, options: ListOptions): Promise<McpListing> {
  const label = mcpLabel(spec);
  const timeout = options.timeoutMs ?? 15_000;
  const maxPages = options.maxPages ?? 100;
  let stderr = "";
  let transport: Transport;
  if ("url" in spec.mcp) {
    let url: URL;
    try {
      url = new URL(spec.mcp.url);
    } catch {
      throw mcpError(label, `invalid url ${JSON.stringify(spec.mcp.url)}`, "set mcp: { url: 'http://host:port/mcp' }");
    }
    transport = new StreamableHTTPClientTransport(url);
  } else {
    const stdio = new StdioClientTransport({
      command: spec.mcp.command,
      args: spec.mcp.args ?? [],
      // The SDK passes a small safe environment (PATH, HOME, ...) plus these.
      ...(spec.mcp.env ? { env: spec.mcp.env } : {}),
      cwd: resolve(options.root, spec.mcp.cwd ?? "."),
      stderr: "pipe",
    });
    stdio.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    });
    transport = stdio;
  }
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  };
  try {
    try {
      await client.connect(transport, { timeout });
    } catch (e) {
      throw mcpError(label, `cannot connect: ${errText(e)}`, connectHint(spec), stderr);
    }
    const tools: ListedTool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= maxPages) throw mcpError(label, `tools/list returned more than ${maxPages} pages`, "the server keeps returning nextCursor; raise maxPages or fix its pagination", stderr);
      let res: { tools: ListedTool[]; nextCursor?: string };
      try {
        // The result as the server sent it: ResultSchema copies only the top level, so each
        // tool is the transport's JSON.parse of the server's text (a property named
        // `__proto__` stays an own key). listTools' schema rebuilds every object and drops it;
        // it only checks the shape here.
        const raw = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout });
        const checked = ListToolsResultSchema.safeParse(raw);
        if (!checked.success) throw checked.error;
        res = { tools: (raw as { tools: ListedTool[] }).tools, ...(checked.data.nextCursor !== undefined ? { nextCursor: checked.data.nextCursor } : {}) };
      } catch (e) {
        throw mcpError(label, `tools/list failed: ${errText(e)}`, "the server must answer tools/list (does it declare the tools capability?)", stderr);
      }
      tools.push(...res.tools);
      cursor = res.nextCursor;
      if (cursor === undefined) break;
      if (seen.has(cursor)) throw mcpError(label, `tools/list returned the cursor ${JSON.stringify(cursor)} twice`, "fix the server's pagination", stderr);
      seen.add(cursor);
    }
    const info = client.getServerVersion();
    return { label, ...(info ? { server: { name: info.name, version: info.version } } : {}), tools };
  } finally {
    await close();
  }
}

function errText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0]!;
}

function connectHint(spec: McpSourceSpec): string {
  if ("url" in spec.mcp) return "check that the server is running and serves MCP streamable HTTP at that URL";
  return "check command, args and cwd in toolform.config.ts (relative paths are from the config's folder); the server must speak MCP on stdout and log only to stderr";
}

function mcpError(label: string, message: string, hint: string, stderr = ""): ToolformError {
  const tail = stderr.trim() ? `\n  server stderr: ${stderr.trim().split("\n").slice(-8).join("\n  | ")}` : "";
  return new ToolformError([{ severity: "error", code: "source/mcp", message: `MCP source ${JSON.stringify(label)}: ${message}${tail}`, hint }]);
}

/**
 * ToolDefinitions straight from a live server (for a build without a snapshot):
 * origin.file is the source's label, origin.pointer "/tools/<i>" in server order.
 * Never throws: a server that cannot be listed is an error diagnostic.
 */
export async function readMcpSource(spec: McpSourceSpec, root: string, options: { timeoutMs?: number } = {}): Promise<{ tools: ToolDefinition[]; diagnostics: Diagnostic[] }> {
  try {
    const listing = await listMcpTools(spec, { root, ...options });
    return toolsFromJson({ tools: listing.tools }, `mcp:${listing.label}`);
  } catch (e) {
    if (e instanceof ToolformError) return { tools: [], diagnostics: e.diagnostics };
    return { tools: [], diagnostics: [{ severity: "error", code: "source/mcp", message: `MCP source ${JSON.stringify(mcpLabel(spec))}: ${errText(e)}` }] };
  }
}

// ---------------------------------------------------------------- snapshots

const TOOL_KEY_ORDER = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "execution", "icons", "_meta"];

/** A tool with its top-level keys in a fixed order (schemas keep the server's key order: it is the order of checks and of the generated type). */
function orderedTool(t: ListedTool): Record<string, unknown> {
  const src = t as unknown as Record<string, unknown>;
  const keys = TOOL_KEY_ORDER.filter((k) => Object.hasOwn(src, k));
  for (const k of Object.keys(src).sort()) if (!keys.includes(k)) keys.push(k);
  // fromEntries defines keys (a key named __proto__ stays a key; `out[k] =` would set the prototype).
  return Object.fromEntries(keys.filter((k) => src[k] !== undefined).map((k) => [k, src[k]]));
}

/** The snapshot file's text: `{server, tools}` (a tools/list result shape the build reads), tools sorted by name, 2-space JSON, trailing newline. */
export function snapshotText(listing: Pick<McpListing, "server" | "tools">): string {
  const tools = [...listing.tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(orderedTool);
  return JSON.stringify({ ...(listing.server ? { server: listing.server } : {}), tools }, null, 2) + "\n";
}

export interface PullSourceResult {
  label: string;
  /** Absolute path of the snapshot file. */
  snapshot: string;
  /** The snapshot path relative to the config root, for output. */
  file: string;
  /** The file's bytes changed (written atomically); false when identical. */
  written: boolean;
  /** Number of tools listed. */
  tools: number;
  /** Tool-level changes from the previous snapshot (none for a first pull). */
  changes: ToolDrift[];
  /** There was no snapshot before. */
  created: boolean;
}

export interface PullResult {
  sources: PullSourceResult[];
  /** Errors (a source without `snapshot`, a server that cannot be listed); the other sources are still pulled. */
  diagnostics: Diagnostic[];
  /** Some snapshot file was written. */
  changed: boolean;
}

/** Previous snapshot's tools, if the file exists and parses. */
export function readSnapshotTools(abs: string): ListedTool[] | undefined {
  if (!existsSync(abs)) return undefined;
  try {
    const v = JSON.parse(readFileSync(abs, "utf8")) as unknown;
    const tools = Array.isArray(v) ? v : typeof v === "object" && v !== null && Array.isArray((v as { tools?: unknown }).tools) ? (v as { tools: unknown[] }).tools : undefined;
    return tools?.filter((t): t is ListedTool => typeof t === "object" && t !== null && typeof (t as { name?: unknown }).name === "string");
  } catch {
    return undefined;
  }
}

/**
 * `toolform pull`: lists every mcp source and writes its snapshot file (only when
 * the bytes change). `only`: labels of the sources to pull (default all).
 */
export async function pullTools(config: Pick<ResolvedConfig, "sources" | "root">, options: { timeoutMs?: number; only?: string[] } = {}): Promise<PullResult> {
  const result: PullResult = { sources: [], diagnostics: [], changed: false };
  for (const spec of config.sources) {
    if (!isMcpSource(spec)) continue;
    const label = mcpLabel(spec);
    if (options.only && !options.only.includes(label)) continue;
    if (!spec.snapshot) {
      result.diagnostics.push({ severity: "error", code: "source/mcp", message: `MCP source ${JSON.stringify(label)} has no \`snapshot\` file to pull into`, hint: "set snapshot: 'tools/<server>.tools.json' on the source in toolform.config.ts" });
      continue;
    }
    const abs = resolve(config.root, spec.snapshot);
    let listing: McpListing;
    try {
      listing = await listMcpTools(spec, { root: config.root, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    } catch (e) {
      if (e instanceof ToolformError) result.diagnostics.push(...e.diagnostics);
      else result.diagnostics.push({ severity: "error", code: "source/mcp", message: `MCP source ${JSON.stringify(label)}: ${errText(e)}` });
      continue;
    }
    const previous = readSnapshotTools(abs);
    const text = snapshotText(listing);
    const old = existsSync(abs) ? readFileSync(abs, "utf8") : undefined;
    const written = old !== text;
    if (written) {
      mkdirSync(dirname(abs), { recursive: true });
      writeAtomic(abs, text);
      result.changed = true;
    }
    result.sources.push({
      label,
      snapshot: abs,
      file: relative(config.root, abs).split("\\").join("/"),
      written,
      tools: listing.tools.length,
      changes: previous ? compareTools(label, previous, listing.tools) : [],
      created: old === undefined,
    });
  }
  return result;
}

/** Lines for the CLI: one per source, then the tool changes. */
export function formatPull(r: PullResult): string {
  const lines: string[] = [];
  for (const s of r.sources) {
    const what = s.created ? "created" : s.written ? "updated" : "unchanged";
    lines.push(`${s.file}: ${what} (${s.tools} tool${s.tools === 1 ? "" : "s"} from ${s.label})`);
    for (const c of s.changes) {
      const sign = c.kind === "added" ? "+" : c.kind === "removed" ? "-" : "~";
      lines.push(`  ${sign} ${c.tool}${c.kind === "schema" ? ": input schema changed" : c.kind === "description" ? ": description changed" : ""}`);
    }
  }
  return lines.join("\n");
}
