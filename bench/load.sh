#!/usr/bin/env bash
# bench/load.sh — a client's verdicts do not depend on the machine's load.
#
# Builds a2a-conform once (with the race detector if --race). For each play
# (a built-in client, a client mode and a label filter) it first records the
# verdicts of one run one scenario after the other on the machine as it is,
# then starts HOGS CPU hogs (`yes > /dev/null`, killed by their PIDs when the
# script ends, however it ends) and plays it again N times one after the
# other and N times with --parallel P, comparing every verdict table
# ("scenario/requirement verdict" lines and the exit code, bench/cmd/verdicts)
# with the first. Exits 1 if any run differs, or ends in anything but exit 0
# or 1 (harness error, race report, crash).
#
#   bench/load.sh [N] [--race] [--hogs H] [--parallel P] [--plays PLAYS]
#
# N defaults to 3, H to 2, P to 4. PLAYS is a semicolon-separated list of
# CLIENT[@MODE][:FILTER] (MODE session or one-shot, default session; FILTER a
# --label-filter); the default is the gallery's flood over the whole catalog
# in both modes, then every built-in client on the two impostor scenarios:
#
#   flood@session;flood@one-shot;reference:scenario:impostor-certificate || scenario:impostor-certificate-first-contact;...
set -euo pipefail
cd "$(dirname "$0")/.."

N=3
RACE=false
HOGS=2
PARALLEL=4
PLAYS=""
while (($#)); do
  case "$1" in
    --race) RACE=true ;;
    --hogs) HOGS=${2:?--hogs needs a number}; shift ;;
    --parallel) PARALLEL=${2:?--parallel needs a number}; shift ;;
    --plays) PLAYS=${2:?--plays needs a list}; shift ;;
    ''|*[!0-9]*) echo "usage: bench/load.sh [N] [--race] [--hogs H] [--parallel P] [--plays 'CLIENT[@MODE][:FILTER];...']" >&2; exit 2 ;;
    *) N=$1 ;;
  esac
  shift
done

OUT=bench/out/load
. bench/build.sh

if [[ -z $PLAYS ]]; then
  impostors='scenario:impostor-certificate || scenario:impostor-certificate-first-contact'
  PLAYS="flood@session;flood@one-shot"
  while read -r client; do
    PLAYS+=";$client:$impostors"
  done < <("$VERDICTS" -all)
fi

HOG_PIDS=()
stop_hogs() {
  for pid in "${HOG_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  HOG_PIDS=()
}
trap stop_hogs EXIT

. bench/timing.sh

# play DIR CLIENT MODE FILTER PARALLEL: one run, its verdicts in DIR/verdicts.txt
# and its slowest scenario in DIR/slowest.txt; returns the run's exit code.
play() {
  local dir=$1 client=$2 mode=$3 filter=$4 parallel=$5 rc=0
  rm -rf "$dir"
  mkdir -p "$dir"
  local args=(run --no-color --client "builtin:$client" --client-mode "$mode" --parallel "$parallel" --report-dir "$dir/report")
  [[ -n $filter ]] && args+=(--label-filter "$filter")
  "$BIN" "${args[@]}" >"$dir/run.log" 2>&1 || rc=$?
  if ((rc == 0 || rc == 1)); then
    "$VERDICTS" "$dir/report/report.json" >"$dir/verdicts.txt"
    # the slowest scenario's wall time, from report.json
    tr ',' '\n' <"$dir/report/report.json" | sed -n 's/.*"durationMS": *\([0-9]*\).*/\1/p' | sort -n | tail -1 >"$dir/slowest.txt"
  fi
  return $rc
}

machine_line
echo "build: $LABEL; runs per play: $N sequential + $N with --parallel $PARALLEL, beside $HOGS CPU hogs"

declare -a P_CLIENT P_MODE P_FILTER P_BASE
IFS=';' read -ra SPECS <<<"$PLAYS"
for spec in "${SPECS[@]}"; do
  head=${spec%%:*}
  filter=""
  [[ $spec == *:* ]] && filter=${spec#*:}
  client=${head%@*}
  mode=session
  [[ $head == *@* ]] && mode=${head#*@}
  P_CLIENT+=("$client"); P_MODE+=("$mode"); P_FILTER+=("$filter")
done

failed=0
rm -rf "${OUT:?}/$LABEL" # a run's folders only: an earlier run's would be read as this one's
echo "baselines, one scenario after the other, no hogs started:"
for i in "${!P_CLIENT[@]}"; do
  dir=$OUT/$LABEL/$i/base
  rc=0
  play "$dir" "${P_CLIENT[$i]}" "${P_MODE[$i]}" "${P_FILTER[$i]}" 1 || rc=$?
  if ((rc != 0 && rc != 1)); then
    echo "  ${P_CLIENT[$i]} (${P_MODE[$i]}): exit $rc; log $dir/run.log" >&2
    tail -n 20 "$dir/run.log" >&2
    failed=1
  fi
  P_BASE+=("$dir/verdicts.txt")
done

for _ in $(seq 1 "$HOGS"); do
  yes >/dev/null &
  HOG_PIDS+=($!)
done
echo "hogs: ${HOG_PIDS[*]}; load $(load_avg)"
printf '%-34s %-8s %-24s %5s %9s %12s %9s\n' client mode scenarios runs identical "slowest ms" "total s"
for i in "${!P_CLIENT[@]}"; do
  client=${P_CLIENT[$i]} mode=${P_MODE[$i]} filter=${P_FILTER[$i]} base=${P_BASE[$i]}
  identical=0 runs=0 slowest=0
  t0=$(now_ms)
  for r in $(seq 1 "$N"); do
    for parallel in 1 "$PARALLEL"; do
      dir=$OUT/$LABEL/$i/run-$r-p$parallel
      runs=$((runs + 1))
      rc=0
      play "$dir" "$client" "$mode" "$filter" "$parallel" || rc=$?
      if ((rc != 0 && rc != 1)); then
        echo "$client ($mode) run $r, --parallel $parallel: exit $rc; log $dir/run.log:" >&2
        tail -n 20 "$dir/run.log" >&2
        failed=1
        continue
      fi
      s=$(cat "$dir/slowest.txt")
      ((s > slowest)) && slowest=$s
      if [[ -f $base ]] && cmp -s "$base" "$dir/verdicts.txt"; then
        identical=$((identical + 1))
      else
        echo "$client ($mode) run $r, --parallel $parallel differs from its baseline:" >&2
        diff "$base" "$dir/verdicts.txt" >&2 || true
        failed=1
      fi
    done
  done
  scope=${filter:-the whole catalog}
  ((${#scope} > 24)) && scope="${scope:0:21}..."
  printf '%-34s %-8s %-24s %5d %9d %12d %9.1f\n' "$client" "$mode" "$scope" "$runs" "$identical" "$slowest" \
    "$(seconds $(( $(now_ms) - t0 )))"
done
echo "load at the end: $(load_avg)"
stop_hogs

if ((failed)); then
  echo "LOAD-DEPENDENT: see the messages above and $OUT/$LABEL/" >&2
  exit 1
fi
echo "LOAD-INDEPENDENT: every run of every play gave its baseline's verdicts"
