// Docs as tests: every code block of README.md, docs/*.md and packages/runtime/README.md is run
// or type-checked here against the shipped packages (the tarballs, installed into one app with
// the example tools built), or marked in the markdown as not runnable with the reason. The
// markers are described atop docs-blocks.ts; a failure names file:line and the fix.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, out, ROOT, type App } from "./app.js";
import { blocksOf, docFiles, transcriptCommands, unmarkedMessage, type Block } from "./docs-blocks.js";

const blocks: Block[] = docFiles(ROOT).flatMap((f) => blocksOf(ROOT, f));
const where = (b: Block) => `${b.file}:${b.line}`;
const tsBlocks = blocks.filter((b) => !b.problem && (b.kind === "check: tsc" || b.kind === "run: node"));
/** The module a block's file is written to, at the app's root (so "./generated/index.js" resolves). */
const moduleName = (b: Block) => `doc_${b.file.replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "_")}_${b.line}`;

let app: App;
beforeAll(() => {
  // The packages the documented snippets import, at the versions of the repo's lock file (npm's cache holds them).
  app = makeApp("docs", {
    devDeps: ["typescript@5.9.3", "@types/node@20.19.43", "zod@4.6.7", "@modelcontextprotocol/sdk@1.32.2", "ai@6.0.325", "@langchain/core@1.4.0", "@openai/agents-core@0.14.3"],
  });
  cpSync(join(ROOT, "examples", "tools"), join(app.dir, "tools"), { recursive: true });
  app.write(
    "toolform.config.ts",
    `import { defineConfig } from "toolform";\nexport default defineConfig({ sources: ["tools/*.json", "tools/*.tool.ts"], outDir: "generated", emit: "ts", providers: ["openai", "anthropic", "gemini"] });\n`,
  );
  const build = app.toolform(["build", "--no-lint"]);
  if (build.status !== 0) throw new Error(`the docs app's build of examples/tools failed:\n${out(build)}`);
}, 600_000);
afterAll(() => app?.remove());

/** Names a module exports, read from its source or .d.ts (for `given:` names). */
function exportsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8");
  const names = new Set<string>();
  for (const m of text.matchAll(/\bexport\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function|class|type|interface|enum)\s+(\w+)/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) for (const part of m[1]!.split(",")) names.add(part.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, ""));
  names.delete("");
  return names;
}

/** The file text of a TS block: imports or `any` declarations for its given names, then the block. */
function moduleText(b: Block, sources: [string, Set<string>][]): { text: string; offset: number } {
  const head: string[] = [];
  for (const name of b.given) {
    const from = sources.find(([, names]) => names.has(name))?.[0];
    head.push(from ? `import { ${name} } from "${from}";` : `declare const ${name}: any;`);
  }
  head.push(`// ${where(b)}`);
  return { text: `${head.join("\n")}\n${b.code}\nexport {};\n`, offset: head.length };
}

