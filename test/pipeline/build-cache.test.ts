// The build cache never changes what a build writes: a cold build, a rebuild from the
// cache, a rebuild after a description-only edit (the tool assembled from its cached
// parts) and after a schema edit write the same bytes as a build without any cache.
// A torn cache file is a miss, and the no-change check sees an edit that kept the
// file's size and mtime.
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, project, snapshot, toolform } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

interface BuildJson {
  ok: boolean;
  upToDate: boolean;
  cache: { tools: number; compiled: number; fromDisk: number; fromParts: number };
  files: { written: string[] };
}

function build(dir: string, env: Record<string, string>, args: string[] = []): BuildJson {
  const r = toolform(dir, ["build", "--json", ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as BuildJson;
}

/** What a build of the same sources writes with no cache at all, in a fresh copy. */
function uncached(dir: string, emit: string): Record<string, string> {
  const copy = project();
  writeFileSync(join(copy, "toolform.config.mjs"), readFileSync(join(dir, "toolform.config.mjs")));
  cpSync(join(dir, "tools"), join(copy, "tools"), { recursive: true });
  expect(toolform(copy, ["build", "--no-cache", "--emit", emit]).code).toBe(0);
  return snapshot(join(copy, "generated"));
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

function cacheNamespace(cacheDir: string): string {
  const ns = readdirSync(cacheDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  expect(ns.length).toBe(1);
  return join(cacheDir, ns[0]!.name);
}

describe.each(["ts", "js"])("the build cache writes what a cold build writes (emit %s)", (emit) => {
  it("cold, cached, description-only edit, schema edit: byte-identical to a build without cache", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const args = ["--emit", emit];
    const cold = build(dir, env, args);
    expect(cold.cache).toMatchObject({ tools: 3, compiled: 3, fromParts: 0 });
    const first = snapshot(join(dir, "generated"));
    expect(first).toEqual(uncached(dir, emit));

    // Everything from the cache (the output removed, so the pipeline runs).
    rmSync(join(dir, "generated"), { recursive: true });
    const again = build(dir, env, args);
    expect(again.cache).toMatchObject({ compiled: 0, fromDisk: 3 });
    expect(snapshot(join(dir, "generated"))).toEqual(first);

    // A description-only edit: the tool is assembled from its cached parts.
    const legal = join(dir, "tools", "legal_draft_v3.json");
    edit(legal, "Draft a contract", "Draft a legal contract");
    const described = build(dir, env, args);
    expect(described.cache).toMatchObject({ compiled: 1, fromParts: 1 });
    expect(described.files.written.sort()).toEqual(emit === "ts" ? ["index.ts"] : ["index.d.ts", "index.js"]);
    const afterDescription = snapshot(join(dir, "generated"));
    expect(Object.values(afterDescription).join("")).toContain("Draft a legal contract");
    expect(afterDescription).toEqual(uncached(dir, emit));

    // A schema edit: compiled again.
    const calendar = join(dir, "tools", "calendar.json");
    edit(calendar, '"pattern": "^R-[0-9]{3}$"', '"pattern": "^R-[0-9]{4}$"');
    const schema = build(dir, env, args);
    expect(schema.cache).toMatchObject({ compiled: 1, fromParts: 0 });
    expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir, emit));

    // The pattern's ReDoS verdict is kept on disk for the next process.
    // Stored under the analyser and the pattern, with the hash of the three (src/pipeline/cache.ts).
    const verdicts = JSON.parse(readFileSync(join(cacheNamespace(env.TOOLFORM_CACHE_DIR), "redos.json"), "utf8")) as Record<string, { verdict: { status: string }; sha: string }>;
    const key = Object.keys(verdicts).find((k) => k.endsWith("\u0000^R-[0-9]{4}$"));
    expect(key).toMatch(/^recheck@\d/);
    expect(verdicts[key!]?.verdict.status).toBe("safe");
    expect(verdicts[key!]?.sha).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the compiled-tools pack", () => {
  it("a torn or corrupt pack is a miss, never a wrong hit", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env);
    const first = snapshot(join(dir, "generated"));
    const pack = join(cacheNamespace(env.TOOLFORM_CACHE_DIR), "tools.pack");
    // Cut in the middle of the last record, then garbage after it.
    truncateSync(pack, statSync(pack).size - 100);
    appendFileSync(pack, '{"key":"x","len":[1,0,0],"tool":{}}\nX');
    rmSync(join(dir, "generated"), { recursive: true });
    const torn = build(dir, env);
    expect(torn.cache.compiled).toBeGreaterThanOrEqual(1);
    expect(torn.cache.fromDisk).toBeLessThan(3);
    expect(snapshot(join(dir, "generated"))).toEqual(first);
    // The pack was rewritten whole: the next build finds every tool.
    rmSync(join(dir, "generated"), { recursive: true });
    expect(build(dir, env).cache).toMatchObject({ compiled: 0, fromDisk: 3 });
    expect(snapshot(join(dir, "generated"))).toEqual(first);
  });
});

describe("the no-change check", () => {
  it("sees an edit that keeps the source's size and mtime (its ctime moved)", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const legal = join(dir, "tools", "legal_draft_v3.json");
    // Stamps are trusted only for files older than the racy margin: make the sources old.
    const old = new Date(Date.now() - 60_000);
    for (const f of readdirSync(join(dir, "tools"))) utimesSync(join(dir, "tools", f), old, old);
    build(dir, env);
    expect(build(dir, env).upToDate).toBe(true);
    const before = statSync(legal);
    edit(legal, "Draft a contract", "Draft a kontract");
    expect(statSync(legal).size).toBe(before.size);
    utimesSync(legal, before.atime, before.mtime);
    expect(statSync(legal).mtimeMs).toBe(before.mtimeMs);
    const after = build(dir, env);
    expect(after.upToDate).toBe(false);
    expect(readFileSync(join(dir, "generated", "index.ts"), "utf8")).toContain("Draft a kontract");
  });

  it("a hand-edited output of the same size is rebuilt", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env);
    const index = join(dir, "generated", "index.ts");
    const good = readFileSync(index, "utf8");
    const st = statSync(index);
    writeFileSync(index, good.replace("toolset", "toolzet"));
    utimesSync(index, st.atime, st.mtime);
    const r = build(dir, env);
    expect(r.upToDate).toBe(false);
    expect(readFileSync(index, "utf8")).toBe(good);
  });
});

