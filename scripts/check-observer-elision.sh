#!/usr/bin/env bash
# Shows that the no-op stage observer costs nothing: in the release binary, the hot path
# specialised for `NoStageObserver` contains no clock read, while the one specialised for an
# enabled observer does.
#
#   scripts/check-observer-elision.sh      exit 0 when the no-op specialisation has no clock_gettime
#
# AUTHZ_BENCH: a release binary already built (default: .build/release/authz-bench, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${AUTHZ_BENCH:-.build/release/authz-bench}
[[ -n ${AUTHZ_BENCH:-} ]] || swift build -c release -Xswiftc -warnings-as-errors >/dev/null
[[ -x $bin ]] || { echo "check-observer-elision.sh: $bin is not an executable" >&2; exit 1; }
dis=$(mktemp)
trap 'rm -f "$dis"' EXIT
objdump -d --no-show-raw-insn "$bin" > "$dis"
# Count clock_gettime calls inside each specialisation of AuthorizationEngine.entitlement (the
# function behind checkAuthorization and getAuthorization), closures included.
report=$(awk '
  /^[0-9a-f]+ <.*>:$/ {
    name = $2
    current = (name ~ /AuthorizationEngineC(11entitlement_3now8observer|13authorization3for|11verifyAuthN)/ && name ~ /Tg5/) ? name : ""
    if (current != "") seen[current] = seen[current] + 0
    next
  }
  current != "" && /call.*clock_gettime/ { seen[current]++ }
  END { for (f in seen) printf "%s %d\n", f, seen[f] }
' "$dis")
status=0
while read -r name calls; do
  [ -z "$name" ] && continue
  mangled=${name#<}; mangled=${mangled%>:}
  readable=$(swift demangle --compact "$mangled" 2>/dev/null || echo "$mangled")
  kind="enabled observer"
  case "$readable" in *NoStageObserver*) kind="NoStageObserver";; esac
  function=$(echo "$readable" | grep -oE '\.(entitlement|authorization|verifyAuthN)' | head -1 | tr -d .)
  printf '%-18s %-14s clock_gettime calls: %2d\n' "$kind" "$function" "$calls"
  if [ "$kind" = NoStageObserver ] && [ "$calls" -ne 0 ]; then status=1; fi
done <<< "$report"
[ "$status" -eq 0 ] && echo "ok: the NoStageObserver specialisation reads no clock" || echo "FAIL: the no-op observer still reads the clock"
exit "$status"
