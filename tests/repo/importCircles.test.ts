import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, relativeImports, resolveImport } from './importGraph.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The packages' TypeScript sources that git tracks or would track. */
function sourceFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'packages/*/src/*.ts', 'packages/*/src/*.tsx'],
    { cwd: root, encoding: 'utf8' },
  );
  return [...new Set(out.split('\n').filter((file) => file && !file.endsWith('.d.ts')))];
}

describe('import circles (docs/conventions.md)', () => {
  it('finds a loop, type-only imports and lazy import() included', () => {
    expect(relativeImports(`import type { A } from './a.js';\nexport {\n  b,\n} from '../b.js';\nconst c = () => import('./c.js');`))
      .toEqual(['./a.js', '../b.js', './c.js']);
    const files = new Set(['p/a.ts', 'p/b.ts', 'p/c/index.ts']);
    expect(resolveImport('p/a.ts', './c/index.js', files)).toBe('p/c/index.ts');
    expect(resolveImport('p/c/index.ts', '../b.js', files)).toBe('p/b.ts');
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('no package has a module that imports itself around a loop', () => {
    const files = sourceFiles();
    expect(files).toContain('packages/server/src/context.ts');
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => [
        file,
        relativeImports(readFileSync(`${root}/${file}`, 'utf8')).flatMap((specifier) => resolveImport(file, specifier, known) ?? []),
      ]),
    );
    expect(importCircles(graph)).toEqual([]);
  });
});
