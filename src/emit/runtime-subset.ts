// The part of the runtime one module needs: the top-level declarations its code
// names (`rt.x`), and what those name in turn. `toolform compile` inlines the
// runtime into one standalone module; a one-field schema needs a few helpers of it,
// not the whole file (formats, normaliser, suggestions, reports of other keywords).
import { toJavaScript, typescript } from "./finish.js";

interface Decl {
  text: string;
  /** Names it declares at the top level ([] for a type or a statement that declares nothing). */
  names: string[];
  /** Identifiers it mentions (a superset of what it reads: enough to keep what it needs). */
  mentions: Set<string>;
  exported: boolean;
  /** Interfaces and type aliases: kept (the JavaScript emit erases them). */
  typeOnly: boolean;
  /** Its JavaScript, unexported, made once (compiling one subset per schema would cost a transpile each). */
  js?: string;
}

const parsed = new Map<string, Decl[]>();

function declarations(src: string): Decl[] {
  let decls = parsed.get(src);
  if (decls) return decls;
  const ts = typescript();
  const file = ts.createSourceFile("_runtime.ts", src, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  decls = file.statements.map((st) => {
    const names: string[] = [];
    if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) names.push(st.name.text);
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    const mentions = new Set<string>();
    const walk = (n: import("ts-morph").ts.Node): void => {
      if (ts.isIdentifier(n)) mentions.add(n.text);
      n.forEachChild(walk);
    };
    st.forEachChild(walk);
    const exported = !!ts.getModifiers(st as import("ts-morph").ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const typeOnly = ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st);
    return { text: st.getFullText(file), names, mentions, exported, typeOnly };
  });
  parsed.set(src, decls);
  return decls;
}

/**
 * The runtime cut to what `roots` need, as JavaScript without exports: the
 * declarations (in file order) reachable from those names, and statements that
 * declare nothing. `exported`: the reachable exported names (what `rt` offers).
 */
export function runtimeSubset(src: string, roots: Iterable<string>): { js: string; exported: string[] } {
  const decls = declarations(src);
  const byName = new Map<string, Decl>();
  for (const d of decls) for (const n of d.names) byName.set(n, d);
  const keep = new Set<Decl>();
  const queue = [...roots];
  while (queue.length) {
    const d = byName.get(queue.pop()!);
    if (!d || keep.has(d)) continue;
    keep.add(d);
    queue.push(...d.mentions);
  }
  const kept = decls.filter((d) => keep.has(d) || (d.names.length === 0 && !d.typeOnly && !isImportOrEmpty(d)));
  const js = kept.map((d) => (d.js ??= toJavaScript(d.text.replace(/^export /gm, "")))).join("\n");
  return { js, exported: kept.filter((d) => d.exported).flatMap((d) => d.names) };
}

function isImportOrEmpty(d: Decl): boolean {
  return d.text.trim() === "" || d.text.trim().startsWith("import ");
}
