#!/usr/bin/env bash
# What `authz-bench ab` (two builds interleaved in one job) flags, and how often it flags nothing
# at all: one binary plays both sides, the candidate slowed by a known busy wait.
#
#   scripts/ab-calibration.sh [--smoke]
#   TRIALS=10 AA_TRIALS=20 scripts/ab-calibration.sh
#
# First a reference run of `steady` (RUN_SECONDS, default 10 s) gives each operation's p50 (its
# service time, see p50 below), paced as ab's children pace (--pacing spin: a warm core's p50, lower
# than a sleeping run's, so the delays are the smaller), and a check-only closed loop's time per request. Then TRIALS comparisons of each case and
# AA_TRIALS of the same build against itself, each `ab BIN BIN $AB_ARGS` with its own order seed:
#
#   check   --candidate-args '--inject-delay D@check', D = SHARE (5%) of check's p50
#   get     --candidate-args '--inject-delay D@get',   D = SHARE of get's p50
#   closed  a check-only closed loop (--closed --mix check=100), D@check = CLOSED_SHARE (2%) of
#           its time per request (threads / throughput), judged on check.throughput
#   same    no delay on either side: every flag is a false alarm
#
# Every trial's exit code, seconds, and the case's metric (its serviceTime p50, ab's default gate:
# change, 95% interval, the smallest change
# the trial could flag, pairs kept) go to $OUT/trials.csv (default .build/ab-calibration), one row per
# trial; a summary per case is printed: flagged (exit 2) out of trials. The targets the design is held
# to: check, get and closed flagged in at least 9 of 10, same in at most 1 of 20, each within 3
# minutes (results/README.md, "Two builds in one job").
#
# --smoke: one trial of each case with three pairs of 100 ms blocks (one a round: ab's default six
# rounds need six pairs), a 1-second reference: checks
# that the script and the commands it runs work (make test). Three pairs cannot flag at ab's 1% level,
# so the smoke draws no verdict: its exit is 0 when every command exited with one of ab's verdict codes.
#
# Exit: 0 done (every trial's code is 0, 2, 4 or 7); 1 a command failed; 64 usage.
# AUTHZ_BENCH: the binary (default .build/release/authz-bench, built when missing); METRICS: ab's
# --metrics for the open-loop cases (default: ab's own); the closed case gates check.throughput.
set -euo pipefail

smoke=0
for arg in "$@"; do
    case $arg in
        --smoke) smoke=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "ab-calibration.sh: unknown argument '$arg'; expected --smoke" >&2; exit 64 ;;
    esac
done
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# shellcheck source=lib/bench-binary.sh
source scripts/lib/bench-binary.sh
bench_binary ab-calibration.sh
if ((smoke)); then
    TRIALS=1 AA_TRIALS=1 RUN_SECONDS=1
    AB_ARGS=${AB_ARGS:---scenario steady --pairs 3 --rounds 3 --settle 0 --block 100ms --warmup 0s --min-pairs 2 --max-start-lag off --max-steal 99%}
else
    TRIALS=${TRIALS:-10} AA_TRIALS=${AA_TRIALS:-20} RUN_SECONDS=${RUN_SECONDS:-10}
    AB_ARGS=${AB_ARGS:---scenario steady}
fi
SHARE=${SHARE:-5} CLOSED_SHARE=${CLOSED_SHARE:-2} CASES=${CASES:-check get closed same}
for n in "$TRIALS" "$AA_TRIALS" "$RUN_SECONDS"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "ab-calibration.sh: TRIALS, AA_TRIALS and RUN_SECONDS must be positive integers" >&2; exit 64; }
done
OUT=${OUT:-.build/ab-calibration}
rm -rf "$OUT"
mkdir -p "$OUT"
log() { echo "ab-calibration: $*" >&2; }

# figure FILE EXPR: a figure of a result file, by a Python expression over `d` (the JSON).
figure() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

