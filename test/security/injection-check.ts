// One round of the code-injection fuzz, shared by the bounded test and the long
// run: hostile tool definitions → generate (js; every fourth round also with engine
// "ajv"; ts) and compileSchema, and the build-time lint → audit the syntax tree →
// import → check every string survived → judge values (is, validate, ~standard,
// normalize) → compare with the oracle (ajv, cfworker as tie-breaker) → check the
// canary and Object.prototype. Throws (with the case) on the first thing that is wrong.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Validator } from "@cfworker/json-schema";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { generate } from "../../src/pipeline/generate.js";
import { lintTools } from "../../src/pipeline/lint.js";
import { compileSchema } from "../../src/compile-schema.js";
import type { ToolDefinition } from "../../src/sources/types.js";
import type { Tool, ValidationReport } from "../../packages/runtime/src/rt/index.js";
import { asJson, CANARY, hostileString, valuesFor, withoutCompare } from "./hostile.js";
import { scanGenerated, type Finding } from "./scan.js";

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;

export interface RoundStats {
  tools: number;
  collisions: number;
  values: number;
  valid: number;
  /** Values whose verdict was compared with the oracle. */
  ajvCompared: number;
  /** Values where ajv and toolform disagreed and @cfworker/json-schema sided with toolform. */
  ajvOverruled: string[];
  /** Tools also generated and judged with engine "ajv" (ajv's standalone code). */
  engineAjv: number;
  /** Tools engine "ajv" refused with a build error (ajv cannot compile their schema). */
  ajvEngineRefused: number;
  /** Tool definitions the build-time lint read without throwing. */
  linted: number;
  /** Values on which the oracle itself threw (ajv's deep equality on {"valueOf": ...}). */
  oracleThrew: number;
  /** Schemas ajv itself could not compile (@cfworker/json-schema was the oracle for them). */
  ajvRefused: number;
  compileSchema: number;
}

export function emptyStats(): RoundStats {
  return { tools: 0, collisions: 0, values: 0, valid: 0, ajvCompared: 0, ajvOverruled: [], ajvRefused: 0, oracleThrew: 0, compileSchema: 0, linted: 0, engineAjv: 0, ajvEngineRefused: 0 };
}

/** The runtime files are the same every round: audited once. */
const scanned = new Map<string, Finding[]>();
function scanFiles(files: readonly { path: string; contents: string }[]): Finding[] {
  const siblings = new Set(files.map((f) => f.path.replace(/(\.d)?\.(ts|js)$/, "")));
  return files.flatMap((f) => {
    if (!f.path.startsWith("_runtime.")) return scanGenerated(f.path, f.contents, siblings);
    const key = f.path + "\u0000" + f.contents;
    let found = scanned.get(key);
    if (!found) scanned.set(key, (found = scanGenerated(f.path, f.contents, siblings)));
    return found;
  });
}

/** prettier runs on the runtime and index files every round; their text repeats, so formatting is memoised. */
const formatCache = new Map<string, string>();

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(",");

/** Throws when injected code ran or Object.prototype changed. */
export function assertCanary(where: string): void {
  if ((globalThis as Record<string, unknown>)[CANARY] !== undefined) throw new Error(`${where}: injected code ran (globalThis.${CANARY} is set)`);
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(",") !== PROTO_NAMES) throw new Error(`${where}: Object.prototype was changed`);
  if (({} as Record<string, unknown>)[CANARY] !== undefined) throw new Error(`${where}: Object.prototype was polluted`);
}

function ajvOracle() {
  const a = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: true, ownProperties: true, logger: false });
  addFormats(a);
  return a;
}

/**
 * The naming errors `generate` must report for these names: only a name defined twice (look-alike
 * names — same identifier or file name — get distinct ones, src/emit/code.ts toolIdentifiers).
 */
function expectedCollisions(defs: ToolDefinition[]): { keep: ToolDefinition[]; clashes: number } {
  const names = new Set<string>();
  const keep: ToolDefinition[] = [];
  let clashes = 0;
  for (const d of defs) {
    if (names.has(d.name)) {
      clashes++;
      continue;
    }
    names.add(d.name);
    keep.push(d);
  }
  return { keep, clashes };
}

