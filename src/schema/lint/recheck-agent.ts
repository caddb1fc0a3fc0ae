// recheck's native agent (the recheck-<os>-<arch> binary recheck itself spawns), asked
// directly over its stdio protocol (one JSON-RPC line per request, the Diagnostics as the
// result): loading recheck's own client (2.9 MB of JavaScript, ~0.1 s of CPU and up to
// 0.4 s of a cold build's wall) is not needed for the build's ReDoS analyses. Same binary,
// same parameters: the same verdicts. Where the binary is missing, or recheck is told to
// use another back end (RECHECK_BACKEND), there is no agent here: callers use recheck.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Diagnostics } from "recheck";
import type { RecheckParams } from "./recheck-params.js";

type Pending = { resolve: (d: Diagnostics) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/** The agent binary recheck would run: RECHECK_BIN, else its platform package next to recheck; undefined when recheck would not use it. */
function agentBinary(): string | undefined {
  const backend = process.env.RECHECK_BACKEND;
  if (backend !== undefined && backend !== "" && backend !== "auto" && backend !== "native") return undefined;
  if (process.env.RECHECK_BIN) return process.env.RECHECK_BIN;
  const os = ({ linux: "linux", darwin: "macos", win32: "windows" } as Record<string, string>)[process.platform];
  const arch = ({ x64: "x64", arm64: "arm64" } as Record<string, string>)[process.arch];
  if (!os || !arch) return undefined;
  try {
    // Resolved from recheck's own folder, as recheck resolves it (no module is loaded).
    const fromRecheck = createRequire(createRequire(import.meta.url).resolve("recheck/package.json"));
    return join(dirname(fromRecheck.resolve(`recheck-${os}-${arch}/package.json`)), os === "windows" ? "recheck.exe" : "recheck");
  } catch {
    return undefined;
  }
}

/** A client of one agent process, started on first use; the process never keeps node alive when nothing is asked. */
class Agent {
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  private buffer = "";

  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    (child.stdout as unknown as { unref?: () => void }).unref?.();
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const lines = (this.buffer + chunk).split("\n");
      this.buffer = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) this.answer(line);
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(e);
      }
      this.pending.clear();
      agent = null;
    };
    child.on("error", fail);
    child.on("close", () => fail(new Error("recheck's agent exited")));
    child.stdin.on("error", fail);
  }

  private answer(line: string): void {
    let m: { id?: number; result?: Diagnostics; message?: unknown };
    try {
      m = JSON.parse(line) as typeof m;
    } catch {
      return;
    }
    const p = m.id === undefined ? undefined : this.pending.get(m.id);
    if (!p || m.result === undefined) return; // a progress message, or not ours
    this.settle(m.id!);
    p.resolve(m.result);
  }

  /** Forgets request `id`; with none left, the agent no longer keeps node alive. */
  private settle(id: number): void {
    clearTimeout(this.pending.get(id)?.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.child.unref();
  }

  check(source: string, flags: string, params: RecheckParams): Promise<Diagnostics> {
    const id = this.next++;
    return new Promise<Diagnostics>((resolve, reject) => {
      // recheck's own timeout ends every analysis; an agent that still does not answer holds neither the build nor the process.
      const timer = setTimeout(() => {
        this.settle(id);
        reject(new Error("recheck's agent did not answer"));
      }, 2 * params.timeout + 5_000);
      this.pending.set(id, { resolve, reject, timer });
      if (this.pending.size === 1) this.child.ref();
      this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0+push", id, method: "check", params: { source, flags, params } }) + "\n");
    });
  }
}

/** undefined: not started yet; null: none here (no binary, another back end, or it failed). */
let agent: Agent | null | undefined;

/** recheck's check on its native agent, or undefined when there is none here (then recheck's own client is the way). */
export function agentCheck(): ((source: string, flags: string, params: RecheckParams) => Promise<Diagnostics>) | undefined {
  if (agent === undefined) {
    const bin = agentBinary();
    try {
      agent = bin ? new Agent(spawn(bin, ["agent"], { windowsHide: true, stdio: ["pipe", "pipe", "ignore"] })) : null;
    } catch {
      agent = null;
    }
  }
  const a = agent;
  return a ? (source, flags, params) => a.check(source, flags, params) : undefined;
}
