// The playground's server (src/playground/server.ts) without a browser: it answers only
// requests addressed to 127.0.0.1 (DNS rebinding) and from its own origin, every answer
// carries the CSP, the scratch compile returns a module the page can import; and the
// command is in the help and the docs.
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP, startServer, type PlaygroundServer } from "../../src/playground/server.js";
import { assetsDir } from "../../src/playground/session.js";
import { compileScratch, scratchTools } from "../../src/playground/scratch.js";
import type { Snapshot } from "../../src/playground/snapshot.js";
import { HELP } from "../../src/cli/help.js";
import { tokens } from "../../src/playground/page/tokens.js";
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

let server: PlaygroundServer;
const scratches: Snapshot[] = [];

beforeAll(async () => {
  server = await startServer({
    port: 0,
    assets: assetsDir(),
    source: {
      current: () => undefined,
      scratch: async (text) => {
        const s = await compileScratch(scratches.length + 1, text, { lint: {} });
        scratches.push(s);
        return s;
      },
    },
  });
});
afterAll(() => server?.close());

function call(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path, method: opts.method ?? "GET", headers: opts.headers ?? {} }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

describe("playground server", () => {
  it("listens on 127.0.0.1 only and serves the page under the CSP", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await call("/");
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toBe(CSP);
    expect(CSP).not.toMatch(/unsafe/);
    expect(page.body).toContain('<script type="module" src="/app.js">');
    // The page itself names nothing outside this server.
    for (const f of ["index.html", "app.js", "app.css"]) expect(readFileSync(`${assetsDir()}/${f}`, "utf8"), f).not.toMatch(/(?:src|href)=["']?(?:https?:)?\/\//);
    expect((await call("/nothing")).status).toBe(404);
    const state = JSON.parse((await call("/api/state")).body) as { building: boolean };
    expect(state.building).toBe(true);
  });

  it("refuses another Host (DNS rebinding) and another Origin (a site posting to localhost)", async () => {
    expect((await call("/", { headers: { Host: "attacker.example:80" } })).status).toBe(421);
    expect((await call("/api/state", { headers: { Host: `attacker.example:${server.port}` } })).status).toBe(421);
    const post = await call("/api/scratch", { method: "POST", headers: { Origin: "https://attacker.example" }, body: "{}" });
    expect(post.status).toBe(403);
    expect(scratches).toHaveLength(0);
    expect((await call("/api/scratch", { method: "POST", body: "x".repeat((1 << 20) + 1) })).status).toBe(413);
  });

  it("compiles a pasted definition into a module the page imports", async () => {
    const r = await call("/api/scratch", { method: "POST", headers: { Origin: `http://127.0.0.1:${server.port}` }, body: JSON.stringify({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }) });
    const s = JSON.parse(r.body) as { ok: boolean; module: string; tools: { name: string; types: string; code: string }[] };
    expect(s.ok).toBe(true);
    expect(s.tools.map((t) => t.name)).toEqual(["scratch"]);
    expect(s.tools[0]!.types).toContain("q: string");
    const mod = await call(s.module);
    expect(mod.status).toBe(200);
    expect(mod.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(mod.body).toContain("export function validateCall");
    expect(mod.body).not.toMatch(/\bnew Function\b|\beval\(/);
    // What does not parse, or is no tool, says where and why.
    expect(scratchTools('{"name": "x",').diagnostics[0]!.code).toBe("source/parse");
    const bad = JSON.parse((await call("/api/scratch", { method: "POST", body: '{"name": "x", "inputSchema": {"type": "strin"}}' })).body) as { ok: boolean; module: null; tools: { findings: { code: string; pointer?: string }[] }[]; other: { code: string }[] };
    expect(bad.ok).toBe(false);
    expect(bad.module).toBeNull();
    expect([...bad.other, ...bad.tools.flatMap((t) => t.findings)].map((d) => d.code)).toContain("schema/invalid");
  });
});

describe("toolform playground in the help and the docs", () => {
  it("is listed in `toolform --help`, has its own help, and a section in docs/cli.md", () => {
    expect(HELP.main).toMatch(/^ {2}playground {2}/m);
    expect(HELP.playground).toMatch(/^Usage: toolform playground/);
    for (const flag of ["--port", "--no-open", "--config"]) expect(HELP.playground).toContain(flag);
    const docs = readFileSync("docs/cli.md", "utf8");
    expect(docs).toMatch(/^toolform playground /m);
    expect(docs).toContain("## `toolform playground`");
  });

  it("a --port that is no port is a usage error (exit 2)", () => {
    const r = spawnSync(process.execPath, ["bin/toolform.js", "playground", "--no-open", "--port", "http"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--port must be a port number (0-65535); got "http"');
  });
});

describe("the page's highlighting", () => {
  it("keeps every character of the generated code, and marks keywords, strings, comments and numbers", () => {
    for (const f of readdirSync("generated").filter((x) => x.endsWith(".ts"))) {
      const code = readFileSync(`generated/${f}`, "utf8");
      expect(tokens(code).map((t) => t[0]).join(""), f).toBe(code);
    }
    const t = tokens('const a = "x"; // note\nif (n > 12) return /"/.test(s);');
    expect(t).toContainEqual(["const", "k"]);
    expect(t).toContainEqual(['"x"', "s"]);
    expect(t).toContainEqual(["// note", "c"]);
    expect(t).toContainEqual(["12", "n"]);
    expect(t.map((x) => x[0]).join("")).toBe('const a = "x"; // note\nif (n > 12) return /"/.test(s);');
  });
});
