/**
 * Name resolution without a type checker: what an identifier in a tool file
 * stands for, following relative imports and re-exports by hand. Only what the
 * static evaluator can use is told apart; everything else is `unknown`, with the
 * reason the message will give.
 */
import path from "node:path";
import {
  Node,
  VariableDeclarationKind,
  type EnumDeclaration,
  type ExportDeclaration,
  type Expression,
  type Identifier,
  type ImportDeclaration,
  type SourceFile,
} from "ts-morph";

export type Binding =
  /** A `const` with an initializer (or `export default <expr>`): its value is the expression. */
  | { kind: "value"; expr: Expression }
  | { kind: "enum"; decl: EnumDeclaration }
  /** A function declaration: a function-valued property, skipped like `execute`. */
  | { kind: "function" }
  /** `import * as ns from "./file.js"`: its members are the file's exports. */
  | { kind: "namespace"; file: SourceFile }
  | { kind: "unknown"; reason: string };

/** What `id` refers to at the place it is used. */
export function resolveIdentifier(id: Identifier): Binding {
  const name = id.getText();
  for (let scope: Node | undefined = id.getParent(); scope; scope = scope.getParent()) {
    if (Node.isFunctionLikeDeclaration(scope) || Node.isArrowFunction(scope)) {
      if (scope.getParameters().some((p) => p.getName() === name)) {
        return { kind: "unknown", reason: `\`${name}\` is a function parameter` };
      }
    }
    if (Node.isSourceFile(scope) || Node.isBlock(scope) || Node.isModuleBlock(scope)) {
      const found = declarationIn(scope, name, new Set());
      if (found) return found;
    }
  }
  return { kind: "unknown", reason: `\`${name}\` is not declared in this file` };
}

/** The binding an export name of `file` stands for (`default` included). */
export function resolveExport(file: SourceFile, name: string): Binding {
  return findExport(file, name, new Set()) ?? unknownExport(file, name);
}

