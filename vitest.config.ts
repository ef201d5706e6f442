import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const coreSrc = fileURLToPath(new URL('./packages/core/src', import.meta.url));

/** One project per package; each resolves @varde/core to its TypeScript source. */
const alias = [
  { find: /^@varde\/core\/contract$/, replacement: `${coreSrc}/contract/index.ts` },
  { find: /^@varde\/core\/texts$/, replacement: `${coreSrc}/i18n/resources/index.ts` },
  { find: /^@varde\/core\/texts\/(\w+)$/, replacement: `${coreSrc}/i18n/resources/$1.ts` },
  { find: /^@varde\/core$/, replacement: `${coreSrc}/index.ts` },
  // The portal's tests render widgets from source (no widgets build needed).
  { find: /^@varde\/widgets$/, replacement: fileURLToPath(new URL('./packages/widgets/src/index.ts', import.meta.url)) },
  // The portal's pages import each widget's own module (see packages/portal/build.mjs).
  { find: /^@varde\/widgets\/(.+)\.js$/, replacement: `${fileURLToPath(new URL('./packages/widgets/src/', import.meta.url))}$1` },
];

/**
 * beforeAll hooks start a demo cloud (seeded in memory): seconds, more when the packaging test and the
 * PostgreSQL pass share the two cores. Not a speed check: a hook that hangs still fails.
 */
const CLOUD_HOOK_TIMEOUT = 30000;

/**
 * The Node projects (core, server, CLI) share one module graph per worker instead of importing the
 * cloud anew for every file: that import took 3-5 s of CPU a file (more than most files' tests). Their
 * tests keep no module state that another file could see (no module mocks, fake timers or stubbed
 * globals); the DOM projects stay isolated.
 */
const SHARED_MODULES = { isolate: false } as const;

/** The CLI's and the server's bundles (the suites run them as child processes), built once per run. */
const BUILD_BUNDLES = 'packages/server/test/helpers/buildBundlesGlobalSetup.ts';
/** The PostgreSQL passes' throwaway server (one for the run). */
const POSTGRES = 'packages/server/test/helpers/postgresGlobalSetup.ts';

/** The server suite on a throwaway PostgreSQL. */
function postgresProject(name: string) {
  return {
    resolve: { alias },
    test: {
      name,
      include: ['packages/server/test/**/*.test.ts'],
      // What stores nothing, or only in a folder of its own, runs once, in the SQLite pass.
      exclude: ['**/{bin,cliArgs,mappingMigration,partnerMigration,persistence,realtime-persistence,violinPlot,rules-messageLanguage,ruleNamesMigration,bim-ifc}.test.ts'],
      ...SHARED_MODULES,
      testTimeout: 30000,
      // A demo seed on PostgreSQL is a few thousand round trips: seconds, not the default hook's 10 s under load.
      hookTimeout: 60000,
      globalSetup: [BUILD_BUNDLES, POSTGRES],
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on CI's two. Most files wait on a cloud,
    // PostgreSQL or a child process, so three keep both cores busy (the whole run on a two-core machine:
    // 27.7 min with one worker and isolated files, 10.8 min with three sharing modules).
    maxWorkers: 3,
    projects: [
      { resolve: { alias }, test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], ...SHARED_MODULES, testTimeout: 20000, hookTimeout: CLOUD_HOOK_TIMEOUT } },
      { resolve: { alias }, test: { name: 'server', include: ['packages/server/test/**/*.test.ts'], ...SHARED_MODULES, testTimeout: 30000, hookTimeout: CLOUD_HOOK_TIMEOUT, provide: { postgresUrl: '' }, globalSetup: [BUILD_BUNDLES] } },
      // The whole server suite once more, with every cloud and database it makes stored in a throwaway
      // PostgreSQL (Debian's postgresql-15); the cluster suites need it to have more than one node.
      postgresProject('server-postgres'),
      { resolve: { alias }, test: { name: 'cli', include: ['packages/cli/test/**/*.test.ts'], ...SHARED_MODULES, testTimeout: 30000, hookTimeout: CLOUD_HOOK_TIMEOUT, globalSetup: [BUILD_BUNDLES] } },
      // The CLI's suites once more with their cloud on the throwaway PostgreSQL (those that start none,
      // about the command line and its files alone, run once).
      {
        resolve: { alias },
        test: {
          name: 'cli-postgres',
          include: ['packages/cli/test/**/*.test.ts'],
          exclude: ['**/{bulk-keyHashes,completion,config,output,readme,users-bulk}.test.ts'],
          ...SHARED_MODULES,
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: [BUILD_BUNDLES, POSTGRES],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'widgets',
          include: ['packages/widgets/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 30000,
          hookTimeout: CLOUD_HOOK_TIMEOUT,
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
