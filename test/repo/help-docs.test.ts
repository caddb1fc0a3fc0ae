// Help and docs in step with the code: every command the main help lists has its line in
// docs/cli.md's command list and a section there, and every flag a command's --help names is
// one the command accepts (the installed bundle's parser, dist/: a flag it refuses exits 2).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HELP } from "../../src/cli/help.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "toolform.js");
const commands = Object.keys(HELP).filter((c) => c !== "main");

describe("help and docs/cli.md", () => {
  const docs = readFileSync(join(ROOT, "docs", "cli.md"), "utf8");
  it("list the same commands", () => {
    const listed = [...HELP.main!.matchAll(/^ {2}([a-z]+) {2,}(.+)$/gm)].map((m) => [m[1]!, m[2]!] as const);
    expect(listed.map(([c]) => c).sort()).toEqual(commands.sort());
    for (const [c, what] of listed) {
      expect(docs, `docs/cli.md's command list: toolform ${c}`).toMatch(new RegExp(`^toolform ${c} +${what.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
      expect(docs, `docs/cli.md: a section for toolform ${c}`).toMatch(new RegExp(`^## \`toolform ${c}\\b`, "m"));
    }
  });

  it.each(commands)("every flag `toolform %s --help` names is accepted", (command) => {
    const text = HELP[command]!;
    const flags = [...new Set([...text.matchAll(/^ {2}(?:-[a-z], | {4})(--[a-z][a-z-]*)( [A-Z|a-z]+)?/gm)].map((m) => [m[1]!, !!m[2]] as const))];
    expect(flags.length).toBeGreaterThan(0);
    for (const [flag, takesValue] of flags) {
      const r = spawnSync(process.execPath, [BIN, command, flag, ...(takesValue ? ["1"] : []), "--help"], { encoding: "utf8", cwd: ROOT });
      expect(r.status, `${command} ${flag}: ${r.stderr}`).toBe(0);
    }
  });
});
