# Sourced by the scripts that drive the built executable (gate-sensitivity.sh, shard-local.sh):
# `bench_binary NAME` sets `bin` to $AUTHZ_BENCH, or to .build/release/authz-bench, built (with
# warnings as errors) when missing; another path that is not an executable exits 64, naming NAME.
bench_binary() {
    bin="${AUTHZ_BENCH:-.build/release/authz-bench}"
    [[ -x "$bin" ]] && return 0
    if [[ "$bin" == ".build/release/authz-bench" ]]; then
        swift build -c release -Xswiftc -warnings-as-errors --product authz-bench >&2
    else
        echo "$1: AUTHZ_BENCH=$bin is not an executable" >&2
        exit 64
    fi
}
