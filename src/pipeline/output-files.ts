// The files a build writes from its compiled tools: the runtime (named by its hash), the
// index (one module, or an index importing chunk files for a large toolset), in the emit's
// language, and the provider lists. Derived texts are kept in the format cache by a hash of
// their inputs, so a build that keeps most tools makes little of this again.
import type { Provider } from "../emit/providers/shared.js";
import { textIn } from "../emit/code.js";
import { stripTypes } from "../emit/finish.js";
import { header } from "../emit/header.js";
import { chunkImportsDts, chunkImportsTs, indexHeadDts, indexHeadTs, indexTablesTs, indexTailDts, indexTailTs, type IndexEntry } from "../emit/index-module.js";
import { layoutCode } from "../emit/layout.js";
import { runtimeDeclarations } from "../emit/runtime-file.js";
import type { GeneratedFile } from "../io/generated-file.js";
import { hashOf, keyOf } from "../io/hash.js";
import { sha256 } from "../io/stamps.js";
import { GENERATED_JSON_MARK, outputBytes } from "../io/write.js";
import { chunkFileName, chunkRanges } from "./chunks.js";
import type { CompiledTool } from "./compiled.js";
import type { ProviderLists } from "../emit/providers/index.js";
import { providerFiles } from "./providers.js";

export interface FormatCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/**
 * The output files of `compiled` (each with its cache key in `keys`, what its sections are made
 * from). `rtTs`: the runtime's TypeScript, `rtHash` its hash (in its file name); `runtimeTexts`: its JavaScript and declarations when
 * already made or on their way (emit "js"/"cjs": generate.ts starts them first); `providers`: the provider lists to write.
 */
