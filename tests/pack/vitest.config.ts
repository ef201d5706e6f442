import { defineConfig } from 'vitest/config';

/**
 * The packaging test alone (`npx vitest run -c tests/pack/vitest.config.ts`, after `npm run build`): it
 * packs the four packages, installs them from the registry into a temporary folder and runs them, so it
 * is not one of the root config's projects (which run on every `npx vitest run`).
 */
export default defineConfig({
  test: {
    name: 'pack',
    include: ['tests/pack/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
  },
});
