// The prepack's last look at what it emitted: dist/types as an app compiles it, `strict` and without
// `skipLibCheck`, with no paths into the repository's sources (@varde/core resolves to core's own
// declarations, as in the tarball). An augmentation of VardeEventMap left in a file nothing imports, say,
// makes jsx.d.ts name an event that does not exist: issue 38 found 13 such errors in a shipped jsx.d.ts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** What an integrator's tsconfig for a React 19 app says (examples/npm-app/tsconfig.json, no skipLibCheck). */
export const consumerCompilerOptions = {
  strict: true,
  skipLibCheck: false,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  noEmit: true,
  types: [],
};

/** Throws with every diagnostic when the emitted entries (root, jsx.d.ts, the element modules) do not compile that way. */
export function checkDeclarations(dir) {
  const coreTypes = join(dir, '../core/dist/types/index.d.ts');
  if (!existsSync(coreTypes)) throw new Error(`${coreTypes} is missing: pack @varde/core first (its prepack emits it)`);
  const typesDir = join(dir, 'dist/types');
  const elementModules = readdirSync(join(typesDir, 'elements')).map((file) => join('elements', file));
  const entries = ['index.d.ts', 'jsx.d.ts', ...elementModules].map((file) => join(typesDir, file));
  const program = ts.createProgram(entries, consumerCompilerOptions);
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length > 0) {
    const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
    throw new Error(`the declarations of @varde/widgets do not compile strictly without skipLibCheck:\n${ts.formatDiagnostics(problems, host)}`);
  }
}