describe("docs as tests", () => {
  it("every code block is run by this test or marked as not runnable with the reason", () => {
    const bad = blocks.filter((b) => b.problem || !b.kind).map((b) => (b.problem ? `${where(b)}: ${b.problem}` : unmarkedMessage(b)));
    expect(bad, bad.join("\n\n")).toEqual([]);
    expect(blocks.length).toBeGreaterThan(40);
  });

  it("json blocks parse (a tool definition among them builds)", () => {
    const failures: string[] = [];
    for (const b of blocks.filter((x) => x.kind === "json")) {
      let value: unknown;
      try {
        value = JSON.parse(b.code);
      } catch (e) {
        failures.push(`${where(b)}: the json block does not parse: ${(e as Error).message}; fix the JSON or mark it <!-- not run: <why> -->`);
        continue;
      }
      const def = value as { name?: unknown; inputSchema?: unknown };
      if (typeof def.name === "string" && def.inputSchema) {
        const dir = `json-tool-${b.line}`;
        app.write(`${dir}/tools/tool.json`, b.code);
        app.write(`${dir}/toolform.config.mjs`, `export default { sources: ["tools/*.json"], outDir: "generated" };\n`);
        const r = app.toolform(["build"], { cwd: join(app.dir, dir) });
        if (r.status !== 0) failures.push(`${where(b)}: the tool definition does not build:\n${out(r)}`);
      }
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });

  it("ts/js blocks type-check with strict tsc (one run over all of them), and run: node blocks run", () => {
    const sources: [string, Set<string>][] = [
      ["./generated/index.js", exportsOf(join(app.dir, "generated", "index.ts"))],
      ["./generated/providers.js", exportsOf(join(app.dir, "generated", "providers.ts"))],
      ["@toolform/runtime/harness", exportsOf(join(app.dir, "node_modules", "@toolform", "runtime", "dist", "harness", "index.d.ts"))],
      ["@toolform/runtime", exportsOf(join(app.dir, "node_modules", "@toolform", "runtime", "dist", "index.d.ts"))],
    ];
    const offsets = new Map<string, { b: Block; offset: number }>();
    for (const b of tsBlocks) {
      const { text, offset } = moduleText(b, sources);
      app.write(`${moduleName(b)}.ts`, text);
      offsets.set(`${moduleName(b)}.ts`, { b, offset });
    }
    app.write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", outDir: "out", rootDir: ".", skipLibCheck: true, types: ["node"], noEmitOnError: false },
        include: ["doc_*.ts", "generated/**/*.ts"],
      }),
    );
    const tsc = app.run("npx", ["tsc", "-p", "tsconfig.json"]);
    const failures: string[] = [];
    for (const line of `${tsc.stdout}${tsc.stderr}`.split("\n")) {
      const m = /^(doc_\w+\.ts)\((\d+),(\d+)\): (error .*)$/.exec(line.trim());
      if (!m) {
        if (/error TS/.test(line)) failures.push(`tsc outside the doc blocks: ${line}`);
        continue;
      }
      const { b, offset } = offsets.get(m[1]!)!;
      const docLine = b.line + Number(m[2]) - offset;
      failures.push(`${b.file}:${docLine}: ${m[4]} (the \`${b.lang}\` block at ${where(b)}, "${b.kind}"): fix the snippet for today's API, or name a free variable with "; given: name" in the marker, or mark it <!-- not run: <why> -->`);
    }
    if (tsc.status !== 0 && failures.length === 0) failures.push(`tsc failed:\n${out(tsc)}`);
    expect(failures, failures.join("\n")).toEqual([]);

    for (const b of tsBlocks.filter((x) => x.kind === "run: node")) {
      const r = app.run("node", [join("out", `${moduleName(b)}.js`)], { timeout: 60_000 });
      expect(r.status, `${where(b)}: the block (marked "run: node") failed when run with node: fix it, or mark it <!-- check: tsc --> if it is not a complete program\n${out(r)}`).toBe(0);
    }
  }, 300_000);

  const runnable = blocks.filter((b) => !b.problem && (b.kind === "run: transcript" || b.kind === "run: sh"));
  it.each(runnable.map((b) => [where(b), b] as const))("%s runs as shown", (_, b) => {
    const cwd = b.in ? join(app.dir, b.in) : app.dir;
    if (b.in && !existsSync(cwd)) {
      mkdirSync(cwd, { recursive: true });
      const fixture = join(ROOT, "test", "shipped", "docs-fixtures", b.in);
      if (existsSync(fixture)) cpSync(fixture, cwd, { recursive: true });
      if (!existsSync(join(cwd, "package.json"))) writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: b.in.replace(/\W+/g, "-"), version: "1.0.0", private: true, type: "module" }, null, 2) + "\n");
    }
    const env = { PATH: `${join(app.dir, "node_modules", ".bin")}${delimiter}${process.env.PATH}` };
    const steps =
      b.kind === "run: transcript"
        ? transcriptCommands(b.code)
        : b.code.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()).filter((l) => l && !l.startsWith("#")).map((cmd) => ({ cmd, output: "", exit: 0 as const }));
    for (const s of steps) {
      const r = app.run("sh", ["-c", s.cmd], { cwd, env, timeout: 120_000 });
      const ok = s.exit === "nonzero" ? r.status !== 0 && r.status !== null : r.status === s.exit;
      expect(ok, `${where(b)}: \`${s.cmd}\` should exit ${s.exit === "nonzero" ? "non-zero (the transcript shows ✗)" : s.exit}; fix the block (or mark it <!-- not run: <why> -->)\n${out(r)}`).toBe(true);
      // The model-facing lines shown (the feedback) are what the command prints today, word for word.
      const printed = `${r.stdout}\n${r.stderr}`;
      const shownLines = s.output.split("\n").filter((l) => /^(Refused: |- ")/.test(l));
      const missing = shownLines.filter((l) => !printed.includes(l));
      expect(missing, `${where(b)}: \`${s.cmd}\` no longer prints these lines of the transcript; update them from the output below\n${missing.join("\n")}\n${out(r)}`).toEqual([]);
      expect(printed.includes(shownLines.join("\n")), `${where(b)}: \`${s.cmd}\` prints the transcript's feedback lines in another order; update them from the output below\n${out(r)}`).toBe(true);
      // Output shown as a JSON object: the real output holds at least its keys.
      if (s.output.trimStart().startsWith("{")) {
        const shown = Object.keys(JSON.parse(s.output) as object);
        const real = Object.keys(JSON.parse(r.stdout) as object);
        expect(shown.filter((k) => !real.includes(k)), `${where(b)}: \`${s.cmd}\` prints no such keys today; update the transcript`).toEqual([]);
      }
    }
  });
});
