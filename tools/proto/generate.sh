#!/usr/bin/env bash
# Generates the Go code of a2a/grpcpb/proto/a2a.proto into the directory
# given (default: a2a/grpcpb). The generators are pinned here: protoc by
# Debian's protobuf-compiler version (`make proto-deps` installs it), the
# Go plugins by this directory's go.mod (tool directives). A different
# protoc writes a different version header, so it is refused.
set -euo pipefail
cd "$(dirname "$0")/../.."

PROTOC_VERSION=3.21.12
out=${1:-a2a/grpcpb}
pkg=github.com/a2a-conform/a2a-conform/a2a/grpcpb

have=$(protoc --version 2>/dev/null || true)
if [[ "$have" != "libprotoc $PROTOC_VERSION" ]]; then
	echo "generate.sh: need protoc $PROTOC_VERSION (Debian protobuf-compiler; 'make proto-deps'), found '${have:-none}'" >&2
	exit 2
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd tools/proto && CGO_ENABLED=0 GOBIN="$bin" go install -trimpath tool) # make build's flags: std compiled once

mkdir -p "$out"
protoc -I a2a/grpcpb/proto -I /usr/include \
	--plugin=protoc-gen-go="$bin/protoc-gen-go" --plugin=protoc-gen-go-grpc="$bin/protoc-gen-go-grpc" \
	--go_out="$out" --go_opt=paths=source_relative --go_opt=Ma2a.proto="$pkg" \
	--go-grpc_out="$out" --go-grpc_opt=paths=source_relative --go-grpc_opt=Ma2a.proto="$pkg" \
	a2a.proto
