// The widget source files a module reaches through its imports (static and dynamic), within one folder
// (the widgets' src/): what an element's code can render and emit.
import ts from 'typescript';

function specifiersOf(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      // Type-only imports bring no code.
      if (!(node.importClause?.isTypeOnly || node.isTypeOnly)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Source files of `program` reachable from `start` (itself included) inside `withinDir`. */
export function moduleClosure(program, start, withinDir) {
  const options = program.getCompilerOptions();
  const seen = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const fileName = queue.pop();
    if (seen.has(fileName)) continue;
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) continue;
    seen.set(fileName, sourceFile);
    for (const specifier of specifiersOf(sourceFile)) {
      const resolved = ts.resolveModuleName(specifier, fileName, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && resolved.startsWith(withinDir) && !resolved.endsWith('.d.ts')) queue.push(resolved);
    }
  }
  return [...seen.values()];
}
