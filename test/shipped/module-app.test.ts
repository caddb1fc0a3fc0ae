// The shipped packages in a `"type": "module"` app, driven as a user drives them: the
// installed node_modules/.bin/toolform, the generated code run by node, tsc over the app.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, npm, out, ROOT, type App } from "./app.js";

const ZOD = `import { z } from "zod";
import { defineTool } from "@toolform/runtime";
export const searchIssues = defineTool({
  name: "search_issues",
  description: "Search the issue tracker.",
  inputSchema: z.object({ query: z.string().min(1), state: z.enum(["open", "closed"]).optional() }),
});
`;
const TYPEBOX = `import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolform/runtime";
export const closeIssue = defineTool({
  name: "close_issue",
  description: "Close one issue by its number.",
  inputSchema: Type.Object({ number: Type.Integer({ minimum: 1 }), reason: Type.Optional(Type.String()) }),
});
`;

let app: App;
beforeAll(() => {
  app = makeApp("module", { devDeps: ["zod@4.6.7", "@sinclair/typebox@0.34.52", "typescript@5.9.3", "@types/node@20.19.43"], pkg: { scripts: { build: "tsc" } } });
});
afterAll(() => app?.remove());

describe("a module app, from the tarballs", () => {
  it("init, then build: MCP JSON and a static defineTool file", () => {
    const init = app.toolform(["init"]);
    expect(init.status, out(init)).toBe(0);
    expect(JSON.parse(app.read("package.json")).scripts.prebuild).toBe("toolform build");
    const build = app.toolform(["build"]);
    expect(build.status, out(build)).toBe(0);
    expect(app.read("generated/index.ts")).toContain("getWeather");
  });

  it("check, lint and validate through the installed CLI", () => {
    const check = app.toolform(["check"]);
    expect(check.status, out(check)).toBe(0);
    const lint = app.toolform(["lint"]);
    expect(lint.status, out(lint)).toBe(0);
    const ok = app.toolform(["validate", "get_weather", '{"city": "Lyon, FR"}']);
    expect(ok.status, out(ok)).toBe(0);
    const bad = app.toolform(["validate", "get_weather", '{"city": "Lyon, FR", "units": "kelvin"}']);
    expect(bad.status, out(bad)).toBe(1);
    expect(bad.stdout).toMatch(/"units" must be one of/);
    // A hand edit of generated code is drift.
    const index = app.read("generated/index.ts");
    app.write("generated/index.ts", index.replace("Current weather for a city", "Current weather for a town"));
    const drift = app.toolform(["check"]);
    expect(drift.status, out(drift)).toBe(1);
    app.write("generated/index.ts", index);
  });

  it("strict tsc accepts the app: generated code, init's defineTool file (typed execute), a harness", () => {
    app.write(
      "tsconfig.json",
      JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, noUnusedLocals: true, noUnusedParameters: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true, verbatimModuleSyntax: true, types: ["node"] }, include: ["app.ts", "tools/**/*.ts", "generated/**/*.ts"] }),
    );
    app.write(
      "app.ts",
      `import { validateCall, toolset, type GetWeatherArgs } from "./generated/index.js";
const report = validateCall({ name: "get_weather", arguments: '{"city": "Lyon, FR"}' });
const args: GetWeatherArgs = { city: "Lyon, FR" };
if (toolset.get_weather.is(args)) console.log(args.city, report.ok);
`,
    );
    const tsc = app.run("npx", ["tsc", "-p", "."]);
    expect(tsc.status, out(tsc)).toBe(0);
    // execute's args are typed from the generated code: a wrong property is a type error.
    app.write("tools/broken.tool.ts", app.read("tools/example.tool.ts").replace("args.text", "args.txt").replace("createReminder", "broken"));
    const typed = app.run("npx", ["tsc", "-p", "."]);
    rmSync(join(app.dir, "tools/broken.tool.ts"));
    expect(typed.status).not.toBe(0);
    expect(typed.stdout).toMatch(/Property 'txt' does not exist/);
  });

  it("build --watch rebuilds when a tool changes", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(app.bin, ["build", "--watch"], { cwd: app.dir, env: { ...process.env, CI: "true", NO_COLOR: "1" } });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.on("data", (d: Buffer) => (stderr += d.toString()));
    const until = async (what: () => boolean, label: string) => {
      for (let i = 0; i < 600 && !what(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(what(), `${label}\n${stderr}`).toBe(true);
    };
    try {
      await until(() => /✓/.test(stderr), "the first build");
      const json = JSON.parse(app.read("tools/example.json")) as { description: string };
      json.description = json.description.replace("Current weather", "The weather right now");
      app.write("tools/example.json", JSON.stringify(json, null, 2) + "\n");
      await until(() => app.read("generated/index.ts").includes("The weather right now"), "the rebuild after an edit");
    } finally {
      child.kill("SIGTERM");
    }
  });

  it('load: "import" builds zod 4 and TypeBox tools through the bundled CLI', () => {
    app.write("imported/zod.tool.ts", ZOD);
    app.write("imported/typebox.tool.ts", TYPEBOX);
    app.write("imported/toolform.config.mjs", `export default { sources: [{ files: "*.tool.ts", load: "import" }], outDir: "generated", emit: "js" };\n`);
    const r = app.toolform(["build"], { cwd: join(app.dir, "imported") });
    expect(r.status, out(r)).toBe(0);
    const index = app.read("imported/generated/index.js");
    expect(index).toContain('"search_issues"');
    expect(index).toContain('"close_issue"');
    // The generated checks say what the zod and TypeBox schemas say.
    app.write("imported/use.mjs", `import { validateCall } from "./generated/index.js";
const a = validateCall({ name: "close_issue", arguments: { number: 0 } });
const b = validateCall({ name: "search_issues", arguments: { query: "crash", state: "open" } });
console.log(JSON.stringify([a.ok, a.feedback, b.ok]));
`);
    const run = app.run("node", ["use.mjs"], { cwd: join(app.dir, "imported") });
    expect(run.status, out(run)).toBe(0);
    const [aOk, aFeedback, bOk] = JSON.parse(run.stdout) as [boolean, string, boolean];
    expect([aOk, bOk]).toEqual([false, true]);
    expect(aFeedback).toMatch(/"number" must be at least 1; got 0/);
  });

  it("validateCall takes the OpenAI and Anthropic shapes as the README shows them", () => {
    // Plain node runs JavaScript: the same tools emitted as JS.
    const js = app.toolform(["build", "--emit", "js", "--out", "generated-js"]);
    expect(js.status, out(js)).toBe(0);
    app.write("shapes.mjs", `import { validateCall } from "./generated-js/index.js";
// OpenAI: a function call's arguments are JSON text.
const openai = { type: "function", function: { name: "get_weather", arguments: '{"city": "Lyon, FR"}' } };
const a = validateCall({ name: openai.function.name, arguments: openai.function.arguments });
// Anthropic: a tool_use block's input is an object.
const anthropic = { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Lyon, FR" } };
const b = validateCall({ name: anthropic.name, arguments: anthropic.input });
const c = validateCall({ name: "get_weather", arguments: "city=Lyon" });
const d = validateCall({ name: "get_weather", arguments: '{"town": "Lyon"}' });
console.log(JSON.stringify({ a: [a.ok, a.value, a.repairs], b: b.ok, c: [c.ok, c.feedback], d: [d.ok, d.feedback] }));
`);
    const run = app.run("node", ["shapes.mjs"]);
    expect(run.status, out(run)).toBe(0);
    const r = JSON.parse(run.stdout) as { a: [boolean, unknown, { rule: string }[]]; b: boolean; c: [boolean, string]; d: [boolean, string] };
    expect(r.a[0]).toBe(true);
    expect(r.a[1]).toEqual({ city: "Lyon, FR" });
    expect(r.a[2].map((x) => x.rule)).toEqual(["json_arguments"]);
    expect(r.b).toBe(true);
    expect(r.c[0]).toBe(false);
    expect(r.c[1]).toMatch(/not valid JSON/);
    expect(r.c[1]).not.toMatch(/must be an object; got the string/);
    expect(r.d[0]).toBe(false);
    expect(r.d[1]).toMatch(/"town"/);
  });

  it("docs/mcp.md's layout builds: a pulled snapshot under tools/ is read once, as its MCP source's", () => {
    const project = join(app.dir, "mcp");
    const server = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
    app.write("mcp/files/readme.txt", "hello\n");
    app.write(
      "mcp/toolform.config.mjs",
      `export default {
  sources: [
    { mcp: { command: process.execPath, args: [${JSON.stringify(server)}, "files"] }, snapshot: "tools/filesystem.tools.json", label: "filesystem" },
    "tools/**/*.json",
  ],
  outDir: "generated",
  emit: "js",
  lint: false,
};
`,
    );
    app.write("mcp/tools/own.json", JSON.stringify({ name: "own_tool", description: "Our own tool.", inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } }));
    const pull = app.toolform(["pull"], { cwd: project });
    expect(pull.status, out(pull)).toBe(0);
    expect(existsSync(join(project, "tools/filesystem.tools.json"))).toBe(true);
    const build = app.toolform(["build"], { cwd: project });
    expect(build.status, out(build)).toBe(0);
    expect(build.stderr).not.toMatch(/duplicate-name|defined twice/);
    const index = readFileSync(join(project, "generated/index.js"), "utf8");
    expect(index).toContain('"read_text_file"');
    expect(index).toContain('"own_tool"');
    const live = app.toolform(["check", "--live"], { cwd: project });
    expect(live.status, out(live)).toBe(0);
  });

  it("compile writes typed output: -o x.js with x.d.ts beside it, -o x.ts as TypeScript; strict tsc accepts both", () => {
    const person = { type: "object", properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } }, required: ["name"] };
    app.write("compile/person.schema.json", JSON.stringify(person));
    const cwd = join(app.dir, "compile");
    const js = app.toolform(["compile", "person.schema.json", "-o", "validators/person.js"], { cwd });
    expect(js.status, out(js)).toBe(0);
    expect(existsSync(join(cwd, "validators/person.d.ts"))).toBe(true);
    const ts = app.toolform(["compile", "person.schema.json", "-o", "typed/person.ts"], { cwd });
    expect(ts.status, out(ts)).toBe(0);
    app.write("compile/tsconfig.json", JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, noUnusedLocals: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, allowImportingTsExtensions: true, types: [] }, include: ["use.ts", "typed/*.ts"] }));
    app.write(
      "compile/use.ts",
      `import { is, validate } from "./validators/person.js";
import { is as isTs, validate as validateTs } from "./typed/person.ts";
const v: unknown = JSON.parse('{"name": "Ada"}');
if (is(v)) console.log(v.name.toUpperCase(), v.age?.toFixed(0));
if (isTs(v)) console.log(v.name.length);
const r = validate({ age: -1 });
const t = validateTs({ age: -1 });
console.log(r.ok, r.errors.length, t.feedback.length);
// @ts-expect-error: age is a number
if (is(v)) v.age?.toUpperCase();
`,
    );
    const tsc = app.run("npx", ["tsc", "-p", "compile"]);
    expect(tsc.status, out(tsc)).toBe(0);
    const run = app.run("node", ["-e", `import("./compile/validators/person.js").then((m) => console.log(m.validate({ age: -1 }).feedback))`]);
    expect(run.status, out(run)).toBe(0);
    expect(run.stdout).toMatch(/"name" is required/);
  });

  it("the installed toolform's prepare script builds nothing (it ships dist/ built)", () => {
    const installed = join(app.dir, "node_modules", "toolform");
    const bundle = join(installed, "dist", "src", "bundle", "main.cjs");
    const before = statSync(bundle).mtimeMs;
    const r = app.run("npm", ["run", "prepare"], { cwd: installed });
    expect(r.status, out(r)).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/tsc|npm run build/);
    expect(statSync(bundle).mtimeMs).toBe(before);
  });

  it("npm ci --omit=dev installs the runtime and its one dependency, and the app runs without code generation", () => {
    // A copy of the app as it would be deployed: package.json, the lock file, generated/, the app.
    const deploy = mkdtempSync(join(tmpdir(), "toolform-app-deploy-"));
    try {
      for (const f of ["package.json", "package-lock.json", "shapes.mjs"]) cpSync(join(app.dir, f), join(deploy, f));
      cpSync(join(app.dir, "generated-js"), join(deploy, "generated-js"), { recursive: true });
      // The lock file names the tarballs by a path relative to the app: keep the depth.
      expect(dirname(deploy)).toBe(dirname(app.dir));
      npm(["ci", "--omit=dev"], deploy);
      const installed = listPackages(join(deploy, "node_modules"));
      expect(installed.sort()).toEqual(["@toolform/runtime", "jsonrepair"]);
      expect(sizeOf(join(deploy, "node_modules"))).toBeLessThan(2 * 1024 * 1024);
      const run = app.run("node", ["--disallow-code-generation-from-strings", "shapes.mjs"], { cwd: deploy });
      expect(run.status, out(run)).toBe(0);
      expect(JSON.parse(run.stdout).b).toBe(true);
    } finally {
      rmSync(deploy, { recursive: true, force: true });
    }
  });
});

/** Package names installed in a node_modules folder (scoped ones as @scope/name). */
function listPackages(dir: string): string[] {
  const names: string[] = [];
  for (const e of readdirSync(dir)) {
    if (e.startsWith(".")) continue;
    if (e.startsWith("@")) for (const s of readdirSync(join(dir, e))) names.push(`${e}/${s}`);
    else names.push(e);
  }
  return names;
}

function sizeOf(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((n, e) => n + sizeOf(join(p, e)), 0);
}


