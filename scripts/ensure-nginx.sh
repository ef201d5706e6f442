#!/usr/bin/env bash
# Installs Debian's nginx when missing, for `npm run cluster`, the cluster suite and bench (each runs an
# nginx of its own, in the foreground, with a configuration in a temporary folder). On a machine with
# systemd, Debian's package would also start its default site on port 80 and at every boot: that is
# turned off again, so installing leaves nothing running.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
bash "$(dirname "$0")/ensure-debian-package.sh" /usr/sbin/nginx nginx "the load balancer in front of the cluster's nodes"
if [ -d /run/systemd/system ]; then
  sudo_cmd=""
  if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
  $sudo_cmd systemctl disable --now nginx >/dev/null 2>&1 || true
fi