/** Every tool's module file and identifiers are distinct, ignoring case (macOS and Windows file systems). */
function checkDistinctNames(files: { path: string }[], where: (s: string) => string): void {
  const seen = new Set<string>();
  for (const f of files) {
    const key = f.path.toLowerCase();
    if (seen.has(key)) throw new Error(where(`two generated files differ only in case: ${f.path}`));
    seen.add(key);
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Calls every entry point on a value; a throw is a failure (seed 003: validators are total). */
function judge(tool: Tool, v: unknown, where: string): { is: boolean; report: ValidationReport } {
  let is: boolean;
  let report: ValidationReport;
  try {
    is = tool.is(v);
    report = tool.validate(v);
    const std = tool["~standard"].validate(v);
    if (("issues" in std && std.issues !== undefined) === is) throw new Error("~standard disagrees with is()");
    // The normaliser reads hostile values and writes hostile keys too.
    const nz = (tool as { normalize?: (v: unknown, mode?: string) => { value: unknown } }).normalize;
    if (nz) for (const mode of ["compare", "normalized"]) JSON.stringify(nz(v, mode).value);
  } catch (e) {
    throw new Error(`${where}: threw on ${safeShow(v)}: ${(e as Error).stack ?? e}`);
  }
  if (report.ok !== is) throw new Error(`${where}: is() says ${is}, validate() says ${report.ok} on ${safeShow(v)}`);
  if (!report.ok && (report.errors.length === 0 || typeof report.feedback !== "string" || report.feedback === "")) throw new Error(`${where}: a failed report without errors or feedback`);
  for (const e of report.errors) if (typeof e.message !== "string" || typeof e.text !== "string") throw new Error(`${where}: an error without text`);
  return { is, report };
}

function safeShow(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 400) ?? String(v);
  } catch {
    return "(unshowable)";
  }
}

/** Values to judge for one schema: aimed at it (seeded), plus hostile strings and JSON. */
function sampleValues(schema: unknown, seed: number, n: number): unknown[] {
  const aimed = fc.sample(valuesFor(schema), { numRuns: n, seed });
  const extra = fc.sample(fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })), { numRuns: 3, seed: seed + 1 });
  return [...aimed, ...extra].map(asJson);
}

async function importFiles(files: readonly { path: string; contents: string }[]): Promise<{ dir: string; mod: { toolset: Record<string, Tool>; validateCall(c: { name: string; arguments?: unknown }): ValidationReport } }> {
  const dir = mkdtempSync(join(tmpdir(), "toolform-hostile-"));
  for (const f of files) writeFileSync(join(dir, f.path), f.contents);
  const mod = await import(pathToFileURL(join(dir, "index.js")).href);
  return { dir, mod };
}

type Check = (v: unknown) => boolean;
interface Oracle {
  first?: Check;
  firstName: string;
  second?: Check;
  /** Judging ajv's own standalone code (engine "ajv"): where ajv throws, that code threw too and the tool refused (fail-closed). */
  ajvEngine?: boolean;
}

/** ajv (2020-12, ajv-formats, strict off), with @cfworker/json-schema as tie-breaker — or as the oracle when ajv refuses the schema. */
function oracleFor(schema: unknown, ajv: ReturnType<typeof ajvOracle>, stats: RoundStats): Oracle {
  let cf: Check | undefined;
  try {
    const c = new Validator(schema as never, "2020-12", false);
    cf = (v) => c.validate(v).valid;
  } catch {
    cf = undefined;
  }
  try {
    return { first: ajv.compile(schema as object) as Check, firstName: "ajv", second: cf };
  } catch (e) {
    // ajv throws a URIError on a property or $defs name with a lone surrogate (it percent-encodes
    // schema paths for its own ids); cfworker judges those schemas alone when it can.
    stats.ajvRefused++;
    if (process.env.TOOLFORM_FUZZ_DEBUG) console.error("ajv refused:", String(e).slice(0, 300));
    return { first: cf, firstName: "cfworker" };
  }
}

