// Remote $ref resolved at build time from the files the config names (`schemas`):
// nothing is fetched, the generated code stands alone.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { resolveConfig } from "../../src/config/load.js";

describe("config schemas: remote $ref", () => {
  it("resolves a $ref to another document by its $id, and reports one it does not have", async () => {
    const root = mkdtempSync(join(tmpdir(), "toolform-remote-"));
    mkdirSync(join(root, "schemas"));
    mkdirSync(join(root, "tools"));
    writeFileSync(
      join(root, "schemas", "address.json"),
      JSON.stringify({ $id: "https://schemas.example.com/address.json", type: "object", properties: { city: { type: "string", minLength: 1 }, zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: ["city"] }),
    );
    const tool = (ref: string) => ({ name: "ship", description: "Ship a parcel.", inputSchema: { type: "object", properties: { to: { $ref: ref } }, required: ["to"] } });
    writeFileSync(join(root, "tools", "ship.json"), JSON.stringify(tool("https://schemas.example.com/address.json")));
    const config = resolveConfig({ sources: ["tools/*.json"], schemas: "schemas", lint: false, emit: "js" }, root);
    const r = await generate({ config });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const out = join(root, "generated");
    mkdirSync(out);
    for (const f of r.files) writeFileSync(join(out, f.path), f.contents);
    const mod = (await import(pathToFileURL(join(out, "index.js")).href)) as { validateCall(c: unknown): { ok: boolean; errors: { path: string; bucket: string }[] } };
    expect(mod.validateCall({ name: "ship", arguments: { to: { city: "Denver", zip: "80202" } } }).ok).toBe(true);
    const bad = mod.validateCall({ name: "ship", arguments: { to: { zip: "8020" } } });
    expect(bad.errors.map((e) => [e.bucket, e.path])).toEqual([
      ["missing_required", "to.city"],
      ["constraint_errors", "to.zip"],
    ]);

    writeFileSync(join(root, "tools", "ship.json"), JSON.stringify(tool("https://schemas.example.com/missing.json")));
    const missing = await generate({ config });
    const err = missing.diagnostics.find((d) => d.code === "schema/ref-not-found");
    expect(err).toMatchObject({ severity: "error", tool: "ship", file: "tools/ship.json", pointer: "/inputSchema/properties/to/$ref" });
    expect(missing.files).toEqual([]);
  });
});
