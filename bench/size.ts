// Size of the generated code: raw and gzip bytes, for N tools and per tool.

import { gzipSync } from "node:zlib";
import type { Artefacts } from "./artefacts.js";

export interface SizeRow {
  id: string;
  label: string;
  files: number;
  raw: number;
  gzip: number;
  perToolRaw: number;
  perToolGzip: number;
}

const gz = (s: string) => gzipSync(Buffer.from(s, "utf8"), { level: 9 }).length;
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function row(id: string, label: string, texts: string[], count: number): SizeRow {
  const all = texts.join("\n");
  const raw = bytes(all);
  const gzip = gz(all);
  return { id, label, files: texts.length, raw, gzip, perToolRaw: raw / count, perToolGzip: gzip / count };
}

export function measureSize(art: Artefacts): SizeRow[] {
  const n = art.count;
  const rows: SizeRow[] = [];
  if (art.toolform) {
    const js = art.toolform.files.filter((f) => /\.(m?js|ts)$/.test(f.path) && !f.path.endsWith(".d.ts"));
    const dts = art.toolform.files.filter((f) => f.path.endsWith(".d.ts"));
    rows.push(row("toolform", "toolform generated .js (validators, messages, runtime, index, schemas)", js.map((f) => f.contents), n));
    if (dts.length) rows.push(row("toolform-dts", "toolform generated .d.ts (types only, not loaded at run time)", dts.map((f) => f.contents), n));
  }
  rows.push(row("ajv-sa", "ajv standalone, allErrors:false (its output; requires ajv runtime + ajv-formats)", [art.ajvFirst.raw], n));
  rows.push(row("ajv-sa-all", "ajv standalone, allErrors:true (its output; requires ajv runtime + ajv-formats)", [art.ajvAll.raw], n));
  rows.push(row("ajv-sa-bundle", "ajv standalone, allErrors:false, esbuild ESM bundle (what loads)", [art.ajvFirst.bundled], n));
  rows.push(row("ajv-sa-all-bundle", "ajv standalone, allErrors:true, esbuild ESM bundle (what loads)", [art.ajvAll.bundled], n));
  return rows;
}
