#!/usr/bin/env bash
# bench/catalog.sh — wall time of the full catalog against the reference client.
#
# Builds a2a-conform once, then times N runs of `a2a-conform run` (the
# full catalog, builtin:reference) and, in the same invocation, N runs of
# `a2a-conform list` as a baseline (process start and catalog load, no
# farm). Prints min/median/max of both, their ratio, and the 5 s target.
# Then, per client, M runs one scenario after the other and M runs with
# --parallel P: the reference in-process, the reference as a subprocess
# (`a2a-conform client`, session mode) and each SDK adapter whose
# dependencies are installed (make sdk-deps); it prints the medians and
# checks that both schedules gave the same verdict table.
# A measurement, not a test: exits 0 unless a run fails or the verdicts
# differ.
#
#   bench/catalog.sh [N]          N=10 by default; M=${CLIENT_RUNS:-3}, P=${PARALLEL:-4}
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-10}
M=${CLIENT_RUNS:-3}
P=${PARALLEL:-4}
TARGET_MS=5000
OUT=bench/out/catalog
BIN=bench/out/a2a-conform
mkdir -p "$OUT"
go build -o "$BIN" ./cmd/a2a-conform
go build -o bench/out/verdicts ./bench/cmd/verdicts

. bench/timing.sh

# time_runs NAME CMD... runs CMD N times (RUNS, when set) and writes one
# wall time (ms) per line. Exit 1 (a conformance failure, as the SDKs and
# mutants have) is a finished run; anything else fails the script.
time_runs() {
  local name=$1; shift
  : >"$OUT/$name.ms"
  for i in $(seq 1 "${RUNS:-$N}"); do
    local t0 code=0; t0=$(now_ms)
    "$@" >"$OUT/$name.log" 2>&1 || code=$?
    if (( code > 1 )); then
      cat "$OUT/$name.log" >&2
      echo "bench/catalog.sh: run $i of '$*' exited $code" >&2
      exit 1
    fi
    echo $(( $(now_ms) - t0 )) >>"$OUT/$name.ms"
  done
}

# compare_schedules NAME RUN-ARGS... times M runs of the catalog one
# scenario after the other and M with --parallel P, prints both medians,
# and fails when the two verdict tables differ.
compare_schedules() {
  local name=$1; shift
  RUNS=$M time_runs "$name-seq" "$BIN" run "$@" --report-dir "$OUT/$name-seq"
  RUNS=$M time_runs "$name-par" "$BIN" run "$@" --parallel "$P" --report-dir "$OUT/$name-par"
  local s p; s=$(stats "$OUT/$name-seq.ms" | cut -d' ' -f2); p=$(stats "$OUT/$name-par.ms" | cut -d' ' -f2)
  if ! cmp -s <(bench/out/verdicts "$OUT/$name-seq/report.json") <(bench/out/verdicts "$OUT/$name-par/report.json"); then
    echo "bench/catalog.sh: $name: the verdicts with --parallel $P differ from one after the other" >&2
    exit 1
  fi
  awk -v n="$name" -v s="$s" -v p="$p" 'BEGIN { printf "%-34s %10d %10d %7.2f  same verdicts\n", n, s, p, s / (p < 1 ? 1 : p) }'
}

machine_line
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

echo
echo "catalog wall time per client, median of $M runs (ms), one after the other vs --parallel $P:"
printf '%-34s %10s %10s %7s\n' client sequential parallel speedup
compare_schedules reference-in-process --client builtin:reference
compare_schedules reference-subprocess --client "$BIN client" --client-mode session
JS=runner/adapters/a2a-js
if command -v node >/dev/null && [[ -d $JS/node_modules/@a2a-js/sdk ]]; then
  compare_schedules a2a-js-session --client "node $JS/adapter.mjs" --client-mode session
  compare_schedules a2a-js-one-shot --client "node $JS/adapter.mjs" --client-mode one-shot
else
  echo "a2a-js: not measured (run make sdk-deps)"
fi
if (cd runner/adapters/a2a-go && go build -o "$OLDPWD/bench/out/a2a-go-adapter" ./cmd/a2a-go-adapter) 2>/dev/null; then
  compare_schedules a2a-go-session --client bench/out/a2a-go-adapter --client-mode session --security-scopes flat
  compare_schedules a2a-go-one-shot --client bench/out/a2a-go-adapter --client-mode one-shot --security-scopes flat
else
  echo "a2a-go: not measured (run make sdk-deps)"
fi
