import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const coreSrc = fileURLToPath(new URL('./packages/core/src', import.meta.url));

/** One project per package; each resolves @varde/core to its TypeScript source. */
const alias = [
  { find: /^@varde\/core\/contract$/, replacement: `${coreSrc}/contract/index.ts` },
  { find: /^@varde\/core$/, replacement: `${coreSrc}/index.ts` },
  // The portal's tests render widgets from source (no widgets build needed).
  { find: /^@varde\/widgets$/, replacement: fileURLToPath(new URL('./packages/widgets/src/index.ts', import.meta.url)) },
  // The portal's pages import each widget's own module (see packages/portal/build.mjs).
  { find: /^@varde\/widgets\/(.+)\.js$/, replacement: `${fileURLToPath(new URL('./packages/widgets/src/', import.meta.url))}$1` },
];

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], testTimeout: 20000 } },
      { resolve: { alias }, test: { name: 'server', include: ['packages/server/test/**/*.test.ts'], testTimeout: 30000, provide: { postgresUrl: '' } } },
      { resolve: { alias }, test: { name: 'cli', include: ['packages/cli/test/**/*.test.ts'], testTimeout: 30000 } },
      {
        resolve: { alias },
        test: {
          name: 'widgets',
          include: ['packages/widgets/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 30000,
          setupFiles: ['packages/widgets/test/domTestSetup.ts'],
          // CSS imported with `?raw` (Leaflet's stylesheets) must be its text, as in the esbuild builds.
          css: { include: [/\.css\?raw$/] },
        },
      },
      { resolve: { alias }, test: { name: 'portal', include: ['packages/portal/test/**/*.test.{ts,tsx}'], css: { include: [/\.css\?raw$/] } } },
      // Checks across the repository (documentation links).
      { test: { name: 'repo', include: ['tests/repo/**/*.test.ts'] } },
    ],
  },
});
