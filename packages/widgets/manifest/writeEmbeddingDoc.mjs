// Rewrites the per-element reference in docs/embedding.md from the code (run after changing an element's
// attributes, properties, methods, events or parts): node packages/widgets/manifest/writeEmbeddingDoc.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { withReference } from './embeddingReference.mjs';
import { manifestOf, widgetsProgram } from './widgetsProgram.mjs';

const docPath = new URL('../../../docs/embedding.md', import.meta.url);
writeFileSync(docPath, withReference(readFileSync(docPath, 'utf8'), manifestOf(widgetsProgram())));
