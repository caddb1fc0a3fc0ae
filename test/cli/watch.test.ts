// `toolform watch` as a user runs it: a real process in a temp folder, files
// edited under it. Every wait is a bounded poll; nothing asserts on timing.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, project, snapshot, spawnToolform, waitFor, type Live } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

const running: Live[] = [];
afterEach(() => {
  for (const l of running.splice(0)) if (l.child.exitCode === null) l.child.kill("SIGKILL");
});

/** Bounded waits: generous, for a loaded 2-core machine. */
const LONG = 90_000;

describe("toolform watch", () => {
  it("rebuilds on edit, keeps the last good output on a broken file, recovers, removes outputs of deleted sources, exits 0 on SIGTERM", async () => {
    const dir = project("basic");
    const out = join(dir, "generated");
    const env = { TOOLFORM_CACHE_DIR: join(dir, ".cache") };
    const live = spawnToolform(dir, ["watch"], env);
    running.push(live);
    const legalOut = join(out, "index.ts");
    const legalSrc = join(dir, "tools", "legal_draft_v3.json");

    // The first build.
    expect(await waitFor(() => existsSync(join(out, "index.ts")) && /✓ 3 tools/.test(live.err()), LONG)).toBe(true);
    expect(live.err()).toMatch(/watching/);

    // Edit a tool: its module changes.
    writeFileSync(legalSrc, readFileSync(legalSrc, "utf8").replace("Draft a contract", "Draft a watched contract"));
    expect(await waitFor(() => readFileSync(legalOut, "utf8").includes("Draft a watched contract"), LONG)).toBe(true);
    expect(await waitFor(() => /1 compiled, 2 reused/.test(live.err()), LONG)).toBe(true);

    // Break it: the error is printed with its place, the output stays as it was.
    const good = snapshot(out);
    writeFileSync(legalSrc, '{\n  "name": "legal_draft_v3",\n  "inputSchema": {\n');
    expect(await waitFor(() => /tools\/legal_draft_v3\.json:\d+:\d+: error source\/parse/.test(live.err()), LONG)).toBe(true);
    expect(await waitFor(() => /kept the last good output in generated\//.test(live.err()), LONG)).toBe(true);
    expect(snapshot(out)).toEqual(good);

    // Fix it: recovery without a restart.
    writeFileSync(legalSrc, restored());
    expect(await waitFor(() => /recovered/.test(live.err()) && readFileSync(legalOut, "utf8").includes("Draft a fixed contract"), LONG)).toBe(true);

    // Delete a source: its tools leave the index.
    rmSync(join(dir, "tools", "calendar.json"));
    expect(await waitFor(() => !readFileSync(join(out, "index.ts"), "utf8").includes("book_room") && !readFileSync(join(out, "index.ts"), "utf8").includes("cancel_booking"), LONG)).toBe(true);

    // A new source file is picked up.
    writeFileSync(
      join(dir, "tools", "ping.json"),
      JSON.stringify({ name: "ping", description: "Check that the service answers.", inputSchema: { type: "object", properties: {}, additionalProperties: false } }),
    );
    expect(await waitFor(() => readFileSync(join(out, "index.ts"), "utf8").includes('"ping"'), LONG)).toBe(true);

    // Ctrl-C / SIGTERM: a clean exit.
    live.child.kill("SIGTERM");
    expect(await live.exited).toBe(0);
    expect(live.err()).not.toMatch(/crashed/);
  });

  it("reloads the config when it changes, and survives a broken config", async () => {
    const dir = project("basic");
    const out = join(dir, "generated");
    const live = spawnToolform(dir, ["build", "--watch"], { TOOLFORM_CACHE_DIR: join(dir, ".cache") });
    running.push(live);
    expect(await waitFor(() => existsSync(join(out, "index.ts")), LONG)).toBe(true);

    // A broken config: reported, nothing changes.
    const cfg = join(dir, "toolform.config.mjs");
    writeFileSync(cfg, "export default {\n");
    expect(await waitFor(() => /config error; waiting for the config to change/.test(live.err()), LONG)).toBe(true);
    expect(existsSync(join(out, "index.ts"))).toBe(true);

    // A new config: a different outDir and only one source file.
    writeFileSync(cfg, `export default { sources: ["tools/legal_draft_v3.json"], outDir: "out2", emit: "js" };\n`);
    expect(await waitFor(() => existsSync(join(dir, "out2", "index.js")) && readFileSync(join(dir, "out2", "index.js"), "utf8").includes("legalDraftV3"), LONG)).toBe(true);
    expect(readFileSync(join(dir, "out2", "index.js"), "utf8")).not.toContain("bookRoom");

    live.child.kill("SIGINT");
    expect(await live.exited).toBe(0);
  });

  it("--json prints one line per build", async () => {
    const dir = project("basic");
    const live = spawnToolform(dir, ["watch", "--json"], { TOOLFORM_CACHE_DIR: join(dir, ".cache") });
    running.push(live);
    expect(await waitFor(() => live.out().split("\n").filter(Boolean).length >= 1, LONG)).toBe(true);
    const src = join(dir, "tools", "legal_draft_v3.json");
    writeFileSync(src, readFileSync(src, "utf8").replace("Draft a contract", "Draft a json contract"));
    expect(await waitFor(() => live.out().split("\n").filter(Boolean).length >= 2, LONG)).toBe(true);
    const lines = live.out().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { command: string; ok: boolean; changed: string[]; files: { written: string[] } });
    expect(lines[0]).toMatchObject({ command: "watch", ok: true, changed: [] });
    expect(lines[1]).toMatchObject({ ok: true, changed: ["tools/legal_draft_v3.json"] });
    expect(lines[1]!.files.written.sort()).toEqual(["index.ts"]);
    live.child.kill("SIGTERM");
    expect(await live.exited).toBe(0);
  });
});

/** The legal_draft_v3 tool, valid again, with a new description. */
function restored(): string {
  return JSON.stringify(
    {
      name: "legal_draft_v3",
      description: "Draft a fixed contract for a counterparty.",
      inputSchema: {
        type: "object",
        properties: {
          counterparty: { type: "string", minLength: 1, description: "Legal name of the other party." },
          value: { type: "number", minimum: 0, description: "Contract value in euros." },
          term_months: { type: "integer", minimum: 1, maximum: 120, description: "Term in whole months." },
        },
        required: ["counterparty", "value", "term_months"],
        additionalProperties: false,
      },
    },
    null,
    2,
  );
}
