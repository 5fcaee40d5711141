#!/usr/bin/env bash
# Emulates the Kubernetes Indexed Job (scripts/kubernetes) on one machine, then checks the merge.
#
#   scripts/shard-local.sh N [RUN FLAG...]
#   AUTHZ_BENCH=.build/debug/authz-bench scripts/shard-local.sh 3 --warmup 2s --duration 5s --total-rate 150 --devices 300
#
# Starts N `authz-bench run` processes with the environment Kubernetes gives an Indexed Job's pods
# (JOB_COMPLETION_INDEX=0..N-1) and one `--start-at` START_LEAD seconds ahead (default 5), each with
# `--shard-index-env JOB_COMPLETION_INDEX --shards N` and its .hlog and JSON in a temporary
# directory, then `merge`s the logs as the collector Job does, and checks:
#   - merged requests == the sum of the shards' requests;
#   - merged achieved rate == those requests over the planned measured phase: the shards measured
#     together, so their windows are one (a shard's own rate may be a little lower: a last send
#     that left after the end lengthens its own window, not the merged one);
#   - the shards' recorded startEpochMillis spread by less than 50 ms, and each shard's start lag
#     p99 is under 50 ms (it sent on that schedule);
#   - with --total-rate R: the merged request count == one process's at R (run afterwards with the
#     same flags and no shards).
# A debug binary's results are invalid for that reason alone (exit 7): accepted only when the debug
# build is the only invalid reason. Each run is given `--max-start-lag 50ms` (unless the flags set
# it), the bound the start-lag check above holds the shards to, rather than run's default 5ms that
# a debug build on a busy machine may exceed. Exits 1 when a check fails. KEEP=1 keeps the directory.
#
# UNTIMED=1 (make test): the shards' timing is the machine's, not checked. A run invalid for the
# load generator's reasons alone (start lag p99 above its bound, or an achieved rate below 99%: a
# last send late past the end) is accepted as a debug build's is, and said so, and the start-lag
# check above is skipped (the start lags are printed): three debug processes on this shared 2-vCPU
# VM beside a build reached a start lag p99 of 40 ms and a maximum of 100 ms. The counts, the
# merge, the files and every other exit code stay checked.
#
# KILL_SHARD=I KILL_AFTER=S (I 0-based, S seconds after the start): kills that shard with SIGKILL
# S seconds into its load, as an evicted pod dies, and checks instead that its partial log is read,
# that `merge` names it truncated and exits 65, and that `merge --allow-missing` merges the others
# and says which shard and how many intervals are missing.
#
# AUTHZ_BENCH: the binary (default .build/release/authz-bench, built when missing).
set -euo pipefail

