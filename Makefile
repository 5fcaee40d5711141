# authz-bench: the commands of the README.
#   make bench   builds in release and runs the default benchmark
#   make test    runs the whole test suite once (the end-to-end CLI suites against the release
#                build, every other suite under AddressSanitizer, the concurrency suites also under
#                ThreadSanitizer), checks the Kubernetes manifests, emulates a 3-shard Job
#                locally with processes and with the image's containers (as root), runs the CI
#                recipes' commands, the gate-sensitivity and ab-calibration scripts, the hot-path,
#                figure, soak and allocation scripts shortened on the release build (each output under
#                .build/test-*, not results/), and checks the cache strategies against
#                libCacheSim on ../shared/traces when present (scripts/check-policies.py)
#   make fuzz    runs every libFuzzer target for FUZZ_SECONDS (scripts/fuzz.sh)
#   make docs    builds the DocC catalogs (Sources/*/*.docc) into .build/docs, warnings as errors
#   make lint    checks the formatting of every Swift file (`swift format lint --strict`, .swift-format)
#   make format  formats every Swift file in place (the toolchain's `swift format`)
# Each first installs the Debian prerequisites when missing (as root), or prints the command to run.

SWIFT ?= swift
# CI builds treat warnings as errors; so do we, everywhere.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
RELEASE_BIN = .build/release/authz-bench
# make test's release build is the one the image's Containerfile makes (the Swift runtime linked
# statically), by the command scripts/kubernetes/pods-local.sh runs, so that the Kubernetes
# emulation finds it built: one release build in `make test`, not two. Its shortened script runs
# check commands and files, not figures, so the linking does not matter to them.
STATIC_RELEASE = $(SWIFT) build -c release --static-swift-stdlib --product authz-bench --scratch-path .build-static $(SWIFT_FLAGS)
TEST_RELEASE_BIN = .build-static/release/authz-bench

.PHONY: bench test build release bootstrap micro fuzz docs clean lint format \
	test-release-build test-tsan test-timed test-asan-suite test-untimed-figures test-untimed-shards test-untimed-pods

bootstrap:
	@bash scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build $(SWIFT_FLAGS)

release: bootstrap
	$(SWIFT) build -c release $(SWIFT_FLAGS)

# The named scenario `steady` (run's defaults with --deny-ttl 30s: steady state at 2,000 req/s over 10,000 devices,
# upstream 200ms median, 1s p99, denials cached), measured longer: about 30 s after the build (5 s warm-up, 20 s measured).
BENCH_ARGS ?= --scenario steady --duration 20s --warmup 5s

bench: release
	$(RELEASE_BIN) run $(BENCH_ARGS) --json results/latest.json --hgrm results/latest-hgrm --hlog results/latest.hlog

micro: release
	$(RELEASE_BIN) micro --json results/latest-micro.json $(MICRO_ARGS)

# The concurrency stress suites (names containing Concurren or ReadProtocol) and the harness run tests also run under
# ThreadSanitizer, in a separate build folder, which builds only the test targets that hold them
# (AUTHZ_TSAN_SUITES=1 in Package.swift).
TSAN_FILTER ?= Concurren|ReadProtocol|HarnessRunTests
# make test builds the tests once for AddressSanitizer (with LeakSanitizer), in .build-asan, and runs
# every suite once from that build: the end-to-end CLI suites (BenchTests, hostile input included)
# against the release binary (AUTHZ_BENCH_TEST_BINARY), the one users run and the image holds, which
# runs their timed runs as a release does; every other suite in process, under the sanitizer. No
# plain debug build: it compiled everything a fourth time for suites that mostly wait on the binary.
# The executable's code is under ASan in the library suites it calls and in the fuzzers. A crash
# must end the run with the sanitizer's report, not hang in the Swift backtracer.
CLI_FILTER ?= ^BenchTests\.
ASAN_ENV = SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0

