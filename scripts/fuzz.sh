#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/<Target>/, with AddressSanitizer) and runs each for SECONDS.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default: 30 seconds, every target under Fuzz/
#
# The build lives in .build-fuzz (AUTHZ_FUZZ=1 switches Package.swift to the fuzzing package); the
# committed seeds in Fuzz/Corpus/<Target>/ are only read: new inputs go to .build-fuzz/corpus/<Target>/
# (kept between runs), crashing inputs to .build-fuzz/artifacts/<Target>/, each target's output to
# .build-fuzz/logs/<Target>.log. A crash, timeout or out-of-memory stops that target at once; the
# script runs the other targets and then exits 1, naming every target that failed and its input.
# Targets run FUZZ_JOBS at a time (default: one per core).
# Reproduce one: .build-fuzz/<triple>/debug/<Target> ARTIFACT
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]  (SECONDS a positive integer)" >&2
  exit 64
fi
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for dir in Fuzz/Fuzz*/; do targets+=("$(basename "$dir")"); done
fi

scratch=.build-fuzz
echo "== fuzz build (AUTHZ_FUZZ=1, --scratch-path $scratch) =="
start=$(date +%s)
# gold warns once per ASan assembly helper ("Cannot export local symbol"): noise, filtered out.
set +o pipefail
AUTHZ_FUZZ=1 swift build --scratch-path "$scratch" 2>&1 | grep -v "Cannot export local symbol"
status=${PIPESTATUS[0]}
set -o pipefail
[ "$status" -eq 0 ] || { echo "fuzz.sh: the fuzz build failed" >&2; exit 1; }
echo "fuzz build: $(( $(date +%s) - start )) s"
bin=$(AUTHZ_FUZZ=1 swift build --scratch-path "$scratch" --show-bin-path)

# A Swift trap must end the process at once: the backtracer would otherwise hang the run.
export SWIFT_BACKTRACE=enable=no
if command -v llvm-symbolizer >/dev/null 2>&1; then
  export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer)}
  symbolize=1
else
  symbolize=0
fi
# Leaks are not checked here (libcrypto and the Swift runtime keep one-time allocations); `make test`
# runs the whole suite under ASan.
export ASAN_OPTIONS="symbolize=$symbolize:detect_leaks=0:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# Per-target options: the token targets may grow past the 16 KiB token limit; dates are 29 bytes.
max_len() {
  case "$1" in
    FuzzTokenParser|FuzzTokenVerifier) echo 17000 ;;
    FuzzTokenDate) echo 64 ;;
    *) echo 8192 ;;
  esac
}
dictionary() {
  case "$1" in
    FuzzTokenParser|FuzzTokenVerifier) echo "-dict=Fuzz/Corpus/token.dict" ;;
  esac
}

# Targets run FUZZ_JOBS at a time (default: one per core); each still gets SECONDS of wall time and
# about one core, and the summary lists them in order.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
for target in "${targets[@]}"; do
  [ -x "$bin/$target" ] || { echo "fuzz.sh: no fuzz target $target (expected Fuzz/$target/)" >&2; exit 64; }
done
results="$scratch/results"
rm -rf "$results"
mkdir -p "$results"

# Runs one target; writes its summary line to $results/TARGET.line and, when it failed, the artifact
# to $results/TARGET.failed. Always returns 0 (the verdict is in the files).
fuzz_one() {
  local target=$1
  local corpus="$scratch/corpus/$target"
  local artifacts="$scratch/artifacts/$target"
  local log="$scratch/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  local seeds=()
  [ -d "Fuzz/Corpus/$target" ] && seeds=("Fuzz/Corpus/$target")
  echo "== $target: $seconds s =="
  local code=0
  # shellcheck disable=SC2046
  "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -max_len="$(max_len "$target")" $(dictionary "$target") -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$corpus" ${seeds[@]+"${seeds[@]}"} > "$log" 2>&1 || code=$?
  local rate execs units result artifact
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  units=$(find "$corpus" -type f | wc -l)
  if [ "$code" -eq 0 ]; then
    result=ok
  else
    artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -n1 | sed 's/Test unit written to //')
    result="FAILED (exit $code) ${artifact:-no artifact written}"
    echo "$target: ${artifact:-see $log}" > "$results/$target.failed"
    { echo "---- $target failed; the end of $log: ----"; grep -v "^#[0-9]" "$log" | tail -n 40; } >&2
  fi
  printf '%-18s %10s %12s %8s %s\n' "$target" "${rate:--}" "${execs:--}" "$units" "$result" | tee "$results/$target.line"
  return 0
}

running=0
for target in "${targets[@]}"; do
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=()
printf '%-18s %10s %12s %8s %s\n' target exec/s execs corpus result > "$scratch/fuzz-summary.txt"
for target in "${targets[@]}"; do
  cat "$results/$target.line" >> "$scratch/fuzz-summary.txt"
  [ -f "$results/$target.failed" ] && failed+=("$(cat "$results/$target.failed")")
done

echo "== summary ($scratch/fuzz-summary.txt) =="
cat "$scratch/fuzz-summary.txt"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} target(s) failed:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  echo "Reproduce with $bin/TARGET ARTIFACT; then add the input as a regression test (README, Fuzzing and sanitizers)." >&2
  exit 1
fi
