import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The registry packages whose code a build holds, read from its source maps (the repository's build keeps
 * them; the tarballs leave them out): an account of what was bundled that does not come from the
 * metafiles the THIRD_PARTY_LICENSES files are made from. `skip`: map files (relative to `dir`) to leave out.
 */
export function packagesInSourceMaps(dir: string, skip?: RegExp): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js.map')) continue;
    if (skip?.test(relative(dir, join(entry.parentPath, entry.name)))) continue;
    const { sources } = JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const name = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/)?.[1];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The packages a THIRD_PARTY_LICENSES.md names (its `## name version (licence)` headings). */
export function packagesNamedIn(notices: string): Set<string> {
  return new Set([...notices.matchAll(/^## (\S+) \S+ \(.+\)$/gm)].map((match) => match[1]!));
}
