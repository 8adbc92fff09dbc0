#!/usr/bin/env bash
# The npm package as a JS SDK maintainer installs it, without a Go
# toolchain on the path: the release's launcher and this platform's binary
# packed with npm, installed from the tarballs into a clean prefix, and
# `npx a2a-conform run` against the Node example client. Also: without the
# platform package, the launcher says what to do and exits 2.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$repo"
# The release's flags, as make build's: one compile of the tree serves both.
CGO_ENABLED=0 go run -trimpath ./tools/dist -o "$tmp/dist" -platforms host
platform=$(node -p 'process.platform + "-" + process.arch')
for pkg in a2a-conform "cli-$platform"; do
	(cd "$tmp/dist/npm/$pkg" && npm pack --silent --pack-destination "$tmp" >/dev/null)
done
launcher=$(ls "$tmp"/a2a-conform-[0-9]*.tgz)
binary=$(ls "$tmp"/a2a-conform-cli-"$platform"-*.tgz)

install() { # install DIR TARBALL...: a fresh project in DIR with the tarballs as its dependencies
	local dir=$1
	shift
	mkdir -p "$dir"
	(cd "$dir" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund --omit=optional "$@")
}

# Only Node on the path: the Go toolchain is not where the package runs.
nodeonly=$(dirname "$(command -v node)"):/usr/bin:/bin
install "$tmp/project" "$binary" "$launcher"
cd "$tmp/project"
PATH="$nodeonly" npx --no-install a2a-conform version | grep -q '^a2a-conform ' || { echo "npm check: npx a2a-conform version failed" >&2; exit 1; }
set +e
PATH="$nodeonly" npx --no-install a2a-conform run --client "node $repo/docs/examples/session-client.mjs" \
	--report-dir "$tmp/report" >"$tmp/run.log" 2>&1
run=$?
set -e
if [ "$run" -gt 1 ] || [ ! -s "$tmp/report/report.json" ]; then
	echo "npm check: npx a2a-conform run exited $run without a report:" >&2
	cat "$tmp/run.log" >&2
	exit 1
fi
grep -q '"name": "node ' "$tmp/report/report.json" || { echo "npm check: the report does not name the Node client" >&2; exit 1; }

install "$tmp/launcher-only" "$launcher"
cd "$tmp/launcher-only"
set +e
PATH="$nodeonly" npx --no-install a2a-conform version >"$tmp/missing.log" 2>&1
code=$?
set -e
if [ "$code" -ne 2 ] || ! grep -q "is not installed" "$tmp/missing.log"; then
	echo "npm check: without the platform package the launcher exited $code:" >&2
	cat "$tmp/missing.log" >&2
	exit 1
fi
echo "npm check: installed from the packed tarballs, npx a2a-conform run exited $run with a report (1: the example speaks JSON-RPC alone, and the run offers every binding); the launcher alone explains itself"
