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
#
#   BASE_BIN=BASE scripts/request-instructions.sh --operations [RUN ARGS...]
#
# Per operation, base against candidate (AUTHZ_BENCH): the instructions of a whole request of each
# kind through worker and engine, counted as above on a run of that kind alone (all with --devices
# 200 --resources 5 --upstream-deny-ratio 0 --upstream-latency 0us/0us --duration $OP_DURATION
# (2s) --warmup 0s, then RUN ARGS): `get-hs256` (--alg hs256 --mix get=100), `get-es256` (--alg
# es256 --mix get=100), `check` (--alg hs256 --mix check=100), `logout` (--alg hs256 --mix
# logout=100, the re-authentication that follows included) and `verify`: a verify needs a media
# token minted before it, so it runs as --mix get=50,verify=50 and the gets' share, at the
# get-hs256 figure, is taken off. The kinds of the requests a count covers are read from the
# trace of the same run without valgrind (`--record-trace`, whose first requests are the counted
# run's: one thread, one seed). The once-a-second hand-over of the worker's interval
# (`moveToInterval`: merging, resetting its histograms) is left out of the count: it is per second,
# not per request, and a busy machine, which completes fewer requests in the run's wall-clock
# duration, would spread it over fewer of them. A count over fewer than $OP_MIN_REQUESTS (1000)
# requests fails (exit 1): the first requests cost more (cold caches, a logout's first
# re-authentications), so both sides need a run's worth. The noise-free complement of the timed gate: any kind more than
# $INSTR_THRESHOLD percent (1) above the base exits 2; below only, 4; else 0. Writes
# $OUT/operations.tsv and $OUT/operations.md (a Markdown table, for a CI job summary).
# Environment: AUTHZ_BENCH (default .build/release/authz-bench, built when missing), OUT
# (.build/request-instructions), LIMIT, BASE_BIN, OP_DURATION, INSTR_THRESHOLD.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bench-binary.sh
bench_binary request-instructions.sh
command -v valgrind >/dev/null || { echo "request-instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
OUT=${OUT:-.build/request-instructions}
mkdir -p "$OUT"

if [[ ${1:-} == --operations ]]; then
  shift
  [[ -n ${BASE_BIN:-} && -x ${BASE_BIN:-} ]] || { echo "request-instructions.sh: --operations needs BASE_BIN, the base build's authz-bench" >&2; exit 64; }
  threshold=${INSTR_THRESHOLD:-1}
  common=(--devices 200 --resources 5 --upstream-deny-ratio 0 --upstream-latency 0us/0us
    --duration "${OP_DURATION:-2s}" --warmup 0s "$@")
  kinds=("get-hs256:--alg hs256 --mix get=100" "get-es256:--alg es256 --mix get=100"
    "check:--alg hs256 --mix check=100" "verify:--alg hs256 --mix get=50,verify=50"
    "logout:--alg hs256 --mix logout=100")
  mkdir -p "$OUT/operations"
  count() {  # SIDE BIN KIND ARGS...: callgrind's count, then the trace of the same run
    local side=$1 b=$2 kind=$3 rc=0; shift 3
    local f=$OUT/operations/$side-$kind
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      --toggle-collect='*runClosedLoop*' --toggle-collect='*moveToInterval*' \
      "$b" run --closed --threads 1 "$@" "${common[@]}" --quiet --json "$f.json" >/dev/null 2>"$f.log" || rc=$?
    [[ $rc == 0 || $rc == 7 ]] || { cat "$f.log" >&2; echo "request-instructions.sh: $side $kind: the run failed (exit $rc)" >&2; exit 1; }
    rc=0
    SWIFT_DETERMINISTIC_HASHING=1 "$b" run --closed --threads 1 "$@" "${common[@]}" --quiet \
      --json "$f-trace.json" --record-trace "$f.csv" >/dev/null 2>&1 || rc=$?
    [[ $rc == 0 || $rc == 7 ]] || { echo "request-instructions.sh: $side $kind: the trace run failed (exit $rc)" >&2; exit 1; }
  }
  for entry in "${kinds[@]}"; do
    kind=${entry%%:*}
    read -r -a args <<< "${entry#*:}"
    echo "request-instructions: $kind (base, then candidate)" >&2
    count base "$BASE_BIN" "$kind" "${args[@]}"
    count candidate "$bin" "$kind" "${args[@]}"
  done
  set +e
  python3 - "$OUT" "$threshold" "${OP_MIN_REQUESTS:-1000}" <<'PY'
import csv, json, re, sys
out, threshold, least = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
def counted(side, kind):
    f = f"{out}/operations/{side}-{kind}"
    text = open(f + ".log").read()
    m = re.search(r"^==\d+== Collected : (\d+)", text, re.M)
    r = json.load(open(f + ".json"))
    requests = sum((r.get(s) or {}).get("serviceTime", {}).get("count", 0) for s in ("latency", "warmup"))
    if not m or requests == 0:
        sys.exit(f"request-instructions.sh: {side} {kind}: nothing counted")
    if requests < least:
        sys.exit(f"request-instructions.sh: {side} {kind}: {requests} requests counted, fewer than {least}: "
                 "a busy machine (the count would be the first requests', not a run's); lengthen OP_DURATION")
    with open(f + ".csv") as trace:
        ops = [row["op"] for row in csv.DictReader(trace)][:requests]
    if len(ops) < requests:
        sys.exit(f"request-instructions.sh: {side} {kind}: the trace holds {len(ops)} requests, fewer than the {requests} counted")
    return int(m.group(1)), requests, ops
rows, counts, code = [], [], 0
for side in ("base", "candidate"):
    figures, n_of = {}, {}
    for kind in ("get-hs256", "get-es256", "check", "logout"):
        i, n, _ = counted(side, kind)
        figures[kind], n_of[kind] = i / n, n
    i, n, ops = counted(side, "verify")
    n_of["verify"] = n
    gets, verifies = ops.count("get"), ops.count("verify")
    figures["verify"] = (i - gets * figures["get-hs256"]) / verifies if verifies else float("nan")
    rows.append(figures)
    counts.append(n_of)
base, cand = rows
lines, md = [], []
regressions = improvements = 0
for kind in ("get-hs256", "get-es256", "check", "verify", "logout"):
    change = (cand[kind] / base[kind] - 1) * 100
    verdict = "regression" if change > threshold else ("improvement" if change < -threshold else "unchanged")
    regressions += verdict == "regression"
    improvements += verdict == "improvement"
    lines.append(f"{kind:<12} {base[kind]:>14.0f} {cand[kind]:>16.0f} {change:>+9.2f}%  {verdict:<11} {counts[0][kind]:>9} {counts[1][kind]:>9}")
    md.append(f"| {kind} | {base[kind]:.0f} | {cand[kind]:.0f} | {change:+.2f}% | {verdict if verdict == 'unchanged' else '**' + verdict + '**'} |")
code = 2 if regressions else (4 if improvements else 0)
word = {2: "regression", 4: "improvement", 0: "unchanged"}[code]
print(f"instructions per request by operation (callgrind Ir, worker and engine), threshold {threshold:g}%\n")
print(f"{'operation':<12} {'base Ir/req':>14} {'candidate Ir/req':>16} {'change':>10}  {'verdict':<11} {'base req':>9} {'cand req':>9}")
print("\n".join(lines))
print(f"\nverdict: {word} ({regressions} regression(s), {improvements} improvement(s))  (exit {code})")
with open(f"{out}/operations.tsv", "w") as f:
    f.write("operation\tbase\tcandidate\n")
    for kind in ("get-hs256", "get-es256", "check", "verify", "logout"):
        f.write(f"{kind}\t{base[kind]:.1f}\t{cand[kind]:.1f}\n")
with open(f"{out}/operations.md", "w") as f:
    f.write(f"## Instructions per request by operation: {word}\n\n")
    f.write("| operation | base Ir/req | candidate Ir/req | change | verdict |\n|---|---:|---:|---:|---|\n")
    f.write("\n".join(md) + "\n\n")
    f.write("callgrind over a closed-loop run of each kind alone (verify: get=50,verify=50 less the gets at the get-hs256 figure), worker and engine.\n")
sys.exit(code)
PY
  code=$?
  set -e
  exit $code
fi
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
