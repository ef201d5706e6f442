#!/usr/bin/env bash
# Installs Debian's PostgreSQL 15 server programs when missing, for the suites that run the cloud on
# PostgreSQL (each test run starts a throwaway server of its own: scripts/throwawayPostgres.mjs).
# Debian's package would also create and start a "main" cluster on port 5432; that is turned off first,
# so installing leaves nothing running.
set -euo pipefail
if [ -x /usr/lib/postgresql/15/bin/initdb ] && [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then exit 0; fi
echo "== installing Debian's postgresql-15 (the cloud's PostgreSQL suites)"
sudo_cmd=""
if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  $sudo_cmd mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" | $sudo_cmd tee /etc/postgresql-common/createcluster.conf >/dev/null
fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq postgresql-15 >/dev/null
/usr/lib/postgresql/15/bin/initdb --version