export async function outputFiles(
  compiled: CompiledTool[],
  keys: readonly string[],
  sourceFiles: readonly string[],
  emit: "ts" | "js" | "cjs",
  formatCache: FormatCache | undefined,
  rtTs: string,
  rtHash: string,
  runtimeTexts: Promise<{ rtJs: string; rtDts: string }> | undefined,
  providers: { lists: ProviderLists; providers: readonly Provider[] } | undefined,
): Promise<GeneratedFile[]> {
  const entries: IndexEntry[] = compiled.map(indexEntry);
  const setHash = hashOf(compiled.map((t) => t.inputHash));
  const sources = [...new Set(sourceFiles)].sort();
  const sourceLabel = sources.length <= 3 ? sources.join(", ") : `${sources.length} files`;
  const files: GeneratedFile[] = [];
  const memo = formatCache ?? processFormatCache;
  // The runtime's file name carries its hash: a new toolform writes a new runtime beside
  // the old one, and index (written last) switches to it in the same rename (io/write.ts).
  const rtFile = runtimeFileName(rtHash);
  const rtHeader = header("@toolform/runtime src/rt (the runtime modules, joined)", rtHash);
  const idxHeader = header(sourceLabel, setHash);
  // The index's tail names every tool: made once per set of entries (a description-only edit keeps it).
  const entriesJson = JSON.stringify(entries);
  const tail = () => memoFormat(memo, ["index-tail.ts", entriesJson], async () => layoutCode(indexTailTs(entries)));
  // The tables of schemas and hashes the sections read (written laid out: no layout pass over them).
  const tables = (tools: readonly CompiledTool[], lang: "ts" | "esm" | "cjs") => textIn(indexTablesTs(tools), lang);
  // ajv's standalone code (engine "ajv") is untyped JavaScript: a module with such a tool is not type-checked (its types are still exported and used).
  const nocheck = (tools: readonly CompiledTool[]) => (tools.some((t) => t.untyped) ? "// @ts-nocheck\n" : "");
  // A large toolset: the sections and their tables in chunk files, which the index imports (chunks.ts).
  const chunks = chunksOf(compiled, entries, keys, [emit, rtFile]);
  // Chunk texts are kept only in the caller's cache (the build's, on disk): the process's own small one keeps the runtime's texts.
  const chunkFile = (c: Chunk, ext: string, pieces: () => (string | Uint8Array)[]) => shaKnownFile(c.file + ext, pieces, formatCache, keyOf(["chunk-sha", c.key, ext]));
  // What the index says of each chunk, kept by the chunk's key (it names a thousand tools at 1,000 tools: most builds keep most chunks).
  const chunkImports = (cs: readonly Chunk[], lang: "ts" | "esm" | "cjs" | "dts") =>
    Promise.all(cs.map((c) => memoFormat(formatCache, ["chunk-imports", lang, c.key], async () => (lang === "dts" ? textIn(chunkImportsDts(c.file, c.entries), "ts") : textIn(chunkImportsTs(c.file, c.entries), lang)))));
  const chunkHeader = (c: Chunk) => header(`tools ${c.tools[0]!.def.name} … ${c.tools[c.tools.length - 1]!.def.name} (${c.tools.length})`, c.key);
  if (emit === "ts") {
    files.push({ path: rtFile + ".ts", contents: rtHeader + "\n" + rtTs });
    if (!chunks) files.push(joinedFile("index.ts", [idxHeader, nocheck(compiled) + textIn(indexHeadTs(rtFile), "ts"), tables(compiled, "ts"), ...compiled.map((t) => t.bytes?.ts ?? t.ts), await tail()]));
    else {
      for (const c of chunks) files.push(chunkFile(c, ".ts", () => [chunkHeader(c), nocheck(c.tools) + textIn(indexHeadTs(rtFile, false), "ts"), tables(c.tools, "ts"), ...c.tools.map((t) => t.bytes?.ts ?? t.ts)]));
      files.push(joinedFile("index.ts", [idxHeader, textIn(indexHeadTs(rtFile), "ts"), ...(await chunkImports(chunks, "ts")), await tail()]));
    }
  } else {
    // "js" and "cjs" both write .js (an ES module, or CommonJS) and .d.ts, and a package.json that says which:
    // node and TypeScript read a .js file's module type from the nearest package.json, so the output
    // loads as what it is in a package of either type.
    const module = emit === "cjs" ? "cjs" : "esm";
    files.push({ path: "package.json", contents: outDirPackageJson(module) });
    const { rtJs, rtDts } = (await runtimeTexts) ?? (await runtimeJs(rtTs, memo, module));
    files.push({ path: rtFile + ".js", contents: rtHeader + "\n" + rtJs });
    files.push({ path: rtFile + ".d.ts", contents: rtHeader + "\n" + rtDts });
    // The head, the sections and the tail, each written in the module's language from the same emit as index.ts.
    const tailJs = await memoFormat(memo, ["index-tail.js", module, entriesJson], async () => layoutCode(indexTailTs(entries), module));
    const tailDts = await memoFormat(memo, ["index-tail.d.ts", entriesJson], async () => layoutCode(indexTailDts(entries)));
    if (!chunks) {
      files.push(joinedFile("index.js", [idxHeader, layoutCode(indexHeadTs(rtFile), module), tables(compiled, module), ...compiled.map((t) => t.bytes?.js ?? t.js!), tailJs]));
      files.push(joinedFile("index.d.ts", [idxHeader, textIn(indexHeadDts(rtFile), "ts"), ...compiled.map((t) => t.bytes?.dts ?? t.dts), tailDts]));
    } else {
      for (const c of chunks) {
        files.push(chunkFile(c, ".js", () => [chunkHeader(c), layoutCode(indexHeadTs(rtFile, false), module), tables(c.tools, module), ...c.tools.map((t) => t.bytes?.js ?? t.js!)]));
        files.push(chunkFile(c, ".d.ts", () => [chunkHeader(c), textIn(indexHeadDts(rtFile, false), "ts"), ...c.tools.map((t) => t.bytes?.dts ?? t.dts)]));
      }
      files.push(joinedFile("index.js", [idxHeader, layoutCode(indexHeadTs(rtFile), module), ...(await chunkImports(chunks, module)), tailJs]));
      files.push(joinedFile("index.d.ts", [idxHeader, textIn(indexHeadDts(rtFile), "ts"), ...(await chunkImports(chunks, "dts")), tailDts]));
    }
  }
  if (providers) files.push(...(await providerFiles(providers.lists, providers.providers, emit, rtFile)));
  return files;
}

