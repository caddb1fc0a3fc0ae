// Joins the runtime's modules (@toolform/runtime's src/rt/, with src/suggest.ts) into the
// one file written beside generated code, which imports nothing. Why not esbuild alone:
// esbuild writes JavaScript only, and emit "ts" writes a typed runtime (checked by the
// user's tsc with every strict flag). So the TypeScript text is made here, from the
// modules' syntax trees: modules in import order (as ESM evaluates them), import and
// re-export statements dropped, `export` kept only on what the entry (rt/index.ts)
// exports. Sound because the modules share one scope once joined: an import must name a
// sibling module (or suggest.ts) without renaming, and a top-level name declared in two
// modules is an error naming both, so every reference still means the same declaration.
// The .d.ts comes from that text; the JavaScript (emit "js", `toolform compile`) is
// esbuild's, from the same text. TypeScript loads only here: `npm run build` runs this
// once (scripts/build-runtime.mjs) and a build uses its result while the sources match.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { ts as TS } from "ts-morph";
import { declarationsOf, typescript } from "./finish.js";

export interface RuntimeSources {
  /** The modules' folder (src/rt) and the package's src/ (for suggest.ts). */
  dir: string;
  src: string;
}

export interface BuiltRuntime {
  /** The runtime as one TypeScript file (no header). */
  ts: string;
  /** Its declarations. */
  dts: string;
  /** What it exports (the entry's exports), in the entry's order. */
  exports: string[];
}

/** Modules other than rt/ that the runtime may import (by path below the package's src/). */
const ALSO = ["suggest.ts"];

/** An error in the runtime's modules: names the file, the place and the fix. */
function fail(file: string, sf: TS.SourceFile | undefined, node: TS.Node | undefined, what: string): never {
  const at = sf && node ? `:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}` : "";
  throw new Error(`toolform: ${file}${at}: ${what}`);
}

export function buildRuntime(where: RuntimeSources): BuiltRuntime {
  const ts = typescript();
  const entry = join(where.dir, "index.ts");
  const rel = (f: string) => relative(join(where.src, ".."), f);
  const parsed = new Map<string, TS.SourceFile>();
  const order: string[] = [];
  const visiting = new Set<string>();

  /** The module file an import names: a sibling in rt/ or suggest.ts, else an error. */
  const resolveSpec = (from: string, sf: TS.SourceFile, node: TS.Node, spec: string): string => {
    const target = resolve(dirname(from), spec.replace(/\.js$/, ".ts"));
    const allowed = dirname(target) === where.dir || ALSO.some((a) => target === join(where.src, a));
    if (!spec.startsWith(".") || !spec.endsWith(".js") || !allowed) {
      fail(rel(from), sf, node, `imports "${spec}": the written runtime imports nothing, so a runtime module may import only a sibling module ("./name.js") or ../suggest.js`);
    }
    return target;
  };

  // Post-order from the entry: each module after the modules it imports (ESM's evaluation order).
  const visit = (file: string): void => {
    if (parsed.has(file) || visiting.has(file)) return;
    visiting.add(file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw new Error(`toolform: ${rel(file)}: runtime module not found`);
    }
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    for (const st of sf.statements) {
      const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      if (spec !== undefined) visit(resolveSpec(file, sf, st, spec));
    }
    parsed.set(file, sf);
    order.push(file);
  };
  visit(entry);

  // What the entry exports: `export { a, type B } from "./m.js"` lines, names unchanged.
  const exports: string[] = [];
  const entrySf = parsed.get(entry)!;
  for (const st of entrySf.statements) {
    if (!ts.isExportDeclaration(st) || !st.exportClause || !ts.isNamedExports(st.exportClause)) {
      fail(rel(entry), entrySf, st, 'the entry may only re-export names from its modules (export { a, b } from "./m.js")');
    }
    for (const e of st.exportClause.elements) {
      if (e.propertyName) fail(rel(entry), entrySf, e, `re-exports ${e.propertyName.text} as ${e.name.text}: export it under its own name`);
      exports.push(e.name.text);
    }
  }
  const exported = new Set(exports);

  const declaredIn = new Map<string, string>();
  const sections: string[] = [];
  for (const file of order) {
    if (file === entry) continue;
    const sf = parsed.get(file)!;
    const kept: string[] = [];
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st)) {
        const clause = st.importClause;
        const named = clause?.namedBindings;
        if (!clause || clause.name || !named || !ts.isNamedImports(named)) fail(rel(file), sf, st, "only named imports ({ a, b }) can be joined into one file");
        for (const e of named.elements) if (e.propertyName) fail(rel(file), sf, e, `imports ${e.propertyName.text} as ${e.name.text}: import it under its own name`);
        continue;
      }
      if (ts.isExportDeclaration(st) || ts.isExportAssignment(st)) fail(rel(file), sf, st, "only the entry (index.ts) re-exports; declare and export names where they are defined");
      // A default export has no name in the joined scope (and `export default function` keeps `default` as a modifier): name it.
      if (ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) fail(rel(file), sf, st, "a default export cannot be joined into one file: export a named declaration instead");
      for (const name of declaredNames(ts, st)) {
        const other = declaredIn.get(name);
        if (other !== undefined) fail(rel(file), sf, st, `${name} is declared here and in ${other}: the runtime's modules share one scope once joined, so rename one`);
        declaredIn.set(name, rel(file));
      }
      kept.push(withoutExport(ts, sf, st, (n) => exported.has(n)));
    }
    const head = fileHeader(ts, sf);
    sections.push([head, kept.join("").replace(/^\n+/, "")].filter(Boolean).join("\n\n").trimEnd());
  }
  for (const name of exports) if (!declaredIn.has(name)) fail(rel(entry), entrySf, undefined, `exports ${name}, which no runtime module declares`);
  const text = sections.join("\n\n") + "\n";
  return { ts: text, dts: declarationsOf(text), exports };
}

