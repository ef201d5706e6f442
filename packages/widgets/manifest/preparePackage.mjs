// The widgets' prepack (scripts/pack/packSteps.mjs): declarations, custom-elements.json and the React JSX
// typings, all from one TypeScript program over the package's source.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emitDeclarations } from '../../../scripts/pack/declarations.mjs';
import { reactJsxTypes } from './reactJsxTypes.mjs';
import { manifestOf, widgetsProgram } from './widgetsProgram.mjs';

export async function prepareWidgetsPackage(dir) {
  const program = widgetsProgram(dir);
  rmSync(join(dir, 'dist/types'), { recursive: true, force: true });
  const typesDir = emitDeclarations(program, dir);
  const manifest = manifestOf(program, dir);
  writeFileSync(join(dir, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(typesDir, 'jsx.d.ts'), reactJsxTypes(manifest));
}
