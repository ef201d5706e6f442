// custom-elements.json -> the per-element part of docs/embedding.md: a snippet to paste, then the
// element's attributes, properties, methods and events. writeEmbeddingDoc.mjs puts it between the
// doc's markers; a test fails when the doc and the code disagree.
import { manifestElements } from './customElementsManifest.mjs';

export const BEGIN = '<!-- elements: generated from custom-elements.json by packages/widgets/manifest/writeEmbeddingDoc.mjs -->';
export const END = '<!-- /elements -->';

const cell = (value) => String(value ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function snippet(element) {
  const lines = [`<script type="module" src="/widgets/${element.tagName}.js"></script>`];
  if (element.tagName !== 'varde-session') lines.push('<varde-session></varde-session>');
  lines.push(`<${element.tagName}></${element.tagName}>`);
  const event = element.events[0];
  if (event) {
    lines.push('<script type="module">');
    lines.push(`  document.querySelector('${element.tagName}').addEventListener('${event.name}', (event) => console.log(event.detail));`);
    lines.push('</script>');
  }
  return ['```html', ...lines, '```'].join('\n');
}

function table(header, rows) {
  if (rows.length === 0) return '';
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

function section(element) {
  const fields = element.members.filter((member) => member.kind === 'field');
  const methods = element.members.filter((member) => member.kind === 'method');
  const attributeRows = fields.map((field) => [field.attribute ? `\`${field.attribute}\`` : '', `\`${field.name}\``, `\`${field.type.text.replace(/ \| undefined$/, '')}\`${field.readonly ? ' (read only)' : ''}`, field.description]);
  const methodRows = methods.map((method) => [`\`${method.name}(${method.parameters.map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}`).join(', ')})\``, `\`${method.return.type.text}\``, method.description]);
  const eventRows = element.events.map((event) => [`\`${event.name}\``, `\`${event.type.text.replace(/^CustomEvent<(.*)>$/, '$1')}\``, event.description]);
  return [
    `### \`<${element.tagName}>\``,
    element.description,
    snippet(element),
    table(['attribute', 'property', 'type', 'description'], attributeRows) || 'No attributes or properties.',
    table(['method', 'returns', 'description'], methodRows),
    table(['event', '`detail`', 'description'], eventRows) || 'No events.',
    `CSS parts: ${element.cssParts.map((part) => `\`${part.name}\``).join(', ') || 'none'}.`,
    element.cssProperties.length > 0
      ? `CSS custom properties: ${element.cssProperties.map((property) => `\`${property.name}\`${property.default ? ` (default \`${property.default}\`)` : ''}`).join(', ')}.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function embeddingReference(manifest) {
  return [BEGIN, ...manifestElements(manifest).map(section), END].join('\n\n');
}

/** The doc with its generated part replaced. */
export function withReference(doc, manifest) {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/embedding.md: the markers ${BEGIN} and ${END} are missing`);
  return `${doc.slice(0, start)}${embeddingReference(manifest)}${doc.slice(end + END.length)}`;
}
