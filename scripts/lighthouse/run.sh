#!/usr/bin/env bash
# Lighthouse on the example campaign pages, served by `promo serve` with the mock
# (DESIGN §7: mobile, median of 3). Installs this folder's pinned packages and
# Debian's chromium when missing; everything runs on 127.0.0.1.
#
#   scripts/lighthouse/run.sh                 # every example page in en, ar-SA, ja-JP, 3 runs each
#   RUNS=5 scripts/lighthouse/run.sh /ar-SA/depositblastoff/
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
node="$root/node_modules/node/bin/node"
[ -x "$node" ] || node=node
port=${PORT:-8479}

bash "$root/scripts/install-browser.sh"
(cd "$here" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
(cd "$root" && go build -o bin/promo ./cmd/promo)
"$root/bin/promo" build --source "$root" >/dev/null

"$root/bin/promo" serve --source "$root" --addr "127.0.0.1:$port" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
	(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
	sleep 0.1
done

paths=("$@")
if [ ${#paths[@]} -eq 0 ]; then
	for locale in "" ar-SA/ ja-JP/; do
		for slug in "$root"/campaigns/*/; do
			paths+=("/$locale$(basename "$slug")/")
		done
	done
fi
"$node" "$here/run.mjs" "http://127.0.0.1:$port" "${paths[@]}" --runs "${RUNS:-3}"
