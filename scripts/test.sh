#!/usr/bin/env bash
# Runs every test of the monorepo on a fresh machine: installs what the tests need (npm packages, Debian's
# chromium and bubblewrap), builds, type-checks, then runs the unit/integration suites (vitest) and the browser suites (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-debian-package.sh /usr/bin/chromium chromium "the browser suites"
bash scripts/ensure-debian-package.sh /usr/bin/bwrap bubblewrap "the cloud functions' sandbox"
bash scripts/ensure-debian-package.sh /usr/bin/zsh zsh "the CLI's completion tests"
bash scripts/ensure-debian-package.sh /usr/bin/fish fish "the CLI's completion tests"
bash scripts/ensure-deps.sh

echo "== build"
npm run build --silent
echo "== typecheck"
npx tsc -p tsconfig.json
echo "== vitest"
npx vitest run
echo "== playwright (Debian chromium)"
npx playwright test -c tests/playwright.config.ts
