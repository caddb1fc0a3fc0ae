/**
 * Finds the `defineTool(...)` calls of a file, wherever they stand: exported
 * consts, `export default`, array elements, several per file.
 */
import { Node, SyntaxKind, type CallExpression, type SourceFile } from "ts-morph";

const DEFINE_TOOL = "defineTool";

/** Every defineTool call of the file, in source order. */
export function findDefineToolCalls(sf: SourceFile): CallExpression[] {
  const names = localNamesOfDefineTool(sf);
  return sf.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => {
    const callee = call.getExpression();
    // defineTool(...) or an alias of it: the import may come from any module
    // ("toolform", a relative path, a re-export), so the name decides.
    if (Node.isIdentifier(callee)) return names.has(callee.getText());
    // toolform.defineTool(...), after `import * as toolform from "toolform"`.
    if (Node.isPropertyAccessExpression(callee)) return callee.getName() === DEFINE_TOOL;
    return false;
  });
}

/** "defineTool" plus any local alias from `import { defineTool as x }`. */
function localNamesOfDefineTool(sf: SourceFile): Set<string> {
  const names = new Set([DEFINE_TOOL]);
  for (const decl of sf.getImportDeclarations()) {
    for (const spec of decl.getNamedImports()) {
      const alias = spec.getAliasNode();
      if (spec.getName() === DEFINE_TOOL && alias) names.add(alias.getText());
    }
  }
  return names;
}
