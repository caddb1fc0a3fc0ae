// Issue 29.4: one build at a time per output folder. Two builds writing one folder at once
// both exited 0 and left an index.js importing chunk files the other had removed. Now a
// build holds outDir/.toolform.lock (O_EXCL, the owner's pid, host and start): a second
// build waits and says so, or fails at once with --no-wait; a lock whose owner is dead is
// taken over. Two real CLI processes over a chunked toolset (300 tools), two configs with
// the same outDir, so each build's generation differs and would remove the other's chunks.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, project, spawnToolform, toolform, waitFor } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

const TOOLS = 300;

function makeProject(): string {
  const dir = project();
  mkdirSync(join(dir, "tools"));
  for (let i = 0; i < TOOLS; i++) {
    const tool = { name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 10 + (i % 7) }, n: { type: "integer", minimum: i } }, required: ["q"] } };
    writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(tool));
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "locks", private: true, type: "module" }));
  // Two configs, one outDir: their generations differ (the unknown-argument policy), so their chunks have other names.
  writeFileSync(join(dir, "a.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: "js", lint: false, unknownArgs: "reject" };\n`);
  writeFileSync(join(dir, "b.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: "js", lint: false, unknownArgs: "schema" };\n`);
  return dir;
}

function start(dir: string, args: string[]): { done: Promise<{ code: number | null; stderr: string }>; stderr: () => string } {
  const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env: { ...process.env, CI: "1", NO_COLOR: "1" }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  return { done: new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr }))), stderr: () => stderr };
}

const run = (dir: string, args: string[]) => start(dir, args).done;

/** Every relative import of the entry files names a file that exists; returns the chunk files index.js imports. */
function assertImportsResolve(out: string): string[] {
  const chunks: string[] = [];
  for (const entry of ["index.js", "index.d.ts"]) {
    const text = readFileSync(join(out, entry), "utf8");
    for (const m of text.matchAll(/from "\.\/([^"]+)"/g)) {
      const target = m[1]!.replace(/\.js$/, entry.endsWith(".d.ts") ? ".d.ts" : ".js");
      expect(existsSync(join(out, target)), `${entry} imports ./${m[1]}, which is missing`).toBe(true);
      if (entry === "index.js" && target.startsWith("_tools.")) chunks.push(target);
    }
  }
  return chunks;
}

describe("one build at a time", () => {
  it("two builds at once of one outDir: the second waits, both exit 0, and the output's imports all resolve", async () => {
    const dir = makeProject();
    for (let round = 0; round < 2; round++) {
      const [a, b] = await Promise.all([run(dir, ["build", "--config", "a.config.mjs", "--no-cache"]), run(dir, ["build", "--config", "b.config.mjs", "--no-cache"])]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      const out = join(dir, "generated");
      expect(assertImportsResolve(out).length).toBeGreaterThan(1); // chunked
      expect(readdirSync(out).filter((f) => f.includes(".toolform.lock"))).toEqual([]);
      // One of them waited, and said for whom.
      expect(a.stderr + b.stderr).toMatch(/another toolform build \(pid \d+\) is writing generated; waiting for it to finish/);
      // What is left is one whole generation: the one the last build writes, as a build alone writes it.
      const checkA = toolform(dir, ["check", "--config", "a.config.mjs", "--no-cache"]);
      const checkB = toolform(dir, ["check", "--config", "b.config.mjs", "--no-cache"]);
      expect([checkA.code, checkB.code].sort()).toEqual([0, 1]); // up to date for exactly one of the two configs
    }
  }, 240_000);

  it("--no-wait fails at once while a live process holds the lock; without it the build waits, then builds", async () => {
    const dir = makeProject();
    const out = join(dir, "generated");
    mkdirSync(out);
    // This test's own process holds it: alive, on this host.
    writeFileSync(join(out, ".toolform.lock"), JSON.stringify({ pid: process.pid, host: hostname(), command: "watch" }));
    const busy = toolform(dir, ["build", "--config", "a.config.mjs", "--no-wait", "--no-cache"]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain("build/locked");
    expect(busy.stderr).toContain(`another toolform watch (pid ${process.pid}) is writing generated, and --no-wait was given`);
    expect(existsSync(join(out, "index.js"))).toBe(false);
    const waiting = start(dir, ["build", "--config", "a.config.mjs", "--no-cache"]);
    const said = `another toolform watch (pid ${process.pid}) is writing generated; waiting for it to finish (--no-wait fails instead)`;
    expect(await waitFor(() => waiting.stderr().includes(said), 120_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(existsSync(join(out, "index.js"))).toBe(false); // still waiting
    rmSync(join(out, ".toolform.lock"));
    const done = await waiting.done;
    expect(done.code, done.stderr).toBe(0);
    assertImportsResolve(out);
  }, 240_000);

  it("a lock left by a killed build (its pid gone) is taken over, and removed after the build", () => {
    const dir = makeProject();
    const out = join(dir, "generated");
    mkdirSync(out);
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(join(out, ".toolform.lock"), JSON.stringify({ pid: Number(dead.stdout), host: hostname(), command: "build" }));
    const r = toolform(dir, ["build", "--config", "a.config.mjs", "--no-wait", "--no-cache"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).filter((f) => f.includes(".toolform.lock"))).toEqual([]);
    assertImportsResolve(out);
  }, 120_000);

  it("watch in one terminal, build in another: each of watch's rebuilds takes the lock, and the output stays whole", async () => {
    const dir = makeProject();
    const out = join(dir, "generated");
    const watch = spawnToolform(dir, ["watch", "--config", "a.config.mjs", "--json"]);
    const builds = () => (watch.out().match(/"command":"watch"/g) ?? []).length;
    try {
      expect(await waitFor(() => builds() >= 1, 180_000), watch.err()).toBe(true);
      for (let round = 0; round < 2; round++) {
        const before = builds();
        // An edit wakes watch; a build of the other config starts at the same moment.
        const edited = { name: "tool_0", description: `Tool 0, round ${round}.`, inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 10 + round } }, required: ["q"] } };
        writeFileSync(join(dir, "tools", "t0.json"), JSON.stringify(edited));
        const other = await run(dir, ["build", "--config", "b.config.mjs", "--no-cache"]);
        expect(other.code, other.stderr).toBe(0);
        expect(await waitFor(() => builds() > before && !existsSync(join(out, ".toolform.lock")), 180_000), watch.err()).toBe(true);
        assertImportsResolve(out);
      }
    } finally {
      watch.child.kill("SIGINT");
      await watch.exited;
    }
    expect(readdirSync(out).filter((f) => f.includes(".toolform.lock"))).toEqual([]);
    assertImportsResolve(out);
  }, 600_000);
});
