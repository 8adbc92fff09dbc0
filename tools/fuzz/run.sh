#!/usr/bin/env bash
# Every fuzz target of the module, each for a fixed number of inputs
# (FUZZ_INPUTS, e.g. 20000x: a time bound can end in a spurious "context
# deadline exceeded" from the fuzzing coordinator on a loaded machine).
#
# Targets are found, not listed: each package with a Fuzz function in its
# tests is built once with fuzzing instrumentation (go test -c -fuzz) and
# its binary run once per target it lists, from the package's folder and
# with go's fuzz cache, as go test runs it. Building per target instead
# relinked the same binary eleven times; a hand-kept list had sent two
# targets to a package without them, where they fuzzed nothing.
set -euo pipefail
inputs=${FUZZ_INPUTS:-20000x}
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go=${GO:-go}
cache=$("$go" env GOCACHE)/fuzz

mapfile -t pkgs < <(grep -l --include='*_test.go' -r '^func Fuzz' --exclude-dir=node_modules . | xargs -n1 dirname | sort -u)
[ "${#pkgs[@]}" -gt 0 ] || { echo "fuzz: no fuzz targets found" >&2; exit 1; }
ran=0
for dir in "${pkgs[@]}"; do
	importpath=$("$go" list "$dir")
	bin="$tmp/$(echo "$importpath" | tr / _).test"
	"$go" test -c -o "$bin" -fuzz=. "$dir"
	mapfile -t targets < <(cd "$dir" && "$bin" -test.list '^Fuzz')
	[ "${#targets[@]}" -gt 0 ] || { echo "fuzz: $importpath lists no fuzz target" >&2; exit 1; }
	for target in "${targets[@]}"; do
		echo "fuzz: $importpath $target, $inputs inputs"
		(cd "$dir" && "$bin" -test.paniconexit0 -test.timeout=30m -test.run='^$' \
			-test.fuzz="^$target\$" -test.fuzztime="$inputs" -test.fuzzcachedir="$cache/$importpath") \
			|| { echo "fuzz: $importpath $target FAILED (the failing input is in $dir/testdata/fuzz/$target)" >&2; exit 1; }
		ran=$((ran + 1))
	done
done
echo "fuzz: $ran targets, $inputs inputs each"
