#!/usr/bin/env bash
# Browser tests drive Debian's chromium; a downloaded browser is never used.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "== installing Debian's chromium"
sudo_cmd=""
if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
