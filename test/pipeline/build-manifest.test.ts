// The no-change check (src/pipeline/manifest.ts, src/cli/fast.ts): a build that finds
// its inputs as the last successful build left them does nothing; any change (a source,
// the config, a tool added or deleted, an edited output, toolform itself) builds, and
// what it writes is what a build without any cache writes.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { configIsPlain, configJson, resolutions, sourceDirs } from "../../src/pipeline/manifest.js";
import { generateTools } from "../../bench/workload/generate.js";
import { bin, ensureBuilt, project, repo, snapshot, toolform } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

interface BuildJson {
  ok: boolean;
  upToDate: boolean;
  tools: string[];
  cache: { compiled: number };
}

function build(dir: string, env: Record<string, string> = {}, args: string[] = [], toolformBin = bin): BuildJson {
  const r = spawnSync(process.execPath, [toolformBin, "build", "--json", ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1", ...env } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as BuildJson;
}

/** What a build of the same config and sources writes with no cache at all, in a fresh copy. */
function uncached(dir: string, env: Record<string, string> = {}, toolformBin = bin): Record<string, string> {
  const copy = project();
  for (const f of readdirSync(dir)) if (f.startsWith("toolform.config.")) cpSync(join(dir, f), join(copy, f));
  for (const src of ["tools", "other"]) if (existsSync(join(dir, src))) cpSync(join(dir, src), join(copy, src), { recursive: true });
  const r = spawnSync(process.execPath, [toolformBin, "build", "--no-cache"], { cwd: copy, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1", ...env } });
  expect(r.status, r.stderr).toBe(0);
  const out = snapshot(join(copy, "generated"));
  rmSync(copy, { recursive: true, force: true });
  return out;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe("a build with nothing changed", () => {
  it("is answered from the manifest, without loading the config, and writes nothing", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    // A config that imports toolform: it loads only while node_modules/toolform is there.
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(repo, join(dir, "node_modules", "toolform"), "dir");
    writeFileSync(join(dir, "toolform.config.mjs"), `import { defineConfig } from "toolform";\nexport default defineConfig({ sources: ["tools/**/*.json"], outDir: "generated" });\n`);
    const cold = build(dir, env);
    expect(cold.upToDate).toBe(false);
    const first = snapshot(join(dir, "generated"));
    const mtimes = readdirSync(join(dir, "generated")).map((f) => statSync(join(dir, "generated", f)).mtimeMs);
    unlinkSync(join(dir, "node_modules", "toolform"));
    // The config cannot load now (the full command fails on it), so this answer came from the manifest.
    const again = build(dir, env);
    expect(again).toMatchObject({ ok: true, upToDate: true, tools: cold.tools });
    expect(snapshot(join(dir, "generated"))).toEqual(first);
    expect(readdirSync(join(dir, "generated")).map((f) => statSync(join(dir, "generated", f)).mtimeMs)).toEqual(mtimes);
    // The human summary says so too.
    const human = toolform(dir, ["build"], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("nothing to do");
    // A flag that changes the build is not the last build's: the full command runs (and fails on the config).
    expect(toolform(dir, ["build", "--strict"], { env }).code).toBe(2);
  });
});

describe("every change builds, and writes what a build without cache writes", () => {
  it("a source, the config, a tool deleted or added, an edit that keeps size and mtime, an edited output", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const gen = join(dir, "generated");
    const all = build(dir, env).tools;
    expect(build(dir, env).upToDate).toBe(true);

    // A source's description.
    edit(join(dir, "tools", "legal_draft_v3.json"), "Draft a contract", "Draft a legal contract");
    expect(build(dir, env).upToDate).toBe(false);
    expect(snapshot(gen)).toEqual(uncached(dir));
    expect(build(dir, env).upToDate).toBe(true);

    // Two sources at once: the no-change check goes on past the first change (the build takes the stamps it found), and sees the second.
    edit(join(dir, "tools", "legal_draft_v3.json"), "Draft a legal contract", "Draft a legal contract for two");
    const calendarFile = join(dir, "tools", "calendar.json");
    writeFileSync(calendarFile, readFileSync(calendarFile, "utf8").replace(/"description": "/, `"description": "Second edit. `));
    expect(build(dir, env).upToDate).toBe(false);
    expect(readFileSync(join(gen, "index.ts"), "utf8")).toContain("Second edit.");
    expect(snapshot(gen)).toEqual(uncached(dir));
    expect(build(dir, env).upToDate).toBe(true);

    // The config (plain data: its bytes decide).
    edit(join(dir, "toolform.config.mjs"), `outDir: "generated",`, `outDir: "generated",\n  unknownArgs: "schema",`);
    expect(build(dir, env).upToDate).toBe(false);
    expect(snapshot(gen)).toEqual(uncached(dir));
    expect(build(dir, env).upToDate).toBe(true);

    // A tool deleted, then one added.
    const calendar = readFileSync(join(dir, "tools", "calendar.json"), "utf8");
    rmSync(join(dir, "tools", "calendar.json"));
    expect(build(dir, env)).toMatchObject({ upToDate: false, tools: ["legal_draft_v3"] });
    expect(all.length).toBeGreaterThan(1);
    expect(snapshot(gen)).toEqual(uncached(dir));
    mkdirSync(join(dir, "tools", "more"));
    writeFileSync(join(dir, "tools", "more", "calendar.json"), calendar);
    expect(build(dir, env)).toMatchObject({ upToDate: false, tools: all });
    expect(snapshot(gen)).toEqual(uncached(dir));
    expect(build(dir, env).upToDate).toBe(true);

    // An edit right after the build that keeps the file's size and mtime (its ctime moves).
    const legal = join(dir, "tools", "legal_draft_v3.json");
    const before = statSync(legal);
    edit(legal, "Draft a legal contract", "Draft a legal kontract");
    utimesSync(legal, before.atime, before.mtime);
    expect(statSync(legal).size).toBe(before.size);
    expect(build(dir, env).upToDate).toBe(false);
    expect(snapshot(gen)).toEqual(uncached(dir));

    // A hand-edited output of the same size, its mtime put back: `check` sees it, and the build restores it.
    const index = join(gen, "index.ts");
    const good = readFileSync(index, "utf8");
    const st = statSync(index);
    writeFileSync(index, good.replace("toolset", "toolzet"));
    utimesSync(index, st.atime, st.mtime);
    const check = toolform(dir, ["check"], { env });
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toContain("index.ts");
    expect(build(dir, env).upToDate).toBe(false);
    expect(readFileSync(index, "utf8")).toBe(good);
    expect(toolform(dir, ["check"], { env }).code).toBe(0);
    // A stray file in the output folder: built again (the folder is not as the build left it).
    writeFileSync(join(gen, "notes.txt"), "mine\n");
    expect(build(dir, env).upToDate).toBe(false);
    expect(build(dir, env).upToDate).toBe(true);
  });

  it("a source glob edited in the config, then a file added under the new glob", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const gen = join(dir, "generated");
    expect(build(dir, env).upToDate).toBe(false);
    mkdirSync(join(dir, "other"));
    cpSync(join(dir, "tools", "calendar.json"), join(dir, "other", "calendar.json"));
    const config = readdirSync(dir).find((f) => f.startsWith("toolform.config."))!;
    edit(join(dir, config), `"tools/**/*.json"`, `"other/*.json"`);
    expect(build(dir, env).upToDate).toBe(false);
    const one = build(dir, env);
    expect(one.upToDate).toBe(true);
    // The folders of the new glob were listed for the manifest (not the old glob's): a file added there builds.
    cpSync(join(dir, "tools", "legal_draft_v3.json"), join(dir, "other", "legal_draft_v3.json"));
    const two = build(dir, env);
    expect(two.upToDate).toBe(false);
    expect(two.tools.length).toBe(one.tools.length + 1);
    expect(snapshot(gen)).toEqual(uncached(dir));
  });

  it("a dot-folder named inside a brace of a source glob is watched for added files", () => {
    const root = project("basic");
    mkdirSync(join(root, "t", ".hidden"), { recursive: true });
    mkdirSync(join(root, "t", "sub"), { recursive: true });
    const dirs = sourceDirs(["t/{.hidden,sub}/*.json"], root, [])!.map(([d]) => d);
    expect(dirs).toContain(join(root, "t", ".hidden"));
    expect(sourceDirs(["t/@(.hidden|sub)/*.json"], root, [])!.map(([d]) => d)).toContain(join(root, "t", ".hidden"));
  });

  it("a package toolform resolves that now resolves elsewhere (a relinked runtime) is not up to date", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    expect(build(dir, env).upToDate).toBe(false);
    expect(build(dir, env).upToDate).toBe(true);
    const cache = join(dir, ".cache");
    const files = readdirSync(cache).filter((f) => /^build-.*\.json$/.test(f));
    expect(files.length).toBe(1);
    const path = join(cache, files[0]!);
    // The manifest's first line is its JSON; the report texts follow (src/pipeline/manifest.ts readManifest).
    const text = readFileSync(path, "utf8");
    const nl = text.indexOf("\n");
    const m = JSON.parse(text.slice(0, nl)) as { resolved: string };
    expect(m.resolved).toBe(resolutions());
    expect(m.resolved).toContain("@toolform/runtime\0/");
    // As if node_modules/@toolform/runtime pointed at another copy: the stamps of the old one's files still match.
    writeFileSync(path, JSON.stringify({ ...m, resolved: m.resolved.replace("@toolform/runtime\0/", "@toolform/runtime\0/elsewhere/") }) + text.slice(nl));
    expect(build(dir, env).upToDate).toBe(false);
    expect(build(dir, env).upToDate).toBe(true);
    // A manifest cut short (its texts shorter than the lengths it gives) is no manifest.
    writeFileSync(path, readFileSync(path, "utf8").slice(0, -1));
    expect(build(dir, env).upToDate).toBe(false);
    expect(build(dir, env).upToDate).toBe(true);
  });

  it("a config that reads the environment is loaded each time, and its value decides", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/**/*.json"], outDir: process.env.TF_OUT ?? "generated" };\n`);
    build(dir, env);
    expect(build(dir, env).upToDate).toBe(true);
    expect(build(dir, { ...env, TF_OUT: "elsewhere" }).upToDate).toBe(false);
    expect(snapshot(join(dir, "elsewhere"))).toEqual(snapshot(join(dir, "generated")));
  });

  it("toolform itself: another version, or a changed file of its code, templates or runtime sources", () => {
    // A copy of the toolform package whose files can be changed, with a copy of @toolform/runtime (the rest of node_modules linked).
    const tf = project();
    for (const d of ["bin", "dist", "templates", "package.json"]) cpSync(join(repo, d), join(tf, d), { recursive: true });
    mkdirSync(join(tf, "node_modules", "@toolform"), { recursive: true });
    for (const e of readdirSync(join(repo, "node_modules"))) if (e !== "@toolform") symlinkSync(join(repo, "node_modules", e), join(tf, "node_modules", e));
    const rtCopy = join(tf, "node_modules", "@toolform", "runtime");
    for (const d of ["dist", "src", "package.json"]) cpSync(join(repo, "packages", "runtime", d), join(rtCopy, d), { recursive: true });
    const tfBin = join(tf, "bin", "toolform.js");
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env, [], tfBin);
    expect(build(dir, env, [], tfBin).upToDate).toBe(true);

    const pkg = join(tf, "package.json");
    const version = (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
    edit(pkg, `"version": "${version}"`, `"version": "${version}-next"`);
    expect(build(dir, env, [], tfBin).upToDate).toBe(false);
    expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir, {}, tfBin));
    expect(build(dir, env, [], tfBin).upToDate).toBe(true);

    // A file read at build time, changed: the template of every file's header, a source the generated runtime is joined from.
    const before = snapshot(join(dir, "generated"));
    for (const file of [join(tf, "templates", "header.txt"), join(rtCopy, "src", "rt", "text.ts")]) {
      writeFileSync(file, readFileSync(file, "utf8") + "\n// changed\n");
      const changed = build(dir, env, [], tfBin);
      expect(changed.upToDate, file).toBe(false);
      expect(changed.cache.compiled, file).toBe(changed.tools.length);
      expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir, {}, tfBin));
      expect(build(dir, env, [], tfBin).upToDate).toBe(true);
    }
    expect(snapshot(join(dir, "generated"))).not.toEqual(before);

    // The modules in dist/src are not what the command runs (the bundle is, built from them): a change there alone is none.
    const header = join(tf, "dist", "src", "emit", "header.js");
    writeFileSync(header, readFileSync(header, "utf8") + "\n// changed\n");
    expect(build(dir, env, [], tfBin).upToDate).toBe(true);

    // The bundled CLI the command runs (scripts/bundle-cli.mjs): each of its files is part of toolform's code (worker.cjs: the compile workers).
    for (const file of ["main.cjs", "fast.cjs", "worker.cjs"]) {
      const bundled = join(tf, "dist", "src", "bundle", file);
      writeFileSync(bundled, readFileSync(bundled, "utf8") + "\n// changed\n");
      const again = build(dir, env, [], tfBin);
      expect(again.upToDate, file).toBe(false);
      expect(again.cache.compiled, file).toBe(again.tools.length);
      expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir, {}, tfBin));
      expect(build(dir, env, [], tfBin).upToDate).toBe(true);
    }
  });

  it("a rebuild after the no-change check takes the manifest's stamps: the stamps memo is neither read nor rewritten, and every later edit still builds", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    build(dir, env);
    expect(build(dir, env).upToDate).toBe(true);
    const memo = join(dir, ".cache", "stamps.json");
    const before = readFileSync(memo, "utf8");
    // Garbage in the memo: a build that read it would take it as empty (and rewrite it); this one needs none of it.
    writeFileSync(memo, "not json");
    for (const [from, to] of [
      ["Draft a contract", "Draft a legal contract"],
      ["Draft a legal contract", "Draft a contract, legal"],
    ]) {
      edit(join(dir, "tools", "legal_draft_v3.json"), from!, to!);
      expect(build(dir, env)).toMatchObject({ ok: true, upToDate: false });
      expect(readFileSync(memo, "utf8")).toBe("not json");
      expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir));
      expect(build(dir, env).upToDate).toBe(true);
    }
    expect(before.length).toBeGreaterThan(2);
  });

  it("the compile workers run the bundle's worker.cjs, and write what compiling on the main thread writes", () => {
    const dir = project();
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated" };\n`);
    for (const g of generateTools(60, 11)) writeFileSync(join(dir, "tools", `${g.tool.name}.json`), JSON.stringify(g.tool));
    const onWorkers = build(dir, { TOOLFORM_WORKERS: "2" }, ["--no-cache"]);
    expect(onWorkers.cache.compiled).toBe(60);
    const out = snapshot(join(dir, "generated"));
    build(dir, { TOOLFORM_WORKERS: "1" }, ["--no-cache"]);
    expect(snapshot(join(dir, "generated"))).toEqual(out);
    // The workers' entry is the bundle's file: a copy of toolform whose worker.cjs fails says so.
    const tf = project();
    for (const d of ["bin", "dist", "templates", "package.json"]) cpSync(join(repo, d), join(tf, d), { recursive: true });
    symlinkSync(join(repo, "node_modules"), join(tf, "node_modules"), "dir");
    writeFileSync(join(tf, "dist", "src", "bundle", "worker.cjs"), `throw new Error("worker.cjs ran");\n`);
    const r = spawnSync(process.execPath, [join(tf, "bin", "toolform.js"), "build", "--no-cache"], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1", TOOLFORM_WORKERS: "2" } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("worker.cjs ran");
  });

  it("V8's code cache of the bundled CLI: made per command, named by the bundle, a damaged one compiled past and replaced", () => {
    const dir = project("basic");
    const cacheDir = join(dir, ".cache");
    const env = { TOOLFORM_CACHE_DIR: cacheDir };
    build(dir, env);
    const codeCaches = () => readdirSync(cacheDir).filter((f) => f.startsWith("v8-")).sort();
    // The first build found no cache folder when it started; it leaves the build command's cache.
    expect(codeCaches()).toEqual([expect.stringMatching(/^v8-build-[0-9a-f]{16}\.bin$/)]);
    expect(toolform(dir, ["check"], { env }).code).toBe(0);
    expect(codeCaches().map((f) => f.split("-")[1])).toEqual(["build", "check"]);
    // Garbage where the cache was: V8 refuses it, the command runs as without one, and a good cache replaces it.
    const file = join(cacheDir, codeCaches()[0]!);
    const good = readFileSync(file);
    writeFileSync(file, Buffer.alloc(good.length, 7));
    edit(join(dir, "tools", "legal_draft_v3.json"), "Draft a contract", "Draft a legal contract");
    expect(build(dir, env)).toMatchObject({ ok: true, upToDate: false });
    expect(snapshot(join(dir, "generated"))).toEqual(uncached(dir));
    expect(readFileSync(file).equals(Buffer.alloc(good.length, 7))).toBe(false);
    // The check through the cache it left.
    expect(toolform(dir, ["check"], { env }).code).toBe(0);
  });
});

