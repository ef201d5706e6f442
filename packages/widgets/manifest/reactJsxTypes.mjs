// custom-elements.json -> dist/types/jsx.d.ts: React 19 JSX typings for every `varde-*` element. React 19
// sets a prop as a property when the (defined) element has it, else as an attribute, and adds a listener
// for a prop `on<event>` (`onvarde-site-open`). So each element takes:
// - its attributes by property name (`siteHref`), which TypeScript checks: a misspelled one fails tsc;
// - the same attributes by HTML name (`site-href`), typed (TypeScript does not check the spelling of
//   hyphenated JSX names, so prefer the property names);
// - its object properties (`accessTokens`), and `on<event>` listeners typed with the event's detail.
import { manifestElements } from './customElementsManifest.mjs';

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const docComment = (text, indent) => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} */\n` : '');

function propsInterface(element) {
  const name = `${element.name}Props`;
  const lines = [];
  const fields = element.members.filter((member) => member.kind === 'field' && !member.readonly && member.type.text.endsWith(' | undefined'));
  for (const field of fields) {
    lines.push(docComment(field.description, '  ') + `  ${key(field.name)}?: ${element.name}[${JSON.stringify(field.name)}];`);
  }
  for (const attribute of element.attributes.filter((entry) => entry.name !== entry.fieldName)) {
    lines.push(`  ${key(attribute.name)}?: ${element.name}[${JSON.stringify(attribute.fieldName)}];`);
  }
  for (const event of element.events) {
    lines.push(docComment(event.description, '  ') + `  ${key(`on${event.name}`)}?: (event: VardeCustomEvents[${JSON.stringify(event.name)}]) => void;`);
  }
  return `export interface ${name} extends DetailedHTMLProps<HTMLAttributes<${element.name}>, ${element.name}> {\n${lines.join('\n')}\n}`;
}

export function reactJsxTypes(manifest) {
  const elements = manifestElements(manifest);
  const typeNames = [...new Set(elements.map((element) => element.name))].sort();
  return `// React 19 JSX typings for the varde-* elements, made from custom-elements.json by @varde/widgets' prepack.
// Brought in by importing an element module (\`import '@varde/widgets/elements/varde-site-list.js'\`) or
// \`import type {} from '@varde/widgets/jsx'\`. Define an element before React renders it (import its module
// first): React 19 then sets these props as the element's properties.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { VardeCustomEvents, ${typeNames.join(', ')} } from './index.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map((element) => `      ${key(element.tagName)}: ${element.name}Props;`).join('\n')}
    }
  }
}

${elements.map(propsInterface).join('\n\n')}
`;
}
