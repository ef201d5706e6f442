#!/usr/bin/env bash
# Cloud functions run inside bubblewrap (Debian's bwrap); without it the cloud refuses to run them.
set -euo pipefail
if [ -x /usr/bin/bwrap ]; then exit 0; fi
echo "== installing Debian's bubblewrap (the cloud functions' sandbox)"
sudo_cmd=""
if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq bubblewrap >/dev/null
/usr/bin/bwrap --version
