// The strings a JSX attribute can hold (`part="row"`, part={`dialog-${name}`}, part={kind}), from the
// type checker: string literal types are expanded, anything wider becomes `*`.
import ts from 'typescript';

function literalsOfType(checker, type) {
  if (type.isStringLiteral()) return [type.value];
  if (type.isUnion()) {
    const parts = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
    if (parts.every((member) => member.isStringLiteral())) return parts.map((member) => member.value);
  }
  return ['*'];
}

/** The values of an expression (or a JSX attribute's initializer). */
export function stringValues(checker, node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isJsxExpression(node)) return stringValues(checker, node.expression);
  if (ts.isParenthesizedExpression(node)) return stringValues(checker, node.expression);
  if (ts.isConditionalExpression(node)) return [...stringValues(checker, node.whenTrue), ...stringValues(checker, node.whenFalse)];
  if (ts.isTemplateExpression(node)) {
    let results = [node.head.text];
    for (const span of node.templateSpans) {
      const values = stringValues(checker, span.expression);
      results = results.flatMap((prefix) => values.map((value) => `${prefix}${value}${span.literal.text}`));
    }
    return results;
  }
  return literalsOfType(checker, checker.getTypeAtLocation(node));
}
