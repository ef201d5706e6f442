// The widgets' prepack (scripts/pack/packSteps.mjs): declarations, custom-elements.json and the React JSX
// typings, all from one TypeScript program over the package's source.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPackageProgram, emitDeclarations } from '../../../scripts/pack/declarations.mjs';

export async function prepareWidgetsPackage(dir) {
  const elementEntries = readdirSync(join(dir, 'src/elements')).map((file) => join(dir, 'src/elements', file));
  const program = createPackageProgram([join(dir, 'src/index.ts'), ...elementEntries]);
  rmSync(join(dir, 'dist/types'), { recursive: true, force: true });
  emitDeclarations(program, dir);
}
