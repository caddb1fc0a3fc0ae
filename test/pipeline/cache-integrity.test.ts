// Issue 29.7: the build cache proves what it serves. A same-length edit inside tools.pack
// was served as a valid compiled tool, and a poisoned redos.json removed a pattern's ReDoS
// bound and its warning. Every entry now carries the hash of its content, checked on read:
// a mismatch is a miss (compiled again), never served; ReDoS verdicts are stored under the
// analyser and the pattern. Each case compares with a build without any cache.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, project, snapshot, toolform } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

interface BuildJson {
  ok: boolean;
  cache: { tools: number; compiled: number; fromDisk: number };
  diagnostics: { code: string; severity: string }[];
}

function build(dir: string, env: Record<string, string>, args: string[] = []): BuildJson {
  const r = toolform(dir, ["build", "--json", ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as BuildJson;
}

function namespace(cacheDir: string): string {
  const ns = readdirSync(cacheDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  expect(ns.length).toBe(1);
  return join(cacheDir, ns[0]!.name);
}

/** The basic fixture plus a tool whose pattern backtracks catastrophically. */
function makeProject(): string {
  const dir = project("basic");
  writeFileSync(join(dir, "tools", "slug.json"), JSON.stringify({ name: "slug", description: "Makes a slug.", inputSchema: { type: "object", properties: { text: { type: "string", pattern: "^(a+)+$", description: "Text." } }, required: ["text"] } }));
  return dir;
}

/** What a build without any cache writes, in a fresh copy. */
function uncached(dir: string): { files: Record<string, string>; codes: string[] } {
  const copy = project();
  cpSync(dir, copy, { recursive: true, filter: (src) => !src.includes(".cache") && !src.endsWith("generated") });
  const r = build(copy, {}, ["--no-cache"]);
  return { files: snapshot(join(copy, "generated")), codes: r.diagnostics.map((d) => d.code).sort() };
}

describe("the cache proves what it serves", () => {
  it("a same-length edit inside tools.pack is a miss: the tool is compiled again, and check agrees with the sources", () => {
    const dir = makeProject();
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env);
    const cold = snapshot(join(dir, "generated"));
    const pack = join(namespace(env.TOOLFORM_CACHE_DIR), "tools.pack");
    const bytes = readFileSync(pack, "latin1");
    // One character of the first record's generated code changed (a digit: a limit, a depth), the length kept.
    const body = bytes.indexOf("\n") + 1;
    const at = body + bytes.slice(body).search(/[0-9]/);
    expect(at).toBeGreaterThan(body);
    const poisoned = bytes.slice(0, at) + (bytes[at] === "7" ? "8" : "7") + bytes.slice(at + 1);
    expect(poisoned.length).toBe(bytes.length);
    writeFileSync(pack, poisoned, "latin1");
    rmSync(join(dir, "generated"), { recursive: true });
    const again = build(dir, env);
    expect(again.cache.compiled).toBeGreaterThanOrEqual(1);
    expect(snapshot(join(dir, "generated"))).toEqual(cold);
    // The pack was written again without the bad record: the next build finds every tool.
    rmSync(join(dir, "generated"), { recursive: true });
    const whole = build(dir, env);
    expect(whole.cache).toMatchObject({ compiled: 0, fromDisk: whole.cache.tools });
    expect(snapshot(join(dir, "generated"))).toEqual(cold);
    // check with the cache on, the pack poisoned the same way: it judges by the sources, not by the bad record.
    writeFileSync(pack, readFileSync(pack, "latin1").replace(/^([^]*?\n[^0-9]*)([0-9])/, (_, a: string, d: string) => a + (d === "7" ? "8" : "7")), "latin1");
    const check = toolform(dir, ["check"], { env });
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it("a poisoned redos.json (every verdict said safe) is not believed: the bound and the warning stay", () => {
    const dir = makeProject();
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const first = build(dir, env);
    expect(first.diagnostics.map((d) => d.code)).toContain("schema/redos");
    const ns = namespace(env.TOOLFORM_CACHE_DIR);
    const file = join(ns, "redos.json");
    const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>;
    const safe = { status: "safe", ms: 1 };
    for (const [k, v] of Object.entries(stored)) stored[k] = "verdict" in v ? { ...v, verdict: safe } : safe;
    stored["^(a+)+$"] = safe; // keyed by the pattern alone, too
    writeFileSync(file, JSON.stringify(stored));
    // The tools must be compiled again for a verdict to matter: the compiled tools go, redos.json stays.
    rmSync(join(ns, "tools.pack"), { force: true });
    rmSync(join(ns, "p"), { recursive: true, force: true });
    rmSync(join(dir, "generated"), { recursive: true });
    const again = build(dir, env, ["--no-lint"]);
    expect(again.cache.compiled).toBe(again.cache.tools);
    const linted = build(dir, env);
    const fresh = uncached(dir);
    expect(snapshot(join(dir, "generated"))).toEqual(fresh.files);
    expect(linted.diagnostics.map((d) => d.code).sort()).toEqual(fresh.codes);
    expect(linted.diagnostics.map((d) => d.code)).toContain("schema/redos");
  });
});