/** Like resolveExport, but `undefined` when the file does not export `name` (for `export *`). */
function findExport(file: SourceFile, name: string, seen: Set<string>): Binding | undefined {
  // Visited already: a re-export cycle, or a second `export *` path to the same file.
  const key = `${file.getFilePath()}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);

  for (const stmt of file.getStatements()) {
    if (name === "default" && Node.isExportAssignment(stmt) && !stmt.isExportEquals()) {
      return { kind: "value", expr: stmt.getExpression() };
    }
    if (Node.isExportDeclaration(stmt)) {
      const found = followExportDeclaration(stmt, file, name, seen);
      if (found) return found;
      continue;
    }
    if (isExportedDeclarationOf(stmt, name)) {
      if (Node.isFunctionDeclaration(stmt)) return { kind: "function" };
      return declarationIn(file, name === "default" ? declaredName(stmt) : name, seen);
    }
  }
  return undefined;
}

/**
 * The source file a relative module specifier points at, added to the project
 * on first use. NodeNext writes `./x.js` for `./x.ts`, so extensions are mapped.
 */
export function resolveRelativeModule(from: SourceFile, specifier: string): SourceFile | undefined {
  const base = path.resolve(path.dirname(from.getFilePath()), specifier);
  const swapped = base.replace(/\.(m|c)?js$/, ".$1ts").replace(/\.jsx$/, ".tsx");
  const candidates = [swapped, base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const project = from.getProject();
  for (const candidate of candidates) {
    const sf = project.getSourceFile(candidate) ?? project.addSourceFileAtPathIfExists(candidate);
    if (sf) return sf;
  }
  return undefined;
}

export function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..";
}

/** A declaration named `name` among the statements of one scope. */
function declarationIn(scope: Node, name: string, seen: Set<string>): Binding | undefined {
  if (!Node.isStatemented(scope)) return undefined;
  for (const stmt of scope.getStatements()) {
    if (Node.isVariableStatement(stmt)) {
      const decl = stmt.getDeclarations().find((d) => d.getName() === name);
      if (!decl) continue;
      const kind = stmt.getDeclarationKind();
      const init = decl.getInitializer();
      if (kind !== VariableDeclarationKind.Const) {
        return { kind: "unknown", reason: `\`${name}\` is declared with \`${kind}\`, and only \`const\` values are read` };
      }
      return init ? { kind: "value", expr: init } : { kind: "unknown", reason: `\`${name}\` has no initializer` };
    }
    if (Node.isEnumDeclaration(stmt) && stmt.getName() === name) return { kind: "enum", decl: stmt };
    if (Node.isFunctionDeclaration(stmt) && stmt.getName() === name) return { kind: "function" };
    if (Node.isClassDeclaration(stmt) && stmt.getName() === name) {
      return { kind: "unknown", reason: `\`${name}\` is a class` };
    }
    if (Node.isImportDeclaration(stmt)) {
      const found = followImport(stmt, name, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** The binding an import brings in under the local `name`, if this import declares it. */
function followImport(decl: ImportDeclaration, name: string, seen: Set<string>): Binding | undefined {
  const specifier = decl.getModuleSpecifierValue();
  const named = decl.getNamedImports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name);
  const isDefault = decl.getDefaultImport()?.getText() === name;
  const isNamespace = decl.getNamespaceImport()?.getText() === name;
  if (!named && !isDefault && !isNamespace) return undefined;

  if (!isRelativeSpecifier(specifier)) {
    return { kind: "unknown", reason: `\`${name}\` is imported from the package "${specifier}"` };
  }
  const file = resolveRelativeModule(decl.getSourceFile(), specifier);
  if (!file) return { kind: "unknown", reason: `the module "${specifier}" imported for \`${name}\` was not found` };
  if (isNamespace) return { kind: "namespace", file };
  const exported = isDefault ? "default" : named!.getName();
  return findExport(file, exported, seen) ?? unknownExport(file, exported);
}

/** `export { a as b }`, `export { a as b } from "./x.js"`, `export * from "./x.js"`. */
function followExportDeclaration(
  stmt: ExportDeclaration,
  file: SourceFile,
  name: string,
  seen: Set<string>,
): Binding | undefined {
  const specifier = stmt.getModuleSpecifierValue();
  const target = specifier && isRelativeSpecifier(specifier) ? resolveRelativeModule(file, specifier) : undefined;
  const namespaceExport = stmt.getNamespaceExport();
  if (namespaceExport) {
    if (namespaceExport.getName() !== name) return undefined;
    return target ? { kind: "namespace", file: target } : packageExport(name, specifier);
  }
  if (!stmt.hasNamedExports()) {
    // `export * from` never re-exports a default.
    if (name === "default" || !target) return undefined;
    return findExport(target, name, seen);
  }
  const spec = stmt.getNamedExports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name);
  if (!spec) return undefined;
  const local = spec.getName();
  if (specifier === undefined) return declarationIn(file, local, seen) ?? unknownExport(file, local);
  if (!target) return packageExport(name, specifier);
  return findExport(target, local, seen) ?? unknownExport(target, local);
}

function isExportedDeclarationOf(stmt: Node, name: string): boolean {
  if (!Node.isExportable(stmt) || !stmt.isExported()) return false;
  if (name === "default") return stmt.isDefaultExport();
  if (Node.isVariableStatement(stmt)) return stmt.getDeclarations().some((d) => d.getName() === name);
  return declaredName(stmt) === name && !stmt.isDefaultExport();
}

function declaredName(stmt: Node): string {
  return Node.hasName(stmt) ? stmt.getName() : "";
}

function unknownExport(file: SourceFile, name: string): Binding {
  return { kind: "unknown", reason: `\`${name}\` is not exported by ${path.basename(file.getFilePath())}` };
}

function packageExport(name: string, specifier: string | undefined): Binding {
  return { kind: "unknown", reason: `\`${name}\` is re-exported from the package "${specifier}"` };
}
