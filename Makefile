# a2a-conform — two commands matter:
#   make run    the full suite against the built-in reference client
#   make test   every test (what CI runs)

GO          ?= go
CLIENT      ?= builtin:reference
REPORT_DIR  ?= a2a-conform-report
# Every fuzz target runs a fixed number of inputs: a time bound can end in a
# spurious "context deadline exceeded" from the fuzzing coordinator on a
# loaded machine.
FUZZ_INPUTS ?= 20000x
JS_SDK_DIR  := runner/adapters/a2a-js
GO_SDK_DIR  := runner/adapters/a2a-go
# $(call quote,VALUE) is VALUE as one shell word: in single quotes, each '
# in it escaped, so that a client command or a folder given on the command
# line (CLIENT="node -e '...'") reaches the shell as it was written.
quote = '$(subst ','\'',$(1))'

.PHONY: dist npm-check explore run test unit proto proto-check proto-deps browser-deps screenshot sdk-go docs-check docs fuzz sdk-deps sdk-compat bench stability load build conformance-sdks sdk-runs sdk-results

## run: the suite against CLIENT (default the reference client); reports in REPORT_DIR
run: build
	bin/a2a-conform run --client $(call quote,$(CLIENT)) --report-dir $(call quote,$(REPORT_DIR))

# The release's compile flags (tools/dist: -trimpath, no cgo) for every
# binary make builds (this one, the a2a-go adapter, the release's, the one
# cmd/a2a-conform's tests build, the tools), and -race for vet as for the
# tests: each package is compiled once per set of flags, and a fresh
# machine compiles three sets (race, fuzzing, these), not four
# (docs/performance.md). tools/dist/flags_test.go holds every build that
# make test runs to these flags.
BUILD_ENV   := CGO_ENABLED=0
BUILD_FLAGS := -trimpath
build:
	$(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o bin/a2a-conform ./cmd/a2a-conform

## dist: the release: reproducible archives for linux, macOS and Windows on amd64 and arm64, SHA256SUMS, and the npm packages (dist/npm)
dist:
	$(BUILD_ENV) $(GO) run $(BUILD_FLAGS) ./tools/dist -o dist

## npm-check: the npm package packed and installed from its tarballs on a clean prefix, npx a2a-conform run with Node alone on the path
npm-check:
	./tools/npm/check.sh

## test: unit and self tests with the race detector (the real SDKs included), docs check, brief fuzzing, one fresh explore seed
# The phases are independent (each its own temporary or report folder), so
# TEST_JOBS of them run at once: unit alone keeps about one and a half of
# two cores busy, and the rest fill what it leaves (issue 25 item 4:
# docs/performance.md). Each phase's output is printed whole when it ends.
TEST_JOBS   ?= 2
TEST_PHASES := proto-check unit sdk-go docs-check conformance-sdks npm-check fuzz explore
test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target $(TEST_PHASES)

# One fresh seed per run of the generated catalog (docs/explore.md), played
# by the reference with --strict: any failure, at any level, fails the
# target. The seed is printed before the run and again on failure, and
# `make explore SEED=S` replays it exactly.
EXPLORE_N ?= 100
SEED      ?=
## explore: the reference against EXPLORE_N generated variants of SEED (default: a fresh seed, printed)
explore: build
	@seed=$(call quote,$(SEED)); [ -n "$$seed" ] || seed=$$(od -An -N8 -tu8 /dev/urandom | tr -d ' '); \
	mkdir -p $(call quote,$(REPORT_DIR)); echo "explore: seed $$seed (replay: make explore SEED=$$seed EXPLORE_N=$(EXPLORE_N))"; \
	bin/a2a-conform run --strict --explore $(EXPLORE_N) --seed "$$seed" --client $(call quote,$(CLIENT)) \
		--report-dir $(call quote,$(REPORT_DIR)/explore) > $(call quote,$(REPORT_DIR)/explore.log) 2>&1 \
		|| { tail -n 40 $(call quote,$(REPORT_DIR)/explore.log); echo "explore: seed $$seed FAILED (replay: make explore SEED=$$seed EXPLORE_N=$(EXPLORE_N))" >&2; exit 1; }; \
	tail -n 2 $(call quote,$(REPORT_DIR)/explore.log)

# With the SDKs installed, their wire-compatibility tests must run, never skip.
# UNIT_FLAGS adds go test flags (bench/testtime.sh passes -json).
# go test's own vet (a subset of go vet's analyzers) is off: go vet ./... has
# just run every analyzer over the same packages and their tests. vet runs
# with -race so that the packages it compiles for their export data are the
# ones the tests link, compiled once.
# The tests need the SDKs and Chromium installed (they fail, not skip, without them).
unit: sdk-deps browser-deps
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go')); [ -z "$$unformatted" ] || { echo "not gofmt-ed (run gofmt -w):" $$unformatted >&2; exit 1; }
	$(GO) vet -race ./...
	A2A_CONFORM_REQUIRE_SDKS=1 A2A_CONFORM_REQUIRE_BROWSER=1 A2A_CONFORM_ARTIFACTS=$(CURDIR)/$(REPORT_DIR)/browser \
		$(GO) test -race -vet=off -count=1 -timeout 60m $(UNIT_FLAGS) ./...

sdk-go:
	cd $(GO_SDK_DIR) && $(GO) vet -race ./... && $(GO) test -race -vet=off -count=1 ./...

## docs-check: docs/requirements.md and docs/acts-mapping.md must match the catalog
docs-check: build
	bin/a2a-conform list --format markdown | diff -u docs/requirements.md - \
		|| (echo "docs/requirements.md is stale: run 'make docs'" >&2; exit 1)
	bin/a2a-conform list --format acts | diff -u docs/acts-mapping.md - \
		|| (echo "docs/acts-mapping.md is stale: run 'make docs'" >&2; exit 1)
	bin/a2a-conform list --format requirement-set | diff -u fixtures/requirements/v$$(bin/a2a-conform version | sed -n 's/^a2a-conform //p').json - \
		|| (echo "the requirement set of this suite version is stale: run 'make docs'" >&2; exit 1)

docs: build
	bin/a2a-conform list --format markdown > docs/requirements.md
	bin/a2a-conform list --format acts > docs/acts-mapping.md
	bin/a2a-conform list --format requirement-set > fixtures/requirements/v$$(bin/a2a-conform version | sed -n 's/^a2a-conform //p').json

## fuzz: every fuzz target of the module, FUZZ_INPUTS inputs each (tools/fuzz/run.sh)
fuzz:
	GO=$(GO) FUZZ_INPUTS=$(FUZZ_INPUTS) tools/fuzz/run.sh

## proto: regenerate a2a/grpcpb from a2a/grpcpb/proto/a2a.proto with the pinned generators (tools/proto)
proto: proto-deps
	tools/proto/generate.sh

## proto-check: the checked-in generated code must be what the pinned generators make of the proto
proto-check: proto-deps
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	tools/proto/generate.sh "$$tmp" || exit 2; \
	for f in a2a.pb.go a2a_grpc.pb.go; do \
		diff -u "a2a/grpcpb/$$f" "$$tmp/$$f" || { echo "a2a/grpcpb is stale: run 'make proto'" >&2; exit 1; }; \
	done

# Debian's packages, one apt-get at a time: make test runs proto-deps and
# browser-deps side by side, and two apt-gets at once fail on apt's lock.
APT_INSTALL := flock /tmp/a2a-conform-apt.lock sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$$@"' apt-install

## proto-deps: protoc and protobuf's well-known types (Debian's packages), installed when missing
proto-deps:
	@command -v protoc >/dev/null 2>&1 && test -f /usr/include/google/protobuf/struct.proto || \
		$(APT_INSTALL) protobuf-compiler libprotobuf-dev

# The README's picture of report.html, from a real run of the whole catalog
# against the reference client: the summary, the scenarios and the first
# sequence diagram.
SHOT_CLIENT ?= builtin:reference
SHOT        ?= docs/img/report.png
## screenshot: run the catalog against SHOT_CLIENT and write the top of its report.html, rendered in headless Chromium, to SHOT
screenshot: build browser-deps
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	bin/a2a-conform run --client $(call quote,$(SHOT_CLIENT)) --report-dir "$$tmp/report" > "$$tmp/run.log" 2>&1; rc=$$?; \
	if [ $$rc -gt 1 ]; then tail -n 40 "$$tmp/run.log"; echo "screenshot: the run exited $$rc" >&2; exit 2; fi; \
	tail -n 1 "$$tmp/run.log"; \
	$(BUILD_ENV) $(GO) run $(BUILD_FLAGS) ./tools/screenshot -report "$$tmp/report/report.html" -o $(call quote,$(SHOT)) && ls -l $(call quote,$(SHOT))

## browser-deps: headless Chromium (Debian's package) for the browser checks of the report and the live view, installed when missing
browser-deps:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
		$(APT_INSTALL) chromium

## sdk-deps: the pinned SDKs (npm ci for @a2a-js/sdk, go mod download for a2a-go)
sdk-deps:
	cd $(JS_SDK_DIR) && npm ci --no-audit --no-fund
	cd $(GO_SDK_DIR) && $(GO) mod download

## sdk-compat: only the real-SDK wire compatibility tests (send → get → cancel, on each of the three bindings)
sdk-compat: sdk-deps sdk-go
	A2A_CONFORM_REQUIRE_SDKS=1 $(GO) test -race -count=1 -run 'TestSDKCompat' ./mockpeer/...

## bench: peer throughput against a bare net/http baseline, the catalog's wall time, and 100 generated variants
bench:
	./bench/run.sh
	./bench/catalog.sh
	./bench/explore.sh

stability:
	./bench/stability.sh

## load: the verdicts beside two CPU hogs, one scenario after the other and in parallel, are those of the machine as it is
load:
	./bench/load.sh --race

SDK_REPORT_DIR := $(REPORT_DIR)/sdks
# The exact versions installed: the reports and docs/results.md name them.
JS_SDK_VERSION  = $(shell node -p "require('./$(JS_SDK_DIR)/node_modules/@a2a-js/sdk/package.json').version")
GO_SDK_VERSION  = $(shell cd $(GO_SDK_DIR) && $(GO) list -m -f '{{.Version}}' github.com/a2aproject/a2a-go/v2)

## conformance-sdks: the whole catalog against @a2a-js/sdk and a2a-go (spec and flat security scopes), in session and one-shot mode,
##   over the default offer and over gRPC alone (--bindings grpc); each run's verdicts are pinned by its known-failures
##   file (--strict: drift either way fails), and docs/results.md must match the reports
conformance-sdks: sdk-runs
	diff -u docs/results.md $(SDK_REPORT_DIR)/results.md \
		|| (echo "docs/results.md is stale: run 'make sdk-results'" >&2; exit 1)

## sdk-results: regenerate docs/results.md from fresh SDK runs
sdk-results: sdk-runs
	cp $(SDK_REPORT_DIR)/results.md docs/results.md

# Every run happens even when one drifts, so CI shows every drift at once.
# Session mode is how the SDKs are used (one long-lived client); one-shot
# mode (a fresh client per task) shows what a new client does with a card.
# The gRPC runs (--bindings grpc: cards list only a gRPC interface) need no
# switch in the adapters: each registers its SDK's gRPC transport beside the
# HTTP ones, and the SDK picks what the card offers.
SDK_RUN = bin/a2a-conform run --strict
JS_CLIENT = --client 'node $(JS_SDK_DIR)/adapter.mjs' --label '@a2a-js/sdk $(JS_SDK_VERSION)'
GO_CLIENT = --client bin/a2a-go-adapter --label 'github.com/a2aproject/a2a-go/v2 $(GO_SDK_VERSION)'
SDK_RUN_DIRS = a2a-js a2a-js-one-shot a2a-go-spec a2a-go-flat a2a-go-flat-one-shot \
	a2a-js-grpc a2a-js-grpc-one-shot a2a-go-flat-grpc a2a-go-flat-grpc-one-shot
# Each run's flags, by its report folder.
SDK_ARGS.a2a-js                    = $(JS_CLIENT) --client-mode session --known-failures $(JS_SDK_DIR)/known-failures.txt
SDK_ARGS.a2a-js-one-shot           = $(JS_CLIENT) --client-mode one-shot --known-failures $(JS_SDK_DIR)/known-failures-one-shot.txt
SDK_ARGS.a2a-go-spec               = $(GO_CLIENT) --client-mode session --security-scopes spec --known-failures $(GO_SDK_DIR)/known-failures-spec.txt
SDK_ARGS.a2a-go-flat               = $(GO_CLIENT) --client-mode session --security-scopes flat --known-failures $(GO_SDK_DIR)/known-failures-flat.txt
SDK_ARGS.a2a-go-flat-one-shot      = $(GO_CLIENT) --client-mode one-shot --security-scopes flat --known-failures $(GO_SDK_DIR)/known-failures-flat-one-shot.txt
SDK_ARGS.a2a-js-grpc               = $(JS_CLIENT) --bindings grpc --client-mode session --known-failures $(JS_SDK_DIR)/known-failures-grpc.txt
SDK_ARGS.a2a-js-grpc-one-shot      = $(JS_CLIENT) --bindings grpc --client-mode one-shot --known-failures $(JS_SDK_DIR)/known-failures-grpc-one-shot.txt
SDK_ARGS.a2a-go-flat-grpc          = $(GO_CLIENT) --bindings grpc --client-mode session --security-scopes flat --known-failures $(GO_SDK_DIR)/known-failures-flat-grpc.txt
SDK_ARGS.a2a-go-flat-grpc-one-shot = $(GO_CLIENT) --bindings grpc --client-mode one-shot --security-scopes flat --known-failures $(GO_SDK_DIR)/known-failures-flat-grpc-one-shot.txt
# A run spends much of its time waiting on its client (a process start, a
# poll), so SDK_JOBS runs go at once, each with its own farm on ephemeral
# ports and its own report folder; the verdicts are those of the machine
# as it is (make load). The longest (the JS ones) start first. Each run
# writes its output to REPORT/NAME.log, printed below in SDK_RUN_DIRS order
# whatever order the runs end in: whole for a run that fails, its summary
# otherwise. The runs keep their own SDK_JOBS outside make test's job server:
# its flags are taken out of MAKEFLAGS (the rest, command-line variables
# included, passed on with any ' in them escaped for the shell).
SDK_JOBS ?= 2
SDK_RUN_ORDER = $(filter a2a-js%,$(SDK_RUN_DIRS)) $(filter-out a2a-js%,$(SDK_RUN_DIRS))
sdk-runs: sdk-deps build
	cd $(GO_SDK_DIR) && $(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o $(CURDIR)/bin/a2a-go-adapter ./cmd/a2a-go-adapter
	@mkdir -p $(call quote,$(SDK_REPORT_DIR)); rm -f $(foreach d,$(SDK_RUN_DIRS),$(call quote,$(SDK_REPORT_DIR)/$(d).exit))
	@MAKEFLAGS=$(call quote,$(filter-out -j% --jobserver-auth=% --jobserver-fds=%,$(MAKEFLAGS))) $(MAKE) --no-print-directory -j$(SDK_JOBS) $(addprefix sdk-run-,$(SDK_RUN_ORDER))
	@status=0; for d in $(SDK_RUN_DIRS); do \
		log=$(call quote,$(SDK_REPORT_DIR)/)$$d.log; code=$$(cat $(call quote,$(SDK_REPORT_DIR)/)$$d.exit 2>/dev/null || echo missing); \
		if [ "$$code" = 0 ]; then echo "sdk run $$d: $$(tail -n 2 "$$log" | head -n 1)"; \
		else echo "sdk run $$d FAILED (exit $$code), its output ($$log):" >&2; cat "$$log" >&2; status=1; fi; \
	done; exit $$status
	bin/a2a-conform results --sdks $(foreach d,$(SDK_RUN_DIRS),$(call quote,$(SDK_REPORT_DIR)/$(d)/report.json)) > $(call quote,$(SDK_REPORT_DIR)/results.md)

# One SDK run (NAME of SDK_RUN_DIRS): its command and output in REPORT/NAME.log,
# its exit code in REPORT/NAME.exit; the target itself never fails, so every run happens.
sdk-run-%:
	@echo "+ $(SDK_RUN) $(SDK_ARGS.$*) --report-dir $(call quote,$(SDK_REPORT_DIR)/$*)" > $(call quote,$(SDK_REPORT_DIR)/$*.log); \
	$(SDK_RUN) $(SDK_ARGS.$*) --report-dir $(call quote,$(SDK_REPORT_DIR)/$*) >> $(call quote,$(SDK_REPORT_DIR)/$*.log) 2>&1; \
	echo $$? > $(call quote,$(SDK_REPORT_DIR)/$*.exit)
