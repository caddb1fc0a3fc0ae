// Long-run code-injection fuzz (issue 9, point 1): the bounded test
// (test/security/injection.test.ts) runs the same round for a fixed seed and a
// small count; this runs as many as you ask for.
//
//   node --import tsx test/fuzz/injection.ts --runs 2000 [--seed 1] [--chunk 100] [--values 8]
//
// Rounds run in child processes of `--chunk` rounds each (every round imports a
// freshly generated toolset, and an ES module can never be unloaded). The first
// failing round prints its seed and the case; rerun it with `--seed <n> --runs 1`.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { hostileToolset } from "../security/hostile.js";
import { emptyStats, injectionRound, type RoundStats } from "../security/injection-check.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf("--" + name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const runs = arg("runs", 500);
const seed = arg("seed", Date.now() % 1_000_000);
const chunk = arg("chunk", 100);
const values = arg("values", 8);
const child = process.argv.includes("--child");

/** Rounds seed, seed+1, ...: each round's toolset is drawn from its own seed, so any round can be replayed alone. */
async function runRounds(first: number, n: number): Promise<RoundStats> {
  const stats = emptyStats();
  for (let k = 0; k < n; k++) {
    const s = first + k;
    const [defs] = fc.sample(hostileToolset, { numRuns: 1, seed: s });
    try {
      await injectionRound(defs!, s, stats, values);
    } catch (e) {
      console.error(`FAIL at seed ${s} (replay: node --import tsx test/fuzz/injection.ts --seed ${s} --runs 1)\n${(e as Error).stack ?? e}`);
      console.error("tool definitions:", JSON.stringify(defs).slice(0, 4000));
      process.exitCode = 1;
      break;
    }
  }
  return stats;
}

if (child) {
  const stats = await runRounds(seed, runs);
  process.stdout.write("STATS " + JSON.stringify(stats) + "\n");
} else {
  const total = emptyStats();
  const started = Date.now();
  let done = 0;
  let failed = false;
  for (let first = seed; done < runs && !failed; first += chunk) {
    const n = Math.min(chunk, runs - done);
    const r = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child", "--seed", String(first), "--runs", String(n), "--values", String(values)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = r.stdout.split("\n").find((l) => l.startsWith("STATS "));
    if (!line) {
      console.error(`chunk at seed ${first} died (status ${r.status}, signal ${r.signal})`);
      failed = true;
      break;
    }
    const s = JSON.parse(line.slice(6)) as RoundStats;
    for (const k of Object.keys(total) as (keyof RoundStats)[]) {
      if (k === "ajvOverruled") total.ajvOverruled.push(...s.ajvOverruled);
      else total[k] += s[k];
    }
    if (r.status !== 0) failed = true;
    done += n;
    console.log(`${done}/${runs} rounds (seeds ${seed}..${first + n - 1}), ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify({ ...total, ajvOverruled: total.ajvOverruled.length })}`);
  }
  if (total.ajvOverruled.length) console.log("ajv disagreements decided against ajv by @cfworker/json-schema:\n" + [...new Set(total.ajvOverruled)].slice(0, 20).join("\n"));
  console.log(failed ? "FAILED" : `OK: ${done} rounds, ${total.tools} hostile tools, ${total.values} values judged (${total.valid} valid), ${total.ajvCompared} compared with ajv, ${total.collisions} name collisions reported`);
  if (failed) process.exitCode = 1;
}
