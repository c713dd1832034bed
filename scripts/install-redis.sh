#!/usr/bin/env bash
# Installs Debian's redis-server for the tests of the function's shared state
# (function/shared_test.go starts its own server on a free port; nothing runs as a
# service).
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing redis-server from Debian's packages" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends redis-server >/dev/null
# The package starts a service on 6379; the tests need none.
$sudo service redis-server stop >/dev/null 2>&1 || true
