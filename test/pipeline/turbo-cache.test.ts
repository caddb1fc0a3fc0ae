// The cache contract with a real build system: turbo (devDependency, its binary from
// the npm registry's platform package) runs `toolform build` in the two packages of
// test/fixtures/turbo-monorepo, whose turbo.json declares the inputs and outputs that
// `toolform build --print-inputs` / `--print-outputs` state. A second run is a cache hit
// that restores generated/ byte for byte (and `toolform check` passes on it); an edited
// tool misses the cache for its own package only.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { glob } from "tinyglobby";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TURBO = resolve("node_modules/.bin/turbo");
const BIN = resolve("bin/toolform.js");
const PACKAGES = ["files", "weather"];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", TURBO_NO_UPDATE_NOTIFIER: "1", NO_COLOR: "1", CI: "1" };

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "toolform-turbo-"));
  cpSync("test/fixtures/turbo-monorepo", root, { recursive: true });
  // The packages' task runs this repository's CLI (a published project runs node_modules/.bin/toolform).
  writeFileSync(join(root, "toolform.mjs"), `import ${JSON.stringify(pathToFileURL(BIN).href)};\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function toolform(pkg: string, ...args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], { cwd: join(root, "packages", pkg), env, encoding: "utf8" });
}

/** One `turbo run toolform --summarize`: each task's cache status, and the run's wall time. */
function turbo(): { status: Record<string, string>; ms: number } {
  const runs = join(root, ".turbo", "runs");
  rmSync(runs, { recursive: true, force: true });
  const t0 = performance.now();
  execFileSync(TURBO, ["run", "toolform", "--summarize"], { cwd: root, env, encoding: "utf8", stdio: "pipe" });
  const ms = performance.now() - t0;
  const [file] = readdirSync(runs).filter((f) => f.endsWith(".json"));
  const summary = JSON.parse(readFileSync(join(runs, file!), "utf8")) as { tasks: { taskId: string; cache: { status: string } }[] };
  return { status: Object.fromEntries(summary.tasks.map((t) => [t.taskId, t.cache.status])), ms };
}

function outputs(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of PACKAGES) {
    const dir = join(root, "packages", p, "generated");
    for (const f of readdirSync(dir).sort()) out[`${p}/${f}`] = readFileSync(join(dir, f), "utf8");
  }
  return out;
}

describe("turbo with toolform's cache contract", () => {
  it("turbo.json's inputs and outputs cover what --print-inputs and --print-outputs state", async () => {
    const task = (JSON.parse(readFileSync(join(root, "turbo.json"), "utf8")) as { tasks: { toolform: { inputs: string[]; outputs: string[] } } }).tasks.toolform;
    for (const p of PACKAGES) {
      const inputs = toolform(p, "build", "--print-inputs").trim().split("\n");
      expect(inputs).toEqual(["toolform.config.mjs", `tools/${p === "files" ? "read_file" : "get_weather"}.json`]);
      const json = JSON.parse(toolform(p, "build", "--print-inputs", "--print-outputs", "--json")) as { inputs: string[]; outputs: string[] };
      expect(json.inputs).toEqual(inputs);
      expect(json.outputs).toEqual(expect.arrayContaining(["generated/index.ts", "generated/providers.ts"]));
      // Nothing is written by a print.
      expect(readdirSync(join(root, "packages", p))).not.toContain("generated");
      const cwd = join(root, "packages", p);
      expect(await glob(task.inputs, { cwd })).toEqual(expect.arrayContaining(inputs));
      // Outputs are globbed after a build: each stated one must fall under the task's output globs.
      const under = (f: string) => task.outputs.some((g) => g.endsWith("/**") && f.startsWith(g.slice(0, -2)));
      expect(json.outputs.filter((f) => !under(f))).toEqual([]);
    }
  });

  it("a second run is a cache hit that restores generated/ byte for byte; an edited tool misses for its package only", { timeout: 180_000 }, () => {
    const cold = turbo();
    expect(cold.status).toEqual({ "files-tools#toolform": "MISS", "weather-tools#toolform": "MISS" });
    const built = outputs();
    expect(Object.keys(built)).toContain("weather/providers.ts");
    for (const p of PACKAGES) rmSync(join(root, "packages", p, "generated"), { recursive: true });

    const hit = turbo();
    expect(hit.status).toEqual({ "files-tools#toolform": "HIT", "weather-tools#toolform": "HIT" });
    expect(outputs()).toEqual(built);
    for (const p of PACKAGES) expect(toolform(p, "check", "--no-cache")).toContain("up to date");

    const tool = join(root, "packages", "weather", "tools", "get_weather.json");
    writeFileSync(tool, readFileSync(tool, "utf8").replace('"imperial"]', '"imperial", "standard"]'));
    const edited = turbo();
    expect(edited.status).toEqual({ "files-tools#toolform": "HIT", "weather-tools#toolform": "MISS" });
    const after = outputs();
    expect(after["weather/index.ts"]).toContain('"standard"');
    for (const k of Object.keys(after).filter((k) => k.startsWith("files/"))) expect(after[k]).toBe(built[k]);
    console.log(`turbo: cold run ${Math.round(cold.ms)} ms, cache-hit run ${Math.round(hit.ms)} ms, one package edited ${Math.round(edited.ms)} ms`);
  });
});
