// Bundles src/main.ts into dist/varde.js. Third-party dependencies stay external (installed
// beside the CLI); @varde/core is bundled from its TypeScript source so the CLI needs no core build.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreSourceAliases } from '../core/sourceAliases.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

const result = await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/varde.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: coreSourceAliases(),
  logLevel: 'warning',
  write: false,
});

// Each file is replaced by a rename, so a varde started meanwhile (tests build while others run)
// never loads a half-written bundle.
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