# The local emulation of the Kubernetes Job in `make test`: small, so it adds well under a minute.
# UNTIMED=1: the shard scripts check counts, exit codes and files, not the shards' timing, which on
# a shared 2-vCPU machine is the machine's (start lag p99 to 40 ms beside a build): a shard invalid
# for the load generator's reasons alone is accepted, and shard-local.sh's 50 ms start-lag check is
# skipped. Without it the scripts hold the shards to a common schedule, as the README runs them.
SHARD_LOCAL_ARGS ?= --warmup 2s --duration 5s --total-rate 150 --devices 300
# The same Job as containers of the image (scripts/kubernetes/pods-local.sh, as root): the flags are
# rendered into the manifests, so the start-lag bound shard-local.sh adds itself is given here.
PODS_LOCAL_ARGS ?= $(SHARD_LOCAL_ARGS) --max-start-lag 50ms

# Every Swift file of the package: the sources, the tests, the fuzz targets and the manifest.
SWIFT_FILES = Sources Tests Fuzz Package.swift

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

# The shortened script runs of `make test` check that the commands run and that what they write is
# well formed and adds up, not the machine's timing: on this shared 2-vCPU VM the host's jitter
# alone made 6 of 48 10-second runs invalid for their start lag, and a busy machine delays a last
# send past the end of a short run. So gate-sensitivity.sh --smoke, soak.sh with SOAK_DURATION
# and the shard scripts with UNTIMED=1 accept a run invalid for the load generator's reasons
# alone, and say so; a run invalid for any other reason, and every other exit code, still fails.
# The soak's smoke allows 24 MiB between the last and middle thirds of its 10 one-second samples
# (the full soak's default is 8): its last third holds the end of the load, when every worker hands
# in its histograms, three of 270 KB for each of the nine operations the soak's mix sends, which a
# run of minutes spreads over its length (a 3-minute soak of every operation grew +0.0 MiB; an 8 s
# smoke beside builds read +8.6 MiB). The smoke checks that the script runs and gives its verdict;
# the memory slope is the full soak's to judge (scripts/soak.sh MINUTES).
test:
	@bash scripts/bootstrap.sh --tests
	$(MAKE) --no-print-directory lint
	@before=$$(find $(SWIFT_FILES) -name '*.swift' -type f | sort | xargs sha256sum); \
	$(MAKE) --no-print-directory format && \
	after=$$(find $(SWIFT_FILES) -name '*.swift' -type f | sort | xargs sha256sum); \
	[ "$$before" = "$$after" ] || { echo "make format: changed files that make lint passed" >&2; exit 1; }
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory -j4 --output-sync=target test-timed test-asan-suite \
		test-untimed-figures test-untimed-shards test-untimed-pods \
		ASAN_BIN_PATH="$$($(SWIFT) build --sanitize=address --scratch-path .build-asan --show-bin-path)"

# After the AddressSanitizer build (alone: it keeps both cores busy), make test runs its steps
# side by side (make -j4), each step's output printed when it ends:
# - the release build, beside the ThreadSanitizer build and its suites at nice 10: the release
#   build spends most of its time in one single-threaded optimiser (427 s wall for 489 s of CPU
#   alone), and the sanitizer's build fills the idle core;
# - then every step that needs the release binary and reads a clock (the CLI suites, the recipes,
#   the figure scripts), beside the in-process suites under AddressSanitizer at nice 10: the timed
#   steps mostly wait on their runs, and the suites, CPU-bound, fill the idle core;
# - then the untimed steps, three at a time (the emulation of the Kubernetes Job, the soak and the
#   smoke runs of the figure scripts), which accept a run the machine starved.
# The two vCPUs give much less than twice one when both are busy: the release build took 427 s
# alone, 568 s beside the ThreadSanitizer build, 782 s beside that and the in-process suites; so
# the in-process suites wait for the release build to end.
# They run their test bundle directly: two `swift test` processes on one build folder wait for
# each other's lock, and the CLI suites hold it meanwhile.
ASAN_BIN_PATH ?= $(shell $(SWIFT) build --sanitize=address --scratch-path .build-asan --show-bin-path)
test-release-build:
	$(STATIC_RELEASE)

test-tsan:
	AUTHZ_TSAN_SUITES=1 nice -n 10 $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(SWIFT_FLAGS)
	AUTHZ_TSAN_SUITES=1 TSAN_OPTIONS=halt_on_error=1 nice -n 10 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

