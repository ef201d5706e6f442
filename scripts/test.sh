#!/usr/bin/env bash
# Runs every test of the monorepo on a fresh machine: installs what the tests need (npm packages, Debian's
# chromium, bubblewrap, postgresql-15 and nginx), builds, type-checks, then runs the unit/integration suites
# (vitest; the server and CLI suites a second time on a throwaway PostgreSQL), the packaging test, the
# browser suites (Playwright; the writing ones on PostgreSQL too) and the cluster suite (nodes on PostgreSQL
# behind nginx).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-debian-package.sh /usr/bin/chromium chromium "the browser suites"
bash scripts/ensure-debian-package.sh /usr/bin/bwrap bubblewrap "the cloud functions' sandbox"
bash scripts/ensure-postgresql.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-debian-package.sh /usr/bin/zsh zsh "the CLI's completion tests"
bash scripts/ensure-debian-package.sh /usr/bin/fish fish "the CLI's completion tests"
bash scripts/ensure-deps.sh

echo "== build"
npm run build --silent

# The packaging test (tests/pack/) needs only the build. It packs the packages, installs them into a
# temporary folder outside the repository and runs them; most of its time is npm and the network, so it
# runs beside the type check and vitest, and its output is printed after them.
pack_log="$(mktemp)"
setsid npx vitest run -c tests/pack/vitest.config.ts >"$pack_log" 2>&1 &
pack_pid=$!
cluster_pid=""
cluster_log="$(mktemp)"
trap 'kill -- -"$pack_pid" 2>/dev/null || true; if [ -n "$cluster_pid" ]; then kill -- -"$cluster_pid" 2>/dev/null || true; fi; rm -f "$pack_log" "$cluster_log"' EXIT

echo "== typecheck"
npx tsc -p tsconfig.json
echo "== vitest"
# The bundles were built above and are being packed beside: vitest must not rebuild them (its global setup
# does when run alone).
VARDE_BUNDLES_BUILT=1 npx vitest run
echo "== packaging (npm pack, install outside the repository, run)"
pack_status=0
wait "$pack_pid" || pack_status=$?
cat "$pack_log"
if [ "$pack_status" != 0 ]; then exit "$pack_status"; fi
# The cluster suite (tests/cluster/: nodes on a throwaway PostgreSQL behind nginx, killed on purpose) runs
# beside the browser suites, which use one worker; its output is printed after them.
setsid npx vitest run -c tests/cluster/vitest.config.ts >"$cluster_log" 2>&1 &
cluster_pid=$!
echo "== playwright (Debian chromium)"
npx playwright test -c tests/playwright.config.ts
# The browser suites that write through the cloud (sign-in, alarms, users, account, rules, sessions,
# licences), again with the portal's cloud on a throwaway PostgreSQL.
echo "== playwright with the cloud on PostgreSQL"
node scripts/playwright-on-postgres.mjs tests/e2e/signIn.spec.ts tests/e2e/alarms tests/e2e/users/userAdmin.spec.ts \
  tests/e2e/users/accountSettings.spec.ts tests/e2e/rules/rules.spec.ts tests/e2e/shell/session.spec.ts tests/e2e/licenses
echo "== cluster (nodes on PostgreSQL behind nginx)"
cluster_status=0
wait "$cluster_pid" || cluster_status=$?
cluster_pid=""
cat "$cluster_log"
if [ "$cluster_status" != 0 ]; then exit "$cluster_status"; fi