describe("a plain config's value, kept in the manifest", () => {
  it("a rebuild after a source edit takes it from there (a TypeScript config too: no tsx loaded); an edited config is loaded again", () => {
    const dir = project("basic");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    // A TypeScript config that imports toolform: it loads only while node_modules/toolform is there.
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(repo, join(dir, "node_modules", "toolform"), "dir");
    rmSync(join(dir, "toolform.config.mjs"));
    writeFileSync(join(dir, "toolform.config.ts"), `import { defineConfig } from "toolform";\nexport default defineConfig({ sources: ["tools/**/*.json"], outDir: "generated", lint: { "lint/ambiguous-name": "off" } });\n`);
    build(dir, env);
    unlinkSync(join(dir, "node_modules", "toolform"));
    // A source edit: the config is not loaded (it could not be), and the output is a full build's.
    edit(join(dir, "tools", "legal_draft_v3.json"), "Draft a contract", "Draft a legal contract");
    const edited = build(dir, env);
    expect(edited).toMatchObject({ ok: true, upToDate: false, cache: { compiled: 1 } });
    const out = snapshot(join(dir, "generated"));
    expect(Object.values(out).join("")).toContain("Draft a legal contract");
    symlinkSync(repo, join(dir, "node_modules", "toolform"), "dir");
    expect(toolform(dir, ["build", "--no-cache", "--out", "fresh"], { env }).code).toBe(0);
    expect(out).toEqual(snapshot(join(dir, "fresh")));
    unlinkSync(join(dir, "node_modules", "toolform"));
    // The config edited: loaded again (and so refused while toolform cannot be imported), then its new value decides.
    edit(join(dir, "toolform.config.ts"), `outDir: "generated"`, `outDir: "out2"`);
    expect(toolform(dir, ["build"], { env }).code).toBe(2);
    symlinkSync(repo, join(dir, "node_modules", "toolform"), "dir");
    build(dir, env);
    expect(readdirSync(join(dir, "out2"))).toContain("index.ts");
  });

  it("is kept only when JSON holds it exactly", () => {
    expect(configJson({ sources: ["a/*.json"], lint: { rules: [1, "x", null, true] }, maxDepth: 3 })).toBe('{"sources":["a/*.json"],"lint":{"rules":[1,"x",null,true]},"maxDepth":3}');
    for (const inexact of [{ sources: ["a"], outDir: undefined }, { sources: ["a"], maxDepth: -0 }, { sources: ["a"], formats: { x: () => true } }, { sources: [new URL("file:///a")] }, { sources: ["a"], n: NaN }, Object.create({ sources: ["a"] })]) {
      expect(configJson(inexact), JSON.stringify(inexact)).toBeUndefined();
    }
    const cyclic: Record<string, unknown> = { sources: ["a"] };
    cyclic.self = cyclic;
    expect(configJson(cyclic)).toBeUndefined();
  });
});

