// The playground's HTTP server: 127.0.0.1 only. It serves the page (built into
// dist/playground by scripts/build-playground.mjs), the project's tools as generated
// ES modules (one URL per build, so a rebuild is imported fresh), a stream of build
// events, and the scratch compile (POST). Every answer carries a strict
// Content-Security-Policy: scripts from this origin only and no eval, so the page's
// validators run as they would in a Worker or under a strict CSP. Requests whose
// Host is not this server (DNS rebinding) or whose Origin is another site are refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Snapshot } from "./snapshot.js";
import { snapshotJson } from "./snapshot.js";

export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The page's files, from the assets folder (read once: they change only with toolform). */
const ASSETS: Record<string, string> = {
  "/": "index.html",
  "/app.js": "app.js",
  "/app.css": "app.css",
  "/favicon.svg": "favicon.svg",
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/** What the server asks its owner for. */
export interface PlaygroundSource {
  /** The latest build, and the latest that succeeded (the same when it did). */
  current(): { latest: Snapshot; good: Snapshot | undefined } | undefined;
  /** Compiles a pasted definition. */
  scratch(text: string): Promise<Snapshot>;
}

export interface PlaygroundServer {
  url: string;
  port: number;
  /** Tells open pages that a new build is there (they fetch /api/state again). */
  notify(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

function typeOf(path: string): string {
  return TYPES[path.slice(path.lastIndexOf("."))] ?? "application/octet-stream";
}

/** The state the page reads: the latest build's tools, or (when it failed) the last good ones with the failure beside them. */
export function stateJson(cur: ReturnType<PlaygroundSource["current"]>): Record<string, unknown> {
  if (!cur) return { id: 0, ok: false, building: true, module: null, tools: [], other: [] };
  const { latest, good } = cur;
  if (latest.ok || !good) return snapshotJson(latest, "/g");
  const failed = [...latest.other, ...latest.tools.flatMap((t) => t.findings)].filter((d) => d.severity === "error");
  return { ...snapshotJson(good, "/g"), ok: false, failed, failedAt: latest.builtAt };
}

export async function startServer(opts: { port: number; assets: string; source: PlaygroundSource }): Promise<PlaygroundServer> {
  const files = new Map<string, Buffer>();
  for (const [route, name] of Object.entries(ASSETS)) files.set(route, readFileSync(join(opts.assets, name)));
  // The builds and scratch compiles still imported by an open page (kept: the last few).
  const builds = new Map<number, Snapshot>();
  const scratches = new Map<number, Snapshot>();
  const keep = (m: Map<number, Snapshot>, s: Snapshot, n: number) => {
    m.set(s.id, s);
    for (const k of [...m.keys()].slice(0, Math.max(0, m.size - n))) m.delete(k);
  };
  const events = new Set<ServerResponse>();
  let port = 0;

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, {
      "Content-Type": type,
      "Content-Security-Policy": CSP,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      ...extra,
    });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, TYPES[".json"]!, JSON.stringify(value));

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) reject(new Error("body too large"));
        else chunks.push(c);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const host = req.headers.host ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, "text/plain", "this server answers only to 127.0.0.1\n");
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${host}`) return send(res, 403, "text/plain", "cross-origin requests are refused\n");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "GET" && files.has(path)) return send(res, 200, typeOf(ASSETS[path]!), files.get(path)!);
    if (req.method === "GET" && path === "/api/state") {
      const cur = opts.source.current();
      if (cur) for (const s of [cur.latest, cur.good]) if (s) keep(builds, s, 4);
      return json(res, 200, stateJson(cur));
    }
    if (req.method === "GET" && path === "/api/events") {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", "Content-Security-Policy": CSP });
      res.write(": toolform playground\n\n");
      events.add(res);
      req.on("close", () => events.delete(res));
      return;
    }
    if (req.method === "POST" && path === "/api/scratch") {
      let text: string;
      try {
        text = await readBody(req);
      } catch {
        return json(res, 413, { error: `the definition is over ${MAX_BODY} bytes` });
      }
      const s = await opts.source.scratch(text);
      keep(scratches, s, 4);
      return json(res, 200, snapshotJson(s, "/s"));
    }
    // Generated modules: /g/<build>/<file>.js (the project) and /s/<scratch>/<file>.js.
    const m = /^\/([gs])\/(\d+)\/([\w.-]+\.js)$/.exec(path);
    if (req.method === "GET" && m) {
      const text = (m[1] === "g" ? builds : scratches).get(Number(m[2]))?.files.get(m[3]!);
      if (text !== undefined) return send(res, 200, TYPES[".js"]!, text);
    }
    send(res, 404, "text/plain", "not found\n");
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { error: (e as Error)?.message ?? String(e) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    notify() {
      for (const res of events) res.write(`event: build\ndata: {}\n\n`);
    },
    close() {
      for (const res of events) res.end();
      events.clear();
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
