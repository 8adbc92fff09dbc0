#!/usr/bin/env bash
# bench/explore.sh — wall time of the generated catalog against the reference client.
#
# Builds a2a-conform once, then times R runs of `a2a-conform run --explore N`
# of generated variants only (--label-filter catalog:explore), each with its
# own seed, in session and in one-shot mode, and prints min/median/max
# against the 60 s target (100 variants on two cores). A measurement, not a
# test: exits 0 unless a run fails (the reference must pass every variant;
# the failing seed is printed).
#
#   bench/explore.sh [N] [R]      N=100 variants, R=3 runs per mode by default
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-100}
R=${2:-3}
TARGET_MS=60000
OUT=bench/out/explore
BIN=bench/out/a2a-conform
mkdir -p "$OUT"
go build -o "$BIN" ./cmd/a2a-conform

. bench/timing.sh

machine_line
printf '%-24s %8s %8s %8s\n' "$N variants, $R runs (ms)" min median max
worst=0
for mode in session one-shot; do
  : >"$OUT/$mode.ms"
  for i in $(seq 1 "$R"); do
    seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
    t0=$(now_ms)
    if ! "$BIN" run --explore "$N" --seed "$seed" --label-filter catalog:explore --client-mode "$mode" \
        --report-dir "$OUT/$mode" >"$OUT/$mode.log" 2>&1; then
      tail -n 20 "$OUT/$mode.log" >&2
      echo "bench/explore.sh: the reference failed seed $seed ($mode): replay with --explore $N --seed $seed" >&2
      exit 1
    fi
    echo $(( $(now_ms) - t0 )) >>"$OUT/$mode.ms"
  done
  read -r min med max < <(stats "$OUT/$mode.ms")
  printf '%-24s %8d %8d %8d\n' "$mode" "$min" "$med" "$max"
  (( max > worst )) && worst=$max
done
verdict=PASS
(( worst < TARGET_MS )) || verdict=ABOVE
echo "target: $N variants < ${TARGET_MS} ms on two cores — slowest ${worst} ms: $verdict"
