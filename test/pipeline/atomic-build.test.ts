// Issue 18.1: a build killed at any moment (SIGKILL, as CI does on a timeout) leaves
// the output folder holding one complete generation, the old one or the new one,
// never validators of two versions; the next build removes what the killed one left,
// and `toolform check` reports any stray file. The same under `toolform watch` with a
// burst of edits. Kill times are spread over the whole build, most of them late, where
// the writing happens.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, project, toolform } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

const TOOLS = 40;

function tool(i: number, version: number): unknown {
  return {
    name: `tool_${i}`,
    description: `Tool ${i}, version ${version}.`,
    inputSchema: {
      type: "object",
      properties: { q: { type: "string", maxLength: 10 + version }, n: { type: "integer", minimum: version }, mode: { enum: ["a", "b", `v${version}`] } },
      required: ["q"],
      additionalProperties: false,
    },
  };
}

function writeTools(dir: string, version: number, only?: number): void {
  mkdirSync(join(dir, "tools"), { recursive: true });
  for (let i = 0; i < TOOLS; i++) if (only === undefined || i === only) writeFileSync(join(dir, "tools", `tool_${i}.json`), JSON.stringify(tool(i, version), null, 2));
}

function makeProject(emit: "ts" | "js", version: number): string {
  const dir = project();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "atomic", private: true, type: "module" }));
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", emit: ${JSON.stringify(emit)} };\n`);
  writeTools(dir, version);
  return dir;
}

/** The folder's files, path → contents. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).sort()) out[f] = readFileSync(join(dir, f), "utf8");
  return out;
}

/** The output of a complete build of `version`. */
function generation(emit: "ts" | "js", version: number): Record<string, string> {
  const dir = makeProject(emit, version);
  const r = toolform(dir, ["build", "--no-cache"]);
  expect(r.code, r.stderr).toBe(0);
  return files(join(dir, "generated"));
}

const TEMP = /\.\d+\.[0-9a-z]+\.tmp$/;
/** The output folder's lock (src/pipeline/lock.ts): a killed build leaves it, the next build takes it over and removes it. */
const LOCK = ".toolform.lock";

/** The files a reader loads (index and the runtime it imports) are all of one generation, old or new. */
function assertOneGeneration(out: Record<string, string>, old: Record<string, string>, next: Record<string, string>, emit: "ts" | "js"): "old" | "new" {
  const entry = emit === "ts" ? "index.ts" : "index.js";
  const which = out[entry] === old[entry] ? "old" : out[entry] === next[entry] ? "new" : undefined;
  expect(which, `${entry} is neither the old nor the new generation`).toBeDefined();
  const gen = which === "old" ? old : next;
  // Every file of that generation is there, byte for byte (the runtime it imports included) …
  for (const [f, text] of Object.entries(gen)) {
    if (f === "index.d.ts" && which === "new" && out[f] === old[f]) continue; // declarations are switched just after the code (src/io/write.ts)
    expect(out[f], `${f} of the ${which} generation`).toBe(text);
  }
  // … and nothing else but temp files and the lock of the killed build.
  for (const f of Object.keys(out)) expect(f in gen || f in next || TEMP.test(f) || f === LOCK, `stray ${f}`).toBe(true);
  return which!;
}

