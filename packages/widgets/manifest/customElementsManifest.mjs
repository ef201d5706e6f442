// elementFacts -> custom-elements.json (the Custom Elements Manifest schema, version 2.1.0): one module per
// host-page script (`dist/elements/<tag>.js`), declaring its element's class and its definition.
const text = (type) => ({ text: type });
const withDescription = (entry, description) => (description ? { ...entry, description } : entry);

/** A part name with `*` stands for several, named at run time (`dialog-*`: `dialog-edit`, `dialog-delete`...). */
const partDescription = (name) => (name.includes('*') ? '`*` is filled in at run time (one part per field, dialog or view)' : '');

function declarationOf(element) {
  const attributes = element.attributes.map((attribute) =>
    withDescription({ name: attribute.name, fieldName: attribute.fieldName, type: text(attribute.type) }, attribute.description),
  );
  const fields = [
    ...element.attributes.map((attribute) =>
      withDescription({ kind: 'field', name: attribute.fieldName, type: text(`${attribute.type} | undefined`), attribute: attribute.name, reflects: true }, attribute.description),
    ),
    // Objects and functions: set as properties only, never reflected to an attribute.
    ...element.properties.map((property) => withDescription({ kind: 'field', name: property.name, type: text(`${property.type} | undefined`) }, property.description)),
  ];
  const members = element.members.map((member) =>
    member.kind === 'method'
      ? withDescription(
          {
            kind: 'method',
            name: member.name,
            parameters: member.parameters.map((parameter) => ({ name: parameter.name, type: text(parameter.type), ...(parameter.optional ? { optional: true } : {}) })),
            return: { type: text(member.returns) },
          },
          member.description,
        )
      : withDescription({ kind: 'field', name: member.name, type: text(member.type), ...(member.readonly ? { readonly: true } : {}) }, member.description),
  );
  return withDescription(
    {
      kind: 'class',
      name: element.typeName,
      tagName: element.tagName,
      customElement: true,
      superclass: { name: 'HTMLElement', package: 'global:' },
      attributes,
      members: [...fields, ...members],
      events: element.events.map((event) =>
        withDescription(
          { name: event.name, type: text(`CustomEvent<${event.detailType}>`) },
          [event.description, event.cancelable && !/cancel/i.test(event.description) ? 'Cancelable: call preventDefault() to handle it yourself.' : ''].filter(Boolean).join(' '),
        ),
      ),
      slots: element.slots.map((name) => ({ name })),
      cssParts: element.cssParts.map((name) => withDescription({ name }, partDescription(name))),
      cssProperties: element.cssProperties.map((property) => (property.default ? { name: property.name, default: property.default } : { name: property.name })),
    },
    element.description,
  );
}

export function customElementsManifest(facts, { packageName = '@varde/widgets' } = {}) {
  return {
    schemaVersion: '2.1.0',
    readme: `${packageName}: every widget as a custom element. Load dist/elements/<tag>.js (one script a page), or dist/elements/all.js for all.`,
    modules: facts.map((element) => ({
      kind: 'javascript-module',
      path: element.module,
      declarations: [declarationOf(element)],
      exports: [{ kind: 'custom-element-definition', name: element.tagName, declaration: { name: element.typeName, module: element.module } }],
    })),
  };
}

/** The element declarations of a manifest, in its order. */
export function manifestElements(manifest) {
  return manifest.modules.flatMap((module) => module.declarations.filter((declaration) => declaration.customElement));
}
