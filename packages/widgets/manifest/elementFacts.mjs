// What the code says about each `varde-*` element, read with the TypeScript checker:
// - the element list: `widgetDefinitions` in src/defineAll.ts;
// - attributes and properties: the options of its `defineWidgetElement(tag, Component, {...})` call,
//   typed and described by the element's interface (HTMLElementTagNameMap) and the component's props;
// - methods: the rest of the element's interface;
// - events: `varde-*` names passed to emit()/emitVardeEvent() in the code the element reaches, typed by
//   VardeEventMap; slots, CSS parts and `--varde-*` custom properties: what that code renders.
import { join } from 'node:path';
import ts from 'typescript';
import { moduleClosure } from './moduleClosure.mjs';
import { stringValues } from './templateValues.mjs';

/** A type as text, without the `import("/path").` the checker writes for a type not in scope. */
const typeText = (checker, type, at) => checker.typeToString(type, at, ts.TypeFormatFlags.NoTruncation).replace(/import\("[^"]*"\)\./g, '');
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const docOf = (checker, symbol) => (symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : '');
/** The first paragraph of a comment, on one line. */
const firstParagraph = (text) => text.split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();

function aliased(checker, symbol) {
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function findNode(root, test) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (test(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

function eachNode(root, callback) {
  const visit = (node) => {
    callback(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
}

function propertyNamed(objectLiteral, name) {
  return objectLiteral?.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === name);
}

/** `widgetDefinitions`: tag -> the define function's declaration. */
function definitions(program, checker, srcDir) {
  const defineAll = program.getSourceFile(join(srcDir, 'defineAll.ts'));
  const declaration = findNode(defineAll, (node) => ts.isVariableDeclaration(node) && node.name.getText() === 'widgetDefinitions');
  let literal = declaration.initializer;
  while (!ts.isObjectLiteralExpression(literal)) literal = literal.expression;
  return literal.properties.map((property) => {
    const tagName = ts.isStringLiteral(property.name) ? property.name.text : property.name.getText();
    const symbol = aliased(checker, checker.getSymbolAtLocation(property.initializer ?? property.name));
    return { tagName, define: symbol.declarations[0] };
  });
}

/** The element's interface (or type) from `HTMLElementTagNameMap`. */
function elementType(program, checker, tagName) {
  const map = checker.getDeclaredTypeOfSymbol(checker.resolveName('HTMLElementTagNameMap', undefined, ts.SymbolFlags.Type, false));
  const symbol = map.getProperty(tagName);
  const declaration = symbol.declarations.find((node) => node.type);
  return { type: checker.getTypeOfSymbol(symbol), typeName: declaration.type.getText() };
}

function optionsOf(defineCall) {
  const [, component, options] = defineCall.arguments;
  const literal = options && ts.isObjectLiteralExpression(options) ? options : undefined;
  const attributes = propertyNamed(literal, 'attributes')?.initializer;
  const properties = propertyNamed(literal, 'properties')?.initializer;
  return {
    component,
    attributes: attributes ? attributes.properties.map((property) => ({ name: property.name.getText(), kind: property.initializer.text })) : [],
    properties: properties ? properties.elements.map((element) => element.text) : [],
  };
}

/** A member's type as text, and its description (the element interface first, then the props). */
function memberFacts(checker, name, elementType, propsType, at) {
  const fromElement = elementType.getProperty(name);
  const fromProps = propsType?.getProperty(name);
  const symbol = fromElement ?? fromProps;
  const type = symbol ? checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, at)) : undefined;
  return {
    type: type ? typeText(checker, type, at) : 'unknown',
    description: docOf(checker, fromProps) || docOf(checker, fromElement),
    inElement: Boolean(fromElement),
  };
}

function methodsOf(checker, elementType, skip, at) {
  return elementType
    .getProperties()
    .filter((symbol) => !skip.has(symbol.name))
    // Declared by Varde, not inherited from HTMLElement (lib.dom, or @types that augment it).
    .filter((symbol) => symbol.declarations?.some((declaration) => !declaration.getSourceFile().fileName.includes('/node_modules/')))
    .map((symbol) => {
      const type = checker.getTypeOfSymbolAtLocation(symbol, at);
      const signature = type.getCallSignatures()[0];
      const declaration = symbol.declarations[0];
      const readonly = ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly;
      return signature
        ? {
            kind: 'method',
            name: symbol.name,
            description: docOf(checker, symbol),
            parameters: signature.parameters.map((parameter) => ({
              name: parameter.name,
              type: typeText(checker, checker.getTypeOfSymbolAtLocation(parameter, at), at),
              optional: Boolean(parameter.valueDeclaration?.questionToken),
            })),
            returns: typeText(checker, signature.getReturnType(), at),
          }
        : { kind: 'field', name: symbol.name, description: docOf(checker, symbol), type: typeText(checker, type, at), readonly: Boolean(readonly) };
    });
}

/** The emitted events, parts, slots and custom properties of the code in `files`. */
function renderedFacts(checker, files, eventMap) {
  const events = new Map();
  const parts = new Set();
  const slots = new Set();
  const cssProperties = new Map();
  for (const sourceFile of files) {
    eachNode(sourceFile, (node) => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : node.expression.getText();
        if (callee === 'emit' || callee === 'emitVardeEvent') {
          const nameArgument = node.arguments.find((argument) => ts.isStringLiteral(argument) && argument.text.startsWith('varde-'));
          if (nameArgument && eventMap.getProperty(nameArgument.text)) {
            const options = node.arguments[node.arguments.indexOf(nameArgument) + 2];
            const cancelable = Boolean(options && ts.isObjectLiteralExpression(options) && propertyNamed(options, 'cancelable')?.initializer.kind === ts.SyntaxKind.TrueKeyword);
            events.set(nameArgument.text, (events.get(nameArgument.text) ?? false) || cancelable);
          }
        }
      }
      if (ts.isJsxAttribute(node) && node.name.getText() === 'part') {
        for (const value of stringValues(checker, node.initializer)) for (const part of value.split(/\s+/)) if (part && part !== '*') parts.add(part);
      }
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'slot') {
        const name = node.attributes.properties.find((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText() === 'name');
        // A slot whose name is made at run time is the widget's own (monaco's light-DOM host), not the page's.
        for (const value of name ? stringValues(checker, name.initializer) : ['']) if (!value.includes('*')) slots.add(value);
      }
    });
    for (const [name, fallback] of customPropertyUses(sourceFile.text)) {
      if (!cssProperties.get(name)) cssProperties.set(name, fallback);
    }
  }
  return {
    events: [...events].sort(([a], [b]) => a.localeCompare(b)),
    parts: [...parts].sort(),
    slots: [...slots].sort(),
    cssProperties: [...cssProperties].sort(([a], [b]) => a.localeCompare(b)),
  };
}

/** `var(--varde-x, fallback)` in a text: [name, fallback] pairs (the fallback may hold parentheses). */
function customPropertyUses(text) {
  const uses = [];
  for (const match of text.matchAll(/var\((--varde-[a-z0-9-]+)\s*(,?)/g)) {
    let fallback = '';
    if (match[2]) {
      let depth = 0;
      let index = match.index + match[0].length;
      for (; index < text.length; index += 1) {
        const char = text[index];
        if (char === '(') depth += 1;
        else if (char === ')' && depth-- === 0) break;
      }
      fallback = text.slice(match.index + match[0].length, index).trim();
    }
    uses.push([match[1], fallback]);
  }
  return uses;
}

function eventFacts(checker, eventMap, name, cancelable, at) {
  const symbol = eventMap.getProperty(name);
  const detail = checker.getTypeOfSymbolAtLocation(symbol, at);
  // The detail interface's comment starts with the event's names: "`varde-site-open`: the user opens...".
  const description = (docOf(checker, symbol) || docOf(checker, detail.aliasSymbol ?? detail.getSymbol())).replace(/^(`[^`]+`\s*\/?\s*)+:\s*/, '');
  return { name, detailType: typeText(checker, detail, at), description: firstParagraph(description), cancelable };
}

/** Facts of every element, in widgetDefinitions' order. */
export function elementFacts(program, widgetsDir) {
  const checker = program.getTypeChecker();
  const srcDir = join(widgetsDir, 'src');
  // VardeEventMap as merged with every widget's augmentation (the module's export, not the local name).
  const eventsModule = checker.getSymbolAtLocation(program.getSourceFile(join(srcDir, 'shared/events.ts')));
  const eventMap = checker.getDeclaredTypeOfSymbol(checker.getExportsOfModule(eventsModule).find((symbol) => symbol.name === 'VardeEventMap'));

  return definitions(program, checker, srcDir).map(({ tagName, define }) => {
    const sourceFile = define.getSourceFile();
    const call = findNode(define, (node) => ts.isCallExpression(node) && node.expression.getText() === 'defineWidgetElement');
    const { component, attributes, properties } = optionsOf(call);
    const componentSymbol = aliased(checker, checker.getSymbolAtLocation(component));
    const componentDeclaration = componentSymbol.declarations[0];
    const propsType = call.typeArguments ? checker.getTypeFromTypeNode(call.typeArguments[0]) : undefined;
    const { type, typeName } = elementType(program, checker, tagName);
    const at = sourceFile;

    const attributeFacts = attributes.map(({ name, kind }) => {
      const facts = memberFacts(checker, name, type, propsType, at);
      return { name: kebab(name), fieldName: name, kind, ...facts, type: facts.type === 'unknown' ? kind : facts.type };
    });
    const propertyFacts = properties.map((name) => ({ name, ...memberFacts(checker, name, type, propsType, at) }));
    const members = methodsOf(checker, type, new Set([...attributes.map((entry) => entry.name), ...properties]), at);
    const closure = moduleClosure(program, componentDeclaration.getSourceFile().fileName, srcDir);
    const rendered = renderedFacts(checker, [sourceFile, ...closure], eventMap);
    const componentDoc = firstParagraph(docOf(checker, componentSymbol) || ts.getLeadingCommentRanges(componentDeclaration.getSourceFile().text, 0)?.map((range) => componentDeclaration.getSourceFile().text.slice(range.pos, range.end)).join('\n').replace(/^\/\*\*?|\*\/$/g, '').replace(/^\s*\* ?/gm, '') || '');
    return {
      tagName,
      typeName,
      description: componentDoc,
      module: `dist/elements/${tagName}.js`,
      source: sourceFile.fileName.slice(widgetsDir.length),
      attributes: attributeFacts,
      properties: propertyFacts,
      members,
      events: rendered.events.map(([name, cancelable]) => eventFacts(checker, eventMap, name, cancelable, at)),
      slots: rendered.slots,
      cssParts: rendered.parts,
      cssProperties: rendered.cssProperties.map(([name, fallback]) => ({ name, default: fallback })),
    };
  });
}
