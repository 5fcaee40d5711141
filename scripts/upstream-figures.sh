#!/usr/bin/env bash
# The asynchronous upstream's figures, each measured side by side in one script on one machine:
#
#   1. realistic upstream (200ms/1s) against none (0us/0us), steady state, 2,000 req/s, 10,000 devices:
#      validity, achieved share, requests in flight, response p50 of both and their ratio; and the
#      same realistic run from a cold start (every authorization asked upstream once);
#   2. cold start, HS256, gets only, 20,000 req/s, upstream 500ms/2s, beside the same run with no
#      upstream latency: validity, requests in flight, and the resident set per request in flight,
#      ((peak - before the load) with latency - the same without) / max in flight: what parking
#      costs, net of what both runs add (cache entries, histograms). Then the same with 100,000
#      devices (400,000 authorizations, four times the cache), so misses go on past the warm-up;
#   3. hit-only HS256 (steady state, nothing denied) closed loop (the peak), then open loop at half
#      of it: start-lag p99;
#   4. expiry-stampede with refresh ahead on and off: upstream calls, coalesced, response p99.
#
#   scripts/upstream-figures.sh [STEP...]     steps 1-4 (default all); OUT (results/upstream) holds the JSON
#
# Environment: AUTHZ_BENCH (the binary; default: built here), OUT (results/upstream); DURATION and WARMUP replace every run's own (a smoke run:
# DURATION=1s WARMUP=0s).
#
# Release build (built here). The machine is shared and noisy: repeat a step to see its spread.
#
# Exit: 0 done (a run that broke a validity bound, exit 7, is a figure: "valid False"); 1 a run
# failed otherwise; 64 an unknown step.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-results/upstream}
mkdir -p "$out"
source scripts/lib/bench-binary.sh
bench_binary upstream-figures.sh --build
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(1 2 3 4)

field() { # FILE EXPRESSION: a value of a result file (python, for tests and scripts only)
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"
}

run() { # NAME ARGS...: runs, keeps the JSON, prints the lines that matter
  local name=$1; shift
  local args=() skip=0 arg
  for arg in "$@"; do  # DURATION and WARMUP replace the run's own --duration and --warmup
    if ((skip)); then skip=0; continue; fi
    if [[ ( $arg == --duration && -n ${DURATION:-} ) || ( $arg == --warmup && -n ${WARMUP:-} ) ]]; then skip=1; continue; fi
    args+=("$arg")
  done
  [[ -z ${DURATION:-} ]] || args+=(--duration "$DURATION")
  [[ -z ${WARMUP:-} ]] || args+=(--warmup "$WARMUP")
  echo "== $name: authz-bench run ${args[*]}"
  local status=0
  "$bin" run "${args[@]}" --quiet --json "$out/$name.json" || status=$?
  # 7: the run's figures were recorded but broke a validity bound (the line says "valid False");
  # anything else is a failure, not a figure.
  ((status == 0 || status == 7)) || { echo "upstream-figures.sh: $name: authz-bench run exited $status" >&2; exit 1; }
  field "$out/$name.json" "'  valid %s, achieved %.1f%% of %s req/s, requests %d, max in flight %d, response p50 %.3f ms p99 %.3f ms, start lag p99 %.1f us' % (r['summary']['valid'], 100*r['summary']['achievedRate']/(r['summary']['targetRate'] or r['summary']['achievedRate']), r['summary']['targetRate'], r['summary']['requests'], r['summary'].get('maxInFlight',0), r['latency']['responseTime']['p50']/1e6, r['latency']['responseTime']['p99']/1e6, r['latency']['startLag']['p99']/1e3)"
}

for step in "${steps[@]}"; do
  case $step in
  1)
    run realistic --scenario steady --rate 2000 --duration 8s --warmup 2s --upstream-latency 200ms/1s
    run no-latency --scenario steady --rate 2000 --duration 8s --warmup 2s --upstream-latency 0us/0us
    run realistic-cold --scenario steady --cold --rate 2000 --duration 8s --warmup 2s --upstream-latency 200ms/1s
    python3 - "$out/realistic.json" "$out/no-latency.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print("  response p50 realistic / none: %.3f / %.3f ms = %.2fx" % (
    a['latency']['responseTime']['p50'] / 1e6, b['latency']['responseTime']['p50'] / 1e6,
    a['latency']['responseTime']['p50'] / b['latency']['responseTime']['p50']))
PY
    ;;
  2)
    for devices in 10000 100000; do
      for latency in 500ms/2s 0us/0us; do
        run "cold-20k-$devices-${latency//\//-}" --alg hs256 --mix get=100,check=0,verify=0 --cold --rate 20000 \
          --duration 8s --warmup 2s --devices "$devices" --upstream-latency "$latency"
      done
      python3 - "$out/cold-20k-$devices-500ms-2s.json" "$out/cold-20k-$devices-0us-0us.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
grow = lambda r: r['summary']['peakRSS'] - r['summary']['setupRSS']
n = a['summary']['maxInFlight']
print("  RSS per request in flight: (%.1f MiB - %.1f MiB) / %d = %.0f bytes (with latency / without)" % (
    grow(a) / 2**20, grow(b) / 2**20, n, (grow(a) - grow(b)) / max(1, n)))
PY
    done
    ;;
  3)
    run closed-hits --alg hs256 --mix get=100,check=0,verify=0 --upstream-deny-ratio 0 --closed --duration 5s --warmup 1s --devices 1000
    rate=$(field "$out/closed-hits.json" "int(r['summary']['achievedRate'] / 2)")
    run open-half --alg hs256 --mix get=100,check=0,verify=0 --upstream-deny-ratio 0 --rate "$rate" --duration 5s --warmup 1s --devices 1000
    ;;
  4)
    run stampede-refresh --scenario expiry-stampede
    run stampede-no-refresh --scenario expiry-stampede --refresh-ahead off
    for name in stampede-refresh stampede-no-refresh; do
      field "$out/$name.json" "'  $name: upstream calls %d, coalesced %d, refreshes %d, response p99 %.3f ms' % (r['upstream']['calls'], r['upstream']['coalesced'], r['upstream']['refreshes'], r['latency']['responseTime']['p99']/1e6)"
    done
    ;;
  *) echo "upstream-figures: unknown step $step (1-4)" >&2; exit 64 ;;
  esac
done
