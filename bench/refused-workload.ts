// The real-tools half of the refused-call bench (bench/refused.ts): tools from the corpus
// (test/corpus/), each with wrong calls that carry up to three of the mistakes the message
// bench makes by fixed rules (bench/messages-cases.ts: a wrong type, an enum value in the
// wrong case, a near or synonym name, a missing field, a broken pattern or format, null for an
// optional field, extra arguments), merged into one call. A call is kept only when toolform
// and ajv allErrors:true both refuse it and both accept the valid call it was made from.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generate } from "../src/pipeline/generate.js";
import { toolsFromJson } from "../src/sources/json.js";
import type { Tool } from "../packages/runtime/src/rt/index.js";
import { makeAjv } from "./adapters/ajv.js";
import { corpusFiles } from "./example-scan.js";
import { casesOf } from "./messages-cases.js";
import type { BenchTool } from "./workload/tools.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface RefusedTool {
  source: string;
  tool: BenchTool;
  valid: Obj;
  /** Wrong calls, up to three mistakes each. */
  invalid: Obj[];
}

/**
 * The schema as toolform judges it under the default `unknownArgs: "reject"`, for ajv: every
 * object that lists properties and says nothing of other keys is closed. Without `$schema`
 * (ajv's 2020 class refuses draft-07's meta-schema id); the verdict check drops a tool whose
 * schema this does not make equivalent (an `allOf` of open parts).
 */
export function closedForAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedForAjv);
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "$schema") continue;
    // Values of these keywords are data, not schemas.
    out[k] = k === "enum" || k === "const" || k === "default" || k === "examples" || k === "required" ? v : closedForAjv(v);
  }
  if (isObj(schema.properties) && !("additionalProperties" in schema) && !("patternProperties" in schema) && !("unevaluatedProperties" in schema)) out.additionalProperties = false;
  return out;
}

/** `base` with the changes `c` made to it (keys removed, set or added) applied to `into`. */
function applyDiff(into: Obj, base: Obj, c: Obj): void {
  for (const k of Object.keys(base)) if (!(k in c)) delete into[k];
  for (const [k, v] of Object.entries(c)) if (!(k in base) || JSON.stringify(base[k]) !== JSON.stringify(v)) into[k] = v;
}

/** The corpus tools that make the set: every k-th usable tool, at most `max`, distinct names. */
export async function corpusRefused(max = 16, callsPerTool = 2): Promise<RefusedTool[]> {
  const ajv = makeAjv(true);
  const usable: RefusedTool[] = [];
  const names = new Set<string>();
  for (const source of corpusFiles()) {
    const { tools } = toolsFromJson(JSON.parse(readFileSync(source, "utf8")), source);
    const r = await generate({ tools, options: { lint: false, emit: "js" } });
    if (r.diagnostics.some((d) => d.severity === "error")) continue;
    const dir = mkdtempSync(join(tmpdir(), "toolform-refused-"));
    for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
    const mod = (await import(pathToFileURL(join(dir, "index.js")).href)) as { toolset: Record<string, Tool> };
    rmSync(dir, { recursive: true, force: true }); // loaded: the module stays in memory
    for (const def of tools) {
      const tool = mod.toolset[def.name];
      if (!tool || !isObj(def.inputSchema) || names.has(def.name)) continue;
      let check;
      try {
        check = ajv.compile(closedForAjv(def.inputSchema) as Obj);
      } catch {
        continue;
      }
      // A valid call: the required fields, each given the example of its "is required" message (as bench/messages.ts).
      const base: Obj = {};
      let ok = true;
      for (const e of tool.validate({}).errors) {
        if (e.bucket !== "missing_required" || e.example === undefined || e.path.includes(".") || e.path.includes("[")) ok = false;
        else base[e.path] = JSON.parse(e.example);
      }
      if (!ok || !tool.is(base) || !check(base)) continue;
      // One mistake per field: the single-mistake calls, at distinct places, merged three at a time.
      const singles = casesOf({ source, name: def.name, schema: def.inputSchema }, base).filter((c, i, all) => all.findIndex((d) => d.path === c.path) === i);
      if (singles.length < 3) continue;
      const invalid: Obj[] = [];
      for (let s = 0; s + 3 <= singles.length && invalid.length < callsPerTool; s += 3) {
        const call = structuredClone(base);
        for (const c of singles.slice(s, s + 3)) applyDiff(call, base, c.args);
        if (!tool.is(call) && !check(call) && tool.validate(call).n_errors >= 2) invalid.push(call);
      }
      if (invalid.length === 0) continue;
      names.add(def.name);
      usable.push({ source: source.replace(/^test\/corpus\//, ""), tool: { name: def.name, description: def.description ?? "", inputSchema: def.inputSchema }, valid: base, invalid });
    }
  }
  // Evenly spread over the corpus (its files in sources.json order), not the first servers only.
  const step = Math.max(1, usable.length / max);
  const out: RefusedTool[] = [];
  for (let i = 0; out.length < max && Math.floor(i) < usable.length; i += step) out.push(usable[Math.floor(i)]!);
  return out;
}
