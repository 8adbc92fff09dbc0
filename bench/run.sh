#!/usr/bin/env bash
# bench/run.sh — peer throughput against a bare net/http baseline.
#
# Runs the mockpeer benchmarks (card revalidation 304, JSON-RPC GetTask,
# gRPC GetTask) ROUNDS times; each round measures the peer and a bare
# server (net/http replaying the peer's bytes; grpc-go answering the peer's
# task) over the same TLS setup, side by side in one process. Prints the
# peer/bare throughput ratios (the rate targets were withdrawn by issue 25;
# bench/wrk.sh judges CPU per request).
# These are measurements on a shared machine, not tests: the script exits 0
# whatever the ratios (it fails only if the benchmarks themselves fail).
#
#   bench/run.sh [--profile]      ROUNDS=5 BENCHTIME=20000x by default
#
# --profile also writes CPU profiles of the peer side to bench/out/ and
# prints where the peer's handler spends its time.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
BENCHTIME=${BENCHTIME:-20000x}
PROFILE=false
case "${1:-}" in
  --profile) PROFILE=true ;;
  "") ;;
  *) echo "usage: bench/run.sh [--profile]" >&2; exit 2 ;;
esac

OUT=bench/out
mkdir -p "$OUT"
echo "building the mockpeer benchmark binary and benchratio…"
go test -c -o "$OUT/mockpeer.test" ./mockpeer
go build -o "$OUT/benchratio" ./bench/cmd/benchratio

. bench/timing.sh
machine_line
echo "rounds: $ROUNDS, benchtime: $BENCHTIME per side"
RESULTS="$OUT/bench.txt"
: >"$RESULTS"
for round in $(seq 1 "$ROUNDS"); do
  echo "— round $round/$ROUNDS"
  if ! "$OUT/mockpeer.test" -test.run '^$' -test.bench '^Benchmark(CardRevalidation|GetTask|GRPCGetTask)$' \
    -test.benchtime "$BENCHTIME" >"$OUT/round.txt" 2>&1; then
    cat "$OUT/round.txt" >&2
    echo "bench/run.sh: the benchmarks failed" >&2
    exit 1
  fi
  grep '^Benchmark' "$OUT/round.txt"
  cat "$OUT/round.txt" >>"$RESULTS"
done

echo
# The rate targets were withdrawn (issue 25: CPU per request decides,
# bench/wrk.sh); the ratios are reported, and what a request costs each side.
"$OUT/benchratio" <"$RESULTS"
echo
"$OUT/benchratio" -cost <"$RESULTS"

if $PROFILE; then
  for bench in CardRevalidation GetTask GRPCGetTask; do
    prof="$OUT/$bench-peer.cpu.prof"
    "$OUT/mockpeer.test" -test.run '^$' -test.bench "^Benchmark$bench\$/^peer\$" \
      -test.benchtime 100000x -test.cpuprofile "$prof" >/dev/null
    echo
    echo "== $bench/peer: cumulative CPU inside the peer's handler ($prof)"
    go tool pprof -top -cum -focus 'mockpeer\.\(\*Peer\)\.ServeHTTP' -nodecount 25 \
      "$OUT/mockpeer.test" "$prof" 2>/dev/null | sed -n '/flat%/,$p'
  done
fi
