#!/usr/bin/env bash
# bench/testtime.sh — where the time of `make test` goes.
#
# Runs the phases of the Makefile's test target (TEST_PHASES, after the
# set-up) one after the other, where `make test` runs TEST_JOBS at once,
# so that each one's time is its own; prints each one's wall and CPU time
# (user + system, its children included); then, from `make unit`'s
# `go test -json`, each package's time and its slowest top-level tests
# (bench/cmd/testtime). Issue 25's target: `make test` on a fresh clone
# under 5 minutes on two cores. A measurement, not a test: it exits 1 only
# when a phase fails, naming it and its log (bench/out/testtime/).
#
#   bench/testtime.sh            every phase of make test
#   bench/testtime.sh unit fuzz  only these
#   bench/testtime.sh --whole    make test itself, its phases packed as it runs them
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=bench/out/testtime
mkdir -p "$OUT"
TIMEFORMAT='%R %U %S'
if [ "${1:-}" = --whole ]; then
  echo "machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), $(go version | cut -d' ' -f3)"
  rc=0
  { time make test >"$OUT/test.log" 2>&1; } 2>"$OUT/test.time" || rc=$?
  read -r wall user sys <"$OUT/test.time"
  printf 'make test (TEST_JOBS=%s): %.1f s wall, %.1f CPU s%s   (target: wall under 300 s on two cores)\n' \
    "${TEST_JOBS:-$(sed -n 's/^TEST_JOBS *?= *//p' Makefile)}" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
    "$([ $rc = 0 ] || echo "  FAILED (exit $rc, $OUT/test.log)")"
  exit $rc
fi
PHASES=("$@")
if [ ${#PHASES[@]} -eq 0 ]; then
  read -ra PHASES <<<"sdk-deps browser-deps $(sed -n 's/^TEST_PHASES := *//p' Makefile)"
fi

echo "machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), $(go version | cut -d' ' -f3)"
printf '%-18s %9s %9s\n' phase "wall s" "CPU s"
total_wall=0 total_cpu=0 failed=""
for phase in "${PHASES[@]}"; do
  log=$OUT/$phase.log
  rc=0
  if [ "$phase" = unit ]; then
    { time make unit UNIT_FLAGS=-json >"$OUT/unit.json" 2>"$log"; } 2>"$OUT/$phase.time" || rc=$?
  else
    { time make "$phase" >"$log" 2>&1; } 2>"$OUT/$phase.time" || rc=$?
  fi
  read -r wall user sys <"$OUT/$phase.time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
  printf '%-18s %9.1f %9s%s\n' "$phase" "$wall" "$cpu" "$([ $rc = 0 ] || echo "  FAILED (exit $rc, $log)")"
  total_wall=$(awk -v a="$total_wall" -v b="$wall" 'BEGIN { print a + b }')
  total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { print a + b }')
  [ $rc = 0 ] || failed="$failed $phase"
done
printf '%-18s %9.1f %9.1f   (target: wall under 300 s on two cores)\n' total "$total_wall" "$total_cpu"

if [ -s "$OUT/unit.json" ]; then
  echo
  echo "make unit, by package (and its slowest top-level tests):"
  go run ./bench/cmd/testtime -top 4 <"$OUT/unit.json"
fi
if [ -n "$failed" ]; then
  echo "bench/testtime.sh: failed:$failed" >&2
  exit 1
fi
