#!/usr/bin/env bash
# Soak: a long open-loop run under attack traffic, logouts and token-expiry churn, with the resident
# set sampled every 10 s; prints the RSS curve and a plateau verdict.
#
#   scripts/soak.sh MINUTES [EXTRA RUN FLAGS...]      e.g. scripts/soak.sh 10
#
# Scenario (flags below): 2,000 requests/s, mix get=55,check=20,verify=10,logout=5,attack=10,
# authN tokens living 30 s and authZ tokens 10 s (1 s skew), so tokens keep expiring and devices keep
# re-authenticating; each engine cache bounded at 20,000 entries for 10,000 devices, so the caches
# evict and expire all the time; tampered tokens are new bytes each time (negative cache at its bound).
# Extra flags are appended to `authz-bench run` (do not repeat one of the flags below).
#
# Verdict: on the raw RSS (the harness streams each completed interval to the .hlog and keeps only a
# small summary of it, so nothing grows with the run by design). The samples after set-up (warm-up
# included) are split into thirds; memory "plateaus" when
# the largest RSS of the last third exceeds the largest of the middle third by no more than
# max(SOAK_GROWTH_PERCENT % of it, SOAK_GROWTH_MIB MiB) (defaults 5 % and 8 MiB).
# Exit: 1 when memory keeps growing, else the exit code of `authz-bench run` (0 ok, 7 run invalid).
# The result is written to results/latest-soak.json (SOAK_JSON to change it). AUTHZ_BENCH names the
# binary (default: built here). For a smoke run,
# SOAK_DURATION replaces the MINUTES (any run duration, e.g. 8s), SOAK_WARMUP the 10 s warm-up and
# SOAK_SAMPLE the 10 s between RSS samples. A smoke run (SOAK_DURATION set, as in make test) does
# not hold the run to the generator's timing: invalid for the load generator's reasons alone (its
# start lag p99 above --max-start-lag, which this VM's host jitter alone can push past 5 ms, or
# a last send late enough to miss 99% of the rate), it is said so and the verdict decides the exit;
# invalid for any other reason (a request lost or completed twice, a debug build), it exits 7.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 || ! "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/soak.sh MINUTES [EXTRA RUN FLAGS...]   (MINUTES a positive integer)" >&2
  exit 64
fi
minutes=$1; shift
json=${SOAK_JSON:-results/latest-soak.json}
command -v python3 >/dev/null || { echo "soak: needs python3 to read the result" >&2; exit 1; }
source scripts/lib/bench-binary.sh
bench_binary soak.sh --build
status=0
"$bin" run --duration "${SOAK_DURATION:-${minutes}m}" --warmup "${SOAK_WARMUP:-10s}" --rate 2000 \
  --mix get=55,check=20,verify=10,logout=5,attack=10 --authn-ttl 30s --authz-ttl 10s --skew 1s \
  --devices 10000 --capacity 20000 --rss-sample-interval "${SOAK_SAMPLE:-10s}" --json "$json" "$@" || status=$?
if [[ ! -f "$json" ]]; then echo "soak: the run wrote no result (exit $status)" >&2; exit $(( status == 0 ? 1 : status )); fi
if [[ $status == 7 && -n ${SOAK_DURATION:-} ]] && python3 - "$json" <<'PY'
import json, sys
reasons = json.load(open(sys.argv[1]))["summary"]["invalidReasons"]
sys.exit(0 if reasons and all("the load generator" in r for r in reasons) else 1)
PY
then
  echo "soak: the run is invalid for the load generator's reasons alone: a smoke run's timing is the machine's; the memory verdict decides" >&2
  status=0
fi

python3 - "$json" "${SOAK_GROWTH_PERCENT:-5}" "${SOAK_GROWTH_MIB:-8}" <<'PY' || status=1
import json, sys
path, percent, mib = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
result = json.load(open(path))
samples = result.get("memory", {}).get("rssSamples", [])
summary = result["summary"]
print()
print("RSS curve (%s)" % path)
print("%10s %12s %12s" % ("seconds", "RSS MiB", "delta MiB"))
previous = None
for s in samples:
    mb = s["rssBytes"] / 1048576
    delta = "" if previous is None else "%+.1f" % (mb - previous)
    print("%10.1f %12.1f %12s" % (s["seconds"], mb, delta))
    previous = mb
print("peakRSS %.1f MiB, setupRSS %.1f MiB, finalRSS %.1f MiB" % tuple(
    summary.get(k, 0) / 1048576 for k in ("peakRSS", "setupRSS", "finalRSS")))
after = [s["rssBytes"] for s in samples if s["seconds"] > 0]
if len(after) < 6:
    print("verdict: too few samples (%d) to judge; run longer" % len(after))
    sys.exit(0)
third = len(after) // 3
middle, last = max(after[third:2 * third]), max(after[2 * third:])
allowed = max(middle * percent / 100, mib * 1048576)
growth = last - middle
print("max RSS: middle third %.1f MiB, last third %.1f MiB: growth %+.1f MiB (allowed %.1f MiB)" % (
    middle / 1048576, last / 1048576, growth / 1048576, allowed / 1048576))
# The slope over the last two thirds, per hour, tells a slow leak that a short run's bound hides.
tail = [(s["seconds"], s["rssBytes"]) for s in samples if s["seconds"] > 0][third:]
if len(tail) >= 2:
    n = len(tail); mx = sum(t for t, _ in tail) / n; my = sum(v for _, v in tail) / n
    slope = sum((t - mx) * (v - my) for t, v in tail) / max(sum((t - mx) ** 2 for t, _ in tail), 1e-9)
    print("trend over the last two thirds: %+.1f MiB per hour" % (slope * 3600 / 1048576))
if growth <= allowed:
    print("verdict: plateau")
    sys.exit(0)
print("verdict: MEMORY KEEPS GROWING")
sys.exit(1)
PY
exit $status
