// Bundles src/main.ts into dist/varde.js. Third-party dependencies stay external (installed
// beside the CLI); @varde/core is bundled from its TypeScript source so the CLI needs no core build.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/varde.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@varde/core/contract': here('../core/src/contract/index.ts'),
    '@varde/core': here('../core/src/index.ts'),
  },
  logLevel: 'warning',
});