/** The top-level names a statement declares. */
function declaredNames(ts: typeof TS, st: TS.Statement): string[] {
  if (ts.isVariableStatement(st)) {
    return st.declarationList.declarations.map((d) => {
      if (!ts.isIdentifier(d.name)) throw new Error(`toolform: runtime: a destructuring declaration at top level cannot be joined (${d.getText()})`);
      return d.name.text;
    });
  }
  if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) return [st.name.text];
  return [];
}

/**
 * The statement's text (with its comments), its `export` dropped unless the runtime exports
 * what it declares, and the calls that build a top-level constant marked pure (pureCalls).
 */
function withoutExport(ts: typeof TS, sf: TS.SourceFile, st: TS.Statement, keep: (name: string) => boolean): string {
  const base = Math.max(st.getFullStart(), headerEnd(ts, sf));
  const mod = ts.canHaveModifiers(st) ? ts.getModifiers(st)?.find((m) => m.kind === ts.SyntaxKind.ExportKeyword) : undefined;
  const drop = mod && !declaredNames(ts, st).some(keep) ? mod : undefined;
  let text = "";
  let at = base;
  for (const pos of pureCalls(ts, sf, st)) {
    text += sf.text.slice(at, pos) + PURE;
    at = pos;
  }
  text += sf.text.slice(at, st.getEnd());
  if (!drop) return text;
  // `export` comes before every initializer: its place in `text` is unmoved.
  return text.slice(0, drop.getStart(sf) - base) + text.slice(drop.getEnd() - base).replace(/^ /, "");
}

const PURE = "/* @__PURE__ */ ";

/**
 * Where the calls (and `new`s) that compute a top-level constant start, outside the functions
 * it holds: marked pure, a bundler drops a table nothing reads (the matcher's
 * word lists, the URI patterns), so a tool that uses one format does not carry all of them. A
 * bundler keeps a pure call's arguments that may have effects, hence every call, not only the
 * outermost. Sound because a runtime module's top level only builds values (no constant is
 * initialised for what its initialiser does to others).
 */
function pureCalls(ts: typeof TS, sf: TS.SourceFile, st: TS.Statement): number[] {
  if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) return [];
  const out = new Set<number>();
  const visit = (n: TS.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) {
      // An IIFE's body runs at load: its calls are its own business; the IIFE itself is marked by its parent.
      return;
    }
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && !hasPureComment(sf, n)) out.add(n.getStart(sf));
    ts.forEachChild(n, visit);
  };
  for (const d of st.declarationList.declarations) if (d.initializer) visit(d.initializer);
  return [...out].sort((a, b) => a - b);
}

/** Whether the source already marks this call pure. */
function hasPureComment(sf: TS.SourceFile, n: TS.Node): boolean {
  return /@__PURE__|#__PURE__/.test(sf.text.slice(n.getFullStart(), n.getStart(sf)));
}

/** Where a module's header comment (its leading `//` lines before the first blank line) ends; 0 without one. */
function headerEnd(ts: typeof TS, sf: TS.SourceFile): number {
  let end = 0;
  for (const c of ts.getLeadingCommentRanges(sf.text, 0) ?? []) {
    if (c.kind !== ts.SyntaxKind.SingleLineCommentTrivia || /\n\s*\n/.test(sf.text.slice(end, c.pos))) break;
    end = c.end;
  }
  return end;
}

function fileHeader(ts: typeof TS, sf: TS.SourceFile): string {
  return sf.text.slice(0, headerEnd(ts, sf)).trim();
}