function compare(o: Oracle, is: boolean, v: unknown, schema: unknown, stats: RoundStats, where: (s: string) => string): void {
  if (!o.first) return;
  let expected: boolean;
  try {
    expected = o.first(v);
  } catch {
    // ajv is not total: fast-deep-equal calls a value's own "valueOf"/"toString" key
    // ({"valueOf": "x"} in an enum/const/uniqueItems check throws a TypeError). The tie-breaker judges.
    stats.oracleThrew++;
    if (o.ajvEngine) {
      if (is) throw new Error(where(`engine ajv accepted a value ajv itself throws on: ${safeShow(v)}`));
      return;
    }
    if (o.second) compare({ first: o.second, firstName: "cfworker" }, is, v, schema, stats, where);
    return;
  }
  stats.ajvCompared++;
  if (is === expected) return;
  // A second, independent validator decides; when it sides with toolform, the first oracle was wrong.
  let other: boolean | undefined;
  try {
    other = o.second?.(v);
  } catch {
    other = undefined;
  }
  if (other === undefined && !is && o.firstName === "ajv" && ajvProtoBug(o.first)) {
    // No tie-breaker (cfworker cannot resolve a $ref to a $defs name holding "#"), but ajv's
    // only complaint is its known one: a declared "__proto__" counted as an additional property.
    stats.ajvOverruled.push(`${safeShow(schema).slice(0, 200)} on ${safeShow(v)}: ajv false (declared __proto__ counted as additional)`);
    return;
  }
  if (other !== is) throw new Error(where(`verdict differs (toolform ${is}, ${o.firstName} ${expected}, tie-breaker ${other}) for ${safeShow(v)} on ${safeShow(schema)}`));
  stats.ajvOverruled.push(`${safeShow(schema).slice(0, 200)} on ${safeShow(v)}: ${o.firstName} ${expected}`);
}

/** ajv's last errors are all its upstream bug: `additionalProperties` naming "__proto__" (a property the schema declares). */
function ajvProtoBug(check: Check | undefined): boolean {
  const errors = (check as { errors?: { keyword: string; params?: { additionalProperty?: string } }[] | null } | undefined)?.errors;
  return !!errors && errors.length > 0 && errors.every((e) => e.keyword === "additionalProperties" && e.params?.additionalProperty === "__proto__");
}

/**
 * compileSchema on one hostile schema: the standalone module (runtime inlined, no
 * prettier) is audited, imported from a data: URL, and judged against the oracle.
 */
export async function standaloneRound(schema: unknown, seed: number, stats: RoundStats, nValues = 8, withOracle = true): Promise<void> {
  const where = (s: string) => `[seed ${seed}] compileSchema: ${s}`;
  const forAjv = withOracle ? withoutCompare(schema) : schema;
  const c = await compileSchema(forAjv, { name: "hostile", format: false, allowUnchecked: true });
  if (c.diagnostics.some((d) => d.severity === "error")) throw new Error(where(`build errors: ${JSON.stringify(c.diagnostics).slice(0, 1000)}`));
  const f = scanGenerated("standalone.js", c.code, new Set());
  if (f.length) throw new Error(where(`audit: ${JSON.stringify(f.slice(0, 5))}`));
  const m = (await import("data:text/javascript;base64," + Buffer.from(c.code).toString("base64"))) as { is(v: unknown): boolean; validate(v: unknown): ValidationReport };
  assertCanary(where("after import"));
  const oracle = withOracle ? oracleFor(forAjv, ajvOracle(), stats) : { firstName: "none" };
  for (const v of sampleValues(forAjv, seed, nValues)) {
    let is: boolean, report: ValidationReport;
    try {
      is = m.is(v);
      report = m.validate(v);
    } catch (e) {
      throw new Error(where(`threw on ${safeShow(v)}: ${(e as Error).stack ?? e}`));
    }
    if (is !== report.ok) throw new Error(where(`is ${is}, validate ${report.ok} on ${safeShow(v)}`));
    if (!report.ok && report.errors.length === 0) throw new Error(where("a failed report without errors"));
    stats.values++;
    if (is) stats.valid++;
    compare(oracle, is, v, forAjv, stats, where);
  }
  stats.compileSchema++;
  assertCanary(where("after judging values"));
}