log "reference: steady for ${RUN_SECONDS}s, then a check-only closed loop"
# reference NAME FLAGS...: a run whose figures set the delays. Its service times and closed-loop
# rate are read even when the run was invalid (7: a generator the machine starved), since neither
# is timed from the intended start; any other exit ends the script.
reference() {
    local name=$1 rc=0
    shift
    "$bin" run "$@" --duration "${RUN_SECONDS}s" --warmup 1s --quiet --json "$OUT/$name.json" || rc=$?
    [[ $rc == 0 || $rc == 7 ]] || { log "reference run $name exited $rc"; exit 1; }
}
reference steady --scenario steady --max-start-lag off --pacing spin
reference closed --scenario steady --closed --mix check=100
# The operation's own time, serviceTime (done - send): in a valid run its inline p50 and service
# time p50 differ by the start lag's median (tens of ns), but on a starved machine the inline p50,
# timed from the intended start, is the generator's lateness (160 ms once), not the operation's.
p50() { figure "$OUT/steady.json" "d['latency']['byOperation']['$1']['serviceTime']['p50']"; }
check_p50=$(p50 check)
get_p50=$(p50 get)
threads=$(figure "$OUT/closed.json" "d['scenario']['threads']")
per_request=$(figure "$OUT/closed.json" "round(1e9 * $threads / d['summary']['achievedRate'])")
delay() { awk -v v="$1" -v s="$2" 'BEGIN { d = int(v * s / 100 + 0.5); print (d < 1 ? 1 : d) }'; }
log "check p50 ${check_p50} ns, get ${get_p50} ns (service time); closed loop ${per_request} ns a request on $threads thread(s)"

echo "case,trial,delayNanos,exit,seconds,metric,change,low,high,detectable,keptPairs" >"$OUT/trials.csv"
# trial CASE N DELAY METRIC [AB FLAG...]: one comparison, its row in trials.csv.
trial() {
    local name=$1 n=$2 delay=$3 metric=$4 rc=0 started
    shift 4
    started=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$bin" ab "$bin" "$bin" $AB_ARGS ${METRICS:+--metrics "$METRICS"} --order-seed "$n" "$@" --quiet \
        --json "$OUT/$name-$n.json" 2>"$OUT/$name-$n.err" || rc=$?
    case $rc in
        0|2|4|7) ;;
        *) log "$name trial $n exited $rc: $(tail -1 "$OUT/$name-$n.err")"; exit 1 ;;
    esac
    python3 - "$OUT/$name-$n.json" "$name" "$n" "$delay" "$rc" "$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" "$metric" >>"$OUT/trials.csv" <<'PY'
import json, sys
path, name, n, delay, rc, seconds, metric = sys.argv[1:]
try:
    d = json.load(open(path))
except (OSError, ValueError):
    print(f"{name},{n},{delay},{rc},{float(seconds):.1f},{metric},,,,,"); sys.exit()
line = next((m for m in d["metrics"] if m["metric"] == metric), None) or (d["metrics"] or [{}])[0]
kept = sum(1 for p in d["pairs"] if not p.get("dropped"))
fmt = lambda v: "" if v is None else f"{v:.5f}"
interval = line.get("interval") or [None, None]
print(f"{name},{n},{delay},{rc},{float(seconds):.1f},{line.get('metric', metric)},{fmt(line.get('change'))},"
      f"{fmt(interval[0])},{fmt(interval[1])},{fmt(line.get('detectable'))},{kept}")
PY
    log "$name trial $n (D=${delay}ns): exit $rc"
}

for ((n = 1; n <= TRIALS || n <= AA_TRIALS; n++)); do
    for name in $CASES; do
        if [[ $name == same ]]; then
            if ((n <= AA_TRIALS)); then trial same "$n" 0 check.serviceTime.p50; fi
            continue
        fi
        ((n <= TRIALS)) || continue
        case $name in
            check) d=$(delay "$check_p50" "$SHARE")
                trial check "$n" "$d" check.serviceTime.p50 --candidate-args "--inject-delay ${d}ns@check" ;;
            get) d=$(delay "$get_p50" "$SHARE")
                trial get "$n" "$d" get.serviceTime.p50 --candidate-args "--inject-delay ${d}ns@get" ;;
            closed) d=$(delay "$per_request" "$CLOSED_SHARE")
                METRICS=check.throughput trial closed "$n" "$d" check.throughput --closed --mix check=100 \
                    --candidate-args "--inject-delay ${d}ns@check" ;;
            *) echo "ab-calibration.sh: unknown case '$name' in CASES; expected check, get, closed, same" >&2; exit 64 ;;
        esac
    done
done

echo
echo "case     trials  flagged (exit 2)  longest  median change  median could-flag"
python3 - "$OUT/trials.csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for name in dict.fromkeys(r["case"] for r in rows):
    mine = [r for r in rows if r["case"] == name]
    flagged = sum(r["exit"] == "2" for r in mine)
    longest = max(float(r["seconds"]) for r in mine)
    med = lambda key: statistics.median([float(r[key]) for r in mine if r[key]]) if any(r[key] for r in mine) else None
    pct = lambda v: "-" if v is None else f"{v * 100:+.2f}%"
    print(f"{name:<8} {len(mine):>6}  {flagged:>16}  {longest:>6.0f}s  {pct(med('change')):>13}  {pct(med('detectable')):>17}")
PY
echo "trials: $OUT/trials.csv"
