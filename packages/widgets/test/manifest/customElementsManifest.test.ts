// custom-elements.json (and what is made from it: docs/embedding.md's reference) is read from the code by
// the TypeScript checker; this holds it against the elements as the browser defines them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineAllWidgets, widgetDefinitions } from '../../src/defineAll.js';
import { manifestElements, type CustomElementsManifest } from '../../manifest/customElementsManifest.mjs';
import { withReference } from '../../manifest/embeddingReference.mjs';
import { manifestOf, widgetsDir, widgetsProgram } from '../../manifest/widgetsProgram.mjs';

interface Declaration {
  tagName: string;
  name: string;
  attributes: { name: string; fieldName: string; type: { text: string } }[];
  members: { kind: 'field' | 'method'; name: string; attribute?: string }[];
  events: { name: string; type: { text: string }; description?: string }[];
  cssParts: { name: string }[];
}

let manifest: CustomElementsManifest;
let elements: Declaration[];

beforeAll(() => {
  manifest = manifestOf(widgetsProgram());
  elements = manifestElements(manifest);
  defineAllWidgets();
}, 180_000);

describe('custom-elements.json', () => {
  it('lists the 16 elements, one module per host-page script', () => {
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect(elements.map((element) => element.tagName)).toEqual(Object.keys(widgetDefinitions));
    expect(elements).toHaveLength(16);
    expect(manifest.modules.map((module) => [module.path, module.exports[0]!.name])).toEqual(
      Object.keys(widgetDefinitions).map((tag) => [`dist/elements/${tag}.js`, tag]),
    );
  });

  it("gives each element exactly the attributes it observes, and a property for each of them", () => {
    for (const element of elements) {
      const defined = customElements.get(element.tagName) as CustomElementConstructor & { observedAttributes: string[] };
      expect(element.attributes.map((attribute) => attribute.name), element.tagName).toEqual(defined.observedAttributes);
      for (const member of element.members) expect(member.name in defined.prototype, `${element.tagName}.${member.name}`).toBe(true);
    }
  });

  it('gives each element the events its code emits, typed by their detail', () => {
    for (const element of elements) expect(element.events.length, element.tagName).toBeGreaterThan(0);
    const byTag = Object.fromEntries(elements.map((element) => [element.tagName, element]));
    expect(byTag['varde-session']!.events).toEqual([expect.objectContaining({ name: 'varde-session-change', type: { text: 'CustomEvent<SessionChangeDetail>' } })]);
    // Signed out, the site list asks the page's <varde-session> for a sign-in.
    expect(byTag['varde-site-list']!.events).toEqual([
      expect.objectContaining({ name: 'varde-sign-in-request', type: { text: 'CustomEvent<SignInRequestDetail>' } }),
      expect.objectContaining({ name: 'varde-site-open', type: { text: 'CustomEvent<SiteOpenDetail>' } }),
    ]);
    // The user admin embeds the create-user form, so its event comes too; signed out, it asks for a sign-in.
    expect(byTag['varde-user-admin']!.events.map((event) => event.name)).toEqual(['varde-sign-in-request', 'varde-user-created', 'varde-user-deleted', 'varde-user-edit']);
  });

  it('describes attributes with their types, and methods and parts from the code', () => {
    const session = elements.find((element) => element.tagName === 'varde-session')!;
    expect(session.attributes).toContainEqual(expect.objectContaining({ name: 'sign-in', fieldName: 'signIn', type: { text: '"password" | "none"' } }));
    expect(session.members.filter((member) => member.kind === 'method').map((member) => member.name)).toEqual(['useAccessTokens', 'signOut']);
    expect(session.cssParts.map((part) => part.name)).toEqual(expect.arrayContaining(['root', 'sign-in-button', 'username-input', 'password-input', 'user-name']));
  });

  it('is what docs/embedding.md shows (after a change: node packages/widgets/manifest/writeEmbeddingDoc.mjs)', () => {
    const doc = readFileSync(join(widgetsDir, '../../docs/embedding.md'), 'utf8');
    expect(withReference(doc, manifest)).toBe(doc);
  });
});
