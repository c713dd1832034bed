#!/usr/bin/env bash
# Makes a disposable copy of the example site for the watch-mode browser tests: the
# content is copied (the tests edit it), the components and packages are linked.
set -euo pipefail
dest=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dest"
mkdir -p "$dest"
cp -r "$repo/campaigns" "$repo/locales" "$repo/public" "$dest/"
[ -f "$repo/site.yaml" ] && cp "$repo/site.yaml" "$dest/"
ln -s "$repo/components" "$dest/components"
ln -s "$repo/node_modules" "$dest/node_modules"
