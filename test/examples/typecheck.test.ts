// The loop a tool author lives in: the TypeScript tools' `execute` is typed with the
// generated interfaces, so a schema change that breaks `execute` breaks this check.
// It also proves generated/ (committed) is what the sources produce.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const tsc = join(process.cwd(), "node_modules", "typescript", "bin", "tsc");

describe("examples", () => {
  it("type-check with the committed generated/ (tsc --noEmit)", () => {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.examples.json"], { encoding: "utf8" });
  });

  it("a schema change that breaks execute breaks the type check", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolform-examples-"));
    cpSync("examples", join(dir, "examples"), { recursive: true });
    cpSync("generated", join(dir, "generated"), { recursive: true });
    // read_file's execute uses args.head as a number; make the interface say string.
    const gen = join(dir, "generated", "index.ts");
    const text = readFileSync(gen, "utf8");
    expect(text).toMatch(/head\?: number\b/);
    writeFileSync(gen, text.replace(/head\?: number\b/, "head?: string"));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: ["node"], typeRoots: [join(process.cwd(), "node_modules", "@types")], paths: { toolform: [join(process.cwd(), "src", "index.ts")] } },
        include: ["examples/tools", "generated"],
      }),
    );
    let out = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout);
    }
    expect(out).toMatch(/read_file\.tool\.ts.*error TS/);
  });

  it("generated/ is exactly what the sources produce (toolform check)", () => {
    const out = execFileSync(process.execPath, ["bin/toolform.js", "check"], { encoding: "utf8" });
    expect(out).toMatch(/generated\/ is up to date/);
  });

  it("so is the example MCP server's generated/", () => {
    const out = execFileSync(process.execPath, ["bin/toolform.js", "check", "--config", "examples/mcp-server/toolform.config.ts"], { encoding: "utf8" });
    expect(out).toMatch(/generated\/ is up to date/);
  });
});
