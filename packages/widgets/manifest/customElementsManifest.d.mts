// Types of customElementsManifest.mjs for the TypeScript that imports it (test/manifest/).
export interface CustomElementsManifest {
  schemaVersion: string;
  readme: string;
  modules: { kind: 'javascript-module'; path: string; declarations: Record<string, unknown>[]; exports: { kind: string; name: string; declaration: { name: string; module: string } }[] }[];
}

export function customElementsManifest(facts: readonly unknown[], options?: { packageName?: string }): CustomElementsManifest;
/** The element declarations (schema: class with `customElement: true`), in the manifest's order. */
export function manifestElements(manifest: CustomElementsManifest): any[];
