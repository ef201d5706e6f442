import { dirname, join, normalize } from 'node:path';

/** Relative module specifiers a TypeScript file imports or re-exports, type-only and dynamic ones included. */
export function relativeImports(source: string): string[] {
  const pattern = /(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((specifier) => specifier.startsWith('.'));
}

/** The file a relative specifier names among `files` (`./a.js` is `a.ts` or `a.tsx`; a folder is its index.ts). */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, base, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** Groups of files that import each other, directly or around a loop (Tarjan's strongly connected components). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
