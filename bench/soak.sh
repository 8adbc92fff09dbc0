#!/usr/bin/env bash
# bench/soak.sh — the peer's memory under sustained load: drives
# `a2a-conform peer --scenario version-skew --http` with wrk until TOTAL
# requests were answered, in chunks alternating card 304s, card 200s and
# JSON-RPC GetTask polls, and prints the peer's RSS after each chunk. The
# peer's journal is a ring (--journal-limit), so RSS should level off in
# the first chunks and stay flat. It measures, it does not judge.
#
#   bench/soak.sh                TOTAL=1000000 CHUNK=10s CONNS=32 by default
set -euo pipefail
cd "$(dirname "$0")/.."

TOTAL=${TOTAL:-1000000}
CHUNK=${CHUNK:-10s}
CONNS=${CONNS:-32}
OUT=bench/out/soak
mkdir -p "$OUT"
command -v wrk >/dev/null || { echo "bench/soak.sh: wrk is missing (Debian: apt-get install wrk)" >&2; exit 2; }

go build -o "$OUT/a2a-conform" ./cmd/a2a-conform
trap 'kill ${peer_pid:-} 2>/dev/null || true' EXIT
. bench/peer.sh

rss_mb() { awk '/^VmRSS/{printf "%d", $2/1024}' "/proc/$peer_pid/status"; }
start=$(rss_mb)
echo "peer RSS at start: $start MB; driving $TOTAL requests in $CHUNK chunks, $CONNS connections"
done_total=0
chunk=0
while [ "$done_total" -lt "$TOTAL" ]; do
  case $((chunk % 3)) in
    0) args=(-s "$OUT/card304.lua" "$card_url"); kind=card304 ;;
    1) args=("$card_url"); kind=card200 ;;
    2) args=(-s "$OUT/gettask.lua" "$peer_origin/a2a/jsonrpc"); kind=gettask ;;
  esac
  out=$(wrk -t1 -c"$CONNS" -d"$CHUNK" "${args[@]}")
  if grep -q 'Non-2xx or 3xx' <<<"$out"; then echo "bench/soak.sh: $kind answered errors:" >&2; echo "$out" >&2; exit 1; fi
  n=$(awk '/requests in/{print $1}' <<<"$out")
  done_total=$((done_total + n))
  chunk=$((chunk + 1))
  printf '%9d requests  %-8s %8d  RSS %4d MB\n' "$done_total" "$kind" "$n" "$(rss_mb)"
done
end=$(rss_mb)
hwm=$(awk '/^VmHWM/{printf "%d", $2/1024}' "/proc/$peer_pid/status")
echo "peer RSS: start $start MB, end $end MB (growth $((end - start)) MB), peak $hwm MB over $done_total requests"
