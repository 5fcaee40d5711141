#!/usr/bin/env bash
# The CI regression gate: benchmark the working tree against a base git ref on the same host.
#
#   scripts/ci-bench.sh BASE_GIT_REF                   both builds in one job: `authz-bench ab`, interleaved blocks,
#                                                      the base being the merge base of BASE_GIT_REF and HEAD
#   scripts/ci-bench.sh                                the candidate against the committed baseline (`compare`)
#   scripts/ci-bench.sh --instructions BASE_GIT_REF    instruction counts (valgrind callgrind) per micro row
#   MODE=instructions scripts/ci-bench.sh BASE_GIT_REF same as --instructions
#
# Timed mode with a base. Builds the candidate (the working tree) in release and the base in a
# temporary `git worktree` with its own scratch path ($BASE_SCRATCH, default .build/ci-bench-base,
# kept between runs), or takes BASE_BIN. Then runs the candidate's `authz-bench ab BASE_BIN
# CANDIDATE_BIN $AB_ARGS`: both builds set up once, then short measured blocks alternate between
# them in a randomized order per pair, and each metric's verdict comes from the per-pair ratios with
# the smallest change the run could have flagged (see the BenchResults article "Comparing two
# builds"). Exits with ab's code: 0 no regression, 2 regression, 4 improvements only, 7 too few
# pairs kept (the machine spoiled them), 65 a binary is no authz-bench of this schema or died.
# Writes $OUT/ab.json and $OUT/ab.md.
# Without BASE_GIT_REF the baseline is the committed $BASELINE (results/run-baseline.json, one
# repetition, so compare uses the plain threshold): the candidate runs the baseline's own scenario
# (the `make bench` one, RUN_ARGS default below) REPS times (default 3). compare refuses (65, naming
# the keys) when that baseline was measured on another CPU or with another scenario. Stored results
# are the history use; for a pull request, give the base.
#
# Instruction mode. For each micro row matching $ROWS, counts the instructions (callgrind `Ir`) of
# `authz-bench micro --filter ^ROW$ --iterations N --subject-only` with N = $ITERATIONS and 2N, for
# both builds; (Ir(2N) - Ir(N)) / N is the row's instructions per operation with set-up cancelled.
# SWIFT_DETERMINISTIC_HASHING=1 removes the per-process hash seed. Any row more than
# $INSTR_THRESHOLD percent (default 1) above the base is a regression (exit 2); decreases only: 4;
# else 0. Then a whole request of each kind through worker and engine, base against candidate
# (`scripts/request-instructions.sh --operations`: get hs256 and es256, check, verify, logout),
# held to the same threshold, its table appended. Writes $OUT/instructions.tsv,
# $OUT/request-instructions/operations.tsv and $OUT/instructions.md.
#
# Every mode writes $OUT/summary.md and appends it to $GITHUB_STEP_SUMMARY when that is set.
#
# Environment: OUT (.build/ci-bench), AB_ARGS (--scenario steady: ab's and the run's flags), REPS
# (3, without a base ref), RUN_ARGS, THRESHOLD (5%), BASELINE, BASE_SCRATCH, ROWS, ITERATIONS (20000),
# INSTR_THRESHOLD (1), MODE (time|instructions), BASE_BIN (a release authz-bench already built from
# BASE_GIT_REF: used as the base, nothing built), CANDIDATE_BIN (likewise for the candidate: the
# working tree is not built).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

mode=${MODE:-time}
base_ref=""
for arg in "$@"; do
  case $arg in
    --instructions) mode=instructions ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "ci-bench: unknown option $arg; expected --instructions or a git ref" >&2; exit 64 ;;
    *) [[ -z $base_ref ]] || { echo "ci-bench: more than one base ref ($base_ref, $arg)" >&2; exit 64; }
       base_ref=$arg ;;
  esac
done
[[ $mode == time || $mode == instructions ]] || { echo "ci-bench: MODE must be time or instructions, got '$mode'" >&2; exit 64; }

OUT=${OUT:-.build/ci-bench}
THRESHOLD=${THRESHOLD:-5%}
BASE_SCRATCH=${BASE_SCRATCH:-$root/.build/ci-bench-base}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
started=$(date +%s)

log() { echo "ci-bench: $*" >&2; }

publish() {  # FILE: the Markdown summary, also for the GitHub job summary
  cp "$1" "$OUT/summary.md"
  if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then cat "$1" >> "$GITHUB_STEP_SUMMARY"; fi
}

if [[ -n ${CANDIDATE_BIN:-} ]]; then
  [[ -x $CANDIDATE_BIN ]] || { echo "ci-bench: CANDIDATE_BIN $CANDIDATE_BIN is not an executable file" >&2; exit 64; }
  log "using $CANDIDATE_BIN as the candidate; nothing built"
  cand_bin=$CANDIDATE_BIN
