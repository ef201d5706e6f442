#!/usr/bin/env bash
# Installs a Debian package when its program is missing: ensure-debian-package.sh /usr/bin/PROGRAM PACKAGE "why".
# The tests drive Debian's chromium (a downloaded browser is never used); cloud functions run in bubblewrap.
set -euo pipefail
program="$1" package="$2" why="$3"
if [ -x "$program" ]; then exit 0; fi
echo "== installing Debian's $package ($why)"
sudo_cmd=""
if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq "$package" >/dev/null
# Shows that it runs (nginx knows only -v).
"$program" --version 2>/dev/null || "$program" -v
