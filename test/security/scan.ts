// A syntax-tree audit of generated code (TypeScript's own parser, so it sees what
// an engine sees): no eval, no Function constructor, no dynamic import, no
// require, no `with`, imports only of sibling generated files — and no identifier
// a payload could have introduced (the canary `__pwned`, `globalThis`). A payload
// that broke out of a string or comment becomes syntax, and syntax is in the tree
// even if the code it landed in never runs.
import ts from "typescript";

export interface Finding {
  file: string;
  what: string;
  at: number;
}

const BANNED_IDENTIFIERS = new Set(["eval", "Function", "require", "globalThis", "window", "self", "global", "process", "__pwned"]);

/**
 * Audits one generated file. `siblings` are the base names of the files generated
 * beside it ("_runtime", "legal_draft_v3", ...); an import of anything else is a finding.
 */
export function scanGenerated(file: string, text: string, siblings: ReadonlySet<string>): Finding[] {
  const kind = file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, kind);
  const out: Finding[] = [];
  const add = (what: string, node: ts.Node) => out.push({ file, what, at: node.getStart(sf) });
  // Syntax errors: a parse that needed recovery means the text is not what the generator meant.
  for (const d of (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? []) out.push({ file, what: "syntax error: " + ts.flattenDiagnosticMessageText(d.messageText, "\n"), at: d.start ?? 0 });
  const specifier = (node: ts.Node, spec: ts.Expression | undefined) => {
    if (!spec || !ts.isStringLiteral(spec)) return add("non-literal module specifier", node);
    const m = /^\.\/([A-Za-z0-9_.-]+)\.js$/.exec(spec.text);
    if (!m || !siblings.has(m[1]!)) add(`import of ${JSON.stringify(spec.text)}`, node);
  };
  // Names bound in the file itself: a tool named "process" or "require" is exported under that
  // name (a local binding, harmless in a module); a payload's `require(...)` would be a free reference.
  const declared = new Set<string>();
  const collect = (node: ts.Node): void => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isImportSpecifier(node) || ts.isParameter(node)) && node.name && ts.isIdentifier(node.name)) declared.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const name = node.text;
      // A property name (`{ eval: ... }`, `x.eval`) is data, not a reference; prettier unquotes keys that are identifiers.
      const p = node.parent;
      const isKey = p && (ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyAccessExpression(p)) && p.name === node;
      // json-schema-to-typescript names types after schema titles (made safe: "Function" is a type
      // declaration, not a reference to the constructor); type space has no run-time effect.
      const isTypeName =
        p &&
        (((ts.isTypeAliasDeclaration(p) || ts.isInterfaceDeclaration(p) || ts.isEnumDeclaration(p)) && p.name === node) ||
          (ts.isTypeReferenceNode(p) && p.typeName === node) ||
          ts.isQualifiedName(p) ||
          (ts.isExportSpecifier(p) && (p.isTypeOnly || p.parent.parent.isTypeOnly)));
      if (name.includes("pwned") || (BANNED_IDENTIFIERS.has(name) && !isKey && !isTypeName && !declared.has(name))) add(`identifier ${name}`, node);
    }
    if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) specifier(node, node.moduleSpecifier);
    if (ts.isImportEqualsDeclaration(node)) add("import = require", node);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add("dynamic import()", node);
    if (ts.isImportTypeNode(node)) add("import() type", node);
    if (ts.isWithStatement(node)) add("with statement", node);
    if (node.kind === ts.SyntaxKind.DebuggerStatement) add("debugger", node);
    if (ts.isTaggedTemplateExpression(node)) add("tagged template", node);
    if (ts.isMetaProperty(node)) add("import.meta / new.target", node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Audits every generated file of a toolset. */
export function scanFiles(files: readonly { path: string; contents: string }[]): Finding[] {
  const siblings = new Set(files.map((f) => f.path.replace(/(\.d)?\.(ts|js)$/, "")));
  return files.flatMap((f) => scanGenerated(f.path, f.contents, siblings));
}
