// The shipped packages in a CommonJS app (`"type": "commonjs"`): init picks what such a
// package can load, the output loads as what it is in a package of either type, and strict tsc
// with verbatimModuleSyntax accepts the app, init's own files and the generated code.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, out, type App } from "./app.js";

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    verbatimModuleSyntax: true,
    noUnusedLocals: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    types: ["node"],
  },
  include: ["app.ts", "tools/**/*.mts", "generated/**/*"],
};

let app: App;
beforeAll(() => {
  app = makeApp("commonjs", { type: "commonjs", devDeps: ["typescript@5.9.3", "@types/node@20.19.43"], pkg: { scripts: { build: "tsc" } } });
});
afterAll(() => app?.remove());

describe("a CommonJS app, from the tarballs", () => {
  it("init writes a config with emit cjs and a defineTool file as .mts; build, strict tsc and node accept the result", () => {
    const init = app.toolform(["init"]);
    expect(init.status, out(init)).toBe(0);
    expect(app.read("toolform.config.ts")).toMatch(/emit: "cjs"/);
    expect(existsSync(join(app.dir, "tools/example.tool.mts"))).toBe(true);
    const build = app.toolform(["build"]);
    expect(build.status, out(build)).toBe(0);
    expect(JSON.parse(app.read("generated/package.json")).type).toBe("commonjs");
    app.write("tsconfig.json", JSON.stringify(TSCONFIG, null, 2));
    app.write(
      "app.ts",
      `import gen = require("./generated/index.js");
const report = gen.validateCall({ name: "get_weather", arguments: '{"city": "Lyon, FR", "units": "kelvin"}' });
console.log(JSON.stringify({ ok: report.ok, feedback: report.feedback }));
`,
    );
    const tsc = app.run("npx", ["tsc", "-p", "."]);
    expect(tsc.status, out(tsc)).toBe(0);
    const run = app.run("node", ["app.js"]);
    expect(run.status, out(run)).toBe(0);
    const r = JSON.parse(run.stdout) as { ok: boolean; feedback: string };
    expect(r.ok).toBe(false);
    expect(r.feedback).toMatch(/"units" must be one of/);
  });

  it('emit "js" in a CommonJS package loads as an ES module; a build without emit picks "cjs"', () => {
    const esm = app.toolform(["build", "--emit", "js", "--out", "gen-esm"]);
    expect(esm.status, out(esm)).toBe(0);
    const run = app.run("node", ["-e", `import("./gen-esm/index.js").then((m) => console.log(m.validateCall({ name: "get_weather", arguments: { city: "Lyon" } }).ok))`]);
    expect(run.status, out(run)).toBe(0);
    expect(run.stdout.trim()).toBe("true");
    // A config that names no emit: the package is CommonJS, so the default is what it can require.
    app.write("plain/toolform.config.mjs", `export default { sources: ["../tools/example.json"], outDir: "out" };\n`);
    const plain = app.toolform(["build", "--config", join(app.dir, "plain/toolform.config.mjs")]);
    expect(plain.status, out(plain)).toBe(0);
    const req = app.run("node", ["-e", `console.log(require("./plain/out/index.js").validateCall({ name: "get_weather", arguments: { city: "Lyon" } }).ok)`]);
    expect(req.status, out(req)).toBe(0);
    expect(req.stdout.trim()).toBe("true");
    // That package.json decided the output, so it is one of the build's inputs (stamped, watched, printed).
    const inputs = app.toolform(["build", "--print-inputs", "--config", join(app.dir, "plain/toolform.config.mjs")]);
    expect(inputs.status, out(inputs)).toBe(0);
    expect(inputs.stdout.split("\n")).toContain("package.json");
  });
});

describe("a module app, emit cjs", () => {
  it("writes CommonJS that require() loads although the package is ESM", () => {
    const mod = makeApp("module-cjs", { type: "module" });
    try {
      mod.write("tools/t.json", JSON.stringify({ name: "ping", description: "Ping a host.", inputSchema: { type: "object", properties: { host: { type: "string" } }, required: ["host"] } }));
      mod.write("toolform.config.mjs", `export default { sources: ["tools/*.json"], outDir: "generated", emit: "cjs" };\n`);
      const build = mod.toolform(["build"]);
      expect(build.status, out(build)).toBe(0);
      mod.write("use.cjs", `const { validateCall } = require("./generated/index.js");\nconsole.log(validateCall({ name: "ping", arguments: {} }).feedback);\n`);
      const run = mod.run("node", ["use.cjs"]);
      expect(run.status, out(run)).toBe(0);
      expect(run.stdout).toMatch(/"host"/);
    } finally {
      mod.remove();
    }
  });
});
