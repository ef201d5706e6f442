// Bundles the reference cloud: src/main.ts -> dist/main.js (the varde-cloud command) and
// src/index.ts -> dist/index.js (createCloud for embedding). Dependencies stay external and are
// loaded from node_modules, except @varde/core, whose contract is bundled from its TypeScript source.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@varde/core');

await build({
  entryPoints: { main: here('./src/main.ts'), index: here('./src/index.ts') },
  outdir: here('./dist'),
  // Shared code goes to chunks, and main.ts's dynamic import of the cloud stays lazy.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  alias: { '@varde/core/contract': here('../core/src/contract/index.ts') },
  // Some dependencies are CommonJS and may call require() from bundled code.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
