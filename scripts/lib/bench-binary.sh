# Sourced by the scripts that drive the built executable (gate-sensitivity.sh, shard-local.sh, the
# figure scripts): `bench_binary NAME` sets `bin` to $AUTHZ_BENCH, or to .build/release/authz-bench,
# built when missing; `bench_binary NAME --build` builds it whenever AUTHZ_BENCH is unset (a no-op when
# it is up to date), so a figure never comes from a stale binary. Built as the Makefile builds (warnings
# as errors): other flags would make SwiftPM rebuild everything, and again at the next `make release`.
# Another path that is not an executable exits 64, naming NAME.
bench_binary() {
    bin="${AUTHZ_BENCH:-.build/release/authz-bench}"
    if [[ -z ${AUTHZ_BENCH:-} && ${2:-} == --build ]]; then
        swift build -c release -Xswiftc -warnings-as-errors --product authz-bench >/dev/null
        return 0
    fi
    [[ -x "$bin" ]] && return 0
    if [[ "$bin" == ".build/release/authz-bench" ]]; then
        swift build -c release -Xswiftc -warnings-as-errors --product authz-bench >&2
    else
        echo "$1: AUTHZ_BENCH=$bin is not an executable" >&2
        exit 64
    fi
}