/** A file made of pieces joined by newlines; its text is decoded only when something reads `contents`. */
function joinedFile(path: string, pieces: readonly (string | Uint8Array)[]): GeneratedFile {
  if (pieces.every((p) => typeof p === "string")) return { path, contents: pieces.join("\n") };
  const chunks: (string | Uint8Array)[] = [];
  pieces.forEach((p, i) => (i ? chunks.push("\n", p) : chunks.push(p)));
  let text: string | undefined;
  return {
    path,
    chunks,
    get contents() {
      return (text ??= chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("utf8"))).join(""));
    },
  };
}

/** The outDir's package.json under emit "js"/"cjs": the module type of the .js files in it (GENERATED_JSON_MARK first). */
function outDirPackageJson(module: "esm" | "cjs"): string {
  return `${GENERATED_JSON_MARK}",\n  "type": ${JSON.stringify(module === "cjs" ? "commonjs" : "module")}\n}\n`;
}

/** A run of tools in a chunk file of a large toolset's index. */
interface Chunk {
  /** Its file name, without extension. */
  file: string;
  /** What its files are made from (the tools' cache keys, the emit, the runtime's name): the file name comes from it. */
  key: string;
  tools: CompiledTool[];
  entries: IndexEntry[];
}

/** The chunks of a large toolset, undefined for one index file. `entries` and `keys`: each compiled tool's, in the same order. */
function chunksOf(compiled: CompiledTool[], entries: readonly IndexEntry[], keys: readonly string[], context: readonly string[]): Chunk[] | undefined {
  return chunkRanges(entries.map((e) => e.name))?.map(([from, to]) => {
    const key = keyOf(["chunk", ...context, ...keys.slice(from, to)]);
    return { file: chunkFileName(key), key, tools: compiled.slice(from, to), entries: entries.slice(from, to) };
  });
}

function indexEntry(t: CompiledTool): IndexEntry {
  return { name: t.def.name, ident: t.ident, typeName: t.typeName, schemaHash: t.schemaHash, defineTool: /\.[cm]?[jt]sx?$/.test(t.def.origin.file) };
}

/**
 * A file whose contents follow from a key (a chunk's): they are made only when read, and their
 * sha256 is kept in the format cache by that key, so a build that leaves the chunk as it was
 * neither makes nor hashes its megabyte again (the write finds it unchanged by that hash).
 */
function shaKnownFile(path: string, pieces: () => (string | Uint8Array)[], memo: FormatCache | undefined, shaKey: string): GeneratedFile {
  let made: GeneratedFile | undefined;
  const file = (): GeneratedFile => (made ??= joinedFile(path, pieces()));
  const f: GeneratedFile = {
    path,
    get chunks() {
      return file().chunks;
    },
    get contents() {
      return file().contents;
    },
  };
  // Without a cache the sha is left to whoever needs it (hashOutputs): an API caller may only read the text.
  if (memo) {
    let sha = memo.get(shaKey);
    if (sha === undefined) memo.set(shaKey, (sha = sha256(outputBytes(f))));
    f.sha = sha;
  }
  return f;
}

/** The runtime as JavaScript and as declarations (TypeScript loads for the latter: cached). */
export async function runtimeJs(rtTs: string, memo: FormatCache, module: "esm" | "cjs"): Promise<{ rtJs: string; rtDts: string }> {
  const rtJs = await memoFormat(memo, ["runtime.js", module, rtTs], () => stripTypes(rtTs, module));
  const rtDts = await memoFormat(memo, ["runtime.d.ts", rtTs], async () => runtimeDeclarations(rtTs));
  return { rtJs, rtDts };
}

/** "_runtime.<10 hex>": the runtime's file name (without extension) for its hash. */
export function runtimeFileName(rtHash: string): string {
  return `_runtime.${rtHash.slice(0, 10)}`;
}

/** Without a cache from the caller, the runtime's JavaScript and declarations are still reused within the process (bounded). */
export const processFormatCache: FormatCache = (() => {
  const m = new Map<string, string>();
  return {
    get: (k) => m.get(k),
    set: (k, v) => {
      if (m.size > 20) m.delete(m.keys().next().value!);
      m.set(k, v);
    },
  };
})();

/** Looks a derived text up in the format cache by a hash of its inputs; makes and stores it on a miss. */
async function memoFormat(memo: FormatCache | undefined, inputs: string[], produce: () => Promise<string>): Promise<string> {
  if (!memo) return produce();
  const key = hashOf(inputs);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const out = await produce();
  memo.set(key, out);
  return out;
}
