#!/usr/bin/env bash
# bench/farm.sh — start time and memory of `a2a-conform farm`.
#
# Builds a2a-conform once, then for each peer count starts
# `a2a-conform farm --scenario rotation-during-send --peers N --index F`
# ROUNDS times: the time until the index is written (every peer serves),
# the CPU time the process spent by then, its peak resident memory (VmHWM
# from /proc), its resident memory then (VmRSS) and its descriptors; then
# SIGTERM, which must exit 0. Prints each round and the median per count,
# with the targets for 1000 peers (under 1 s, under 150 MB) and 10000
# (under 5 s), then the curve: per count the medians and the memory an idle
# peer adds (the VmRSS slope from the previous count, which leaves out what
# the process holds whatever its size). A count the descriptor limit cannot
# hold (a peer takes one) is skipped with the limit named, and the largest
# thousand it holds is measured in its place; the script raises the soft
# limit to the hard one first, and the hard one too when run as root (a
# container without CAP_SYS_RESOURCE cannot). Linux only (/proc). A
# measurement, not a test: exits 0 unless a farm fails to start or to
# stop.
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

# one N prints "ms cpu_ms hwm_kb fds rss_kb" for one start of N peers.
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
  local cpu hwm fds rss
  cpu=$(awk -v t="$TICK" '{printf "%d", ($14 + $15) * 1000 / t}' "/proc/$pid/stat")
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status")
  fds=$(ls "/proc/$pid/fd" | wc -l)
  kill -TERM "$pid"
  if ! wait "$pid"; then
    cat "$OUT/farm-$n.log" >&2
    echo "bench/farm.sh: farm of $n peers did not exit 0 on SIGTERM" >&2
    exit 1
  fi
  echo "$((t1 - t0)) $cpu $hwm $fds $rss"
}

# Descriptors: a peer holds one listener; raise what this shell may.
[ "$(id -u)" -eq 0 ] && ulimit -Hn 1048576 2>/dev/null || true
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
NOFILE=$(ulimit -n)

# measure N runs ROUNDS starts of N peers, prints them and their medians,
# and adds "N ms cpu hwm rss" to the curve.
CURVE=$OUT/curve
: >"$CURVE"
measure() {
  local n=$1 r ms cpu hwm fds rss
  : >"$OUT/rounds-$n"
  for r in $(seq 1 "$ROUNDS"); do
    read -r ms cpu hwm fds rss < <(one "$n")
    echo "$ms $cpu $hwm $fds $rss" >>"$OUT/rounds-$n"
    printf '%8d %6d %10d %10d %10.1f %10.1f %8d\n' "$n" "$r" "$ms" "$cpu" "$(echo "$hwm / 1024" | bc -l)" "$(echo "$rss / 1024" | bc -l)" "$fds"
  done
  ms=$(median "$OUT/rounds-$n" 1); cpu=$(median "$OUT/rounds-$n" 2); hwm=$(median "$OUT/rounds-$n" 3); rss=$(median "$OUT/rounds-$n" 5)
  printf '%8d median %8d ms %7d ms cpu %8.1f MB %6.1f KB/peer peak' "$n" "$ms" "$cpu" "$(echo "$hwm / 1024" | bc -l)" "$(echo "$hwm / $n" | bc -l)"
  if [ "$n" -eq 1000 ]; then
    printf '   target: under 1000 ms and 150 MB: %s' "$( [ "$ms" -lt 1000 ] && [ "$hwm" -lt 153600 ] && echo met || echo MISSED)"
  elif [ "$n" -eq 10000 ]; then
    printf '   target: under 5000 ms: %s' "$( [ "$ms" -lt 5000 ] && echo met || echo MISSED)"
  fi
  echo
  echo "$n $ms $cpu $hwm $rss" >>"$CURVE"
}

echo "a2a-conform farm --scenario $SCENARIO: $ROUNDS rounds per count; load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs; descriptor limit $NOFILE"
printf '%8s %6s %10s %10s %10s %10s %8s\n' peers round "index ms" "cpu ms" "VmHWM MB" "VmRSS MB" fds
for n in "${COUNTS[@]}"; do
  if [ "$NOFILE" != unlimited ] && [ "$NOFILE" -lt $((n + 64)) ]; then
    printf '%8d skipped: the descriptor limit is %s (hard limit %s), and %d peers need %d or more\n' "$n" "$NOFILE" "$(ulimit -Hn)" "$n" $((n + 64))
    fit=$(( (NOFILE - 64) / 1000 * 1000 ))
    if [ "$fit" -gt 0 ] && ! grep -q "^$fit " "$CURVE" && ! printf '%s\n' "${COUNTS[@]}" | grep -qx "$fit"; then
      printf '%8d: the most the limit holds, measured instead\n' "$fit"
      measure "$fit"
    fi
    continue
  fi
  measure "$n"
done

# The curve, in the order measured; an idle peer's memory is the VmRSS
# slope from the count before.
echo
echo "curve: peers, to the index, CPU, peak RSS, RSS at the index, RSS an idle peer adds"
sort -n "$CURVE" | awk '{
  slope = (NR > 1 && $1 > pn) ? sprintf("%.1f KB/peer", ($5 - pr) / ($1 - pn)) : "-"
  printf "%8d %8d ms %7d ms cpu %8.1f MB %8.1f MB   %s\n", $1, $2, $3, $4 / 1024, $5 / 1024, slope
  pn = $1; pr = $5 }'