describe("configIsPlain", () => {
  it("takes data and toolform's own imports, and refuses what could read the world", () => {
    expect(configIsPlain(`// a comment\nexport default { sources: ["tools/**/*.json"], outDir: "generated", lint: { x: false } };\n`)).toBe(true);
    expect(configIsPlain(`import { defineConfig } from "toolform";\nexport default defineConfig({ sources: ['a/*.json'], strict: true });`)).toBe(true);
    expect(configIsPlain(`import type { ToolformConfig } from "toolform";\nconst c: ToolformConfig = { sources: ["a/*.json"] };\nexport default c;`)).toBe(true);
    expect(configIsPlain(`export default [{ sources: [["a"][0] === "a" ? "b" : "c"] }];`)).toBe(false);
    expect(configIsPlain(`export default { sources: ["a/*.json", "b/*.json"], lint: { rules: [[1, 2], []] } };`)).toBe(true);
    for (const impure of [
      `export default { sources: ["a"], outDir: process.env.OUT };`,
      `import shared from "./shared.js";\nexport default shared;`,
      `import fs from "node:fs";\nexport default { sources: fs.readdirSync(".") };`,
      `export default { sources: [\`\${x}/*.json\`] };`,
      `const m = await import("./x.js");\nexport default m;`,
      `export default { sources: [import.meta.dirname] };`,
      `export default { sources: ["a"], maxDepth: Date.now() };`,
      `export default { sources: ["a"], maxDepth: 10 / 2 };`,
      `export default globalThis.cfg;`,
      `export default { sources: ["a"] /* unterminated`,
      `export default { sources: ["a"], outDir: []["filter"]["constr" + "uctor"]("return pro" + "cess.env.X")() };`,
      `export default { sources: ["a"], outDir: "abc"[0] };`,
      `const o = { a: "x" };\nexport default { sources: [o["a"]] };`,
      `export default { sources: ["a"], outDir: (["x"])[0] };`,
    ]) {
      expect(configIsPlain(impure), impure).toBe(false);
    }
  });
});