else
  log "building the candidate (working tree) in release"
  swift build -c release -Xswiftc -warnings-as-errors >/dev/null
  cand_bin=$root/.build/release/authz-bench
fi
cand_commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
[[ -z $(git status --porcelain --untracked-files=no 2>/dev/null) ]] || cand_commit="$cand_commit-dirty"

base_bin=""
base_src=""
cleanup() {
  if [[ -n $base_src ]]; then git -C "$root" worktree remove --force "$base_src" >/dev/null 2>&1 || true; rm -rf "$(dirname "$base_src")"; fi
}
trap cleanup EXIT
if [[ -n $base_ref ]]; then
  base_commit=$(git rev-parse --short=12 "$base_ref^{commit}") || { echo "ci-bench: $base_ref is not a commit" >&2; exit 64; }
  # Timed: the base is the merge base, so that the comparison sees what the pull request changes only.
  if [[ $mode == time ]] && merge_base=$(git merge-base "$base_commit" HEAD 2>/dev/null); then
    base_commit=$(git rev-parse --short=12 "$merge_base")
  fi
fi
if [[ -n $base_ref && -n ${BASE_BIN:-} ]]; then
  [[ -x $BASE_BIN ]] || { echo "ci-bench: BASE_BIN $BASE_BIN is not an executable file" >&2; exit 64; }
  log "using $BASE_BIN as the base $base_ref ($base_commit); nothing built"
  base_bin=$BASE_BIN
elif [[ -n $base_ref ]]; then
  base_src=$(mktemp -d)/src
  log "building the base $base_ref ($base_commit) in $base_src, scratch $BASE_SCRATCH"
  git worktree add --detach "$base_src" "$base_commit" >/dev/null 2>&1
  swift build -c release --package-path "$base_src" --scratch-path "$BASE_SCRATCH" >/dev/null
  base_bin=$BASE_SCRATCH/release/authz-bench
fi

if [[ $mode == instructions ]]; then
  [[ -n $base_bin ]] || { echo "ci-bench: instruction mode needs a BASE_GIT_REF to compare with" >&2; exit 64; }
  command -v valgrind >/dev/null || { echo "ci-bench: instruction mode needs valgrind (apt-get install valgrind)" >&2; exit 1; }
  ROWS=${ROWS:-'^(cache.hit.sharded.t1|engine.check.warm.t1|engine.get.warm.hs256.t1|token.parse.authn|device.fingerprint)$'}
  ITERATIONS=${ITERATIONS:-20000}
  INSTR_THRESHOLD=${INSTR_THRESHOLD:-1}
  ir() {  # BIN ROW N -> instructions collected by callgrind
    local err; err=$(mktemp)
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$1" micro --filter "^$2\$" --iterations "$3" --subject-only --quiet >/dev/null 2>"$err" \
      || { cat "$err" >&2; rm -f "$err"; return 1; }
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\).*/\1/p' "$err"
    rm -f "$err"
  }
  table=$OUT/instructions.tsv
  printf 'row\tbase\tcandidate\n' > "$table"
  for row in $("$cand_bin" micro --list --filter "$ROWS"); do
    if ! "$base_bin" micro --list --filter "^$row\$" >/dev/null 2>&1; then log "$row: not in the base build; skipped"; continue; fi
    log "counting $row (N=$ITERATIONS and 2N, both builds)"
    b1=$(ir "$base_bin" "$row" "$ITERATIONS"); b2=$(ir "$base_bin" "$row" $((2 * ITERATIONS)))
    c1=$(ir "$cand_bin" "$row" "$ITERATIONS"); c2=$(ir "$cand_bin" "$row" $((2 * ITERATIONS)))
    awk -v r="$row" -v n="$ITERATIONS" -v b1="$b1" -v b2="$b2" -v c1="$c1" -v c2="$c2" \
      'BEGIN { printf "%s\t%.1f\t%.1f\n", r, (b2 - b1) / n, (c2 - c1) / n }' >> "$table"
  done
  set +e
  awk -F'\t' -v t="$INSTR_THRESHOLD" -v base="$base_ref ($base_commit)" -v cand="$cand_commit" -v md="$OUT/instructions.md" '
    NR == 1 { next }
    {
      change = $2 > 0 ? ($3 / $2 - 1) * 100 : 0
      verdict = change > t ? "regression" : (change < -t ? "improvement" : "unchanged")
      if (verdict == "regression") regressions++
      if (verdict == "improvement") improvements++
      line[++n] = sprintf("%-28s %14.1f %14.1f %+9.2f%%  %s", $1, $2, $3, change, verdict)
      mdline[n] = sprintf("| %s | %.1f | %.1f | %+.2f%% | %s |", $1, $2, $3, change, verdict == "unchanged" ? verdict : "**" verdict "**")
    }
    END {
      code = regressions > 0 ? 2 : (improvements > 0 ? 4 : 0)
      word = code == 2 ? "regression" : (code == 4 ? "improvement" : "unchanged")
      printf "instructions per operation (callgrind Ir), base %s vs candidate %s, threshold %s%%\n\n", base, cand, t
      printf "%-28s %14s %14s %10s  %s\n", "row", "base Ir/op", "candidate Ir/op", "change", "verdict"
      for (i = 1; i <= n; i++) print line[i]
      printf "\nverdict: %s (%d regression(s), %d improvement(s))  (exit %d)\n", word, regressions, improvements, code
      printf "## Instruction counts: %s\n\n**%s**: %d row(s) above +%s%%, %d below -%s%% (exit %d)\n\n", word, word, regressions, t, improvements, t, code > md
      printf "| row | base Ir/op | candidate Ir/op | change | verdict |\n|---|---:|---:|---:|---|\n" >> md
      for (i = 1; i <= n; i++) print mdline[i] >> md
      printf "\nBase %s, candidate %s; callgrind over `micro --iterations N --subject-only`, (Ir(2N) - Ir(N)) / N.\n", base, cand >> md
      exit code
    }' "$table"
  code=$?
  # A whole request of each kind through worker and engine (get hs256 and es256, check, verify,
  # logout), base against candidate, at the same threshold.
  log "counting a whole request of each kind (scripts/request-instructions.sh --operations)"
  BASE_BIN=$base_bin AUTHZ_BENCH=$cand_bin OUT=$OUT/request-instructions INSTR_THRESHOLD=$INSTR_THRESHOLD \
    bash scripts/request-instructions.sh --operations
  op_code=$?
  set -e
  [[ $op_code == 0 || $op_code == 2 || $op_code == 4 ]] || { echo "ci-bench: the count per operation failed (exit $op_code)" >&2; exit 1; }
  if [[ $code == 2 || $op_code == 2 ]]; then code=2; elif [[ $code == 4 || $op_code == 4 ]]; then code=4; else code=0; fi
  { echo; cat "$OUT/request-instructions/operations.md"; } >> "$OUT/instructions.md"
  publish "$OUT/instructions.md"
  log "done in $(( $(date +%s) - started ))s, exit $code"
  exit $code
