#!/usr/bin/env bash
# Compares the function with nginx proxy_pass to the same upstream, all on
# loopback (DESIGN §7): requests/s at full load, p99 added latency at half
# the function's full load, and the function's memory during a soak. The load
# comes from wrk; half load paces wrk's connections with a Lua delay.
#
#   function/bench/run.sh            # DUR=10s per run, SOAK=60 s, FAULT_SOAK=60 s
#   DUR=30s SOAK=600 FAULT_SOAK=600 function/bench/run.sh
#
# The fault soak runs the function at half load against an upstream that refuses,
# drops, fails (500) and stalls a share of the calls (promobench/faults.go) and
# fails unless every answer is the envelope for what the upstream did and the
# function's goroutines and RSS stay flat.
#   FN_GOGC=400 function/bench/run.sh   # GOGC for the function process only
#
# Every run is bounded by DUR or SOAK and targets 127.0.0.1 only. nginx and
# wrk come from Debian (installed with apt-get when missing and run as root);
# nginx runs with its own config in a temporary directory; nothing else is
# touched.
set -euo pipefail
cd "$(dirname "$0")/../.."

DUR=${DUR:-10s}
CONNS=${CONNS:-64}
SOAK=${SOAK:-60}
FAULT_SOAK=${FAULT_SOAK:-60}
UP=127.0.0.1:18081
FN=127.0.0.1:18082
NG=127.0.0.1:18083
PATH_Q=/api/spot/s_api/basic/quote_tokens

work=$(mktemp -d "${TMPDIR:-/tmp}/fnbench.XXXXXX")
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

need() { # need PACKAGE BINARY
	if command -v "$2" >/dev/null || [ -x "/usr/sbin/$2" ]; then return; fi
	if [ "$(id -u)" != 0 ]; then
		echo "$2 is missing; install it (apt-get install -y $1) and run again" >&2
		exit 1
	fi
	apt-get install -y "$1" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$1" >/dev/null; }
}
need nginx nginx
need wrk wrk
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

go build -o "$work/promobench" ./function/bench/promobench
B="$work/promobench"

mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
	access_log /dev/null;
	client_body_temp_path $work/nginx/body;
	proxy_temp_path $work/nginx/proxy;
	fastcgi_temp_path $work/nginx/fastcgi;
	uwsgi_temp_path $work/nginx/uwsgi;
	scgi_temp_path $work/nginx/scgi;
	upstream exchange { server $UP; keepalive 128; }
	server {
		listen $NG;
		location /api/ {
			proxy_pass http://exchange/;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
		}
	}
}
EOF

"$B" upstream -addr "$UP" &
pids+=($!)
GOGC=${FN_GOGC:-100} "$B" proxy -addr "$FN" -upstream "http://$UP" 2>/dev/null &
fnpid=$!
pids+=($fnpid)
"$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)

for addr in $UP $FN $NG; do
	for _ in $(seq 1 50); do
		(exec 3<>"/dev/tcp/${addr%:*}/${addr#*:}") 2>/dev/null && break
		sleep 0.1
	done
done

# pace.lua spaces each connection's requests so that all of them together send
# about RATE requests/s (wrk counts latency from sending to the answer).
cat >"$work/pace.lua" <<'EOF'
local gap = tonumber(os.getenv("CONNS")) * 1000 / tonumber(os.getenv("RATE"))
function delay() return gap end
EOF

# load LABEL URL DURATION [RATE]: one wrk run, printed as one line.
load() {
	local label=$1 url=$2 dur=$3 rate=${4:-} out
	if [ -n "$rate" ]; then
		out=$(CONNS=$CONNS RATE=$rate wrk -t2 -c"$CONNS" -d"$dur" --latency -s "$work/pace.lua" "$url")
	else
		out=$(wrk -t2 -c"$CONNS" -d"$dur" --latency "$url")
	fi
	echo "$out" | awk -v label="$label" '
		function us(v) { if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; if (v ~ /s$/) return v * 1000000; return v }
		$1 == "50%" { p50 = $2 } $1 == "90%" { p90 = $2 } $1 == "99%" { p99 = $2 }
		/^Requests\/sec:/ { rps = $2 }
		/Non-2xx or 3xx responses:/ { bad = $NF }
		/Socket errors:/ { errs = $0 }
		END { printf "%-10s rps=%.0f p50=%s p90=%s p99=%s p99_us=%d non2xx=%d%s\n", label, rps, p50, p90, p99, us(p99), bad, errs ? " " errs : "" }'
}
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p"; }