test-timed: test-release-build
	python3 scripts/ci/check-ci-recipes.py --binary $(TEST_RELEASE_BIN)
	$(ASAN_ENV) AUTHZ_BENCH_TEST_BINARY=$(CURDIR)/$(TEST_RELEASE_BIN) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(CLI_FILTER)'
	python3 scripts/ci/run-ci-recipes.py --binary $(TEST_RELEASE_BIN) --short
	python3 scripts/check-policies.py --binary $(TEST_RELEASE_BIN)
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) OUT=.build/test-request-instructions bash scripts/request-instructions.sh --alg hs256 --mix check=100 --devices 200 --resources 5 --upstream-deny-ratio 0 --upstream-latency 0us/0us --duration 1s --warmup 0s
	OUT=.build/test-end-to-end-ab REPS=1 DURATION=1s WARMUP=0s STEP_DURATION=1s CAPACITY_WARMUP=1s PRECISION=50% CAPACITY_ARGS='--max-rate 20000' bash scripts/end-to-end-ab.sh $(TEST_RELEASE_BIN) $(TEST_RELEASE_BIN)
	BASE_BIN=$(TEST_RELEASE_BIN) CANDIDATE_BIN=$(TEST_RELEASE_BIN) OUT=.build/test-profile-against bash scripts/profile.sh --against HEAD --closed --duration 1s --warmup 0s --upstream-latency 0us/0us
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) OUT=.build/test-capacity-figure DURATION=1s WARMUP=0s CAPACITY_ARGS='--step-duration 1s --warmup 0s --precision 50% --max-rate 20000' bash scripts/capacity-figure.sh
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/count-allocs.sh '^(device.fingerprint|cache.hit.lirs.t1)$$' 200
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/check-observer-elision.sh
	PYTHONHASHSEED=0 python3 scripts/siphash-vectors.py

test-asan-suite: test-release-build test-tsan
	$(ASAN_ENV) nice -n 10 $(ASAN_BIN_PATH)/authz-benchPackageTests.xctest --testing-library swift-testing --skip '$(CLI_FILTER)'

test-untimed-figures: test-timed
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/gate-sensitivity.sh --smoke
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) OUT=.build/test-ab-calibration bash scripts/ab-calibration.sh --smoke
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) OUT=.build/test-upstream-figures DURATION=1s WARMUP=0s bash scripts/upstream-figures.sh

test-untimed-shards: test-timed
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/kubernetes/check.sh
	UNTIMED=1 AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/shard-local.sh 3 $(SHARD_LOCAL_ARGS)
	UNTIMED=1 KILL_SHARD=1 KILL_AFTER=5 AUTHZ_BENCH=$(TEST_RELEASE_BIN) bash scripts/shard-local.sh 3 --warmup 2s --duration 8s --rate 50 --devices 300 --quiet
	AUTHZ_BENCH=$(TEST_RELEASE_BIN) SOAK_JSON=.build/test-soak.json SOAK_DURATION=8s SOAK_WARMUP=1s SOAK_SAMPLE=1s SOAK_GROWTH_MIB=24 bash scripts/soak.sh 1

# The killed shard's run bounds the start lag at 1 us, which no shard meets: the shards left are
# invalid (exit 7, accepted with UNTIMED=1), so the collector's partial merge is invalid too and
# must still write its report, the case a busy machine once made by chance.
test-untimed-pods: test-timed
	UNTIMED=1 bash scripts/kubernetes/pods-local.sh 3 $(PODS_LOCAL_ARGS)
	UNTIMED=1 KILL_SHARD=1 KILL_AFTER=5 bash scripts/kubernetes/pods-local.sh 3 --warmup 2s --duration 8s --rate 50 --devices 300 --max-start-lag 1us

# libFuzzer over the token codec, dates, base64, the verifiers, key loading, result JSON and .hlog
# (a separate build in .build-fuzz; corpora and crashes in .build-fuzz/corpus and artifacts).
FUZZ_SECONDS ?= 30

fuzz: bootstrap
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# One .doccarchive per catalog under Sources/<Target>/, built by the toolchain's own docc from the
# compiler's symbol graphs (no package plugin); any docc warning fails (scripts/docs.sh).
docs: bootstrap
	SWIFT='$(SWIFT)' SWIFT_FLAGS='$(SWIFT_FLAGS)' bash scripts/docs.sh

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-static
