// ESM build of @varde/core: dist/index.js, dist/contract/index.js and the texts (dist/texts/index.js,
// one file per namespace), shared code in chunks so the contract's schemas exist once. Platform neutral (browser and Node); dependencies stay imports.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { textNamespaces } from './sourceAliases.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
await rm(`${here}dist`, { recursive: true, force: true });

await build({
  absWorkingDir: here,
  entryPoints: {
    index: 'src/index.ts',
    'contract/index': 'src/contract/index.ts',
    'texts/index': 'src/i18n/resources/index.ts',
    ...Object.fromEntries(textNamespaces.map((name) => [`texts/${name}`, `src/i18n/resources/${name}.ts`])),
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'info',
});
