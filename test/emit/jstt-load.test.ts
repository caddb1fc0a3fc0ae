// json-schema-to-typescript is loaded without running prettier's entry (src/emit/jstt.ts):
// prettier's CommonJS entry starts importing its 0.7 MB ES module when it loads, which a
// build never uses. Checked in fresh processes (a test runner may have loaded prettier).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const jsttTs = pathToFileURL(join(root, "src", "emit", "jstt.ts")).href;
const schema = JSON.stringify({ type: "object", properties: { city: { type: "string", description: "The city" }, days: { type: "integer" } }, required: ["city"] });

/** Runs `body` (an async function's text, with `require` from the repository) in a fresh node with tsx; returns what it prints as JSON. */
function fresh(body: string): unknown {
  const script = `const { createRequire } = require("node:module"); const require2 = createRequire(${JSON.stringify(join(root, "package.json"))});
(async () => { ${body} })().then((r) => process.stdout.write(JSON.stringify(r)), (e) => { process.stderr.write(String(e?.stack ?? e)); process.exit(1); });`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e", script], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`the child failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe("json-schema-to-typescript, loaded by toolform", () => {
  it("loads and compiles without prettier's entry ever running, and leaves prettier itself to later callers", () => {
    const r = fresh(`
      const { jstt } = await import(${JSON.stringify(jsttTs)});
      const key = require2.resolve("prettier");
      const text = await jstt()(${schema}, "Args", { bannerComment: "", format: false });
      const loadedDuringBuild = key in require2.cache;
      const after = require2("prettier");
      return { text, loadedDuringBuild, realAfter: typeof after.version === "string" };`) as { text: string; loadedDuringBuild: boolean; realAfter: boolean };
    expect(r.text).toContain("export interface Args {");
    expect(r.loadedDuringBuild).toBe(false);
    expect(r.realAfter).toBe(true);
  });

  it("still formats through prettier when asked (format: true), as json-schema-to-typescript loaded plainly does", () => {
    const opts = `{ bannerComment: "", format: true }`;
    const ours = fresh(`const { jstt } = await import(${JSON.stringify(jsttTs)}); return jstt()(${schema}, "Args", ${opts});`);
    const plain = fresh(`return require2("json-schema-to-typescript").compile(${schema}, "Args", ${opts});`);
    expect(ours).toBe(plain);
    expect(ours).toContain("  city: string;");
  });
});
