// recheck's agent asked directly (src/schema/lint/recheck-agent.ts) never holds a build: an
// agent that exits fails its requests at once, one that never answers fails them after twice
// the analysis' timeout (and the build's synchronous path asks recheck instead).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
