// Types of embeddingReference.mjs for the TypeScript that imports it (test/manifest/).
import type { CustomElementsManifest } from './customElementsManifest.mjs';

export const BEGIN: string;
export const END: string;
export function embeddingReference(manifest: CustomElementsManifest): string;
export function withReference(doc: string, manifest: CustomElementsManifest): string;
