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
# Jobs run beside the phases (the packaging test, the browser suites on PostgreSQL): each in its own process
# group (killed if the script ends first), its output kept in a file and printed when it is waited for, its
# wall time written when it ends and shown in the table under the phases it ran beside.
declare -A beside_pid=() beside_log=() beside_time=()
start_beside() {
  local name="$1"
  shift
  beside_log[$name]="$(mktemp)"
  beside_time[$name]="$(mktemp)"
  setsid bash -c 'started=$SECONDS; status=0; "${@:2}" || status=$?; echo $((SECONDS - started)) >"$1"; exit $status' \
    _ "${beside_time[$name]}" "$@" >"${beside_log[$name]}" 2>&1 &
  beside_pid[$name]=$!
}
# Waits for the job (as the current phase), prints its output and returns its exit status.
wait_beside() {
  local name="$1" status=0
  wait "${beside_pid[$name]}" || status=$?
  unset 'beside_pid[$name]'
  end_phase
  if [ -s "${beside_time[$name]}" ]; then phase_rows+=("  $name, all of it (beside the phases above)|$(cat "${beside_time[$name]}")"); fi
  cat "${beside_log[$name]}"
  return "$status"
}
end_beside_jobs() {
  local name
  # The group, or the process itself when it has not yet made its group (a job started just before).
  for name in "${!beside_pid[@]}"; do kill -- -"${beside_pid[$name]}" 2>/dev/null || kill "${beside_pid[$name]}" 2>/dev/null || true; done
  print_phases
  for name in "${!beside_log[@]}"; do rm -f "${beside_log[$name]}" "${beside_time[$name]}"; done
}
trap end_beside_jobs EXIT

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
start_beside "packaging" npx vitest run -c tests/pack/vitest.config.ts

start_phase "typecheck"
npx tsc -p tsconfig.json
start_phase "vitest"
# The bundles were built above and are being packed beside: vitest must not rebuild them (its global setup
# does when run alone).
VARDE_BUNDLES_BUILT=1 npx vitest run
start_phase "packaging (npm pack, install, run): the wait after vitest"
wait_beside "packaging"
# The browser suites run twice at once: with the portal's cloud on SQLite, and on a throwaway PostgreSQL
# (scripts/playwright-on-postgres.mjs, on another port). Each run has one worker and one cloud that its
# tests share, so most of a run's time is waiting for a page; side by side, the two overlap their waits.
# The PostgreSQL run's output is printed after the SQLite run's.
start_beside "playwright on PostgreSQL" env VARDE_E2E_PORT=8299 node scripts/playwright-on-postgres.mjs
start_phase "playwright, the cloud on SQLite (Debian chromium)"
sqlite_browser_status=0
npx playwright test -c tests/playwright.config.ts || sqlite_browser_status=$?
start_phase "playwright, the cloud on PostgreSQL: the wait after"
pg_browser_status=0
wait_beside "playwright on PostgreSQL" || pg_browser_status=$?
if [ "$sqlite_browser_status" != 0 ]; then exit "$sqlite_browser_status"; fi
if [ "$pg_browser_status" != 0 ]; then exit "$pg_browser_status"; fi
# The cluster suite (tests/cluster/: nodes on a throwaway PostgreSQL behind nginx, killed on purpose) runs
# last, alone: its checks are timed (a failover within 10 s, a push within a second).
start_phase "cluster (nodes on PostgreSQL behind nginx)"
npx vitest run -c tests/cluster/vitest.config.ts
end_phase