/** Audits the files of a generated toolset, imports it, checks every string survived, judges values against the oracle. */
async function auditLoadJudge(files: readonly { path: string; contents: string }[], keep: ToolDefinition[], seed: number, stats: RoundStats, valuesPerTool: number, where: (s: string) => string, ajvEngine = false): Promise<void> {
  const findings = scanFiles(files);
  if (findings.length) throw new Error(where(`generated code audit: ${JSON.stringify(findings.slice(0, 5))}`));
  const { dir, mod } = await importFiles(files);
  try {
    assertCanary(where("after import"));
    const ajv = ajvOracle();
    for (const def of keep) {
      const tool = mod.toolset[def.name];
      if (!tool || !Object.prototype.hasOwnProperty.call(mod.toolset, def.name)) throw new Error(where(`tool ${JSON.stringify(def.name)} missing from the toolset`));
      // Every string went through lit() unchanged: name, description and the whole schema round-trip.
      if (tool.name !== def.name) throw new Error(where(`name changed: ${JSON.stringify(def.name)} → ${JSON.stringify(tool.name)}`));
      if (tool.description !== (def.description ?? "")) throw new Error(where(`description of ${JSON.stringify(def.name)} changed`));
      if (!sameJson(tool.inputSchema, def.inputSchema)) throw new Error(where(`inputSchema of ${JSON.stringify(def.name)} changed in the generated module`));
      const routed = mod.validateCall({ name: def.name, arguments: {} });
      if (routed.unknown_tool) throw new Error(where(`validateCall does not find ${JSON.stringify(def.name)}`));

      const oracle = { ...oracleFor(def.inputSchema, ajv, stats), ajvEngine };
      for (const v of sampleValues(def.inputSchema, seed, valuesPerTool)) {
        const { is } = judge(tool, v, where(`tool ${JSON.stringify(def.name).slice(0, 80)}`));
        stats.values++;
        if (is) stats.valid++;
        compare(oracle, is, v, def.inputSchema, stats, where);
      }
    }
    // Unknown (hostile) tool names: a report, never a throw.
    for (const name of fc.sample(hostileString, { numRuns: 3, seed })) {
      const rep = mod.validateCall({ name, arguments: {} });
      if (rep.unknown_tool !== !Object.prototype.hasOwnProperty.call(mod.toolset, name)) throw new Error(where(`validateCall on ${JSON.stringify(name)}`));
    }
    assertCanary(where("after judging values"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

}

/**
 * One round on a hostile toolset. `seed` drives the value sampling; `valuesPerTool`
 * how many aimed values each tool is judged on (ajv-compared).
 */
export async function injectionRound(defs: ToolDefinition[], seed: number, stats: RoundStats, valuesPerTool = 8, engineAjv = true): Promise<void> {
  const where = (s: string) => `[seed ${seed}] ${s}`;
  const forAjv = defs.map((d) => ({ ...d, inputSchema: withoutCompare(d.inputSchema) as ToolDefinition["inputSchema"] }));
  const { keep, clashes } = expectedCollisions(forAjv);

  // 1. generate (js, unknownArgs "schema": the oracle's semantics). A duplicate name is an error, not a crash.
  //    allowUnchecked: hostile format names and tsType are unknown words, a build error by default
  //    (test/schema/fail-closed.test.ts); here they must still travel through every emitter as warnings.
  let r = await generate({ tools: forAjv, options: { emit: "js", lint: false, unknownArgs: "schema", allowUnchecked: true, formatCache } });
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  const naming = errors.filter((d) => d.code === "tools/duplicate-name" || d.code === "tools/name-collision");
  if (naming.length !== errors.length) throw new Error(where(`unexpected build errors: ${JSON.stringify(errors.filter((d) => !naming.includes(d))).slice(0, 2000)}`));
  if (naming.length !== clashes) throw new Error(where(`expected ${clashes} naming errors, got ${naming.length}: ${JSON.stringify(naming).slice(0, 1000)}`));
  stats.collisions += clashes;
  if (clashes) {
    if (r.files.length) throw new Error(where("files were emitted despite naming errors"));
    r = await generate({ tools: keep, options: { emit: "js", lint: false, unknownArgs: "schema", allowUnchecked: true, formatCache } });
    if (r.diagnostics.some((d) => d.severity === "error")) throw new Error(where(`errors after removing collisions: ${JSON.stringify(r.diagnostics).slice(0, 1000)}`));
  }
  stats.tools += keep.length;
  checkDistinctNames(r.files, where);

  // 2. audit the syntax tree of every file, then load it and judge values.
  await auditLoadJudge(r.files, keep, seed, stats, valuesPerTool, where);

  // 2b. Every fourth round, the engine "ajv" escape hatch too (ajv's standalone code, bundled).
  if (engineAjv && seed % 4 === 0) {
    // ajv cannot compile some schemas toolform can (lone surrogates in names): that must be a build error naming the tool.
    let a = await generate({ tools: keep, options: { emit: "js", lint: false, unknownArgs: "schema", allowUnchecked: true, formatCache, engine: "ajv" } as never });
    const aErrors = a.diagnostics.filter((d) => d.severity === "error");
    if (aErrors.some((d) => d.code !== "emit/ajv-failed" || d.tool === undefined)) throw new Error(where(`engine ajv errors: ${JSON.stringify(aErrors).slice(0, 1000)}`));
    const ajvable = keep.filter((k) => !aErrors.some((d) => d.tool === k.name));
    stats.ajvEngineRefused += keep.length - ajvable.length;
    if (aErrors.length && ajvable.length) a = await generate({ tools: ajvable, options: { emit: "js", lint: false, unknownArgs: "schema", allowUnchecked: true, formatCache, engine: "ajv" } as never });
    if (ajvable.length) await auditLoadJudge(a.files, ajvable, seed, stats, Math.ceil(valuesPerTool / 2), (x) => where("engine ajv: " + x), true);
    stats.engineAjv += ajvable.length;
  }

  // 3. emit "ts" with the schemas as written (x-compare included, unknownArgs "reject"): prettier's
  //    TypeScript parser must take every file (generate formats them) and the tree must be clean.
  const t = await generate({ tools: keep.map((k) => defs.find((d) => d.name === k.name)!), options: { emit: "ts", lint: false, allowUnchecked: true, formatCache } });
  const tErrors = t.diagnostics.filter((d) => d.severity === "error");
  if (tErrors.length) throw new Error(where(`ts emit errors: ${JSON.stringify(tErrors).slice(0, 1000)}`));
  const tFindings = scanFiles(t.files);
  if (tFindings.length) throw new Error(where(`generated TypeScript audit: ${JSON.stringify(tFindings.slice(0, 5))}`));

  // 4. The build-time lint (ReDoS, sanity, description guard, advice) reads the same hostile text: diagnostics, never a throw.
  for (const def of defs) {
    let ds: Awaited<ReturnType<typeof lintTools>>;
    try {
      ds = await lintTools(def, { unknownArgs: "reject", formats: true, maxDepth: 128, maxPatternInput: 10_000, remotes: {} }, {}, false);
    } catch (e) {
      throw new Error(where(`lint threw on ${JSON.stringify(def.name)}: ${(e as Error).stack ?? e}`));
    }
    for (const d of ds) if (typeof d.message !== "string" || typeof d.code !== "string") throw new Error(where("a malformed lint diagnostic"));
    stats.linted++;
  }

  // 5. compileSchema (the standalone module, runtime inlined) on the schemas as written, with examples.
  for (const def of defs.slice(0, 2)) await standaloneRound(def.inputSchema, seed + 7, stats, 4, false);
  assertCanary(where("end of round"));
}
