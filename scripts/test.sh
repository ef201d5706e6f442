#!/usr/bin/env bash
# Runs every test of the monorepo on a fresh machine: installs what the tests need (npm packages, Debian's
# chromium, bubblewrap, postgresql-15 and nginx), builds, type-checks, then runs the unit/integration suites
# (vitest; the server and CLI suites a second time on a throwaway PostgreSQL), the packaging test, the
# browser suites (Playwright) with the cloud on SQLite and, side by side, on PostgreSQL, and the cluster
# suite (nodes on PostgreSQL behind nginx). At the end (also when a phase fails) it prints each phase's wall time
# in one table, so a slow phase is seen at once.
set -euo pipefail
cd "$(dirname "$0")/.."

# Wall time per phase: "name|seconds" rows, printed by print_phases. Phases beside others (the packaging
# test, the browser suites on PostgreSQL) time themselves and are marked so; the total is the script's own wall time.
script_started=$SECONDS
phase_rows=()
phase_name=""
phase_started=0
start_phase() {
  end_phase
  phase_name="$1"
  phase_started=$SECONDS
  echo "== $1"
}
end_phase() {
  if [ -n "$phase_name" ]; then phase_rows+=("$phase_name|$((SECONDS - phase_started))"); fi
  phase_name=""
}
print_phases() {
  end_phase
  echo
  printf '%-62s %9s\n' "phase" "wall time"
  local row
  for row in "${phase_rows[@]}"; do
    printf '%-62s %6d:%02d\n' "${row%|*}" $((${row##*|} / 60)) $((${row##*|} % 60))
  done
  local total=$((SECONDS - script_started))
  printf '%-62s %6d:%02d\n' "total" $((total / 60)) $((total % 60))
}
# A phase run beside the others: its wall time is written to a file when it ends, read when it is waited for.
beside_row() {
  local name="$1" file="$2"
  if [ -s "$file" ]; then phase_rows+=("  $name (beside the phases above)|$(cat "$file")"); fi
}

start_phase "install (Debian packages, npm ci when needed)"
bash scripts/ensure-debian-package.sh /usr/bin/chromium chromium "the browser suites"
bash scripts/ensure-debian-package.sh /usr/bin/bwrap bubblewrap "the cloud functions' sandbox"
bash scripts/ensure-postgresql.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-debian-package.sh /usr/bin/zsh zsh "the CLI's completion tests"
bash scripts/ensure-debian-package.sh /usr/bin/fish fish "the CLI's completion tests"
bash scripts/ensure-deps.sh

start_phase "build"
npm run build --silent
end_phase

# The packaging test (tests/pack/) needs only the build. It packs the packages, installs them into a
# temporary folder outside the repository and runs them; most of its time is npm and the network, so it
# runs beside the type check and vitest, and its output is printed after them.
pack_log="$(mktemp)"
pack_time="$(mktemp)"
setsid bash -c 'started=$SECONDS; status=0; npx vitest run -c tests/pack/vitest.config.ts || status=$?; echo $((SECONDS - started)) >"$1"; exit $status' _ "$pack_time" >"$pack_log" 2>&1 &
pack_pid=$!
pg_browser_pid=""
pg_browser_log=""
pg_browser_time=""
trap 'kill -- -"$pack_pid" 2>/dev/null || true; if [ -n "$pg_browser_pid" ]; then kill -- -"$pg_browser_pid" 2>/dev/null || true; fi; print_phases; rm -f "$pack_log" "$pack_time" $pg_browser_log $pg_browser_time' EXIT

start_phase "typecheck"
npx tsc -p tsconfig.json
start_phase "vitest"
# The bundles were built above and are being packed beside: vitest must not rebuild them (its global setup
# does when run alone).
VARDE_BUNDLES_BUILT=1 npx vitest run
start_phase "packaging (npm pack, install, run): the wait after vitest"
pack_status=0
wait "$pack_pid" || pack_status=$?
end_phase
beside_row "packaging, all of it" "$pack_time"
cat "$pack_log"
if [ "$pack_status" != 0 ]; then exit "$pack_status"; fi
# The browser suites run twice at once: with the portal's cloud on SQLite, and on a throwaway PostgreSQL
# (scripts/playwright-on-postgres.mjs, on another port). Each run has one worker and one cloud that its
# tests share, so most of a run's time is waiting for a page; side by side, the two overlap their waits.
# The PostgreSQL run's output is printed after the SQLite run's.
pg_browser_log="$(mktemp)"
pg_browser_time="$(mktemp)"
setsid bash -c 'started=$SECONDS; status=0; VARDE_E2E_PORT=8299 node scripts/playwright-on-postgres.mjs || status=$?; echo $((SECONDS - started)) >"$1"; exit $status' _ "$pg_browser_time" >"$pg_browser_log" 2>&1 &
pg_browser_pid=$!
start_phase "playwright, the cloud on SQLite (Debian chromium)"
sqlite_browser_status=0
npx playwright test -c tests/playwright.config.ts || sqlite_browser_status=$?
start_phase "playwright, the cloud on PostgreSQL: the wait after"
pg_browser_status=0
wait "$pg_browser_pid" || pg_browser_status=$?
end_phase
beside_row "playwright on PostgreSQL, all of it" "$pg_browser_time"
cat "$pg_browser_log"
if [ "$sqlite_browser_status" != 0 ]; then exit "$sqlite_browser_status"; fi
if [ "$pg_browser_status" != 0 ]; then exit "$pg_browser_status"; fi
# The cluster suite (tests/cluster/: nodes on a throwaway PostgreSQL behind nginx, killed on purpose) runs
# last, alone: its checks are timed (a failover within 10 s, a push within a second).
start_phase "cluster (nodes on PostgreSQL behind nginx)"
npx vitest run -c tests/cluster/vitest.config.ts
end_phase
