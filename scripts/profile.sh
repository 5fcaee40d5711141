#!/usr/bin/env bash
# Profiles a load scenario: where the hot path spends its time, per stage and per function.
#
#   scripts/profile.sh [RUN ARGS...]        default: --closed --duration 5s --warmup 1s --backend-latency 0us/0us
#
# 1. Builds in release.
# 2. Runs `authz-bench run ARGS --stage-sample 1 --json` (every request's stages timed) and writes
#    the per-stage table (count, p50, p99, mean, share of the summed stage time) to $OUT/stages.txt.
# 3. Profiles the same scenario (with the default 1-in-64 stage sampling) under `perf record -g` with
#    the cpu-clock software event (hardware counters are often missing in VMs and containers) when
#    perf may record (root, or kernel.perf_event_paranoid <= 2 for user-space samples); otherwise, or
#    with PROFILER=callgrind, under `valgrind --tool=callgrind` for a shorter run ($CALLGRIND_ARGS:
#    closed loop, 1 thread, 2 s; about 50 times slower than native). Swift symbols are demangled.
# 4. Writes $OUT/report.txt: the scenario, the stage table and the top functions (self time); the
#    full profiles stay in $OUT (perf.data and perf-report.txt, or callgrind.out and
#    callgrind-annotate.txt).
#
#   scripts/profile.sh --against REV [RUN ARGS...]
#
# Differential mode: what changed between REV (the base: built in a temporary `git worktree`, or
# $BASE_BIN when set) and the working tree (the candidate). Profiles the same scenario on both
# builds under `perf record -g` with the cpu-clock event, folds each build's stacks
# (scripts/flamegraph.py, Swift names demangled) and writes $OUT/base.svg and $OUT/candidate.svg
# (self-contained SVG flame graphs) and $OUT/diff.svg: the candidate's flame graph (width = its
# time) coloured by the change of each frame's share of the samples against the base (red: more,
# blue: less). The folded stacks stay in $OUT/{base,candidate}.folded. Needs perf; exit 1 without.
#
# Environment: OUT (.build/profile), PROFILER (auto|perf|callgrind), CALLGRIND_ARGS, TOP (40 lines),
# BASE_BIN, BASE_SCRATCH (.build/profile-base, the base's build directory, kept between runs),
# CANDIDATE_BIN (a release authz-bench of the working tree already built: used, nothing built).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
OUT=${OUT:-.build/profile}
PROFILER=${PROFILER:-auto}
TOP=${TOP:-40}
against=""
if [[ ${1:-} == --against ]]; then
  [[ $# -ge 2 ]] || { echo "profile: --against needs a git revision" >&2; exit 64; }
  against=$2
  shift 2
fi
# --backend-latency, the alias of --upstream-latency: a base (--against) built before that name reads only it.
if [[ $# -gt 0 ]]; then run_args=("$@"); else run_args=(--closed --duration 5s --warmup 1s --backend-latency 0us/0us); fi
read -r -a callgrind_args <<< "${CALLGRIND_ARGS:---closed --threads 1 --duration 2s --warmup 0s --devices 2000 --backend-latency 0us/0us}"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "profile: $*" >&2; }
demangle() { if command -v swift-demangle >/dev/null; then swift-demangle --simplified; else cat; fi; }

bin=${CANDIDATE_BIN:-.build/release/authz-bench}
if [[ -z ${CANDIDATE_BIN:-} ]]; then
  log "building in release"
  swift build -c release -Xswiftc -warnings-as-errors >/dev/null
fi
[[ -x $bin ]] || { log "the candidate binary $bin is not an executable"; exit 64; }

if [[ -n $against ]]; then
  base_commit=$(git rev-parse --short=12 "$against^{commit}") || { log "$against is not a commit"; exit 64; }
  perf record -q -e cpu-clock -o /dev/null -- true >/dev/null 2>&1 \
    || { log "--against needs perf, and perf cannot record here (kernel.perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?'))"; exit 1; }
  base_bin=${BASE_BIN:-}
  base_src=""
  trap '[[ -z $base_src ]] || { git -C "$root" worktree remove --force "$base_src" >/dev/null 2>&1 || true; rm -rf "$(dirname "$base_src")"; }' EXIT
  if [[ -z $base_bin ]]; then
    base_src=$(mktemp -d)/src
    scratch=${BASE_SCRATCH:-$root/.build/profile-base}
    log "building the base $against ($base_commit) in release, scratch $scratch"
    git worktree add --detach "$base_src" "$base_commit" >/dev/null 2>&1
    swift build -c release --package-path "$base_src" --scratch-path "$scratch" >/dev/null
    base_bin=$scratch/release/authz-bench
  fi
  [[ -x $base_bin ]] || { log "the base binary $base_bin is not an executable"; exit 64; }
  candidate=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
  [[ -z $(git status --porcelain --untracked-files=no 2>/dev/null) ]] || candidate="$candidate-dirty"
  for side in base candidate; do
    side_bin=$bin
    [[ $side == base ]] && side_bin=$base_bin
    log "profiling the $side under perf record -e cpu-clock -g: run ${run_args[*]}"
    rc=0
    perf record -q -e cpu-clock -g -F 999 -o "$OUT/$side.perf.data" -- "$side_bin" run "${run_args[@]}" --quiet \
      --json "$OUT/$side-run.json" 2>"$OUT/$side-perf-record.log" || rc=$?
    [[ $rc == 0 || $rc == 7 ]] || { cat "$OUT/$side-perf-record.log" >&2; exit "$rc"; }
    perf script -i "$OUT/$side.perf.data" 2>/dev/null | python3 scripts/flamegraph.py fold --demangle > "$OUT/$side.folded"
  done
  python3 scripts/flamegraph.py svg "$OUT/base.folded" "$OUT/base.svg" --title "base $against ($base_commit): run ${run_args[*]}"
  python3 scripts/flamegraph.py svg "$OUT/candidate.folded" "$OUT/candidate.svg" --title "candidate $candidate: run ${run_args[*]}"
  python3 scripts/flamegraph.py diff "$OUT/base.folded" "$OUT/candidate.folded" "$OUT/diff.svg" \
    --title "candidate $candidate against $against ($base_commit): width = candidate's time; red = larger share, blue = smaller"
  echo "profile: flame graphs $OUT/base.svg, $OUT/candidate.svg, differential $OUT/diff.svg"
  exit 0
fi

log "stage timings: run ${run_args[*]} --stage-sample 1"
rc=0
"$bin" run "${run_args[@]}" --stage-sample 1 --quiet --json "$OUT/stages.json" || rc=$?
[[ $rc == 0 || $rc == 7 ]] || { log "the run failed (exit $rc)"; exit "$rc"; }
python3 - "$OUT/stages.json" > "$OUT/stages.txt" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
stages = d["stages"]
total = sum(h["mean"] * h["count"] for h in stages.values()) or 1
def t(ns):
    for scale, unit in ((1e9, "s"), (1e6, "ms"), (1e3, "us")):
        if ns >= scale: return f"{ns / scale:.3g}{unit}"
    return f"{ns:.0f}ns"
s = d["summary"]
print(f"{s['requests']} requests, {s['achievedRate']:.0f} req/s, every request's stages timed (--stage-sample 1)")
print(f"service time p50 {t(d['latency']['serviceTime']['p50'])}, p99 {t(d['latency']['serviceTime']['p99'])}")
print(f"{'stage':<12}{'count':>10}{'p50':>10}{'p99':>10}{'mean':>10}{'share':>8}")
for name, h in sorted(stages.items(), key=lambda kv: -kv[1]["mean"] * kv[1]["count"]):
    share = 100 * h["mean"] * h["count"] / total
    print(f"{name:<12}{h['count']:>10}{t(h['p50']):>10}{t(h['p99']):>10}{t(h['mean']):>10}{share:>7.1f}%")
print("share: the stage's summed time over all stages' summed time")
EOF

perf_event=""
if [[ $PROFILER != callgrind ]] && command -v perf >/dev/null; then
  for event in cpu-clock cpu-clock:u; do
    if perf record -q -e "$event" -o /dev/null -- true >/dev/null 2>&1; then perf_event=$event; break; fi
  done
  if [[ -z $perf_event ]]; then
    log "perf cannot record here (kernel.perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?'), or no permission); using callgrind"
  fi
fi
[[ $PROFILER != perf || -n $perf_event ]] || { log "PROFILER=perf but perf cannot record"; exit 1; }

if [[ -n $perf_event ]]; then
  profiler="perf record -e $perf_event -g"
  log "profiling under $profiler: run ${run_args[*]}"
  rc=0
  perf record -q -e "$perf_event" -g -F 999 -o "$OUT/perf.data" -- "$bin" run "${run_args[@]}" --quiet \
    --json "$OUT/profiled-run.json" 2>"$OUT/perf-record.log" || rc=$?
  [[ $rc == 0 || $rc == 7 ]] || { cat "$OUT/perf-record.log" >&2; exit "$rc"; }
  perf report --stdio -i "$OUT/perf.data" --no-children --percent-limit 0.5 2>/dev/null | demangle > "$OUT/perf-report.txt"
  # Self time by shared object and symbol; samples in stripped libraries (libcrypto) have no
  # symbol, so they are summed per library.
  perf report --stdio -i "$OUT/perf.data" --no-children -g none -F overhead,dso,sym 2>/dev/null \
    | awk '!/^#/ && NF >= 4 {
        pct = $1; sub("%", "", pct); sym = $4; for (i = 5; i <= NF; i++) sym = sym " " $i
        if (sym ~ /^0x[0-9a-f]+$/) sym = "(no symbols)"
        total[$2 "  " sym] += pct
      }
      END { for (k in total) printf "%6.2f%%  %s\n", total[k], k }' \
    | sort -rn | demangle > "$OUT/top-all.txt"
  head -n "$TOP" "$OUT/top-all.txt" > "$OUT/top.txt"
  scenario="${run_args[*]}"
else
  command -v valgrind >/dev/null || { log "neither perf nor valgrind is available"; exit 1; }
  profiler="valgrind --tool=callgrind"
  log "profiling under callgrind: run ${callgrind_args[*]}"
  rc=0
  valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$bin" run "${callgrind_args[@]}" --quiet \
    --json "$OUT/profiled-run.json" 2>"$OUT/callgrind.log" || rc=$?
  [[ $rc == 0 || $rc == 7 ]] || { cat "$OUT/callgrind.log" >&2; exit "$rc"; }
  callgrind_annotate "$OUT/callgrind.out" 2>/dev/null | demangle > "$OUT/callgrind-annotate.txt"
  # The function lines after the header: "Ir (pct) file:function".
  awk '/^-+$/ { dashes++; next } dashes >= 3 && NF' "$OUT/callgrind-annotate.txt" > "$OUT/top-all.txt"
  head -n "$TOP" "$OUT/top-all.txt" > "$OUT/top.txt"
  scenario="${callgrind_args[*]}"
fi

{
  echo "authz-bench profile  $(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)  $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "profiler: $profiler   scenario: run $scenario"
  echo
  echo "== per-stage time (run ${run_args[*]} --stage-sample 1) =="
  cat "$OUT/stages.txt"
  echo
  echo "== top functions by self time ($profiler) =="
  cat "$OUT/top.txt"
} > "$OUT/report.txt"
cat "$OUT/report.txt"
log "report: $OUT/report.txt"
