#!/usr/bin/env bash
# Installs the npm workspace when node_modules is missing or older than the lockfile.
set -euo pipefail
if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then exit 0; fi
echo "== npm ci"
npm ci --no-audit --no-fund
