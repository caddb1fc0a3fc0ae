// ajv's standalone code (precompiled validators), bundled with esbuild into one
// ESM file: ajv's standalone output `require`s ajv's runtime helpers and
// ajv-formats, so it does not load as ESM on its own.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import standaloneModule from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Adapter, Prepared } from "./types.js";
import type { BenchTool } from "../workload/tools.js";
import { pkgVersion } from "./versions.js";

const standaloneCode = ((standaloneModule as any).default ?? standaloneModule) as typeof import("ajv/dist/standalone/index.js").default;
const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as typeof import("ajv/dist/2020.js").default;
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import("ajv-formats").default;

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** An export name for a tool: tool names may hold characters identifiers cannot. */
export function exportName(i: number): string {
  return `v${i}`;
}

export interface StandaloneBuild {
  /** ajv's standalone source as it writes it (CommonJS requires of its runtime inside). */
  raw: string;
  /** The esbuild bundle: ESM, ajv runtime and ajv-formats inlined. */
  bundled: string;
  /** Path of the bundled module on disk. */
  file: string;
}

/** Standalone code for `tools` (export v0..vN in tool order), bundled to ESM and written to `dir`. */
export async function buildAjvStandalone(tools: BenchTool[], allErrors: boolean, dir: string): Promise<StandaloneBuild> {
  const ajv = new Ajv2020({ allErrors, strict: false, code: { source: true, esm: true } });
  addFormats(ajv);
  const refs: Record<string, string> = {};
  tools.forEach((t, i) => {
    const id = `tool:${i}`;
    ajv.addSchema(t.inputSchema, id);
    refs[exportName(i)] = id;
  });
  const raw = standaloneCode(ajv, refs);
  const entry = join(dir, `ajv-standalone-${allErrors ? "all" : "first"}.src.mjs`);
  writeFileSync(entry, raw);
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    minify: false,
    nodePaths: [join(repoRoot, "node_modules")],
    logLevel: "silent",
  });
  const bundled = out.outputFiles[0]!.text;
  const file = join(dir, `ajv-standalone-${allErrors ? "all" : "first"}.mjs`);
  writeFileSync(file, bundled);
  return { raw, bundled, file };
}

export const ajvStandaloneAdapter: Adapter = async (tools) => {
  const dir = mkdtempSync(join(tmpdir(), "toolform-bench-ajvsa-"));
  const rows = [];
  for (const allErrors of [false, true]) {
    const b = await buildAjvStandalone(tools, allErrors, dir);
    const mod = (await import(pathToFileURL(b.file).href)) as Record<string, ((a: unknown) => boolean) & { errors?: unknown[] | null }>;
    const index = new Map(tools.map((t, i) => [t, i]));
    rows.push({
      id: allErrors ? "ajv-sa-all" : "ajv-sa",
      label: `ajv standalone, allErrors:${allErrors}`,
      prepare: (t: BenchTool): Prepared | undefined => {
        const i = index.get(t);
        if (i === undefined) return undefined;
        const v = mod[exportName(i)]!;
        return {
          run: (a) => (v(a) ? null : v.errors),
          ok: (r) => r === null,
          nErrors: (r) => (r as unknown[] | null)?.length ?? 0,
        };
      },
    });
  }
  return { versions: { ajv: pkgVersion("ajv"), esbuild: pkgVersion("esbuild") }, rows };
};
