#!/usr/bin/env bash
# Instructions per request in a closed-loop run's worker loop, counted by callgrind: the inclusive
# cost of `runClosedLoop` (valgrind --toggle-collect), divided by the requests the run sent
# (measured and warm-up). The hot path's whole per-request cost as a run pays it (the engine's
# string lookups, the harness's bookkeeping), where a micro row sees only the engine call.
#
#   scripts/request-instructions.sh [RUN ARGS...]
#       default: --alg hs256 --mix check=100 --devices 1000 --resources 5 --upstream-deny-ratio 0
#                --upstream-latency 0us/0us --duration 3s --warmup 1s (always --closed --threads 1)
#
# Prints `instructions per request N (I instructions in runClosedLoop, R requests)` and writes
# $OUT/request-instructions.txt. With LIMIT set, exits 2 when N is above LIMIT (a regression gate:
# results/README.md gives the figure the hot path is held to), else 0; 1 when the count fails.
# Environment: AUTHZ_BENCH (default .build/release/authz-bench, built when missing), OUT
# (.build/request-instructions), LIMIT.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bench-binary.sh
bench_binary request-instructions.sh
command -v valgrind >/dev/null || { echo "request-instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
OUT=${OUT:-.build/request-instructions}
mkdir -p "$OUT"
if [[ $# -gt 0 ]]; then run_args=("$@"); else
  run_args=(--alg hs256 --mix check=100 --devices 1000 --resources 5 --upstream-deny-ratio 0 --upstream-latency 0us/0us
    --duration 3s --warmup 1s)
fi

log=$OUT/callgrind.log
rc=0
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
  --toggle-collect='*runClosedLoop*' \
  "$bin" run --closed --threads 1 "${run_args[@]}" --quiet --json "$OUT/run.json" >/dev/null 2>"$log" || rc=$?
# Under valgrind the run is about 50 times slower: a run judged invalid (exit 7) still sent and
# counted its requests, which is all this needs.
[[ $rc == 0 || $rc == 7 ]] || { cat "$log" >&2; echo "request-instructions.sh: the run failed (exit $rc)" >&2; exit 1; }
instructions=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\).*/\1/p' "$log")
requests=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(sum((r.get(s) or {}).get("serviceTime", {}).get("count", 0) for s in ("latency", "warmup")))' "$OUT/run.json")
if [[ -z $instructions || $instructions == 0 || $requests == 0 ]]; then
  echo "request-instructions.sh: nothing counted (instructions '${instructions:-none}', requests $requests):" \
    "is runClosedLoop still a function of its own in this build?" >&2
  exit 1
fi
line=$(awk -v i="$instructions" -v r="$requests" \
  'BEGIN { printf "instructions per request %.0f (%d instructions in runClosedLoop, %d requests)", i / r, i, r }')
echo "$line" | tee "$OUT/request-instructions.txt"
if [[ -n ${LIMIT:-} ]]; then
  awk -v i="$instructions" -v r="$requests" -v l="$LIMIT" 'BEGIN { exit (i / r > l) ? 2 : 0 }' \
    || { echo "request-instructions.sh: above the limit of $LIMIT instructions per request" >&2; exit 2; }
fi
