#!/usr/bin/env bash
# bench/farm.sh — start time and memory of `a2a-conform farm`.
#
# Builds a2a-conform once, then for each peer count starts
# `a2a-conform farm --scenario rotation-during-send --peers N --index F`
# ROUNDS times: the time until the index is written (every peer serves),
# the CPU time the process spent by then, its peak resident memory (VmHWM
# from /proc) and its descriptors; then SIGTERM, which must exit 0.
# Prints each round and the median per count, with the targets for 1000
# peers (under 1 s, under 150 MB) and 10000 (under 5 s), and the peak
# memory per peer. A count the descriptor limit cannot hold (a peer takes
# one) is skipped with the limit named; the script raises the soft limit
# to the hard one first, and the hard one too when run as root. Linux only
# (/proc). A measurement, not a test: exits 0 unless a farm fails to start
# or to stop.
#
#   bench/farm.sh [N...]        N = 1000 10000 50000 by default; ROUNDS=3
set -euo pipefail
cd "$(dirname "$0")/.."

COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(1000 10000 50000)
ROUNDS=${ROUNDS:-3}
SCENARIO=${SCENARIO:-rotation-during-send}
OUT=bench/out/farm
BIN=bench/out/a2a-conform
mkdir -p "$OUT"
go build -o "$BIN" ./cmd/a2a-conform
TICK=$(getconf CLK_TCK)

. bench/timing.sh

# median FILE COLUMN prints the median of a column of numbers.
median() {
  awk -v c="$2" '{print $c}' "$1" | sort -n | awk '{v[NR]=$1} END {
    print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2 }'
}

# one N prints "ms cpu_ms hwm_kb fds" for one start of N peers.
one() {
  local n=$1 index="$OUT/index-$1.json"
  rm -f "$index"
  local t0; t0=$(now_ms)
  "$BIN" farm --scenario "$SCENARIO" --peers "$n" --index "$index" >"$OUT/farm-$n.log" 2>&1 &
  local pid=$!
  until [ -s "$index" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$OUT/farm-$n.log" >&2
      echo "bench/farm.sh: farm of $n peers exited before serving" >&2
      exit 1
    fi
    sleep 0.01
  done
  local t1; t1=$(now_ms)
  local cpu hwm fds
  cpu=$(awk -v t="$TICK" '{printf "%d", ($14 + $15) * 1000 / t}' "/proc/$pid/stat")
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
  fds=$(ls "/proc/$pid/fd" | wc -l)
  kill -TERM "$pid"
  if ! wait "$pid"; then
    cat "$OUT/farm-$n.log" >&2
    echo "bench/farm.sh: farm of $n peers did not exit 0 on SIGTERM" >&2
    exit 1
  fi
  echo "$((t1 - t0)) $cpu $hwm $fds"
}

# Descriptors: a peer holds one listener; raise what this shell may.
[ "$(id -u)" -eq 0 ] && ulimit -Hn 1048576 2>/dev/null || true
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
NOFILE=$(ulimit -n)

echo "a2a-conform farm --scenario $SCENARIO: $ROUNDS rounds per count; load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
printf '%8s %6s %10s %10s %10s %8s\n' peers round "index ms" "cpu ms" "VmHWM MB" fds
for n in "${COUNTS[@]}"; do
  if [ "$NOFILE" != unlimited ] && [ "$NOFILE" -lt $((n + 64)) ]; then
    printf '%8d skipped: the descriptor limit is %s, and %d peers need %d or more\n' "$n" "$NOFILE" "$n" $((n + 64))
    continue
  fi
  : >"$OUT/rounds-$n"
  for r in $(seq 1 "$ROUNDS"); do
    read -r ms cpu hwm fds < <(one "$n")
    echo "$ms $cpu $hwm $fds" >>"$OUT/rounds-$n"
    printf '%8d %6d %10d %10d %10.1f %8d\n' "$n" "$r" "$ms" "$cpu" "$(echo "$hwm / 1024" | bc -l)" "$fds"
  done
  ms=$(median "$OUT/rounds-$n" 1); cpu=$(median "$OUT/rounds-$n" 2); hwm=$(median "$OUT/rounds-$n" 3)
  printf '%8d median %8d ms %7d ms cpu %8.1f MB %6.1f KB/peer' "$n" "$ms" "$cpu" "$(echo "$hwm / 1024" | bc -l)" "$(echo "$hwm / $n" | bc -l)"
  if [ "$n" -eq 1000 ]; then
    printf '   target: under 1000 ms and 150 MB: %s' "$( [ "$ms" -lt 1000 ] && [ "$hwm" -lt 153600 ] && echo met || echo MISSED)"
  elif [ "$n" -eq 10000 ]; then
    printf '   target: under 5000 ms: %s' "$( [ "$ms" -lt 5000 ] && echo met || echo MISSED)"
  fi
  echo
done
