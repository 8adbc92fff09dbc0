#!/usr/bin/env bash
# bench/stability.sh — the catalog gives the same verdicts run after run.
#
# Builds a2a-conform once (with the race detector if --race), then plays
# the full catalog N times for the reference client and for each built-in
# mutant, and compares every run's verdict table ("scenario/requirement
# verdict" lines and the exit code, see bench/cmd/verdicts) with the first
# complete run of the same client. Exits 1 if any run differs, or if a run ends in
# anything but exit 0 or 1 (harness error, race report, crash).
#
#   bench/stability.sh [N] [--race] [--clients reference,ttl-cache,...]
#
# N defaults to 50; --clients defaults to every built-in policy.
set -euo pipefail
cd "$(dirname "$0")/.."

N=50
RACE=false
CLIENTS=""
while (($#)); do
  case "$1" in
    --race) RACE=true ;;
    --clients) CLIENTS=${2:?--clients needs a comma-separated list}; shift ;;
    --clients=*) CLIENTS=${1#--clients=} ;;
    ''|*[!0-9]*) echo "usage: bench/stability.sh [N] [--race] [--clients p1,p2]" >&2; exit 2 ;;
    *) N=$1 ;;
  esac
  shift
done

OUT=bench/out/stability
. bench/build.sh
if [[ -z $CLIENTS ]]; then
  CLIENTS=$("$VERDICTS" -policies | paste -sd, -)
fi

. bench/timing.sh

machine_line
echo "build: $LABEL, runs per client: $N, clients: $CLIENTS"
printf '%-26s %5s %9s %6s  %-28s %9s %8s\n' client runs identical exit "first run (pass/fail/n-a/err)" "total s" "ms/run"

failed=0
t_all=$(now_ms)
IFS=, read -ra POLICIES <<<"$CLIENTS"
for policy in "${POLICIES[@]}"; do
  dir=$OUT/$LABEL/$policy
  rm -rf "$dir"
  mkdir -p "$dir"
  identical=0
  ref=""
  t0=$(now_ms)
  for i in $(seq 1 "$N"); do
    rm -rf "$dir/report"
    rc=0
    "$BIN" run --client "builtin:$policy" --report-dir "$dir/report" >"$dir/run-$i.log" 2>&1 || rc=$?
    if ((rc != 0 && rc != 1)); then
      echo "$policy run $i: exit $rc (harness error, race or crash); log $dir/run-$i.log:" >&2
      tail -n 30 "$dir/run-$i.log" >&2
      failed=1
      continue
    fi
    "$VERDICTS" "$dir/report/report.json" >"$dir/verdicts-$i.txt"
    if [[ -z $ref ]]; then
      ref=$dir/verdicts-$i.txt
      identical=1
      first_rc=$rc
      counts=$(awk '$1 != "exit" {c[$2]++} END {printf "%d/%d/%d/%d", c["pass"], c["fail"], c["not-applicable"], c["error"]}' "$ref")
    elif cmp -s "$ref" "$dir/verdicts-$i.txt"; then
      identical=$((identical + 1))
      rm -f "$dir/verdicts-$i.txt" "$dir/run-$i.log"
    else
      echo "$policy run $i differs from $(basename "$ref" .txt):" >&2
      diff "$ref" "$dir/verdicts-$i.txt" >&2 || true
      failed=1
    fi
  done
  ms=$(( $(now_ms) - t0 ))
  printf '%-26s %5d %9d %6s  %-28s %9.1f %8d\n' "$policy" "$N" "$identical" "${first_rc:-?}" "${counts:-?}" \
    "$(seconds "$ms")" $((ms / N))
  unset first_rc counts
done
echo "total wall: $(printf '%.1f' "$(seconds $(( $(now_ms) - t_all )))") s"

if ((failed)); then
  echo "UNSTABLE: see the messages above and $OUT/$LABEL/" >&2
  exit 1
fi
echo "STABLE: every run of every client gave the verdicts of its first run"
