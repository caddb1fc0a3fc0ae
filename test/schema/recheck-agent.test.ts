// recheck's agent asked directly (src/schema/lint/recheck-agent.ts) never holds a build: an
// agent that exits fails its requests at once, one that never answers fails them after twice
// the analysis' timeout (and the build's synchronous path asks recheck instead).
// And what the build asks it: no time limit inside the analysis, so a verdict depends on the pattern alone.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const dirs: string[] = [];
/** An executable shell script standing in for the agent. */
function fakeAgent(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), "toolform-fake-agent-"));
  dirs.push(dir);
  const file = join(dir, "recheck");
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A fresh copy of the module (its agent is made once per process) and its first agent, started with RECHECK_BIN set. */
async function withBin(bin: string) {
  vi.resetModules();
  const { agentCheck } = await import("../../src/schema/lint/recheck-agent.js");
  process.env.RECHECK_BIN = bin;
  try {
    return { agentCheck, ask: agentCheck()! };
  } finally {
    delete process.env.RECHECK_BIN;
  }
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("recheck's agent, when it misbehaves", () => {
  it("an agent that exits: the request fails at once, and no agent is offered after", async () => {
    const { agentCheck, ask } = await withBin(fakeAgent("exit 3"));
    // The write fails (EPIPE) or the exit is seen first: either way, a rejection.
    await expect(ask("^a+$", "u", { timeout: 1_000 })).rejects.toThrow();
    expect(agentCheck()).toBeUndefined();
  });

  it("an agent that never answers: the request fails after twice the timeout and 5 s", async () => {
    const { ask } = await withBin(fakeAgent("exec sleep 60"));
    const t0 = Date.now();
    await expect(ask("^a+$", "u", { timeout: 10 })).rejects.toThrow(/did not answer/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(5_000);
  }, 30_000);
});

describe.skipIf(process.platform === "win32")("what the build asks recheck", () => {
  it("without recheck's inner time limits: analysePatterns sends every pattern with attack, incubation and seeding timeouts off", async () => {
    // The fake agent records the request it is sent, then exits (the request fails; the build would ask again).
    const dir = mkdtempSync(join(tmpdir(), "toolform-fake-agent-"));
    dirs.push(dir);
    const seen = join(dir, "request.json");
    const bin = fakeAgent(`head -n 1 > ${JSON.stringify(seen)}`);
    vi.resetModules();
    process.env.RECHECK_BIN = bin;
    try {
      const redos = await import("../../src/schema/lint/redos.js");
      redos.clearRedosCache();
      const pending = redos.analysePatterns([{ type: "string", pattern: "^(?:x|y)+z$" }]);
      expect(pending).toBeDefined();
      await pending!.done;
    } finally {
      delete process.env.RECHECK_BIN;
    }
    const request = JSON.parse(readFileSync(seen, "utf8")) as { params: { source: string; params: Record<string, unknown> } };
    expect(request.params.source).toBe("^(?:x|y)+z$");
    expect(request.params.params).toMatchObject({ attackTimeout: null, incubationTimeout: null, seedingTimeout: null });
    expect(request.params.params.timeout).toBeGreaterThan(0);
  });

  it("verdicts on disk are keyed by the parameters too: a cache written with other ones is not reused", async () => {
    const { redosAnalyser } = await import("../../src/pipeline/cache-identity.js");
    const { RECHECK_MODE } = await import("../../src/schema/lint/recheck-params.js");
    expect(redosAnalyser()).toMatch(new RegExp(`^recheck@\\d+\\.\\d+\\.\\d+\\+${RECHECK_MODE}$`));
  });
});
