/**
 * What an installed varde-cloud serves without flags. `npm pack` copies the built portal, the widgets'
 * host-page bundles and the example host pages into the package's `shipped/` folder
 * (scripts/pack/packSteps.mjs), so `npm install @varde/server` then `varde-cloud` serves them, as
 * `npm start` does in the repository. In the repository there is no `shipped/`, and nothing changes.
 * A flag always wins: `--portal DIR`, or a `--static` mount of the same path.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CloudOptions } from './context.js';

/** shipped/ beside dist/ (this module is bundled into dist/main.js). */
export const shippedDir = fileURLToPath(new URL('../shipped', import.meta.url));

const SHIPPED_MOUNTS = [
  { prefix: '/widgets', folder: 'widgets' },
  { prefix: '/examples', folder: 'examples' },
] as const;

export function withShippedFiles(options: CloudOptions, dir: string = shippedDir): CloudOptions {
  if (!existsSync(dir)) return options;
  const result: CloudOptions = { ...options, staticMounts: [...(options.staticMounts ?? [])] };
  if (result.portalDir === undefined && existsSync(join(dir, 'portal', 'index.html'))) result.portalDir = join(dir, 'portal');
  for (const { prefix, folder } of SHIPPED_MOUNTS) {
    if (result.staticMounts!.some((mount) => mount.prefix === prefix) || !existsSync(join(dir, folder))) continue;
    result.staticMounts!.push({ prefix, dir: join(dir, folder) });
  }
  return result;
}
