import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromiumLaunch.js';

/** Browser suites: the portal served by an in-memory reference cloud, driven in Debian's chromium. */
const port = Number(process.env.VARDE_E2E_PORT ?? 8199);
// scripts/playwright-on-postgres.mjs sets it: the same suites with the cloud on PostgreSQL.
const databaseUrl = process.env.VARDE_E2E_DATABASE_URL;

export default defineConfig({
  testDir: './e2e',
  // Each run empties its output folder when it starts: the PostgreSQL run beside the SQLite one has its own.
  outputDir: databaseUrl ? 'test-results-postgres' : 'test-results',
  fullyParallel: false,
  workers: 1,
  // One retry: under load a provider sign-in now and then comes back from /login/callback to the
  // provider's page (seen in signIn and mlExplorer, not reproduced alone; open in the closing note).
  // A retried test is reported as flaky in the output, not hidden.
  retries: 1,
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  projects: [
    // Signs each demo role in once and saves it (e2e/savedSignIn.ts); the suites start from that state.
    { name: 'sign-in', testMatch: /signIn\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['sign-in'] },
  ],
  webServer: {
    command: `node packages/server/dist/main.js --port ${port} ${databaseUrl ? '' : '--memory'} --seed demo --simulation off --outbox public --portal packages/portal/dist --public-origin http://localhost:${port}` +
      // Host pages (examples/) and the widgets' preact bundle they load.
      ' --static /widgets=packages/widgets/dist/elements --static /examples=examples',
    cwd: '..',
    // The URL through the environment, never on the command line (ps shows argv).
    env: databaseUrl ? { VARDE_DATABASE_URL: databaseUrl } : {},
    url: `http://localhost:${port}/cloud/outbox/messages`,
    reuseExistingServer: false,
    // Ready when the banner is out: a probe that reaches the port earlier may never be answered.
    wait: { stdout: /Varde reference cloud:/ },
    timeout: 60_000,
  },
});
