#!/usr/bin/env bash
# Installs what the browser tests need from Debian's packages: chromium (driven by
# Playwright through executablePath; no browser is ever downloaded) and fonts for the
# scripts of the 23 locales (Arabic, Thai, Devanagari, CJK, Cyrillic).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-core >/dev/null 2>&1 || need+=(fonts-noto-core)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing ${need[*]} from Debian's packages" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
