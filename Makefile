# a2a-conform — two commands matter:
#   make run    the full suite against the built-in reference client
#   make test   every test (what CI runs)

GO          ?= go
CLIENT      ?= builtin:reference
REPORT_DIR  ?= a2a-conform-report
FUZZTIME    ?= 10s
JS_SDK_DIR  := runner/adapters/a2a-js
GO_SDK_DIR  := runner/adapters/a2a-go

.PHONY: run test unit sdk-go docs-check docs fuzz sdk-deps sdk-compat bench stability build

## run: the suite against CLIENT (default the reference client); reports in REPORT_DIR
run:
	$(GO) run ./cmd/a2a-conform run --client '$(CLIENT)' --report-dir '$(REPORT_DIR)'

build:
	$(GO) build -o bin/a2a-conform ./cmd/a2a-conform

## test: unit and self tests with the race detector (the real SDKs included), docs check, brief fuzzing
test: sdk-deps unit sdk-go docs-check fuzz

# With the SDKs installed, their wire-compatibility tests must run, never skip.
unit:
	$(GO) vet ./...
	A2A_CONFORM_REQUIRE_SDKS=1 $(GO) test -race -count=1 ./...

sdk-go:
	cd $(GO_SDK_DIR) && $(GO) vet ./... && $(GO) test -race -count=1 ./...

## docs-check: docs/requirements.md must match the catalog
docs-check:
	$(GO) run ./cmd/a2a-conform list --format markdown | diff -u docs/requirements.md - \
		|| (echo "docs/requirements.md is stale: run 'make docs'" >&2; exit 1)

docs:
	$(GO) run ./cmd/a2a-conform list --format markdown > docs/requirements.md

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzJSONRPC$$' -fuzztime=$(FUZZTIME) ./mockpeer/agent
	$(GO) test -run='^$$' -fuzz='^FuzzREST$$' -fuzztime=$(FUZZTIME) ./mockpeer/agent

## sdk-deps: the pinned SDKs (npm ci for @a2a-js/sdk, go mod download for a2a-go)
sdk-deps:
	cd $(JS_SDK_DIR) && npm ci --no-audit --no-fund
	cd $(GO_SDK_DIR) && $(GO) mod download

## sdk-compat: only the real-SDK wire compatibility tests (send → get → cancel, both bindings)
sdk-compat: sdk-deps sdk-go
	A2A_CONFORM_REQUIRE_SDKS=1 $(GO) test -race -count=1 -run 'TestSDKCompat' ./mockpeer/...

bench:
	./bench/run.sh

stability:
	./bench/stability.sh