usage="usage: scripts/shard-local.sh N [RUN FLAG...]"
[[ $# -ge 1 && "$1" =~ ^[1-9][0-9]*$ ]] || { echo "$usage" >&2; exit 64; }
shards="$1"
shift
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# shellcheck source=lib/bench-binary.sh
source scripts/lib/bench-binary.sh
bench_binary shard-local.sh
total_rate=""
previous=""
lag_bound=(--max-start-lag 50ms)
for flag in "$@"; do
    [[ "$previous" == "--total-rate" ]] && total_rate="$flag"
    [[ "$flag" == --total-rate=* ]] && total_rate="${flag#--total-rate=}"
    [[ "$flag" == --max-start-lag || "$flag" == --max-start-lag=* ]] && lag_bound=()
    previous="$flag"
done

work="$(mktemp -d "${TMPDIR:-/tmp}/shard-local.XXXXXX")"
[[ "${KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT
lead_ms=$(( ${START_LEAD:-5} * 1000 ))
start=$(( $(date +%s%3N) + lead_ms ))
echo "shard-local: $shards shards of: run $* (start at $start, in $work)"

pids=()
for (( index = 0; index < shards; index++ )); do
    JOB_COMPLETION_INDEX="$index" "$bin" run "$@" "${lag_bound[@]}" --shard-index-env JOB_COMPLETION_INDEX --shards "$shards" \
        --start-at "$start" --hlog "$work/shard-$index.hlog" --json "$work/shard-$index.json" --quiet \
        >"$work/shard-$index.out" 2>"$work/shard-$index.err" &
    pids+=("$!")
done

# 0, or 7 when the only invalid reason is the debug build (with UNTIMED=1: or the load generator's).
untimed="${UNTIMED:-0}"
accept() {
    local status="$1" json="$2" label="$3"
    [[ "$status" -eq 0 ]] && return 0
    if [[ "$status" -eq 7 && -f "$json" ]] && python3 - "$json" "$label" "$untimed" <<'PY'
import json, sys
reasons = json.load(open(sys.argv[1]))["summary"]["invalidReasons"]
untimed = sys.argv[3] == "1"
build = [r for r in reasons if r.startswith("debug build")]
generator = [r for r in reasons if untimed and "the load generator" in r]
if not reasons or len(build) + len(generator) != len(reasons):
    sys.exit(1)
for reason in generator:
    print(f"  {sys.argv[2]}: exit 7 accepted (UNTIMED=1): {reason}")
PY
    then
        return 0
    fi
    echo "shard-local: $label exited $status" >&2
    [[ -f "$work/$label.err" ]] && sed 's/^/  /' "$work/$label.err" >&2
    [[ -f "$json" ]] && python3 -c 'import json, sys; print("\n".join("  invalid: " + r for r in json.load(open(sys.argv[1]))["summary"]["invalidReasons"]))' "$json" >&2
    return 1
}

kill_shard="${KILL_SHARD:-}"
if [[ -n "$kill_shard" ]]; then
    [[ "$kill_shard" =~ ^[0-9]+$ && "$kill_shard" -lt "$shards" && "${KILL_AFTER:-}" =~ ^[0-9]+$ ]] || {
        echo "shard-local.sh: KILL_SHARD expects an index below $shards and KILL_AFTER whole seconds" >&2; exit 64; }
    # Sleep until the start plus KILL_AFTER seconds, then kill it as an evicted pod dies.
    sleep "$(python3 -c "import time; print(max(0.0, ($start + ${KILL_AFTER} * 1000) / 1000 - time.time()))")"
    kill -KILL "${pids[$kill_shard]}"
fi

failed=0
for (( index = 0; index < shards; index++ )); do
    status=0
    wait "${pids[$index]}" || status=$?
    if [[ "$index" == "$kill_shard" ]]; then
        echo "  shard $((index + 1))/$shards killed with SIGKILL after ${KILL_AFTER} s (exit $status)"
        continue
    fi
    accept "$status" "$work/shard-$index.json" "shard-$index" || failed=1
done
[[ $failed -eq 0 ]] || { echo "shard-local: FAILED: a shard did not finish (exit 3: raise START_LEAD)" >&2; exit 1; }

if [[ -n "$kill_shard" ]]; then
    status=0
    "$bin" merge "$work"/shard-*.hlog --json "$work/strict.json" --quiet 2>"$work/strict.err" || status=$?
    echo "  merge (strict): exit $status: $(cat "$work/strict.err")"
    status_allowed=0
    "$bin" merge "$work"/shard-*.hlog --allow-missing --json "$work/merged.json" || status_allowed=$?
    echo "  merge --allow-missing: exit $status_allowed"
    python3 - "$work" "$kill_shard" "$status" "$status_allowed" <<'PY'
import json, os, sys
work, killed, strict, allowed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
shard = killed + 1
failures = []
def check(ok, text):
    print(f"  {'ok  ' if ok else 'FAIL'} {text}")
    if not ok:
        failures.append(text)
partial = open(f"{work}/shard-{killed}.hlog").read()
intervals = sum(1 for line in partial.splitlines() if line.startswith("Tag=responseTime,"))
check("#[authz-bench-end:" not in partial and intervals > 0,
      f"the killed shard's log holds {intervals} whole intervals and no end line")
error = open(f"{work}/strict.err").read()
check(strict == 65 and "truncated" in error and f"shard-{killed}.hlog" in error,
      "merge exits 65 naming the killed shard's log as truncated")
check(not os.path.exists(f"{work}/strict.json"), "the strict merge wrote nothing")
section = json.load(open(f"{work}/merged.json")).get("shards") or {}
truncated = [t for t in section.get("truncated", []) if t["shard"] == shard]
check(allowed in (0, 7) and section.get("allowedMissing") is True and len(truncated) == 1
      and truncated[0]["intervals"] == intervals and truncated[0]["planned"] > intervals,
      f"merge --allow-missing says shard {shard} is truncated: "
      + (f"{truncated[0]['intervals']} of {truncated[0]['planned']} intervals" if truncated else "not said"))
sys.exit(1 if failures else 0)
PY
    exit $?
fi

"$bin" merge "$work"/shard-*.hlog --json "$work/merged.json" --quiet

single=""
if [[ -n "$total_rate" ]]; then
    status=0
    "$bin" run "$@" "${lag_bound[@]}" --json "$work/single.json" --quiet >"$work/single.out" 2>"$work/single.err" || status=$?
    accept "$status" "$work/single.json" single || exit 1
    single="$work/single.json"
fi

python3 - "$work" "$shards" "$single" "$untimed" <<'PY'
import json, sys
work, shards, single, untimed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
documents = [json.load(open(f"{work}/shard-{i}.json")) for i in range(shards)]
results = [d["summary"] for d in documents]
merged = json.load(open(f"{work}/merged.json"))
summary = merged["summary"]
failures = []
for i, s in enumerate(results):
    print(f"  shard {s.get('shard', '?'):>5}  JOB_COMPLETION_INDEX={i}  requests {s['requests']:>8}  "
          f"rate {s['achievedRate']:10.2f}/s  start {s.get('startEpochMillis')}  host {s.get('host')}")
requests = sum(s["requests"] for s in results)
rates = sum(s["achievedRate"] for s in results)
starts = [s.get("startEpochMillis") for s in results]
print(f"  merged       requests {summary['requests']:>8}  rate {summary['achievedRate']:10.2f}/s  "
      f"{'shards ' + str(len(merged['shards']['present'])) + '/' + str(merged['shards']['expected']) if merged.get('shards') else 'no shards section'}")

def check(ok, text):
    print(f"  {'ok  ' if ok else 'FAIL'} {text}")
    if not ok:
        failures.append(text)

check(summary["requests"] == requests, f"merged requests {summary['requests']} == sum of the shards' {requests}")
planned = {d["scenario"]["durationMillis"] for d in documents}
window = planned.pop() / 1000 if len(planned) == 1 else None
check(window is not None and requests > 0 and abs(summary["durationSeconds"] - window) < 1e-6
      and abs(summary["achievedRate"] * window - requests) <= 1e-6 * requests,
      f"merged rate {summary['achievedRate']:.2f}/s == the shards' requests over their common "
      f"{window} s window (their own rates sum to {rates:.2f}/s)")
if None in starts:
    check(False, "every shard records summary.startEpochMillis")
else:
    spread = max(starts) - min(starts)
    check(spread < 50, f"start times spread {spread} ms < 50 ms")
    # The recorded start is where each shard put its schedule; its start lag says whether it then
    # sent on that schedule (a shard that woke late would show it here, not in its start time).
    lags = [d["latency"]["startLag"]["p99"] / 1e6 for d in documents]
    lag_text = "start lag p99 " + ", ".join(f"{lag:.3f}" for lag in lags) + " ms"
    if untimed:
        print(f"  --   {lag_text}: not checked (UNTIMED=1)")
    else:
        check(max(lags) < 50, f"every shard sent on the common schedule: {lag_text} < 50 ms")
check(bool(merged.get("shards")) and merged["shards"]["missing"] == [] and merged["shards"]["truncated"] == []
      and merged["shards"]["expected"] == shards, f"merged shards section: {shards}/{shards}, none missing or truncated")
if single:
    one = json.load(open(single))["summary"]["requests"]
    check(summary["requests"] == one, f"merged requests {summary['requests']} == one process's at the total rate {one}")
sys.exit(1 if failures else 0)
PY
