// Issue 29.5: the output does not depend on where the project is checked out. With a
// `schemas` folder, the documents were keyed by their absolute file URLs, which reached
// every tool's input hash and so the index's header and the chunks' names: committed
// output failed `toolform check` in any other checkout. The same project is built in two
// folders (and with different TMPDIRs); every output file must be the same bytes, no
// output may hold a path, the host's name or the user's, and `check` passes in the second.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { ensureBuilt, project, toolform } from "../fixtures/cli/helpers.js";

beforeAll(() => ensureBuilt());

/** A project with a schemas folder ($id documents and one without, refs between them) and enough tools for chunked output. */
function makeProject(emit: "ts" | "js"): string {
  const dir = project();
  mkdirSync(join(dir, "tools"));
  mkdirSync(join(dir, "schemas", "sub"), { recursive: true });
  writeFileSync(join(dir, "schemas", "address.json"), JSON.stringify({ $id: "https://schemas.example.com/address.json", type: "object", properties: { city: { type: "string", minLength: 1 }, geo: { $ref: "sub/geo.json" } }, required: ["city"] }));
  writeFileSync(join(dir, "schemas", "sub", "geo.json"), JSON.stringify({ $id: "https://schemas.example.com/sub/geo.json", type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } } }));
  writeFileSync(join(dir, "schemas", "plain.json"), JSON.stringify({ type: "string", maxLength: 50 }));
  for (let i = 0; i < 260; i++) {
    const tool = { name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: { type: "object", properties: { addr: { $ref: "https://schemas.example.com/address.json" }, q: { type: "string", description: "A query." } }, required: ["q"] } };
    writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(tool));
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "paths", private: true, type: "module" }));
  writeFileSync(join(dir, "toolform.config.mjs"), `export default { sources: ["tools/*.json"], outDir: "generated", schemas: "schemas", emit: ${JSON.stringify(emit)} };\n`);
  return dir;
}

function outputs(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(join(dir, "generated")).sort()) out[f] = readFileSync(join(dir, "generated", f), "utf8");
  return out;
}

describe("output independent of the checkout path", () => {
  for (const emit of ["js", "ts"] as const) {
    it(`emit ${emit}: two checkouts, two TMPDIRs, the same bytes; check passes in the second`, () => {
      const first = makeProject(emit);
      const second = join(mkdtempSync(join(tmpdir(), "toolform-elsewhere-")), "deeper", "checkout");
      cpSync(first, second, { recursive: true });
      const otherTmp = mkdtempSync(join(tmpdir(), "toolform-tmp-"));
      const a = toolform(first, ["build"]);
      expect(a.code, a.stderr).toBe(0);
      const b = toolform(second, ["build"], { env: { TMPDIR: otherTmp, TEMP: otherTmp, TMP: otherTmp } });
      expect(b.code, b.stderr).toBe(0);
      const oa = outputs(first);
      const ob = outputs(second);
      expect(Object.keys(oa).filter((f) => f.startsWith("_tools.")).length).toBeGreaterThan(1); // chunked
      expect(Object.keys(ob)).toEqual(Object.keys(oa));
      for (const f of Object.keys(oa)) expect(ob[f], f).toBe(oa[f]);
      // Nothing of the machine in any output.
      const text = Object.values(oa).join("\n");
      for (const s of [first, second, tmpdir(), otherTmp, hostname(), `/home/${userInfo().username}`, "file:///tmp", "file:///work"]) expect(text.includes(s), s).toBe(false);
      // The output committed in the first checkout is up to date in the second (its own copy, before it built there).
      const third = join(mkdtempSync(join(tmpdir(), "toolform-third-")), "c");
      cpSync(first, third, { recursive: true });
      const c = toolform(third, ["check", "--no-cache"]);
      expect(c.code, c.stdout + c.stderr).toBe(0);
    });
  }

  it("a schemas folder's documents are keyed by $id and by their path inside the folder, never by an absolute path", () => {
    const dir = makeProject("js");
    const config = resolveConfig({ sources: ["tools/*.json"], schemas: "schemas" }, dir);
    expect(Object.keys(config.schemas).sort()).toEqual(["file:///address.json", "file:///plain.json", "file:///sub/geo.json", "https://schemas.example.com/address.json", "https://schemas.example.com/sub/geo.json"]);
  });
});
