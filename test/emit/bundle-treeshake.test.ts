// One tool in a bundle (issue 33): a bundler that imports one tool from the generated index
// keeps that tool and drops the others (the index's tables are built by calls marked pure),
// and the runtime's tables it does not read (runtime-build.ts marks their calls pure), and the
// runtime's parts the tool does not use (its section hands makeTool only the ones it uses).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import type { ToolDefinition } from "../../src/sources/types.js";

const def = (name: string, key: string): ToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object", properties: { [key]: { type: "string", minLength: 1 } }, required: [key] },
  origin: { file: "test/emit/bundle-treeshake.test.ts", pointer: "" },
});

type Options = GenerateOptions;

/** esbuild's bundle (esm, browser) of `entry` beside the generated files; `names`: minified but for identifiers (to read what it keeps). */
async function bundleOf(emit: "js" | "ts", entry: string, options: Options = {}, tools = [def("keep_me", "kept_key"), def("drop_me", "dropped_key")], names = false): Promise<string> {
  const r = await generate({ tools, options: { lint: false, emit, ...options } });
  const dir = mkdtempSync(join(tmpdir(), "toolform-treeshake-"));
  try {
    for (const f of r.files) writeFileSync(join(dir, f.path), f.contents);
    writeFileSync(join(dir, "entry.mjs"), entry);
    const minify = names ? { minifySyntax: true, minifyWhitespace: true } : { minify: true };
    const out = await build({ entryPoints: [join(dir, "entry.mjs")], bundle: true, ...minify, format: "esm", platform: "browser", write: false, logLevel: "silent" });
    return out.outputFiles[0]!.text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each top-level name the runtime's modules declare (packages/runtime/src/rt/*.ts, suggest.ts), by module. */
function runtimeNames(): Map<string, string> {
  const out = new Map<string, string>();
  const files = [...readdirSync("packages/runtime/src/rt").map((f) => `rt/${f}`), "suggest.ts"].filter((f) => f.endsWith(".ts") && f !== "rt/index.ts");
  for (const f of files) {
    const text = readFileSync(join("packages/runtime/src", f), "utf8");
    for (const m of text.matchAll(/^(?:export )?(?:function\*? |const |let |class )([\w$]+)/gm)) out.set(m[1]!, f.replace(/^rt\//, "").replace(/\.ts$/, ""));
  }
  return out;
}

/** The runtime modules, and the runtime's names, a bundle (minified but for identifiers) keeps. */
function kept(text: string): { modules: string[]; names: Set<string> } {
  const all = runtimeNames();
  const names = new Set<string>();
  // Top-level declarations: minified, each starts a statement (after `;` or `}`, or a line start).
  for (const m of text.matchAll(/(?:^|[;}\n])(?:function\*? |var |let |const |class )([\w$]+)/g)) if (all.has(m[1]!)) names.add(m[1]!);
  for (const m of text.matchAll(/(?:^|[;}\n])(?:var|let|const) ([^;]*)/g)) for (const d of m[1]!.matchAll(/(?:^|,)([\w$]+)=/g)) if (all.has(d[1]!)) names.add(d[1]!);
  return { modules: [...new Set([...names].map((n) => all.get(n)!))].sort(), names };
}

describe("a bundle of one tool", () => {
  for (const emit of ["js", "ts"] as const) {
    it(`keeps that tool and drops the others (emit ${emit})`, async () => {
      const one = await bundleOf(emit, `export { keepMe } from "./index.js";\n`);
      expect(one).toContain("keep_me");
      expect(one).toContain("kept_key");
      expect(one).not.toContain("drop_me");
      expect(one).not.toContain("dropped_key");
      // No format in the tool: the runtime's table of format checks is dropped with its checks.
      expect(one).not.toContain("idn-hostname");
      // The whole toolset keeps both.
      const all = await bundleOf(emit, `export { toolset } from "./index.js";\n`);
      expect(all).toContain("drop_me");
      expect(all).toContain("dropped_key");
    });
  }
});

describe("the runtime a bundle of one tool keeps", () => {
  /** The goal of issue 33: one tool in a browser bundle, minified, at most this many bytes. */
  const GOAL = 15_000;
  const open = { unknownArgs: "schema" as const, normalizer: false };

  it("for a tool without formats, normaliser, coercion, output check or unknown-key refusal: the report, the messages it calls, nothing else", async () => {
    const { modules, names } = kept(await bundleOf("js", `export { keepMe } from "./index.js";\n`, open, undefined, true));
    // normalize: the compare mode's case-folding (tool.normalize(args), "compare"), all a tool without a normaliser keeps of it.
    // lines and order: the bucket lines written late (textOf) and the bucket order (rankOf), split out of messages and report.
    expect(modules).toEqual(["annotate", "budget", "lines", "messages", "normalize", "order", "predicates", "report", "text", "tool"]);
    for (const n of ["byPath", "outputCheck", "coercing", "CoercedReport", "knownLines", "unknownKey", "nzCast", "callReport"]) expect(names.has(n), n).toBe(false);
    // Sizes of esbuild's output are deterministic: the goal is a plain assertion, and so is what such a
    // tool came to (14,424 B before; 13,873 B once an unknown tool's feedback was written apart from a
    // known tool's report and the runtime's duplicated helpers were shared).
    const size = (await bundleOf("js", `export { keepMe } from "./index.js";\n`, open)).length;
    expect(size).toBeLessThanOrEqual(GOAL);
    expect(size).toBeLessThanOrEqual(14_000);
  });

  it("takes the name matcher, the declared-names lines and byPath only through what a tool uses", async () => {
    // Unknown keys refused (the default): unknownKey, and through it the matcher and the names line.
    const closed = kept(await bundleOf("js", `export { keepMe } from "./index.js";\n`, { normalizer: false }, undefined, true));
    expect(closed.modules).toContain("suggest");
    for (const n of ["unknownKey", "knownLines"]) expect(closed.names.has(n), n).toBe(true);
    expect(closed.names.has("byPath")).toBe(false);
    // A keyword that can put errors out of the feedback's order (anyOf): its section passes byPath.
    const branches: ToolDefinition = { ...def("keep_me", "kept_key"), inputSchema: { type: "object", properties: { kept_key: { anyOf: [{ type: "string" }, { type: "integer" }] } } } };
    const sorted = kept(await bundleOf("js", `export { keepMe } from "./index.js";\n`, open, [branches], true));
    expect(sorted.names.has("byPath")).toBe(true);
  });

  it("takes the coercion and the output check only for a tool that coerces, or declares an outputSchema", async () => {
    const coerced = kept(await bundleOf("js", `export { keepMe } from "./index.js";\n`, { ...open, coerce: "lenient" }, undefined, true));
    for (const n of ["coercing", "CoercedReport"]) expect(coerced.names.has(n), n).toBe(true);
    expect(coerced.names.has("outputCheck")).toBe(false);
    const withOutput: ToolDefinition = { ...def("keep_me", "kept_key"), outputSchema: { type: "object", properties: { n: { type: "integer" } } } };
    const out = kept(await bundleOf("js", `export { keepMe } from "./index.js";\n`, open, [withOutput], true));
    expect(out.names.has("outputCheck")).toBe(true);
    expect(out.names.has("coercing")).toBe(false);
  });
});
