import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const coreSrc = fileURLToPath(new URL('../../packages/core/src', import.meta.url));

/**
 * The cluster suite alone (`npx vitest run -c tests/cluster/vitest.config.ts`, after `npm run build`):
 * each file starts a cluster of its own (varde-cloud nodes from packages/server/dist, Debian's nginx in
 * front) on one throwaway PostgreSQL, so it is not one of the root config's projects. Files run one after
 * another: each already keeps the two cores busy.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@varde\/core\/contract$/, replacement: `${coreSrc}/contract/index.ts` },
      { find: /^@varde\/core$/, replacement: `${coreSrc}/index.ts` },
    ],
  },
  test: {
    name: 'cluster',
    include: ['tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/cluster/postgresGlobalSetup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    // A cluster's start: node 1 migrates and seeds the demo on PostgreSQL (seconds), then the others.
    hookTimeout: 180_000,
  },
});
