// Emits a package's .d.ts files from its TypeScript source (dist/types/), with the repository's compiler
// options. Only the package's own files are emitted: imports of other packages (`@varde/core`) stay as
// written, so in the tarball they resolve to that package's own declarations.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Paths from the file's own path, not `new URL` (a DOM test environment replaces URL).
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The program over `rootNames` with tsconfig.base.json's options (paths resolve @varde/* to source). */
export function createPackageProgram(rootNames) {
  const { config, error } = ts.readConfigFile(join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot);
  return ts.createProgram(rootNames, { ...options, noEmit: false, declaration: true, emitDeclarationOnly: true, declarationMap: false, sourceMap: false });
}

/** Writes `<packageDir>/dist/types/**.d.ts` for the program's files under `<packageDir>/src`; throws on a declaration error. */
export function emitDeclarations(program, packageDir) {
  const srcDir = join(packageDir, 'src');
  const outDir = join(packageDir, 'dist', 'types');
  const problems = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (!sourceFile.fileName.startsWith(`${srcDir}/`) || sourceFile.isDeclarationFile) continue;
    const target = join(outDir, relative(srcDir, sourceFile.fileName)).replace(/\.tsx?$/, '.d.ts');
    // The emit reports what cannot be declared (an exported type that cannot be named, say).
    problems.push(...program.emit(sourceFile, (_name, text) => ts.sys.writeFile(target, text), undefined, true).diagnostics);
  }
  // Hand-written declarations (`*.d.ts` in src, e.g. the `?raw` CSS modules) are copied as they are.
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile && sourceFile.fileName.startsWith(`${srcDir}/`)) {
      ts.sys.writeFile(join(outDir, relative(srcDir, sourceFile.fileName)), sourceFile.text);
    }
  }
  if (problems.length > 0) {
    const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' };
    throw new Error(`declarations of ${relative(repoRoot, packageDir)}:\n${ts.formatDiagnostics(problems, host)}`);
  }
  return outDir;
}

export const packageDirOf = (file) => dirname(fileURLToPath(file));