function killAfter(dir: string, args: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env: { ...process.env, CI: "1", NO_COLOR: "1" }, stdio: "ignore" });
    const timer = setTimeout(() => process.kill(child.pid!, "SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe.each(["ts", "js"] as const)("a build killed at any point (emit %s)", (emit) => {
  it("leaves the old or the new generation, and the next build cleans up", async () => {
    const old = generation(emit, 1);
    const next = generation(emit, 2);
    const dir = makeProject(emit, 2);
    const out = join(dir, "generated");
    const restoreOld = () => {
      rmSync(out, { recursive: true, force: true });
      mkdirSync(out);
      for (const [f, text] of Object.entries(old)) writeFileSync(join(out, f), text);
    };
    // How long an uninterrupted build takes here (no cache: every kill lands in a real build).
    restoreOld();
    const t0 = performance.now();
    await killAfter(dir, ["build", "--no-cache"], 600_000);
    const full = performance.now() - t0;
    expect(files(out)).toEqual(next);
    const seen = new Set<string>();
    const points = 10;
    // Spread from 10% to 110% of the build, denser towards the end (the writes); then
    // later and later (this machine's speed varies) until one kill comes after the switch.
    for (let k = 0; k < points + 6 && (k < points || !seen.has("new")); k++) {
      restoreOld();
      const at = k < points ? full * (0.1 + Math.sqrt((k + 0.5) / points)) : full * (1 + 0.5 * (k - points + 1));
      await killAfter(dir, ["build", "--no-cache"], at);
      seen.add(assertOneGeneration(files(out), old, next, emit));
    }
    // A leftover temp file of a dead process: check reports it, the next build removes it.
    writeFileSync(join(out, `index.${emit}.999999.k1lled.tmp`), "half");
    const check = toolform(dir, ["check", "--no-cache"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/stray\s+generated\/index\.\w+\.999999\.k1lled\.tmp/);
    const r = toolform(dir, ["build", "--no-cache"]);
    expect(r.code, r.stderr).toBe(0);
    expect(files(out)).toEqual(next);
    expect(toolform(dir, ["check", "--no-cache"]).code).toBe(0);
    // The kills did land both before and after the switch.
    expect(seen.size, `generations seen: ${[...seen].join(", ")}`).toBe(2);
  }, 1_200_000); // some 20 builds of 40 tools on a shared machine
});

describe("toolform watch killed during a burst of edits", () => {
  it("leaves one complete generation each time", async () => {
    const dir = makeProject("ts", 1);
    const out = join(dir, "generated");
    expect(toolform(dir, ["build"]).code).toBe(0);
    const complete = (text: string) =>
      text.startsWith("// Code generated by toolform. DO NOT EDIT.") &&
      (text.match(/^\/\/ tool "tool_\d+"$/gm) ?? []).length === TOOLS &&
      /export function validateCall\(/.test(text) &&
      text.trimEnd().endsWith("}");
    for (let round = 0; round < 4; round++) {
      const child = spawn(process.execPath, [bin, "watch"], { cwd: dir, env: { ...process.env, CI: "1", NO_COLOR: "1" }, stdio: "ignore" });
      await new Promise((r) => setTimeout(r, 1500 + round * 500));
      // A burst: every tool edited, several times, while builds run.
      for (let v = 0; v < 5; v++) {
        for (let i = 0; i < TOOLS; i += 3) writeTools(dir, 10 * round + v, i);
        await new Promise((r) => setTimeout(r, 40 + 60 * v));
      }
      await new Promise((r) => setTimeout(r, 150 * round));
      process.kill(child.pid!, "SIGKILL");
      await new Promise((r) => child.once("exit", r));
      const now = files(out);
      expect(complete(now["index.ts"] ?? ""), "index.ts is a whole generation").toBe(true);
      const rt = /from "\.\/(_runtime\.[0-9a-f]+)\.js"/.exec(now["index.ts"]!)![1]!;
      expect(existsSync(join(out, rt + ".ts"))).toBe(true);
      for (const f of Object.keys(now)) expect(f === "index.ts" || f === rt + ".ts" || TEMP.test(f) || f === LOCK, `stray ${f}`).toBe(true);
    }
    expect(toolform(dir, ["build"]).code).toBe(0);
    expect(readdirSync(out).filter((f) => TEMP.test(f) || f === LOCK)).toEqual([]);
    expect(toolform(dir, ["check"]).code).toBe(0);
  }, 600_000);
});


describe("writeAtomic in pieces", () => {
  it("writes the pieces in order, past one writev's limit, empty pieces included, and leaves no temp file", async () => {
    const { writeAtomic } = await import("../../src/io/write.js");
    const dir = project();
    const pieces = Array.from({ length: 2500 }, (_, i) => Buffer.from(i % 7 === 0 ? "" : `piece ${i};`));
    writeAtomic(join(dir, "out.js"), pieces);
    expect(readFileSync(join(dir, "out.js"), "utf8")).toBe(Buffer.concat(pieces).toString("utf8"));
    expect(readdirSync(dir)).toEqual(["out.js"]);
    // A folder that is not there: the error is thrown, nothing is left behind.
    expect(() => writeAtomic(join(dir, "missing", "out.js"), pieces)).toThrow();
    expect(readdirSync(dir)).toEqual(["out.js"]);
  });
});