describe("a large toolset: the index in chunk files (src/pipeline/chunks.ts)", () => {
  it("an edit rewrites one chunk and the index; the output is what a build without cache writes; a hand-edited chunk is written again; under 256 tools, one index again", () => {
    const dir = project("basic");
    rmSync(join(dir, "tools"), { recursive: true });
    mkdirSync(join(dir, "tools"));
    for (let i = 0; i < 300; i++) {
      const tool = { name: `tool_${String(i).padStart(3, "0")}`, description: `Tool ${i}.`, inputSchema: { type: "object", properties: { n: { type: "integer", maximum: i } }, required: ["n"] } };
      writeFileSync(join(dir, "tools", `${tool.name}.json`), JSON.stringify(tool, null, 2));
    }
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env);
    const first = snapshot(join(dir, "generated"));
    const chunks = Object.keys(first).filter((f) => f.startsWith("_tools."));
    expect(chunks.length).toBeGreaterThan(1);
    expect(first["index.ts"]).toContain(`export * from "./${chunks[0]!.replace(/\.ts$/, ".js")}";`);
    expect(first).toEqual(uncached(dir, "ts"));

    // One description: its chunk under a new name, the index, and the old chunk removed.
    edit(join(dir, "tools", "tool_150.json"), "Tool 150.", "Tool one hundred and fifty.");
    const edited = build(dir, env) as BuildJson & { files: { removed: string[] } };
    expect(edited.cache).toMatchObject({ compiled: 1 });
    const second = snapshot(join(dir, "generated"));
    const holder = Object.keys(second).find((f) => second[f]!.includes("Tool one hundred and fifty."))!;
    expect(holder).toMatch(/^_tools\.[0-9a-f]{10}\.ts$/);
    expect(edited.files.written.sort()).toEqual([holder, "index.ts"]);
    expect(edited.files.removed.length).toBe(1);
    expect(second).toEqual(uncached(dir, "ts"));

    // A chunk edited by hand (same name) is written again, though its contents follow from its name.
    const other = chunks.find((c) => c in second)!;
    writeFileSync(join(dir, "generated", other), second[other]!.replace("Tool ", "Tool!"));
    build(dir, env);
    expect(snapshot(join(dir, "generated"))).toEqual(second);

    // Below 256 tools: one index again, the chunks removed.
    for (let i = 0; i < 45; i++) rmSync(join(dir, "tools", `tool_${String(i).padStart(3, "0")}.json`));
    const fewer = build(dir, env) as BuildJson & { files: { removed: string[] } };
    expect(fewer.files.removed.sort()).toEqual(Object.keys(second).filter((f) => f.startsWith("_tools.")).sort());
    expect(Object.keys(snapshot(join(dir, "generated"))).filter((f) => f.startsWith("_tools."))).toEqual([]);
    expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir, "ts"));
  }, 120_000);
});