describe("the source memo", () => {
  it("gives a cached file's tools as light definitions, read in full on demand, and refuses a file changed since", async () => {
    const { SourceMemo, materialize, SourceChangedError } = await import("../../src/sources/memo.js");
    const { FileStamps } = await import("../../src/io/stamps.js");
    const { readSources } = await import("../../src/sources/read.js");
    const dir = project("basic");
    const memoFile = join(dir, "sources.json");
    const first = await readSources(["tools/**/*.json"], dir);
    const m1 = new SourceMemo(new FileStamps(undefined), memoFile);
    await readSources(["tools/**/*.json"], dir, m1); // parses, stores
    m1.save(undefined);
    const light = await readSources(["tools/**/*.json"], dir, new SourceMemo(new FileStamps(undefined), memoFile));
    expect(light.tools.map((t) => t.name)).toEqual(first.tools.map((t) => t.name));
    // In full: the same definitions as a plain read.
    expect(light.tools.map((t) => ({ ...materialize(t) }))).toEqual(first.tools.map((t) => ({ ...t })));
    // A file changed after its tools were handed out light: reading them in full refuses.
    const again = await readSources(["tools/**/*.json"], dir, new SourceMemo(new FileStamps(undefined), memoFile));
    const legal = again.tools.find((t) => t.origin.file === "tools/legal_draft_v3.json")!;
    edit(join(dir, "tools", "legal_draft_v3.json"), "Draft a contract", "Draft a changed contract");
    expect(() => materialize(legal)).toThrow(SourceChangedError);
    expect(() => legal.inputSchema).toThrow(SourceChangedError);
  });
});