fi

# Timed mode with a base: the two builds interleaved in one job.
if [[ -n $base_bin ]]; then
  read -r -a ab_args <<< "${AB_ARGS:---scenario steady}"
  rm -f "$OUT/ab.md" "$OUT/ab.json"
  log "ab: $base_ref ($base_commit) against the working tree ($cand_commit): ${ab_args[*]}"
  set +e
  AUTHZ_BENCH_GIT_COMMIT=$cand_commit "$cand_bin" ab "$base_bin" "$cand_bin" "${ab_args[@]}" \
    --markdown "$OUT/ab.md" --json "$OUT/ab.json"
  code=$?
  set -e
  [[ -f $OUT/ab.md ]] && publish "$OUT/ab.md"
  log "done in $(( $(date +%s) - started ))s, exit $code"
  exit $code
fi

# Timed mode without a base: the candidate's runs against the committed baseline.
rm -rf "$OUT/candidate"
mkdir -p "$OUT/candidate"
run_one() {  # BIN COMMIT FILE
  local rc=0
  AUTHZ_BENCH_GIT_COMMIT=$2 "$1" run $RUN_ARGS --quiet --json "$3" || rc=$?
  # 7: the run is invalid (generator saturated); compare reports it. Anything else is a failure.
  [[ $rc == 0 || $rc == 7 ]] || { echo "ci-bench: $1 run failed with exit $rc" >&2; exit 1; }
}
BASELINE=${BASELINE:-results/run-baseline.json}
REPS=${REPS:-3}
RUN_ARGS=${RUN_ARGS:---scenario steady --duration 20s --warmup 5s}
log "no base ref: comparing $REPS candidate run(s) of '$RUN_ARGS' with $BASELINE"
for ((i = 1; i <= REPS; i++)); do
  run_one "$cand_bin" "$cand_commit" "$OUT/candidate/rep-$i.json"
done
rm -f "$OUT/compare.md" "$OUT/verdict.json"
set +e
"$cand_bin" compare "$BASELINE" "$OUT/candidate" --threshold "$THRESHOLD" \
  --markdown "$OUT/compare.md" --json "$OUT/verdict.json"
code=$?
set -e
[[ -f $OUT/compare.md ]] && publish "$OUT/compare.md"
log "done in $(( $(date +%s) - started ))s, exit $code"
exit $code
