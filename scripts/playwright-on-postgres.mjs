// Runs Playwright with the portal's cloud on a throwaway PostgreSQL instead of in-memory SQLite:
//   node scripts/playwright-on-postgres.mjs [playwright test arguments]
// The server is stopped and its folder removed on every path (see throwawayPostgres.mjs).
import { spawn } from 'node:child_process';
import { startThrowawayPostgres } from './throwawayPostgres.mjs';

const postgres = await startThrowawayPostgres();
const child = spawn('npx', ['playwright', 'test', '-c', 'tests/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, VARDE_E2E_DATABASE_URL: postgres.url },
});
const code = await new Promise((resolve) => child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
postgres.stop();
process.exit(code);
