# authz-bench: the two commands of the README.
#   make bench   builds in release and runs the default benchmark
#   make test    runs the whole test suite
# Both first install the Debian prerequisites when missing (as root), or print the command to run.

SWIFT ?= swift
# CI builds treat warnings as errors; so do we, everywhere.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
RELEASE_BIN = .build/release/authz-bench

.PHONY: bench test build release bootstrap micro clean

bootstrap:
	@bash scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build $(SWIFT_FLAGS)

release: bootstrap
	$(SWIFT) build -c release $(SWIFT_FLAGS)

# The default scenario: about 30 s after the build (5 s warm-up, 20 s measured).
BENCH_ARGS ?= --rate 2000 --duration 20s --warmup 5s --mix get=65,check=20,verify=10,logout=2,attack=3

bench: release
	$(RELEASE_BIN) run $(BENCH_ARGS) --json results/latest.json --hgrm results/latest-hgrm --hlog results/latest.hlog

micro: release
	$(RELEASE_BIN) micro --json results/latest-micro.json $(MICRO_ARGS)

# The concurrency stress suites (names containing Concurren or ReadProtocol) and the harness run tests also run under
# ThreadSanitizer, in a separate build folder.
TSAN_FILTER ?= Concurren|ReadProtocol|HarnessRunTests

test:
	@bash scripts/bootstrap.sh --tests
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(SWIFT_FLAGS)
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

clean:
	rm -rf .build
