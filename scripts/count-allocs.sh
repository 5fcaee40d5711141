#!/usr/bin/env bash
# Heap allocations per operation of `authz-bench micro` rows, counted by valgrind's DHAT.
#
#   scripts/count-allocs.sh [REGEX] [N]     default REGEX '^(engine.check.warm.t1|crypto.verify.*.t1|device.fingerprint)$', N 2000
#
# For each row it runs the row's loop N and 2N times (no reference loop, no timing) under DHAT and
# prints (blocks(2N) - blocks(N)) / N: the allocations one operation makes after warm-up, all
# libraries included (Swift and libcrypto); set-up cancels out. `micro` itself prints libcrypto's
# share (CRYPTO_set_mem_functions counts), so Swift's share is the difference.
# Environment: AUTHZ_BENCH (the binary; default: built here).
set -euo pipefail
cd "$(dirname "$0")/.."
regex=${1:-'^(engine.check.warm.t1|engine.get.warm.es256.t1|crypto.verify.(es256|rs256|ed25519|hs256).t1|device.fingerprint|device.binding.check)$'}
n=${2:-2000}
command -v valgrind >/dev/null || { echo "count-allocs: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
source scripts/lib/bench-binary.sh
bench_binary count-allocs.sh --build
blocks() {  # row iterations
  local out; out=$(mktemp)
  valgrind --tool=dhat --dhat-out-file=/dev/null "$bin" micro --filter "^$1\$" --iterations "$2" --subject-only --quiet \
    >/dev/null 2>"$out" || { cat "$out" >&2; rm -f "$out"; return 1; }
  sed -n 's/.*Total:.* in \([0-9,]*\) blocks.*/\1/p' "$out" | tr -d ,
  rm -f "$out"
}
printf '%-36s %14s\n' row "allocs/op"
for row in $("$bin" micro --list --filter "$regex"); do
  one=$(blocks "$row" "$n"); two=$(blocks "$row" $((2 * n)))
  awk -v r="$row" -v a="$one" -v b="$two" -v n="$n" 'BEGIN { printf "%-36s %14.3f\n", r, (b - a) / n }'
done
