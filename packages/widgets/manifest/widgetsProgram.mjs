// The TypeScript program over the widgets' public entry and element entries, and the manifest made from it.
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageProgram } from '../../../scripts/pack/declarations.mjs';
import { customElementsManifest } from './customElementsManifest.mjs';
import { elementFacts } from './elementFacts.mjs';

export const widgetsDir = `${resolve(dirname(fileURLToPath(import.meta.url)), '..')}/`;

export function widgetsProgram(dir = widgetsDir) {
  const elementEntries = readdirSync(join(dir, 'src/elements')).map((file) => join(dir, 'src/elements', file));
  return createPackageProgram([join(dir, 'src/index.ts'), ...elementEntries]);
}

export function manifestOf(program, dir = widgetsDir) {
  return customElementsManifest(elementFacts(program, dir));
}
