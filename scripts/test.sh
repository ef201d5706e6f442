#!/usr/bin/env bash
# Runs every test of the monorepo on a fresh machine: installs what the tests need (npm packages, Debian's
# chromium, bubblewrap and postgresql-15), builds, type-checks, then runs the unit/integration suites
# (vitest; the server's storage, concurrency and security suites a second time on a throwaway PostgreSQL)
# and the browser suites (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-debian-package.sh /usr/bin/chromium chromium "the browser suites"
bash scripts/ensure-debian-package.sh /usr/bin/bwrap bubblewrap "the cloud functions' sandbox"
bash scripts/ensure-postgresql.sh
bash scripts/ensure-deps.sh

echo "== build"
npm run build --silent
echo "== typecheck"
npx tsc -p tsconfig.json
echo "== vitest"
npx vitest run
echo "== playwright (Debian chromium)"
npx playwright test -c tests/playwright.config.ts
