#!/usr/bin/env bash
# bench/catalog.sh — wall time of the full catalog against the reference client.
#
# Builds a2a-conform once, then times N runs of `a2a-conform run` (the
# full catalog, builtin:reference) and, in the same invocation, N runs of
# `a2a-conform list` as a baseline (process start and catalog load, no
# farm). Prints min/median/max of both, their ratio, and the 5 s target.
# A measurement, not a test: exits 0 unless a run fails.
#
#   bench/catalog.sh [N]          N=10 by default
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-10}
TARGET_MS=5000
OUT=bench/out/catalog
BIN=bench/out/a2a-conform
mkdir -p "$OUT"
go build -o "$BIN" ./cmd/a2a-conform

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# stats FILE prints "min median max" of the integers in FILE.
stats() {
  sort -n "$1" | awk '{v[NR]=$1} END {
    m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
    printf "%d %d %d\n", v[1], m, v[NR] }'
}

# time_runs NAME CMD... runs CMD N times and writes one wall time (ms) per line.
time_runs() {
  local name=$1; shift
  : >"$OUT/$name.ms"
  for i in $(seq 1 "$N"); do
    local t0; t0=$(now_ms)
    if ! "$@" >"$OUT/$name.log" 2>&1; then
      cat "$OUT/$name.log" >&2
      echo "bench/catalog.sh: run $i of '$*' failed" >&2
      exit 1
    fi
    echo $(( $(now_ms) - t0 )) >>"$OUT/$name.ms"
  done
}

echo "machine: $(nproc) CPUs, $(go env GOOS)/$(go env GOARCH), $(go version | cut -d' ' -f3), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
time_runs list "$BIN" list
time_runs run "$BIN" run --client builtin:reference --report-dir "$OUT/report"
grep -E '^[0-9]+ passed' "$OUT/run.log" || true

read -r lmin lmed lmax < <(stats "$OUT/list.ms")
read -r rmin rmed rmax < <(stats "$OUT/run.ms")
printf '%-34s %8s %8s %8s\n' "wall time over $N runs (ms)" min median max
printf '%-34s %8d %8d %8d\n' "a2a-conform list (baseline)" "$lmin" "$lmed" "$lmax"
printf '%-34s %8d %8d %8d\n' "a2a-conform run (full catalog)" "$rmin" "$rmed" "$rmax"
awk -v r="$rmed" -v l="$lmed" 'BEGIN { if (l < 1) l = 1; printf "ratio run/list (medians): %.1f\n", r / l }'
verdict=PASS
(( rmax < TARGET_MS )) || verdict=ABOVE
echo "target: every run < ${TARGET_MS} ms — slowest ${rmax} ms: $verdict"
