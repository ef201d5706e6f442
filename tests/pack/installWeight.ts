// What an app's production dependencies take on disk (allocated blocks, as `du` counts them): the app's
// `dependencies`, theirs and their required peers, each found as Node finds it (the nearest node_modules
// up from the package that needs it). Optional peers are not followed: i18next names typescript and
// @varde/widgets @types/react as such, and an app that installs those for its build would otherwise count
// them as the price of Varde (`npm ls --omit=dev` does).
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function folderBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') bytes += folderBytes(join(folder, entry.name));
    } else {
      bytes += lstatSync(join(folder, entry.name)).blocks * 512;
    }
  }
  return bytes;
}

const readManifest = (folder: string): Manifest => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));

/** The folder of `name` as required from `from`, or null when it is not installed. */
function installedFolder(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** What the package needs installed: its dependencies, the optional ones present, and its required peers. */
function requiredNames(manifest: Manifest): { name: string; optional: boolean }[] {
  const optionalPeers = new Set(Object.entries(manifest.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional).map(([name]) => name));
  return [
    ...Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)).map((name) => ({ name, optional: false })),
  ];
}

/** The bytes of the packages the app's production dependencies need, and their names. */
export function productionInstallBytes(appDir: string): { bytes: number; packages: string[] } {
  const seen = new Map<string, string>();
  const queue = [appDir];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const { name, optional } of requiredNames(readManifest(folder))) {
      const found = installedFolder(name, folder);
      if (!found) {
        if (optional) continue;
        throw new Error(`${name}, needed by ${folder}, is not installed`);
      }
      if (!seen.has(found)) {
        seen.set(found, name);
        queue.push(found);
      }
    }
  }
  return { bytes: [...seen.keys()].reduce((sum, folder) => sum + folderBytes(folder), 0), packages: [...seen.values()].sort() };
}