DIRECT=http://$UP/spot/s_api/basic/quote_tokens
echo "== warm-up"
load direct "$DIRECT" 2s >/dev/null
load function "http://$FN$PATH_Q" 2s >/dev/null
load nginx "http://$NG$PATH_Q" 2s >/dev/null

echo "== full load ($CONNS connections, $DUR each)"
direct=$(load direct "$DIRECT" "$DUR")
fn=$(load function "http://$FN$PATH_Q" "$DUR")
ng=$(load nginx "http://$NG$PATH_Q" "$DUR")
printf '%s\n%s\n%s\n' "$direct" "$fn" "$ng"
fn_rps=$(echo "$fn" | field rps)
ng_rps=$(echo "$ng" | field rps)

half=$(awk -v r="$fn_rps" 'BEGIN { printf "%d", r / 2 }')
echo "== half load (about $half requests/s, $DUR each)"
d_half=$(load direct "$DIRECT" "$DUR" "$half")
f_half=$(load function "http://$FN$PATH_Q" "$DUR" "$half")
n_half=$(load nginx "http://$NG$PATH_Q" "$DUR" "$half")
printf '%s\n%s\n%s\n' "$d_half" "$f_half" "$n_half"
d99=$(echo "$d_half" | field p99_us)
f99=$(echo "$f_half" | field p99_us)
n99=$(echo "$n_half" | field p99_us)

rss() { ps -o rss= -p "$fnpid" | tr -d ' '; }
echo "== soak: function at $half requests/s for ${SOAK}s, RSS every 5 s"
rss0=$(rss)
load soak "http://$FN$PATH_Q" "${SOAK}s" "$half" >"$work/soak.txt" &
soakpid=$!
samples="$rss0"
peak=$rss0
for _ in $(seq 1 $((SOAK / 5))); do
	sleep 5
	s=$(rss)
	samples="$samples $s"
	[ "$s" -gt "$peak" ] && peak=$s
done
wait "$soakpid"
cat "$work/soak.txt"
echo "rss_kb: $samples"

echo "== fault soak: function at $half requests/s for ${FAULT_SOAK}s, upstream refusing, dropping, failing and stalling"
"$B" upstream -faults -addr 127.0.0.1:18085 &
pids+=($!)
"$B" proxy -addr 127.0.0.1:18086 -upstream http://127.0.0.1:18085 -stats 127.0.0.1:18087 -timeout 1s 2>/dev/null &
pids+=($!)
for addr in 127.0.0.1:18085 127.0.0.1:18086 127.0.0.1:18087; do
	for _ in $(seq 1 50); do
		(exec 3<>"/dev/tcp/${addr%:*}/${addr#*:}") 2>/dev/null && break
		sleep 0.1
	done
done
"$B" soak -target "http://127.0.0.1:18086$PATH_Q" -rate "$half" -duration "${FAULT_SOAK}s" \
	-faults http://127.0.0.1:18085/__faults -stats http://127.0.0.1:18087/

echo "== summary"
awk -v f="$fn_rps" -v n="$ng_rps" 'BEGIN { printf "requests/s: function %.0f, nginx %.0f (function/nginx = %.2f)\n", f, n, f / n }'
awk -v d="$d99" -v f="$f99" -v n="$n99" 'BEGIN { printf "p99 at half load: direct %d us, function %d us (+%d us), nginx %d us (+%d us)\n", d, f, f - d, n, n - d }'
echo "function RSS: start ${rss0} kB, end $(echo "$samples" | awk '{print $NF}') kB, peak ${peak} kB"
