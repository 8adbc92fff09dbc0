# bench/build.sh — sourced by the scripts that replay the catalog many times
# (load.sh, stability.sh): builds the a2a-conform binary they play, with the
# race detector when RACE=true, and bench/cmd/verdicts, which tabulates
# the verdicts. Reads OUT and RACE; sets BIN and VERDICTS, and makes a data
# race fail a run at once rather than only at its exit.
LABEL=plain
BUILD_FLAGS=()
if $RACE; then
  LABEL=race
  BUILD_FLAGS=(-race)
fi
BIN=$OUT/a2a-conform-$LABEL
VERDICTS=$OUT/verdicts
mkdir -p "$OUT"
go build "${BUILD_FLAGS[@]}" -o "$BIN" ./cmd/a2a-conform
go build -o "$VERDICTS" ./bench/cmd/verdicts
export GORACE="halt_on_error=1 ${GORACE:-}"
