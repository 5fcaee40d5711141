#!/usr/bin/env bash
# Two builds side by side in one script run, on the same machine at the same time: the closed-loop
# throughput of `run --closed --alg hs256` (default mix) and of capacity-figure.sh's hit-only HS256
# workload, and the knee `capacity` finds on that workload (capacity-figure.sh's SLO).
#
#   scripts/end-to-end-ab.sh BASE_BIN [CANDIDATE_BIN]     candidate default .build/release/authz-bench
#
# Closed-loop runs alternate base, candidate, base, ... REPS times each, so that machine noise
# hits both alike; then one capacity search per build. Prints one line per run and a table (median
# of the runs, both builds, candidate / base), also written to $OUT/summary.md; each run's JSON
# stays in $OUT/{base,candidate}. Exit codes: 0 done, 64 usage (a binary missing), 1 a run failed.
# Release builds only: the tool refuses to call a debug build's figures valid.
# Environment: OUT (.build/end-to-end-ab), REPS (3), DURATION (10s), WARMUP (2s), STEP_DURATION (5s),
# CAPACITY_WARMUP (2s, each step's), PRECISION (5%), SLO (capacity-figure.sh's default), CAPACITY_ARGS
# (more `capacity` flags, e.g. `--max-start-lag 50ms` on a machine whose scheduling stalls make the
# generator fall behind at any rate).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 1 && $# -le 2 ]] || { echo "end-to-end-ab.sh: expected BASE_BIN [CANDIDATE_BIN]" >&2; exit 64; }
base=$1
candidate=${2:-.build/release/authz-bench}
for b in "$base" "$candidate"; do
  [[ -x $b ]] || { echo "end-to-end-ab.sh: $b is not an executable" >&2; exit 64; }
done
OUT=${OUT:-.build/end-to-end-ab}
REPS=${REPS:-3}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
STEP_DURATION=${STEP_DURATION:-5s}
PRECISION=${PRECISION:-5%}
CAPACITY_WARMUP=${CAPACITY_WARMUP:-2s}
SLO=${SLO:-'inline.p99<10ms,failures<0.1%'}
mkdir -p "$OUT/base" "$OUT/candidate"
# --deny-ratio and --backend-latency, the aliases of --upstream-deny-ratio and --upstream-latency:
# a base built before those names reads only these.
hitonly=(--alg hs256 --mix get=0,check=100,verify=0 --deny-ratio 0 --backend-latency 0us/0us --seed 1)

field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"; }
bin_of() { if [[ $1 == base ]]; then echo "$base"; else echo "$candidate"; fi; }

closed() {  # SIDE NAME REP ARGS...: one closed-loop run, its rate appended to $OUT/SIDE/NAME.rates
  local side=$1 name=$2 rep=$3; shift 3
  local json=$OUT/$side/$name-$rep.json rc=0
  "$(bin_of "$side")" run --closed "$@" --duration "$DURATION" --warmup "$WARMUP" --quiet --json "$json" || rc=$?
  [[ $rc == 0 || $rc == 7 ]] || { echo "end-to-end-ab.sh: $side run failed (exit $rc)" >&2; exit 1; }
  local rate; rate=$(field "$json" "'%.0f' % r['summary']['achievedRate']")
  echo "$rate" >> "$OUT/$side/$name.rates"
  echo "$name $side rep $rep: $rate req/s$([[ $rc == 7 ]] && echo ' (judged invalid: see the JSON)')"
}

rm -f "$OUT"/*/*.rates
for rep in $(seq 1 "$REPS"); do
  for side in base candidate; do closed "$side" hs256-default "$rep" --alg hs256; done
  for side in base candidate; do closed "$side" hit-only "$rep" "${hitonly[@]}"; done
done
for side in base candidate; do
  rc=0
  "$(bin_of "$side")" capacity --slo "$SLO" "${hitonly[@]}" --start-rate 5000 --step-duration "$STEP_DURATION" \
    --warmup "$CAPACITY_WARMUP" --precision "$PRECISION" ${CAPACITY_ARGS:-} --quiet --json "$OUT/$side/capacity.json" >/dev/null || rc=$?
  [[ $rc == 0 || $rc == 6 ]] || { echo "end-to-end-ab.sh: $side capacity failed (exit $rc)" >&2; exit 1; }
  field "$OUT/$side/capacity.json" "'%.0f' % ((r.get('knee') or {}).get('rate') or 0)" > "$OUT/$side/knee"
  echo "capacity $side: knee $(cat "$OUT/$side/knee") req/s (exit $rc)"
done

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
row() {  # LABEL BASE CANDIDATE
  awk -v l="$1" -v b="$2" -v c="$3" 'BEGIN { printf "| %s | %.0f | %.0f | %s |\n", l, b, c, (b > 0 ? sprintf("%.3f", c / b) : "-") }'
}
{
  echo "| figure (req/s; closed loop: median of $REPS) | base | candidate | candidate / base |"
  echo "|---|---:|---:|---:|"
  row "run --closed --alg hs256 (default mix)" "$(median "$OUT/base/hs256-default.rates")" "$(median "$OUT/candidate/hs256-default.rates")"
  row "run --closed, hit-only hs256 (capacity-figure.sh workload)" "$(median "$OUT/base/hit-only.rates")" "$(median "$OUT/candidate/hit-only.rates")"
  row "capacity knee, hit-only hs256" "$(cat "$OUT/base/knee")" "$(cat "$OUT/candidate/knee")"
} | tee "$OUT/summary.md"
