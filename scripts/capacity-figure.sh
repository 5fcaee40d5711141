#!/usr/bin/env bash
# The capacity figure: the knee `capacity` finds on the hit-only HS256 workload (steady state,
# checks only, nothing denied, no upstream latency) against the closed-loop throughput of the same
# workload, measured in the same script on the same machine: the ratio knee / closed-loop peak,
# and the number of steps the search took.
#
#   scripts/capacity-figure.sh [SLO]     default SLO 'inline.p99<10ms,failures<0.1%'; OUT (results/capacity) holds the JSON
#
# Environment: AUTHZ_BENCH (the binary; default: built here), OUT (results/capacity), DURATION and WARMUP of the closed-loop run (10s, 2s),
# CAPACITY_ARGS (more flags for capacity, e.g. '--step-duration 1s --warmup 0s' for a smoke run).
#
# Needs a release build (built here): a debug build's runs are invalid and its figures mean
# nothing. The machine is shared and noisy (scheduling stalls reach milliseconds at any rate, hence
# the loose default p99): the knee moves with other load; repeat to see its spread.
#
# Exit: 0 done (whatever capacity found: its exit code is printed); 1 the closed-loop run failed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-results/capacity}
slo=${1:-'inline.p99<10ms,failures<0.1%'}
mkdir -p "$out"
source scripts/lib/bench-binary.sh
bench_binary capacity-figure.sh --build

workload=(--alg hs256 --mix get=0,check=100,verify=0 --upstream-deny-ratio 0 --upstream-latency 0us/0us --seed 1)

field() { # FILE EXPRESSION: a value of a JSON file (python, for scripts only)
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"
}

duration=${DURATION:-10s}
warmup=${WARMUP:-2s}
echo "== closed loop: authz-bench run --closed ${workload[*]} --duration $duration --warmup $warmup"
status=0
"$bin" run --closed "${workload[@]}" --duration "$duration" --warmup "$warmup" --quiet --json "$out/closed.json" || status=$?
# A closed loop has no start lag to invalidate it: anything but 0 is a failure, not a figure.
((status == 0)) || { echo "capacity-figure.sh: the closed-loop run exited $status" >&2; exit 1; }
closed=$(field "$out/closed.json" "r['summary']['achievedRate']")
echo "  closed-loop throughput $(printf '%.0f' "$closed") req/s, response p99 $(field "$out/closed.json" "'%.3f ms' % (r['latency']['responseTime']['p99']/1e6)")"

echo "== capacity --slo '$slo' ${workload[*]} --start-rate 5000 ${CAPACITY_ARGS:-}"
status=0
# shellcheck disable=SC2086 # CAPACITY_ARGS is a list of flags
"$bin" capacity --slo "$slo" "${workload[@]}" --start-rate 5000 ${CAPACITY_ARGS:-} --json "$out/capacity.json" \
  --report "$out/capacity.html" || status=$?
echo "  capacity exit code $status"
field "$out/capacity.json" "'  knee %s req/s (between %s and %s), %d steps' % ((r.get('knee') or {}).get('rate'), (r.get('knee') or {}).get('lower'), (r.get('knee') or {}).get('upper'), r['stepCount'])"
field "$out/capacity.json" "'  knee / closed-loop throughput = %.3f' % ((r.get('knee') or {}).get('rate', 0) / $closed)"
