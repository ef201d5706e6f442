// The widgets' prepack (scripts/pack/packSteps.mjs): declarations, custom-elements.json and the React JSX
// typings, all from one TypeScript program over the package's source; then they are compiled as an app would.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emitDeclarations } from '../../../scripts/pack/declarations.mjs';
import { checkDeclarations } from './checkDeclarations.mjs';
import { reactJsxTypes } from './reactJsxTypes.mjs';
import { manifestOf, widgetsProgram } from './widgetsProgram.mjs';

const elementModuleTypes = `// Loading this module defines its element (and <varde-session>); the JSX typings of every element come with it.
import type {} from '../jsx.js';
export {};
`;

export async function prepareWidgetsPackage(dir) {
  const program = widgetsProgram(dir);
  rmSync(join(dir, 'dist/types'), { recursive: true, force: true });
  const typesDir = emitDeclarations(program, dir);
  const manifest = manifestOf(program, dir);
  writeFileSync(join(dir, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(typesDir, 'jsx.d.ts'), reactJsxTypes(manifest));
  // `import '@varde/widgets/elements/<tag>.js'` resolves its types here (package.json exports): each
  // module brings the JSX typings, and a module that does not exist is an error, not jsx.d.ts.
  for (const file of readdirSync(join(typesDir, 'elements')).filter((name) => name.endsWith('.d.ts'))) {
    writeFileSync(join(typesDir, 'elements', file), elementModuleTypes);
  }
  checkDeclarations(dir);
}
