// The Python corpus's bookkeeping (test/corpus-python, issue 28): what was captured is what the
// recipe says, at recorded commits, with licences kept. The comparison with ajv runs in
// test/corpus/corpus.test.ts with the npm corpus.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const DIR = "test/corpus-python";
interface Sdk { package: string; repository: string; tag: string; commit: string; version: string; license: string }
interface Recipe { file: string; repository: string; commit: string; entry: string; license: string; licenseFile: string; sdks?: string[] }
interface Source { file: string; tools: number; package: string; version: string; repository: string; commit: string; license: string; licenseFile: string; server: string; sdks?: Sdk[] }

const recipe = JSON.parse(readFileSync(`${DIR}/servers.json`, "utf8")) as { sdks: Record<string, Sdk>; servers: Recipe[] };
const sources = JSON.parse(readFileSync(`${DIR}/sources.json`, "utf8")) as Source[];

describe("the Python corpus", () => {
  it("has at least ten servers, each captured from the recipe's repository and commit with its SDKs", () => {
    expect(sources.length).toBeGreaterThanOrEqual(10);
    for (const s of sources) {
      const r = recipe.servers.find((x) => x.file === s.file);
      expect(r, s.file).toBeDefined();
      expect([s.repository, s.commit, s.license, s.licenseFile]).toEqual([r!.repository, r!.commit, r!.license, r!.licenseFile]);
      expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
      expect((s.sdks ?? []).map((k) => k.commit)).toEqual((r!.sdks ?? []).map((k) => recipe.sdks[k]!.commit));
      const tools = (JSON.parse(readFileSync(`${DIR}/${s.file}`, "utf8")) as { tools: unknown[] }).tools;
      expect(tools.length, s.file).toBe(s.tools);
    }
  });

  it("keeps a permissive licence text for every server, and names no path of the machine it was captured on", () => {
    for (const s of sources) {
      expect(s.license).toMatch(/MIT|Apache-2\.0/);
      expect(existsSync(`${DIR}/${s.licenseFile}`), s.licenseFile).toBe(true);
      expect(readFileSync(`${DIR}/${s.licenseFile}`, "utf8")).toMatch(/Permission is hereby granted|Apache License/);
      expect(readFileSync(`${DIR}/${s.file}`, "utf8")).not.toMatch(/\/tmp\/|\/home\/|\/root\//);
    }
    for (const sdk of Object.values(recipe.sdks)) expect(sdk.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});
